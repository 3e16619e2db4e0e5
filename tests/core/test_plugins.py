"""The plugin manager facade: registration, duplicates, misspelt hooks, blocking, variants."""

from __future__ import annotations

from typing import Any

import pytest

from aerodrome import hookimpl
from aerodrome.engine.agents import AgentSpec, random_agent
from aerodrome.engine.errors import PluginError, UnknownNameError
from aerodrome.plugins import RulesetRef, load_plugins
from tests.conftest import PLUGINS, example_module


class _Twin:
    @hookimpl
    def aerodrome_register_rulesets(self) -> list[Any]:
        return [example_module().Joust]


class _Misspelt:
    @hookimpl
    def aerodrome_register_rulset(self) -> list[Any]:  # typo: no such hook
        return []


class _Broken:
    @hookimpl
    def aerodrome_register_agents(self) -> list[Any]:
        raise RuntimeError("boom")


class _NotARuleset:
    @hookimpl
    def aerodrome_register_rulesets(self) -> list[Any]:
        return [object]


def test_the_example_ruleset_is_registered() -> None:
    assert "joust" in PLUGINS.ruleset_names()
    assert PLUGINS.ruleset("joust") is PLUGINS.ruleset("joust")


def test_duplicate_ruleset_names_both_plugins() -> None:
    with pytest.raises(
        PluginError, match="registered twice: by plugin 'joust' and by plugin 'twin'"
    ):
        load_plugins(extra=[("joust", example_module()), ("twin", _Twin())])


def test_misspelt_hook_fails_loudly() -> None:
    with pytest.raises(PluginError, match="aerodrome_register_rulset"):
        load_plugins(extra=[("typo", _Misspelt())])


def test_a_failing_hook_names_the_plugin() -> None:
    with pytest.raises(PluginError, match=r"plugin 'broken'.*boom"):
        load_plugins(extra=[("broken", _Broken())])


def test_registering_a_non_ruleset_is_refused() -> None:
    with pytest.raises(PluginError, match="not a Ruleset class"):
        load_plugins(extra=[("bad", _NotARuleset())])


def test_unknown_names_suggest_close_ones() -> None:
    with pytest.raises(UnknownNameError, match="Did you mean 'joust'"):
        PLUGINS.ruleset("jousts")
    with pytest.raises(UnknownNameError, match="unknown agent"):
        PLUGINS.agent("joust", "genius")


def test_block_plugins_by_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from aerodrome.plugins import entry_points

    names = [ep.name for ep in entry_points()]
    if not names:
        pytest.skip("no entry-point plugins installed")
    monkeypatch.setenv("AERODROME_BLOCK_PLUGINS", ",".join(names))
    assert load_plugins().ruleset_names() == []


def test_generic_agents_serve_every_ruleset() -> None:
    class Extra:
        @hookimpl
        def aerodrome_register_agents(self) -> list[AgentSpec]:
            return [AgentSpec("also-random", random_agent, "another random agent")]

    plugins = load_plugins(extra=[("joust", example_module()), ("extra", Extra())])
    assert {"random", "also-random"} <= set(plugins.agents_for("joust"))


class _ByReference:
    """Registers rulesets by reference (issue 18): imported when first needed."""

    def __init__(self, *refs: RulesetRef) -> None:
        self.refs = refs

    @hookimpl
    def aerodrome_register_rulesets(self) -> list[Any]:
        return list(self.refs)


def test_a_ruleset_registered_by_reference_is_imported_when_first_needed() -> None:
    """Mutation caught: the reference resolved at registration (the class is then in the
    registry before anything asked for it)."""
    example_module()
    ref = RulesetRef("joust", "aerodrome_joust.ruleset:Joust")
    plugins = load_plugins(extra=[("lazy", _ByReference(ref))])
    assert plugins.registry.rulesets["joust"] is ref
    assert plugins.ruleset("joust").name == "joust"
    assert plugins.registry.rulesets["joust"] is example_module().Joust
    assert plugins.owner("ruleset", "joust") == "lazy"


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("no_such_module_for_aerodrome:Joust", r"failed to import: ModuleNotFoundError"),
        ("aerodrome_joust.ruleset:NoSuchClass", r"failed to import: AttributeError"),
        ("aerodrome_joust.state:JoustState", r"not a Ruleset class"),
        ("aerodrome_joust.ruleset:Joust", r"is a ruleset named 'joust'"),
    ],
)
def test_a_broken_reference_names_the_plugin_and_the_ruleset(target: str, message: str) -> None:
    example_module()
    name = "joust" if "named" not in message else "jousting"
    plugins = load_plugins(extra=[("lazy", _ByReference(RulesetRef(name, target)))])
    with pytest.raises(PluginError, match=rf"plugin 'lazy'.*{message}"):
        plugins.ruleset(name)


def test_a_name_registered_by_reference_and_by_class_is_a_duplicate() -> None:
    with pytest.raises(
        PluginError, match="registered twice: by plugin 'joust' and by plugin 'lazy'"
    ):
        load_plugins(
            extra=[
                ("joust", example_module()),
                ("lazy", _ByReference(RulesetRef("joust", "aerodrome_joust.ruleset:Joust"))),
            ]
        )

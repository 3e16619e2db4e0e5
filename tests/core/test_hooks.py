"""Every hookspec works as documented, through the typed facade, and is documented.

After datasette's tests/test_plugins.py and tests/test_docs.py: the meta-tests run over the
LIVE plugin manager (the core's hookspecs and every ruleset's own, added through
``aerodrome_addhooks``): a hook without an implementation in some test, or without an entry
in docs/hooks.md whose arguments match its spec, fails here.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any

import pluggy
import pytest
import typer
from typer.testing import CliRunner

from aerodrome import Game, PluginError, RuleHooks, hookimpl, hookspec
from aerodrome.engine.agents import AgentSpec, random_agent
from aerodrome.engine.events import Event, GameStarted
from aerodrome.engine.variants import VariantSpec
from aerodrome.plugins import load_plugins
from tests.conftest import PLUGINS, example_module

ROOT = Path(__file__).resolve().parents[2]
SPECS = PLUGINS.hookspecs()


class _JoustRuleHooks:
    """A ruleset's own hookspec, added through aerodrome_addhooks."""

    @hookspec(firstresult=True)
    def aerodrome_joust_bonus(self, player: int) -> int | None:
        """A bonus for ``player``. Stops at first non-None result."""


class _AddsHooks:
    @hookimpl
    def aerodrome_addhooks(self, pluginmanager: pluggy.PluginManager) -> None:
        pluginmanager.add_hookspecs(_JoustRuleHooks)


class _Variant:
    @hookimpl
    def aerodrome_joust_bonus(self, player: int) -> int | None:
        return 2 if player == 0 else None


def test_addhooks_lets_a_variant_change_a_rule() -> None:
    # the variant registers BEFORE the plugin that declares the hookspec: still checked
    plugins = load_plugins(extra=[("variant", _Variant()), ("rules", _AddsHooks())])
    bonus = plugins.rule_hooks().caller(_JoustRuleHooks.aerodrome_joust_bonus)
    assert bonus is not None
    assert bonus(player=0) == 2
    assert bonus(player=1) is None
    assert "aerodrome_joust_bonus" in plugins.hook_names()


def test_a_hook_nobody_implements_has_no_caller() -> None:
    """Mutation caught: RuleHooks.caller returning the caller even without implementations
    (rules would then pay for every variant hook on every call)."""
    plugins = load_plugins(extra=[("rules", _AddsHooks())])
    assert plugins.rule_hooks().caller(_JoustRuleHooks.aerodrome_joust_bonus) is None
    assert RuleHooks(None).caller(_JoustRuleHooks.aerodrome_joust_bonus) is None


class _BrokenVariant:
    @hookimpl
    def aerodrome_joust_bonus(self, player: int) -> int | None:
        return {0: 2}[player]


def test_a_rule_hook_that_breaks_names_its_plugin() -> None:
    """A rule's hook is called the one way (pluggy's call through the facade): a variant
    raising is a PluginError naming that plugin and the hook, while the others still answer
    through pluggy's own order (firstresult). Mutation caught: ``Plugins.caller`` returning
    the bare HookCaller (the KeyError escapes unnamed)."""
    plugins = load_plugins(
        extra=[("good", _Variant()), ("broken", _BrokenVariant()), ("rules", _AddsHooks())]
    )
    bonus = plugins.rule_hooks().caller(_JoustRuleHooks.aerodrome_joust_bonus)
    assert bonus is not None
    assert bonus(player=0) == 2  # the last registered is called first (pluggy's LIFO)
    with pytest.raises(
        PluginError, match=r"plugin 'broken': hook aerodrome_joust_bonus failed: KeyError"
    ):
        bonus(player=1)


def test_hooks_are_called_one_way() -> None:
    """Only ``call_hook`` calls a hook: no ``.call_historic`` or ``HookCaller`` call
    elsewhere in the facade, no implementation called by hand (``impl.function()``), and
    nothing outside the facade reaches pluggy's callers (``tests/architecture`` forbids
    ``.hook``). Mutation caught: ``self.pm.hook.aerodrome_register_commands(app=app, ...)``
    back in ``register_commands``."""
    import ast

    source = (ROOT / "core" / "aerodrome" / "plugins.py").read_text()
    tree = ast.parse(source)
    where = {}
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef):
            for node in ast.walk(fn):
                if isinstance(node, ast.Call):
                    where.setdefault(id(node), fn.name)
    calls = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        text = ast.unparse(node.func)
        if node.func.attr in {"call_historic", "call_extra", "function"} or ".hook." in text:
            calls.append((where.get(id(node)), text))
    assert all(fn == "call_hook" for fn, _ in calls), calls
    assert not any(text.startswith("impl.") for _, text in calls), calls
    for path in (ROOT / "core" / "aerodrome").rglob("*.py"):
        if path.name != "plugins.py":
            text = path.read_text()
            for form in ("call_historic", "subset_hook_caller", "get_hookimpls"):
                assert form not in text, f"{path.relative_to(ROOT)} calls pluggy's {form}"


def test_register_rulesets_and_agents() -> None:
    class Provides:
        @hookimpl
        def aerodrome_register_rulesets(self) -> list[Any]:
            return [example_module().Joust]

        @hookimpl
        def aerodrome_register_agents(self) -> list[AgentSpec]:
            return [AgentSpec("coward", random_agent, "flees", ruleset="joust")]

    plugins = load_plugins(extra=[("p", Provides())])
    assert "joust" in plugins.ruleset_names()
    assert {"random", "coward"} <= set(plugins.agents_for("joust"))
    assert plugins.owner("ruleset", "joust") == "p"
    assert isinstance(plugins.ruleset("joust").hooks, RuleHooks)


def test_register_commands_adds_cli_commands() -> None:
    class Cmd:
        @hookimpl
        def aerodrome_register_commands(self, app: typer.Typer, odds: typer.Typer) -> None:
            @odds.command("coin")
            def coin() -> None:
                typer.echo("heads 1/2")

    plugins = load_plugins(extra=[("cmd", Cmd())])
    app, odds = typer.Typer(), typer.Typer()
    app.add_typer(odds, name="odds")

    @app.command()
    def noop() -> None: ...

    plugins.register_commands(app, odds)
    result = CliRunner().invoke(app, ["odds", "coin"])
    assert result.exit_code == 0 and "heads 1/2" in result.output


def test_on_event_observes_every_event() -> None:
    seen: list[Event] = []

    class Observer:
        @hookimpl
        def aerodrome_on_event(self, ruleset: str, event: Event) -> None:
            seen.append(event)

    plugins = load_plugins(extra=[("joust", example_module()), ("obs", Observer())])
    game = Game(plugins.ruleset("joust"), None, 1)
    assert isinstance(seen[0], GameStarted) and seen == game.log


class _Metric:
    name = "my-metric"
    title = "Mine"
    unit = "count"
    description = "a test metric"
    source = "tests"

    def accumulator(self, column: Any) -> Any:
        raise NotImplementedError


def test_register_variants_and_metrics_are_collected_by_plugins() -> None:
    variant = VariantSpec("bonus", "joust", "a bonus for red", _Variant())
    metric = _Metric()

    class Provides:
        @hookimpl
        def aerodrome_register_variants(self) -> list[VariantSpec]:
            return [variant]

        @hookimpl
        def aerodrome_register_metrics(self) -> list[Any]:
            return [metric]

    plugins = load_plugins(extra=[("p", Provides())])
    assert plugins.variants()["bonus"] is variant
    assert metric in plugins.metrics()
    assert plugins.owner("variant", "bonus") == plugins.owner("metric", "my-metric") == "p"


def _providers(kind: str) -> tuple[object, object]:
    """Two plugins registering the same ``kind`` under the same name."""

    def make() -> object:
        class P:
            if kind == "ruleset":

                @hookimpl
                def aerodrome_register_rulesets(self) -> list[Any]:
                    return [example_module().Joust]

            elif kind == "agent":

                @hookimpl
                def aerodrome_register_agents(self) -> list[AgentSpec]:
                    return [AgentSpec("twin", random_agent, "x", ruleset="joust")]

            elif kind == "variant":

                @hookimpl
                def aerodrome_register_variants(self) -> list[VariantSpec]:
                    return [VariantSpec("twin", "joust", "x", _Variant())]

            else:

                @hookimpl
                def aerodrome_register_metrics(self) -> list[Any]:
                    return [_Metric()]

        return P()

    return make(), make()


@pytest.mark.parametrize("kind", ["ruleset", "agent", "variant", "metric"])
def test_a_name_registered_twice_is_an_error_naming_both_plugins(kind: str) -> None:
    """One policy for every registry. Mutation caught: a registry that silently keeps the
    last (or the first) registration."""
    first, second = _providers(kind)
    with pytest.raises(PluginError) as err:
        load_plugins(extra=[("first-plugin", first), ("second-plugin", second)])
    message = str(err.value)
    assert kind in message and "'first-plugin'" in message and "'second-plugin'" in message


# -- meta-tests over the live plugin manager ----------------------------------------------------
def _test_sources() -> str:
    return "\n".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))


@pytest.mark.parametrize("name", [h.name for h in SPECS])
def test_every_hook_is_implemented_by_some_test(name: str) -> None:
    """Mutation caught: a new hookspec (core or ruleset) that no test implements."""
    assert re.search(rf"def {name}\(", _test_sources()), f"hook {name} has no test implementing it"


@pytest.mark.parametrize("spec", SPECS, ids=[h.name for h in SPECS])
def test_every_hook_is_documented_with_its_arguments(spec: Any) -> None:
    """Mutation caught: a hook missing from docs/hooks.md, or documented with other arguments
    than its spec has (the page is generated: `python docs/gen_pages.py`)."""
    page = (ROOT / "docs" / "hooks.md").read_text()
    params = [p for p in inspect.signature(spec.function).parameters if p != "self"]
    heading = f"`{spec.name}({', '.join(params)})`"
    assert heading in page, f"docs/hooks.md lacks {heading}"


def test_the_live_plugin_manager_has_every_ruleset_hookspec() -> None:
    """Each built-in ruleset's own hookspecs are in the live manager the meta-tests read."""
    modules = {h.module for h in SPECS}
    assert "aerodrome.engine.hookspecs" in modules
    for name in ("classic", "df40k", "victoriana", "dockfighters"):
        assert f"aerodrome_{name}.hookspecs" in modules

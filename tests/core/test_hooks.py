"""Every hookspec works as documented (one test per hook) and is documented in the docs.

After datasette's tests/test_plugins.py: a hook without a test or without a doc entry whose
arguments match its spec fails here.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any

import pluggy
import typer
from typer.testing import CliRunner

from aerodrome import Game, hookimpl, hookspec, hookspecs
from aerodrome.agents import AgentSpec, random_agent
from aerodrome.events import Event, GameStarted
from aerodrome.plugins import load_plugins
from aerodrome.variants import VariantSpec
from tests.conftest import example_module

ROOT = Path(__file__).resolve().parents[2]
HOOKS = sorted(n for n in dir(hookspecs) if n.startswith("aerodrome_"))


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
    assert plugins.hook.aerodrome_joust_bonus(player=0) == 2
    assert plugins.hook.aerodrome_joust_bonus(player=1) is None


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
    assert plugins.registry.owners["joust"] == "p"


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

    plugins.hook.aerodrome_register_commands(app=app, odds=odds)
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


def test_register_variants_and_metrics_are_collected_by_plugins() -> None:
    variant = VariantSpec("bonus", "joust", "a bonus for red", _Variant())

    class Provides:
        @hookimpl
        def aerodrome_register_variants(self) -> list[VariantSpec]:
            return [variant]

        @hookimpl
        def aerodrome_register_metrics(self) -> list[Any]:
            return ["my-metric"]

    plugins = load_plugins(extra=[("p", Provides())])
    assert variant in [v for vs in plugins.hook.aerodrome_register_variants() for v in vs]
    assert ["my-metric"] in plugins.hook.aerodrome_register_metrics()


def test_every_hook_has_a_test_here() -> None:
    source = Path(__file__).read_text()
    for name in HOOKS:
        assert re.search(rf"def {name}\(", source), f"hook {name} has no test in {__file__}"


def test_every_hook_is_documented_with_its_arguments() -> None:
    page = (ROOT / "docs" / "hooks.md").read_text()
    for name in HOOKS:
        params = list(inspect.signature(getattr(hookspecs, name)).parameters)
        heading = f"`{name}({', '.join(params)})`"
        assert heading in page, f"docs/hooks.md lacks {heading}"

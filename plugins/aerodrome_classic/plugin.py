"""Registration of the classic Dogfight ruleset, its bot and its hookspecs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aerodrome import AgentSpec, Ruleset, hookimpl

if TYPE_CHECKING:
    import pluggy
    import typer


@hookimpl
def aerodrome_addhooks(pluginmanager: pluggy.PluginManager) -> None:
    from aerodrome_classic import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


@hookimpl
def aerodrome_register_rulesets() -> list[type[Ruleset[Any, Any, Any]]]:
    from aerodrome_classic.ruleset import Classic

    return [Classic]


@hookimpl
def aerodrome_register_agents() -> list[AgentSpec]:
    from aerodrome_classic.bot import make_bot

    return [
        AgentSpec(
            "bot",
            make_bot,
            "rules-based: counts cards, prefers tail attacks, parks its tail at the edge, "
            "uses Hit AA squares",
            ruleset="classic",
        )
    ]


@hookimpl
def aerodrome_register_commands(app: typer.Typer, odds: typer.Typer) -> None:
    from aerodrome_classic.cli import app as classic_odds

    odds.add_typer(classic_odds, name="classic")

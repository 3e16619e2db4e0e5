"""Registration of the victoriana ruleset: the ruleset, its bot, its odds command and its
own hookspecs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aerodrome import AgentSpec, Ruleset, hookimpl

if TYPE_CHECKING:
    import pluggy
    import typer


@hookimpl
def aerodrome_addhooks(pluginmanager: pluggy.PluginManager) -> None:
    from aerodrome_victoriana import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


@hookimpl
def aerodrome_register_rulesets() -> list[type[Ruleset[Any, Any, Any]]]:
    from aerodrome_victoriana.ruleset import Victoriana

    return [Victoriana]


@hookimpl
def aerodrome_register_agents() -> list[AgentSpec]:
    from aerodrome_victoriana.bot import bot_agent

    return [
        AgentSpec(
            "bot", bot_agent,
            "squadron commander choosing manoeuvres by the exact Squadron Roll odds; "
            "each character attacks, bombs, repairs or escapes by expected value",
            ruleset="victoriana",
        )
    ]


@hookimpl
def aerodrome_register_commands(app: typer.Typer, odds: typer.Typer) -> None:
    from aerodrome_victoriana.cli import app as victoriana_app

    odds.add_typer(victoriana_app, name="victoriana")

"""Registration of the victoriana ruleset: the ruleset, its bot, its odds command and its
own hookspecs.

Nothing heavy is imported until it is used (issue 18): the ruleset is registered by reference,
the bot's module is imported by its factory, the odds command's module by the command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aerodrome.api import AgentSpec, RulesetRef, hookimpl

if TYPE_CHECKING:
    import pluggy
    import typer

    from aerodrome.api import Agent, ParameterSpec, Ruleset


@hookimpl
def aerodrome_addhooks(pluginmanager: pluggy.PluginManager) -> None:
    from aerodrome_victoriana import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


@hookimpl
def aerodrome_register_rulesets() -> list[RulesetRef]:
    return [RulesetRef("victoriana", "aerodrome_victoriana.ruleset:Victoriana")]


def bot_agent(ruleset: Ruleset[Any, Any, Any], player: int, seed: int) -> Agent:
    """The Victoriana bot (its module imported on first use)."""
    from aerodrome_victoriana.bot import bot_agent

    return bot_agent(ruleset, player, seed)


@hookimpl
def aerodrome_register_agents() -> list[AgentSpec]:
    return [
        AgentSpec(
            "bot",
            bot_agent,
            "squadron commander choosing manoeuvres by the exact Squadron Roll odds; "
            "each character attacks, bombs, repairs or escapes by expected value",
            ruleset="victoriana",
        )
    ]


@hookimpl
def aerodrome_register_commands(app: typer.Typer, odds: typer.Typer) -> None:
    from aerodrome_victoriana.cli import app as victoriana_app

    odds.add_typer(victoriana_app, name="victoriana")


@hookimpl
def aerodrome_register_parameters() -> list[ParameterSpec]:
    """The numeric parameters ``aerodrome sweep`` can play (aerodrome_victoriana.parameters)."""
    from aerodrome_victoriana.parameters import PARAMETERS

    return list(PARAMETERS)

"""Registration of the classic Dogfight ruleset, its bot and its hookspecs.

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
    from aerodrome_classic import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


@hookimpl
def aerodrome_register_rulesets() -> list[RulesetRef]:
    return [RulesetRef("classic", "aerodrome_classic.ruleset:Classic")]


def make_bot(ruleset: Ruleset[Any, Any, Any], player: int, seed: int) -> Agent:
    """The classic bot (its module imported on first use)."""
    from aerodrome_classic.bot import make_bot

    return make_bot(ruleset, player, seed)


@hookimpl
def aerodrome_register_agents() -> list[AgentSpec]:
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


@hookimpl
def aerodrome_register_parameters() -> list[ParameterSpec]:
    """The numeric parameters ``aerodrome sweep`` can play (aerodrome_classic.parameters)."""
    from aerodrome_classic.parameters import PARAMETERS

    return list(PARAMETERS)

"""Registration of the df40k ruleset: the ruleset, its bot, its odds command, its hooks and
its rule variants (inactive unless asked for with ``--variant``).

Nothing heavy is imported until it is used (issue 18): the ruleset is registered by reference,
the bot's module is imported by its factory, the odds command's module by the command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aerodrome.api import AgentSpec, RulesetRef, VariantSpec, hookimpl

if TYPE_CHECKING:
    import pluggy
    import typer

    from aerodrome.api import Agent, ParameterSpec, Ruleset


@hookimpl
def aerodrome_addhooks(pluginmanager: pluggy.PluginManager) -> None:
    from aerodrome_df40k import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


@hookimpl
def aerodrome_register_rulesets() -> list[RulesetRef]:
    return [RulesetRef("df40k", "aerodrome_df40k.ruleset:Df40k")]


def bot_factory(ruleset: Ruleset[Any, Any, Any], player: int, seed: int) -> Agent:
    """The df40k bot (its module imported on first use)."""
    from aerodrome_df40k.bot import bot_factory

    return bot_factory(ruleset, player, seed)


@hookimpl
def aerodrome_register_agents() -> list[AgentSpec]:
    return [
        AgentSpec(
            "bot",
            bot_factory,
            "rules-based: orders and targets weighed with exact (cached) dogfight odds",
            ruleset="df40k",
        )
    ]


@hookimpl
def aerodrome_register_commands(app: typer.Typer, odds: typer.Typer) -> None:
    from aerodrome_df40k.cli import app as df40k_odds

    odds.add_typer(df40k_odds, name="df40k")


@hookimpl
def aerodrome_register_variants() -> list[VariantSpec]:
    from aerodrome_df40k.variants import VARIANTS

    return list(VARIANTS)


@hookimpl
def aerodrome_register_parameters() -> list[ParameterSpec]:
    """The numeric parameters ``aerodrome sweep`` can play (aerodrome_df40k.parameters)."""
    from aerodrome_df40k.parameters import PARAMETERS

    return list(PARAMETERS)

"""Registration of the df40k ruleset: the ruleset, its bot, its odds command, its hooks and
its rule variants (inactive unless asked for with ``--variant``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aerodrome import AgentSpec, Ruleset, hookimpl
from aerodrome.variants import VariantSpec

if TYPE_CHECKING:
    import pluggy
    import typer


@hookimpl
def aerodrome_addhooks(pluginmanager: pluggy.PluginManager) -> None:
    from aerodrome_df40k import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


@hookimpl
def aerodrome_register_rulesets() -> list[type[Ruleset[Any, Any, Any]]]:
    from aerodrome_df40k.ruleset import Df40k

    return [Df40k]


@hookimpl
def aerodrome_register_agents() -> list[AgentSpec]:
    from aerodrome_df40k.bot import bot_factory

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

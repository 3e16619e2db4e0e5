"""Registration of the dockfighters ruleset, its Konrad bot, its commands and its hookspecs.

Nothing heavy is imported until it is used (issue 18): the ruleset is registered by reference,
the bot and the commands' modules are imported inside the agent factories and the commands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aerodrome.api import AgentSpec, RulesetRef, hookimpl

if TYPE_CHECKING:
    import pluggy
    import typer

    from aerodrome.api import Agent, ParameterSpec

#: Konrad's escape behaviours (clause konrad.6).
ESCAPES = ("retreat", "avoid", "repair")


@hookimpl
def aerodrome_addhooks(pluginmanager: pluggy.PluginManager) -> None:
    from aerodrome_dockfighters import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


@hookimpl
def aerodrome_register_rulesets() -> list[RulesetRef]:
    return [RulesetRef("dockfighters", "aerodrome_dockfighters.ruleset:Dockfighters")]


def konrad(**behaviour: Any) -> Callable[[Any, int, int], Agent]:
    """A factory of Konrad with the given behaviour (escape, ranged, guard, priority)."""

    def factory(ruleset: Any, player: int, seed: int) -> Agent:
        from aerodrome_dockfighters.bot import Konrad

        return Konrad(player, seed, **behaviour)

    return factory


@hookimpl
def aerodrome_register_agents() -> list[AgentSpec]:
    summary = "Konrad, the rulebook's solo bot (patrol, spotting, lock-on, escape)"
    variants = [
        AgentSpec(
            f"konrad-{name}",
            konrad(escape=name),
            f"Konrad escaping by {name.title()}",
            ruleset="dockfighters",
            bot_rules=True,
        )
        for name in ESCAPES
    ]
    return [
        AgentSpec("bot", konrad(), summary, ruleset="dockfighters", bot_rules=True),
        AgentSpec("konrad", konrad(), summary, ruleset="dockfighters", bot_rules=True),
        AgentSpec(
            "konrad-ranged",
            konrad(ranged=True),
            "Konrad with the Ranged attack behaviour",
            ruleset="dockfighters",
            bot_rules=True,
        ),
        AgentSpec(
            "konrad-guard",
            konrad(guard=True),
            "Konrad guarding the nearest friendly airship or mission aircraft",
            ruleset="dockfighters",
            bot_rules=True,
        ),
        AgentSpec(
            "konrad-airships",
            konrad(priority="airship"),
            "Konrad with airships as target priority",
            ruleset="dockfighters",
            bot_rules=True,
        ),
        *variants,
    ]


@hookimpl
def aerodrome_register_commands(app: typer.Typer, odds: typer.Typer) -> None:
    from aerodrome_dockfighters.campaign.cli import app as campaign
    from aerodrome_dockfighters.cli import app as dockfighters_odds
    from aerodrome_dockfighters.cli import tools

    odds.add_typer(dockfighters_odds, name="dockfighters")
    app.add_typer(tools, name="dockfighters")
    app.add_typer(campaign, name="campaign")  # issue 10: aerodrome campaign ...


@hookimpl
def aerodrome_register_metrics() -> list[Any]:
    """The mission table's figures in ``aerodrome compare`` (issue 9)."""
    from aerodrome_dockfighters.figures import METRICS

    return list(METRICS)


@hookimpl
def aerodrome_register_parameters() -> list[ParameterSpec]:
    """The numeric parameters ``aerodrome sweep`` can play (aerodrome_dockfighters.parameters)."""
    from aerodrome_dockfighters.parameters import PARAMETERS

    return list(PARAMETERS)

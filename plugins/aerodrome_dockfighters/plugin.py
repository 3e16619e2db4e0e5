"""Registration of the dockfighters ruleset, its Konrad bot and its hookspecs."""

from __future__ import annotations

from typing import Any

import pluggy
import typer

from aerodrome import AgentSpec, Ruleset, hookimpl
from aerodrome_dockfighters import hookspecs
from aerodrome_dockfighters.bot import konrad, konrad_variant
from aerodrome_dockfighters.campaign.cli import app as campaign
from aerodrome_dockfighters.cli import app as dockfighters_odds
from aerodrome_dockfighters.cli import tools
from aerodrome_dockfighters.figures import METRICS
from aerodrome_dockfighters.ruleset import Dockfighters


@hookimpl
def aerodrome_addhooks(pluginmanager: pluggy.PluginManager) -> None:
    pluginmanager.add_hookspecs(hookspecs)


@hookimpl
def aerodrome_register_rulesets() -> list[type[Ruleset[Any]]]:
    return [Dockfighters]


@hookimpl
def aerodrome_register_agents() -> list[AgentSpec]:
    summary = "Konrad, the rulebook's solo bot (patrol, spotting, lock-on, escape)"
    variants = [
        AgentSpec(f"konrad-{name}", konrad_variant(escape=name), f"Konrad escaping by {name.title()}", ruleset="dockfighters")
        for name in ("retreat", "avoid", "repair")
    ]
    return [
        AgentSpec("bot", konrad, summary, ruleset="dockfighters"),
        AgentSpec("konrad", konrad, summary, ruleset="dockfighters"),
        AgentSpec("konrad-ranged", konrad_variant(ranged=True), "Konrad with the Ranged attack behaviour",
                  ruleset="dockfighters"),
        AgentSpec("konrad-guard", konrad_variant(guard=True),
                  "Konrad guarding the nearest friendly airship or mission aircraft", ruleset="dockfighters"),
        AgentSpec("konrad-airships", konrad_variant(priority="airship"),
                  "Konrad with airships as target priority", ruleset="dockfighters"),
        *variants,
    ]


@hookimpl
def aerodrome_register_commands(app: typer.Typer, odds: typer.Typer) -> None:
    odds.add_typer(dockfighters_odds, name="dockfighters")
    app.add_typer(tools, name="dockfighters")
    app.add_typer(campaign, name="campaign")  # issue 10: aerodrome campaign ...


@hookimpl
def aerodrome_register_metrics() -> list[Any]:
    """The mission table's figures in ``aerodrome compare`` (issue 9)."""
    return list(METRICS)

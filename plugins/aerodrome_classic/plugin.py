"""Registration of the classic Dogfight ruleset, its bot and its hookspecs."""

from __future__ import annotations

from typing import Any

import pluggy

from aerodrome import AgentSpec, Ruleset, hookimpl


@hookimpl
def aerodrome_addhooks(pluginmanager: pluggy.PluginManager) -> None:
    from aerodrome_classic import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


@hookimpl
def aerodrome_register_rulesets() -> list[type[Ruleset[Any]]]:
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

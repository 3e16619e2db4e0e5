"""The hooks through which plugins extend aerodrome (pluggy), documented like pytest's.

Every hook is prefixed ``aerodrome_``. A plugin is a module (or object) with functions marked
``@aerodrome.hookimpl`` and registered through the ``aerodrome`` entry-point group.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from collections.abc import Sequence

    import typer

    from aerodrome.engine.agents import AgentSpec
    from aerodrome.engine.events import Event
    from aerodrome.engine.metrics import Metric
    from aerodrome.engine.parameters import ParameterSpec
    from aerodrome.engine.ruleset import Ruleset, RulesetRef
    from aerodrome.engine.variants import VariantSpec

PROJECT = "aerodrome"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec(historic=True)
def aerodrome_addhooks(pluginmanager: pluggy.PluginManager) -> None:
    """Add a ruleset's own hookspecs, so variant plugins can change one of its rules.

    Call ``pluginmanager.add_hookspecs(module_or_class)``. A historic hook: called for every
    plugin as it is registered, so hookspecs exist before the variants that implement them.

    :param pluginmanager: the aerodrome plugin manager.
    """


@hookspec
def aerodrome_register_rulesets() -> Sequence[type[Ruleset[Any, Any, Any]] | RulesetRef]:
    """Return the rulesets this plugin provides: classes, or references to them.

    Each class has a unique ``name`` ClassVar; two plugins registering the same name is an
    error naming both. A :class:`~aerodrome.api.RulesetRef` (the name and
    ``"module:Class"``) keeps start-up fast: the class is imported only when a command needs
    that ruleset, and then must carry the name given.
    """
    return []


@hookspec
def aerodrome_register_agents() -> list[AgentSpec]:
    """Return the agents this plugin provides (bots of a ruleset, or generic agents).

    An :class:`~aerodrome.engine.agents.AgentSpec` names the agent, the ruleset it plays (``None``
    for any) and a factory ``(ruleset, player, seed) -> Agent``. The same name twice for the
    same ruleset is an error naming both plugins.
    """
    return []


@hookspec
def aerodrome_register_commands(app: typer.Typer, odds: typer.Typer) -> None:
    """Add CLI commands.

    :param app: the root ``aerodrome`` command group.
    :param odds: the ``aerodrome odds`` group; a ruleset adds its exact-odds queries here,
        conventionally as a sub-group named after the ruleset.
    """


@hookspec
def aerodrome_on_event(ruleset: str, event: Event) -> None:
    """Observe every event of every game (not of clones made for look-ahead).

    Subscribed only when at least one plugin implements it, so it costs nothing otherwise.

    :param ruleset: the name of the ruleset of the game.
    :param event: the event, a frozen msgspec Struct.
    """


@hookspec
def aerodrome_register_variants() -> list[VariantSpec]:
    """Return rule variants: plugin objects that change one rule of a ruleset through that
    ruleset's own hookspecs. A variant is registered but inactive; it is plugged in only when
    asked for (``--variant NAME``), so the base rules stay the default. A variant name
    registered twice is an error naming both plugins.
    """
    return []


@hookspec
def aerodrome_register_metrics() -> list[Metric]:
    """Return extra game-quality metrics for ``aerodrome compare`` (objects with the
    :class:`aerodrome.engine.metrics.Metric` protocol). A metric name registered twice (or the name
    of a built-in metric) is an error naming the plugins."""
    return []


@hookspec
def aerodrome_register_parameters() -> list[ParameterSpec]:
    """Return numeric rule parameters for ``aerodrome sweep``: each a
    :class:`~aerodrome.engine.parameters.ParameterSpec` naming its ruleset (and variant, if it is
    one's), its bounds, the rulebook's value and how a value changes the game (a set-up
    function, or a plugin object whose hook implementations change a rule). A ruleset's
    parameter name registered twice is an error naming both plugins."""
    return []

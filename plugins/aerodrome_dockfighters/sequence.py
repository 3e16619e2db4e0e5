"""The game as the core's sequencer plays it: the one-off set-up phases (clauses setup.6-7,
setup.11, weather.2), then every turn's phases 1-3 (clause turn.1).

Each step is a function ``step(state, ctx)`` of :mod:`aerodrome_dockfighters.scenario` or
:mod:`aerodrome_dockfighters.phases` taking a :class:`~aerodrome_dockfighters.context.DfContext`;
:func:`sequence` binds them to the ruleset's variant rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aerodrome.api import Context, ForEach, Phase, Step, TurnSequence
from aerodrome_dockfighters import phases, placement, scenario
from aerodrome_dockfighters.context import DfContext, bind
from aerodrome_dockfighters.hooks import Variants
from aerodrome_dockfighters.order import fire_order, move_order
from aerodrome_dockfighters.state import DfState

StepFunction = Callable[[DfState, DfContext], Any]


def sequence(variants: Variants) -> TurnSequence[DfState]:
    """The set-up and the turn, every step reading the rules through ``variants``."""

    def step(name: str, run: StepFunction, clause: str | None = None) -> Step[DfState]:
        def bound(state: DfState, core: Context) -> Any:
            ctx = state.__dict__.get("_ctx")  # the game's rules context (see context.bind)
            if ctx is None or ctx.core is not core or ctx.variants is not variants:
                ctx = bind(state, core, variants)
            return run(state, ctx)

        return Step(name, bound, clause=clause)

    clouds = ForEach(
        "clouds",
        placement.clouds_in_hand,
        (step("place a cloud", scenario.cloud_step),),
        clause="dockfighters.weather.2",
    )
    setup = (
        Phase(
            "mission aircraft",
            (
                ForEach(
                    "declaring leaders",
                    placement.declarers,
                    (step("declare", scenario.declare_step),),
                ),
            ),
            clause="dockfighters.setup.6",
        ),
        Phase(
            "objectives and ground targets",
            (
                ForEach(
                    "missions",
                    scenario.missions_in_order,
                    (
                        step("ground targets", scenario.ground_targets_step, "dockfighters.gt.1"),
                        step("objectives", scenario.objectives_step, "dockfighters.setup.6"),
                    ),
                ),
            ),
            clause="dockfighters.setup.6",
        ),
        Phase(
            "aircraft",
            (
                ForEach(
                    "aircraft",
                    scenario.setup_sequence,
                    (
                        step("place", scenario.place_step),
                        step("deploy", scenario.deploy_step),
                    ),
                ),
            ),
            clause="dockfighters.setup.7",
        ),
        Phase(
            "weather",
            (step("determine the weather", scenario.weather_step, "dockfighters.setup.11"),),
            clause="dockfighters.setup.11",
        ),
        Phase("clouds", (clouds,), clause="dockfighters.weather.2"),
    )
    turn = (
        Phase(
            "1 Movement",
            (
                step("1.1 cruise missiles", phases.acm_move, "dockfighters.acm.1"),
                step("1.2 ground targets", phases.ground_move, "dockfighters.ground.move.2"),
                ForEach(
                    "1.3 airships",
                    lambda s: move_order(s, True),
                    (step("move", phases.move_step),),
                    clause="dockfighters.order.1",
                ),
                ForEach(
                    "1.4 aircraft",
                    lambda s: move_order(s, False),
                    (step("move", phases.move_step),),
                    clause="dockfighters.order.2",
                ),
                step("end of movement", phases.movement_ends, "dockfighters.konrad.3"),
            ),
        ),
        Phase(
            "2 Combat",
            (
                step("2.1 ground targets fire", phases.ground_fire, "dockfighters.combat.1"),
                ForEach(
                    "2.2 all others fire",
                    fire_order,
                    (step("fire", phases.fire_step),),
                    clause="dockfighters.combat.3",
                ),
                step("end of fire", phases.fire_ends, "dockfighters.combat.5"),
            ),
        ),
        Phase(
            "3 Weather",
            (
                step("3.1 weather", phases.weather_changes, "dockfighters.weather.4"),
                ForEach(
                    "3.1 clouds return",
                    placement.clouds_in_hand,
                    (step("place a cloud", scenario.cloud_step),),
                    clause="dockfighters.weather.13",
                ),
                step("3.1 wind and clouds", phases.clouds_move, "dockfighters.weather.5"),
                step("3.2 turn counter", phases.end_turn, "dockfighters.turn.3"),
            ),
        ),
    )
    return TurnSequence(phases=turn, setup=setup)

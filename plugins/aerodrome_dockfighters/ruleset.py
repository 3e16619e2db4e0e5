"""The Dockfighters ruleset: the set-ups, the sequence, the observation and the result.

The game (clause turn.1): the scenario set-up (:mod:`aerodrome_dockfighters.scenario`, once),
then turns of 1.1 ACMs, 1.2 ground targets, 1.3 airships, 1.4 other aircraft; 2.1 ground
targets fire, 2.2 all others fire; 3.1 weather, 3.2 turn counter and initiative
(:mod:`aerodrome_dockfighters.phases`, :mod:`aerodrome_dockfighters.sequence`). The game ends
when the counter reaches 13 or a side has lost (turn.2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from aerodrome.api import (
    Analysis,
    Capabilities,
    ChoiceLabel,
    Context,
    Decision,
    Numbering,
    Odds,
    Positions,
    Presentation,
    Result,
    RuleHooks,
    Ruleset,
    Setup,
    SpecFiles,
    Turn,
    TurnSequence,
    Vectors,
)
from aerodrome.engine.specs import builtin_specs
from aerodrome_dockfighters import challenges, rules, scenario, text
from aerodrome_dockfighters.airspace import sky
from aerodrome_dockfighters.context import DfContext
from aerodrome_dockfighters.hooks import Variants
from aerodrome_dockfighters.missions import mission_exit, setups, success
from aerodrome_dockfighters.options import SIDES, DfSetup, DockfightersOptions
from aerodrome_dockfighters.positions import from_position
from aerodrome_dockfighters.sequence import sequence
from aerodrome_dockfighters.specs import SPEC_TYPES, builtin
from aerodrome_dockfighters.state import ACTIONS, DfAction, DfState
from aerodrome_dockfighters.view import DfView

if TYPE_CHECKING:
    from rich.console import RenderableType

    from aerodrome.api import Event
    from aerodrome_dockfighters.numbering import Numbering as ActionNumbers


class Dockfighters(
    Ruleset[DfState, DfView, DfAction, DockfightersOptions],
    Presentation[DfView, DfAction],
    Odds[DfView, DfAction],
    Positions[DfState, DockfightersOptions],
    SpecFiles,
    Numbering[DfAction, DockfightersOptions],
    Vectors[DfView],
    Analysis[DfState],
):
    """Dockfighters: The Ale Wars."""

    name = "dockfighters"
    title = "Dockfighters: The Ale Wars"
    rulebook = "rulebooks/dockfighters-the-ale-wars.txt"
    capabilities = Capabilities(hidden_information=False, simultaneous=False)
    action_types = ACTIONS
    options_type = DockfightersOptions

    def __init__(self, hooks: RuleHooks | None = None) -> None:
        super().__init__(hooks)
        #: The variant rules plugged into the ruleset's hookspecs, looked up once.
        self.variants = Variants(self.hooks)
        self._sequence: TurnSequence[DfState] | None = None
        self._numberings: dict[Setup, ActionNumbers] = {}

    def setups(self) -> Sequence[DfSetup]:
        return setups()

    def specs_dir(self) -> Path:
        return builtin_specs("dockfighters")

    def spec_types(self) -> Mapping[str, type[Any]]:
        return {**SPEC_TYPES, "challenges.toml": challenges.Challenges}

    def sequence(self) -> TurnSequence[DfState]:
        if self._sequence is None:
            self._sequence = sequence(self.variants)
        return self._sequence

    def initial_state(self, setup: DfSetup, ctx: Context) -> DfState:
        return scenario.initial_state(setup, DfContext(ctx, self.variants))

    def position_state(self, setup: DfSetup, position: Mapping[str, Any], source: str) -> DfState:
        return from_position(setup, position, source)

    def observation(self, state: DfState, player: int | None, turn: Turn) -> DfView:
        """The whole game (Dockfighters hides nothing) as a frozen value: frozen Structs and
        tuples copied from the state, sharing nothing mutable with it (see view.py)."""
        return observe(state, player)

    def is_over(self, state: DfState) -> bool:
        return state.over

    def result(self, state: DfState, rounds: int) -> Result:
        stats: dict[str, float] = {}
        fulfilled: dict[str, int] = {}  # side: its fame at the end, for a fulfilled mission
        for p in (0, 1):
            sq = state.squadrons[p]
            ok, won = success(state, p)
            if ok:
                fulfilled[sq.side] = sq.fame + won
            stats[f"fame_{sq.side}"] = float(sq.fame + won)
            stats[f"objective_{sq.side}"] = 1.0 if ok else 0.0
        winners = scenario_winners(fulfilled)
        stats["aircraft"] = float(len(state.aircraft))
        stats["off_edge"] = float(
            sum(
                1
                for a in state.aircraft
                if a.status in ("left", "missing") and not mission_exit(state, a)
            )
        )
        turns = self.variants.mission_turns  # mission.1: 12, unless a variant says
        last = (turns(standard=12) if turns is not None else None) or 12
        reason = (
            f"turn {last + 1} reached"
            if state.turn > state.last_turn
            else "a squadron has no aircraft left"
        )
        return Result(
            winners=tuple(winners),
            reason=reason if state.over else "unfinished",
            rounds=rounds,
            finished=state.over,
            kills={sq.side: sq.kills for sq in state.squadrons},
            losses={sq.side: sq.losses for sq in state.squadrons},
            engagements=state.engagements,
            stats=stats,
        )

    # -- for people (issues 14, 15): from an observation only -----------------------------------
    # (drawings, SVG and numbering imported on first use: `aerodrome rulesets` imports the
    # ruleset, issue 18)
    def label(self, action: DfAction, view: DfView) -> ChoiceLabel:
        """What an aircraft does under the aircraft (:mod:`aerodrome_dockfighters.text`)."""
        return text.choice_label(action, view)

    def sentence(self, action: DfAction, view: DfView) -> str:
        return text.sentence(action, view)

    def prompt(self, decision: Decision, view: DfView) -> str:
        return text.prompt(decision, view)

    def event_text(self, event: Event, view: DfView) -> str | None:
        return text.event_text(event, view)

    def action_odds(self, action: DfAction, view: DfView) -> str | None:
        from aerodrome_dockfighters.action_odds import action_odds

        return action_odds(action, view)

    def own_marks(self, view: DfView, player: int) -> list[str]:
        """How ``player``'s own pieces show in :meth:`draw_compact` (a small terminal's play
        screen shows the window of the picture holding them)."""
        from aerodrome_dockfighters.draw import own_marks

        return own_marks(view, player)

    def draw_compact(self, view: DfView) -> RenderableType:
        from aerodrome_dockfighters.draw import draw_compact

        return draw_compact(view)

    def draw(self, view: DfView) -> RenderableType:
        """The turn, the weather and wind, the map with coordinates, a legend, the aircraft."""
        from aerodrome_dockfighters.draw import draw

        return draw(view)

    def draw_svg(self, view: DfView) -> str:
        """Hexes with coordinates, clouds by height, aircraft with id, altitude, speed and
        heading, the wind, objectives, a legend."""
        from aerodrome_dockfighters.svg import draw_svg

        return draw_svg(view)

    # -- for learning agents (issue 17) -------------------------------------------------------
    def numbering(self, setup: DfSetup) -> ActionNumbers:
        """The fixed numbering of ``setup``'s actions (kept per set-up on the instance)."""
        got = self._numberings.get(setup)
        if got is None:
            from aerodrome_dockfighters.numbering import Numbering as ActionNumbers

            got = self._numberings[setup] = ActionNumbers(setup)
        return got

    def action_count(self, setup: DfSetup) -> int:
        return self.numbering(setup).count

    def action_id(self, action: DfAction, setup: DfSetup) -> int:
        return self.numbering(setup).number(action)

    def action_from_id(self, index: int, setup: DfSetup) -> DfAction:
        return self.numbering(setup).action(index)

    def observation_vector(self, view: DfView) -> Sequence[float]:
        """See docs/rules/dockfighters.md, "The observation as numbers"."""
        from aerodrome_dockfighters.numbering import observation_vector

        return observation_vector(view)

    # -- checks and metrics ---------------------------------------------------------------------
    def invariants(self, state: DfState) -> list[str]:
        specs = builtin()
        broken: list[str] = []
        seen: dict[tuple[int, int], int] = {}
        for a in state.aircraft:
            ds = specs.aircraft[a.datasheet]
            if not 0 <= a.damage <= ds.structure:
                broken.append(f"#{a.id} damage {a.damage} outside 0..{ds.structure}")
            if any(not 0 <= x <= 2 for x in a.ammo):
                broken.append(f"#{a.id} ammunition {a.ammo} outside full..empty")
            if a.status != "flying" or not a.deployed:
                continue
            key = (a.cell, a.altitude)
            if key in seen:
                broken.append(f"#{a.id} and #{seen[key]} share cell {a.cell} altitude {a.altitude}")
            seen[key] = a.id
            if not 1 <= a.altitude <= specs.tables.max_altitude:
                broken.append(f"#{a.id} altitude {a.altitude}")
            if state.move is None and not rules.min_speed(a, ds) <= a.speed <= rules.max_speed(
                a, ds
            ):
                broken.append(f"#{a.id} speed {a.speed} outside its limits")
        if sum(1 for a in state.aircraft if a.activation in ("moving", "firing")) > 1:
            broken.append("more than one aircraft moving or firing at once")
        return broken

    def material(self, state: DfState) -> dict[str, float]:
        specs = builtin()
        out = {s: 0.0 for s in SIDES}
        for a in state.aircraft:
            if a.status == "flying":
                out[a.side] += specs.aircraft[a.datasheet].value
        return out


def observe(state: DfState, player: int | None) -> DfView:
    """A frozen copy of ``state``, the same for every ``player`` (nothing is hidden), with
    its clouds worked out (view.py)."""
    view = msgspec.convert(state, DfView, from_attributes=True)
    return msgspec.structs.replace(view, sky=sky(state))


def scenario_winners(fulfilled: dict[str, int]) -> list[str]:
    """The scenario's winner from the squadrons that fulfilled their own missions, each with
    its fame at the end (clause mission.2): the one squadron that did; of two, the one with
    more fame; equal fame (or none fulfilled) is a draw. Both achievements stay in
    ``Result.stats`` (``objective_<side>``), so the mission figures count them both."""
    if len(fulfilled) < 2:
        return list(fulfilled)
    best = max(fulfilled.values())
    top = [side for side, fame in fulfilled.items() if fame == best]
    return top if len(top) == 1 else []

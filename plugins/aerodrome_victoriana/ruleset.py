"""The Victoriana dogfight ruleset: a round is the Squadron Phase then the Combat Phase
(victoriana.turn.1-2); the dogfight ends when a side has no aircraft left in it
(victoriana.turn.3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aerodrome.data import Action
from aerodrome.errors import IllegalActionError
from aerodrome.ruleset import Capabilities, Result, Ruleset, Setup
from aerodrome.turns import Context, Decision, Phase, Step, TurnSequence
from aerodrome_victoriana import combat, ending, forces, specs, squadron
from aerodrome_victoriana.common import (
    battle_over,
    handling_of,
    spec_of,
)
from aerodrome_victoriana.state import (
    ACTION_TYPES,
    FLYING,
    MANOEUVRE_CHOICES,
    DogfightState,
    DogfightView,
)

if TYPE_CHECKING:
    from rich.console import RenderableType

_SEQUENCE: TurnSequence[DogfightState] = TurnSequence(
    phases=(
        Phase(
            name="squadron",
            clause="victoriana.squadron.1",
            steps=(
                Step("manoeuvre", squadron.ask_manoeuvre, squadron.resolve_manoeuvre,
                     clause="victoriana.squadron.7"),
                Step("allocate", squadron.ask_allocate, squadron.resolve_allocate,
                     clause="victoriana.squadron.8"),
            ),
        ),
        Phase(
            name="combat",
            clause="victoriana.combat.1",
            steps=(
                # the characters' turns, then the end of the round (victoriana.turn.2)
                Step("act", combat.run_combat, combat.resolve_act, clause="victoriana.combat.1"),
            ),
        ),
    )
)




class Victoriana(Ruleset[DogfightState]):
    """Victoriana "Dogfights": squadron rolls of white and black Heresy dice, then the
    characters' actions."""

    name = "victoriana"
    title = "Victoriana: Dogfights (Heresy engine)"
    rulebook = "victoriana-dogfights.txt (Cubicle 7 blog series 'Dogfights')"
    capabilities = Capabilities(hidden_information=False, simultaneous=True)
    action_types = ACTION_TYPES

    def __init__(self, hook: Any = None) -> None:
        super().__init__(hook)
        self._templates = forces.Templates()

    def setups(self) -> Sequence[Setup]:
        return forces.setups()

    def specs_dir(self) -> Path | None:
        return specs.specs_dir()

    def spec_types(self) -> Mapping[str, type[Any]]:
        return dict(specs.SPEC_TYPES)

    def sequence(self) -> TurnSequence[DogfightState]:
        return _SEQUENCE

    def initial_state(self, setup: Setup, ctx: Context) -> DogfightState:
        return self._templates.state_for(setup)

    def position_state(self, setup: Setup, position: Mapping[str, Any], source: str) -> DogfightState:
        return forces.state_for_position(setup, position, source)

    # -- decisions -----------------------------------------------------------------------
    def legal_actions(self, state: DogfightState, decision: Decision, player: int) -> Sequence[Action]:
        kind = decision.kind
        if kind == "manoeuvre":
            return MANOEUVRE_CHOICES
        if kind == "spend":
            return squadron.spend_options(state)
        if kind in ("remove", "escape"):
            return squadron.remove_options(state)
        if kind == "act":
            return combat.act_options(state)
        if kind == "free-attack":
            return combat.free_attack_options(state, state.crafts[state.free_attack_on])
        raise IllegalActionError(f"victoriana has no decision {kind!r}")

    def observation(self, state: DogfightState, player: int | None) -> DogfightView:
        """Everything on the table, as a value (issue #12): the frozen aircraft and
        character records in tuples, copies of the tables; nothing the state could share."""
        # positional, in the field order of DogfightView
        return DogfightView(
            player,
            None if player is None else state.sides[player],
            state.round,
            state.rules,
            tuple(state.sides),
            dict(state.left),
            tuple(state.crafts),
            tuple(state.airmen),
            state.roster,
            dict(state.manoeuvre),
            dict(state.pools),
            dict(state.rolled),
            state.winner,
            state.net,
            state.to_spend,
            state.to_remove,
            dict(state.tactical_carry),
            dict(state.tactical_dice),
            tuple(state.order),
            tuple(state.initiative),
            state.turn,
            state.free_attack_on,
            dict(state.stats),
        )

    def is_over(self, state: DogfightState) -> bool:
        return battle_over(state)

    def result(self, state: DogfightState, rounds: int) -> Result:
        return ending.result(state, rounds)

    # -- services -------------------------------------------------------------------------
    def render(self, state: DogfightState, player: int | None) -> RenderableType:
        from aerodrome_victoriana.render import render

        return render(state, player)

    def describe_action(self, state: DogfightState, action: Action) -> str:
        from aerodrome_victoriana.render import describe

        return describe(state, action)

    def invariants(self, state: DogfightState) -> list[str]:
        broken: list[str] = []
        for c in state.crafts:
            spec = spec_of(c)
            if not 0 <= c.health <= spec.health:
                broken.append(f"{c.label}: health {c.health} outside 0..{spec.health}")
            if c.status == FLYING and c.health == 0:
                broken.append(f"{c.label}: flying with 0 Health")
            if c.special != (c.named or c.role != "fighter"):  # victoriana.squadron.15
                broken.append(f"{c.label}: special should be {not c.special}")
            if c.handling != handling_of(c):
                broken.append(f"{c.label}: Handling {c.handling} should be {handling_of(c)}")
            if any(n < 0 for n in c.bombs + c.optional_bombs):
                broken.append(f"{c.label}: negative bomb count")
            if c.status == "destroyed" and any(state.airmen[i].status == "aboard" for i in c.crew):
                broken.append(f"{c.label}: destroyed with living crew aboard")
        for a in state.airmen:
            if (a.status in ("dead", "out")) != (a.health == 0):
                broken.append(f"{a.name}: status {a.status} with health {a.health}")
        for s in state.sides:
            n = sum(1 for c in state.crafts if c.side == s and c.status == FLYING)
            if state.left.get(s) != n:
                broken.append(f"{s}: {state.left.get(s)} aircraft counted in the dogfight, {n} flying")
        if state.named != [c.id for c in state.crafts if c.named]:
            broken.append(f"aircraft with named characters {state.named} do not match the crews")
        if state.to_spend < 0 or state.to_remove < 0:
            broken.append("negative successes to spend")
        return broken

    def material(self, state: DogfightState) -> dict[str, float]:
        return {
            s: float(sum(c.health for c in state.crafts if c.side == s and c.status == FLYING))
            for s in state.sides
        }

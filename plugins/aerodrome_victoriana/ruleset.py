"""The Victoriana dogfight ruleset: a round is the Squadron Phase then the Combat Phase
(victoriana.turn.1-2, :mod:`aerodrome_victoriana.sequence`); the dogfight ends when a side has
no aircraft left in it (victoriana.turn.3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
    SpecFiles,
    Turn,
    TurnSequence,
    Vectors,
)
from aerodrome_victoriana import ending, forces, sequence, specs
from aerodrome_victoriana.common import battle_over, handling_of, spec_of
from aerodrome_victoriana.hooks import Variants
from aerodrome_victoriana.options import VictorianaOptions
from aerodrome_victoriana.state import (
    ACTION_TYPES,
    FLYING,
    DogfightState,
    VictorianaAction,
)
from aerodrome_victoriana.view import DogfightView, observe

if TYPE_CHECKING:
    from rich.console import RenderableType

    from aerodrome.api import DiceRolled, Event
    from aerodrome_victoriana.numbering import Numbering as ActionNumbers


class Victoriana(
    Ruleset[DogfightState, DogfightView, VictorianaAction, VictorianaOptions],
    Presentation[DogfightView, VictorianaAction],
    Odds[DogfightView, VictorianaAction],
    Positions[DogfightState, VictorianaOptions],
    SpecFiles,
    Numbering[VictorianaAction, VictorianaOptions],
    Vectors[DogfightView],
    Analysis[DogfightState],
):
    """Victoriana "Dogfights": squadron rolls of white and black Heresy dice, then the
    characters' actions."""

    name = "victoriana"
    title = "Victoriana: Dogfights (Heresy engine)"
    rulebook = "victoriana-dogfights.txt (Cubicle 7 blog series 'Dogfights')"
    capabilities = Capabilities(hidden_information=False, simultaneous=True)
    action_types = ACTION_TYPES
    options_type = VictorianaOptions

    def __init__(self, hooks: RuleHooks | None = None) -> None:
        super().__init__(hooks)
        self._templates = forces.Templates()
        # the variant hooks are looked up once: the steps carry them
        self._sequence = sequence.build(Variants.of(self.hooks))
        self._numbering: dict[tuple[str, VictorianaOptions], ActionNumbers] = {}

    def setups(self) -> Sequence[forces.VSetup]:
        return forces.setups()

    def specs_dir(self) -> Path:
        return specs.specs_dir()

    def spec_types(self) -> Mapping[str, type[Any]]:
        return dict(specs.SPEC_TYPES)

    def sequence(self) -> TurnSequence[DogfightState]:
        return self._sequence

    def initial_state(self, setup: forces.VSetup, ctx: Context) -> DogfightState:
        return self._templates.state_for(setup)

    def position_state(
        self, setup: forces.VSetup, position: Mapping[str, Any], source: str
    ) -> DogfightState:
        return forces.state_for_position(setup, position, source)

    def position_round(self, position: Mapping[str, Any]) -> int:
        """The round a position file is at (checked by :meth:`position_state`)."""
        return int(position.get("round", 1))

    def observation(self, state: DogfightState, player: int | None, turn: Turn) -> DogfightView:
        """Everything on the table, the same for every player (no hidden information), as
        a value (issue #12); the round is the turn's."""
        return observe(state, turn.round)

    def is_over(self, state: DogfightState) -> bool:
        return battle_over(state)

    def result(self, state: DogfightState, rounds: int) -> Result:
        return ending.result(state, rounds)

    # -- for people ----------------------------------------------------------------------
    def label(self, action: VictorianaAction, view: DogfightView) -> ChoiceLabel:
        """A character's action under the character (:mod:`aerodrome_victoriana.text`)."""
        from aerodrome_victoriana.text import label

        return label(action, view)

    def sentence(self, action: VictorianaAction, view: DogfightView) -> str:
        from aerodrome_victoriana.text import sentence

        return sentence(action, view)

    def prompt(self, decision: Decision, view: DogfightView) -> str:
        from aerodrome_victoriana.text import prompt

        return prompt(decision, view)

    def event_text(self, event: Event, view: DogfightView) -> str | None:
        from aerodrome_victoriana.text import event_text

        return event_text(event, view)

    def dice_text(self, event: DiceRolled, view: DogfightView) -> str | None:
        from aerodrome_victoriana.text import dice_text

        return dice_text(event, view)

    def action_odds(self, action: VictorianaAction, view: DogfightView) -> str | None:
        from aerodrome_victoriana.action_odds import action_odds

        return action_odds(action, view)

    def draw(self, view: DogfightView) -> RenderableType:
        from aerodrome_victoriana.draw import draw

        return draw(view)

    def own_marks(self, view: DogfightView, player: int) -> list[str]:
        """How ``player``'s own pieces show in :meth:`draw_compact` (a small terminal's play
        screen shows the window of the picture holding them)."""
        from aerodrome_victoriana.draw import own_marks

        return own_marks(view, player)

    def draw_compact(self, view: DogfightView) -> RenderableType:
        from aerodrome_victoriana.draw import draw_compact

        return draw_compact(view)

    def draw_svg(self, view: DogfightView) -> str:
        from aerodrome_victoriana.svg import draw_svg

        return draw_svg(view)

    # -- for learning agents ---------------------------------------------------------------
    def _numbered(self, setup: forces.VSetup) -> ActionNumbers:
        from aerodrome_victoriana.numbering import Numbering as ActionNumbers

        key = self._templates.key(setup)
        numbering = self._numbering.get(key)
        if numbering is None:
            numbering = self._numbering[key] = ActionNumbers(self._templates.state_for(setup))
        return numbering

    def action_count(self, setup: forces.VSetup) -> int:
        return len(self._numbered(setup).actions)

    def action_id(self, action: VictorianaAction, setup: forces.VSetup) -> int:
        return self._numbered(setup).id_of(action)

    def action_from_id(self, index: int, setup: forces.VSetup) -> VictorianaAction:
        return self._numbered(setup).action(index)

    def observation_vector(self, view: DogfightView) -> Sequence[float]:
        from aerodrome_victoriana.numbering import observation_vector

        return observation_vector(view)

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
                broken.append(
                    f"{s}: {state.left.get(s)} aircraft counted in the dogfight, {n} flying"
                )
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

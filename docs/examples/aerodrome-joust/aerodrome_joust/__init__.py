"""Joust: a minimal ruleset showing every part of an aerodrome plugin.

Rules (clause ids in brackets):

- [joust.1] Two aces, each with 3 structure points, fly at each other.
- [joust.2] Every round both pilots secretly choose to pass HIGH or LOW; choices are
  revealed together.
- [joust.3] If both chose the same height they meet: each rolls a d6, the higher roll scores
  one hit on the other; a tie scores nothing.
- [joust.4] An ace reduced to 0 structure is shot down and the other side wins; after
  10 rounds with both aloft the joust is a draw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal

import msgspec

from aerodrome import (
    Action,
    Ask,
    Capabilities,
    Context,
    Decision,
    Event,
    Phase,
    Result,
    Ruleset,
    Seat,
    Setup,
    SpecError,
    Step,
    Turn,
    TurnSequence,
    hookimpl,
    listed,
)
from aerodrome.capabilities import (
    ChoiceLabel,
    Numbering,
    Odds,
    Positions,
    Presentation,
    SpecFiles,
    Vectors,
)

STRUCTURE = 3
ROUNDS = 10


class Pass(Action, frozen=True):
    """Pass the other ace high or low [joust.2]."""

    height: Literal["high", "low"]


class JoustState(msgspec.Struct, kw_only=True):
    structure: list[int]
    last_pass_flown: bool = False


PASSES = (Pass(height="high"), Pass(height="low"))


class JoustPosition(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    structure: list[int]
    rounds: int = ROUNDS


class JoustView(msgspec.Struct, frozen=True, kw_only=True):
    """What an ace sees: both structures and the passes left (a frozen value: agents may not
    change the game)."""

    structure: tuple[int, ...]
    rounds: int


class Kind(StrEnum):
    """The decisions of a joust."""

    PASS = "pass"


def _ask(state: JoustState, ctx: Context) -> Ask[JoustState, Pass]:
    """[joust.2] both aces choose in secret; the answers are revealed together."""
    decision = Decision(players=(0, 1), kind=Kind.PASS, simultaneous=True)
    return Ask(decision, listed(PASSES), _meet)


def _meet(state: JoustState, ctx: Context, answers: Mapping[int, Pass]) -> bool:
    state.last_pass_flown = ctx.round >= ROUNDS  # [joust.4]
    if answers[0].height != answers[1].height:  # [joust.3] they miss each other
        return False
    rolls = [ctx.dice.d(6, f"ace {p + 1} fires") for p in (0, 1)]
    if rolls[0] != rolls[1]:
        loser = 1 if rolls[0] > rolls[1] else 0
        state.structure[loser] = max(0, state.structure[loser] - 1)
    return False  # one question per round: the step is over


class Joust(
    Ruleset[JoustState, JoustView, Pass],
    Presentation[JoustView, Pass],
    Odds[JoustView, Pass],
    Positions[JoustState],
    SpecFiles,
    Numbering[Pass],
    Vectors[JoustView],
):
    name = "joust"
    title = "Joust (example plugin)"
    rulebook = "the docstring of aerodrome_joust"
    capabilities = Capabilities(hidden_information=False, simultaneous=True)
    action_types = (Pass,)

    def spec_types(self) -> Mapping[str, type[Any]]:
        return {}

    def specs_dir(self) -> Path:
        """The clause catalogue (``specs/clauses.toml``) ships inside the package."""
        return Path(__file__).parent / "specs"

    def setups(self) -> Sequence[Setup]:
        seats = (Seat(name="Red ace", side="red"), Seat(name="Blue ace", side="blue"))
        return [Setup(name="duel", title="One against one", seats=seats, max_rounds=ROUNDS + 1)]

    def sequence(self) -> TurnSequence[JoustState]:
        return TurnSequence(phases=(Phase(name="joust", steps=(Step("pass", _ask),)),))

    def initial_state(self, setup: Setup, ctx: Context) -> JoustState:
        return JoustState(structure=[STRUCTURE, STRUCTURE])

    def position_state(self, setup: Setup, position: Mapping[str, Any], source: str) -> JoustState:
        """A hand-made situation: ``structure = [red, blue]`` and ``rounds`` (passes) left."""
        try:
            pos = msgspec.convert(position, JoustPosition, strict=True)
        except msgspec.ValidationError as exc:
            raise SpecError(f"{source}: position: {exc}") from None
        if len(pos.structure) != 2 or not all(0 <= s <= STRUCTURE for s in pos.structure):
            raise SpecError(f"{source}: position.structure: two values from 0 to {STRUCTURE}")
        if not 1 <= pos.rounds <= ROUNDS:
            raise SpecError(f"{source}: position.rounds: from 1 to {ROUNDS}")
        return JoustState(structure=list(pos.structure))

    def position_round(self, position: Mapping[str, Any]) -> int:
        return ROUNDS + 1 - int(position.get("rounds", ROUNDS))

    def observation(self, state: JoustState, player: int | None, turn: Turn) -> JoustView:
        left = 0 if state.last_pass_flown else ROUNDS + 1 - turn.round
        return JoustView(structure=tuple(state.structure), rounds=left)

    def is_over(self, state: JoustState) -> bool:
        return 0 in state.structure or state.last_pass_flown

    def result(self, state: JoustState, rounds: int) -> Result:
        sides = ("red", "blue")
        down = [p for p in (0, 1) if state.structure[p] == 0]
        winners = tuple(sides[1 - p] for p in down) if len(down) == 1 else ()
        return Result(
            winners=winners,
            reason="shot down" if winners else "both aloft",
            rounds=rounds,
            kills={sides[1 - p]: 1 for p in down},
        )

    # -- for people and learning agents ------------------------------------------------------
    def label(self, action: Pass, view: JoustView) -> ChoiceLabel:
        return ChoiceLabel(text=f"pass {action.height}")

    def sentence(self, action: Pass, view: JoustView) -> str:
        return f"passes {action.height}"

    def prompt(self, decision: Decision, view: JoustView) -> str:
        return "Pass high or low?"

    def action_odds(self, action: Pass, view: JoustView) -> str:
        """[joust.3] if the aces meet, each rolls a d6: exact chances (icepool)."""
        from aerodrome.odds import as_fractions, d, percent, split_sign

        chances = split_sign(as_fractions(d(6) - d(6)))
        return (
            f"if the other ace passes {action.height} too: you hit {percent(chances['win'])}, "
            f"you are hit {percent(chances['loss'])}, no hit {percent(chances['draw'])}"
        )

    def event_text(self, event: Event, view: JoustView) -> str | None:
        return None

    def draw(self, view: JoustView) -> str:
        red, blue = view.structure
        return f"Red ace {'#' * red:<3} {red}/3   Blue ace {'#' * blue:<3} {blue}/3   passes left {view.rounds}"

    def draw_svg(self, view: JoustView) -> str:
        bars = "".join(
            f'<rect x="10" y="{10 + 30 * i}" width="{40 * s}" height="20" fill="{c}"/>'
            for i, (s, c) in enumerate(zip(view.structure, ("#c0392b", "#2e86c1"), strict=True))
        )
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" width="140" height="70" '
            f'viewBox="0 0 140 70">{bars}</svg>'
        )

    def action_count(self, setup: Setup) -> int:
        return len(PASSES)

    def action_id(self, action: Pass, setup: Setup) -> int:
        return PASSES.index(action)

    def action_from_id(self, index: int, setup: Setup) -> Pass:
        return PASSES[index]

    def observation_vector(self, view: JoustView) -> Sequence[float]:
        """Both structures out of 3, then the passes left out of 10."""
        return [s / STRUCTURE for s in view.structure] + [view.rounds / ROUNDS]


@hookimpl
def aerodrome_register_rulesets() -> list[type[Joust]]:
    return [Joust]

"""The classic Dogfight board game (1960s): the ruleset class.

The turn sequence is in :mod:`aerodrome_classic.turn` (the AA placement once, then the sides
alternate [classic.move.1]). See ``docs/rules/classic.md`` for how aerodrome reads the
rulebook.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aerodrome.api import (
    ActionBound,
    Analysis,
    Capabilities,
    ChoiceLabel,
    Context,
    Decision,
    Determinise,
    Odds,
    Positions,
    Presentation,
    Result,
    RuleHooks,
    Ruleset,
    Seat,
    Setup,
    SpecFiles,
    TurnSequence,
    Vectors,
    WarmUp,
)
from aerodrome.engine import turns
from aerodrome_classic.options import ClassicOptions
from aerodrome_classic.specs import SPEC_TYPES, Specs, load_specs, specs_dir
from aerodrome_classic.state import (
    ACTION_TYPES,
    ClassicAction,
    ClassicState,
    FirstTurn,
    Gun,
    Plane,
    Squadron,
    Turn,
)
from aerodrome_classic.turn import Rules
from aerodrome_classic.view import ClassicView, observe

if TYPE_CHECKING:
    from rich.console import RenderableType

    from aerodrome.api import Event
    from aerodrome_classic.board import Board
    from aerodrome_classic.numbering import Encoder


class Classic(
    Ruleset[ClassicState, ClassicView, ClassicAction, ClassicOptions],
    Presentation[ClassicView, ClassicAction],
    Odds[ClassicView, ClassicAction],
    Positions[ClassicState, ClassicOptions],
    SpecFiles,
    ActionBound[ClassicOptions],
    Vectors[ClassicView],
    Determinise[ClassicState],
    Analysis[ClassicState],
    WarmUp,
):
    """Dogfight, the card-and-dice board game of World War I air combat."""

    name = "classic"
    title = "Dogfight (classic board game)"
    rulebook = "rulebooks/dogfight-classic-board-game.txt"
    capabilities = Capabilities(hidden_information=True, simultaneous=False)
    action_types = ACTION_TYPES
    options_type = ClassicOptions

    def __init__(self, hooks: RuleHooks | None = None) -> None:
        super().__init__(hooks)
        self.specs: Specs = load_specs()
        self.rules = Rules(self.specs, self.hooks)
        self._sequence: TurnSequence[ClassicState] = self.rules.sequence()
        self._bounds: dict[tuple[tuple[str, ...], ...], int] = {}
        self._encoder: Encoder | None = None  # the observation vectors' (made on first use)

    @property
    def board(self) -> Board:
        """The board (built on first use: walk tables and the grid are not needed to list
        set-ups)."""
        return self.rules.board

    def max_legal_actions(self, setup: Setup[ClassicOptions]) -> int:
        """The longest legal list any decision of ``setup`` can offer, from the rules
        (:mod:`aerodrome_classic.bound`; worked out once per set-up's squadrons)."""
        from aerodrome_classic.bound import max_legal_actions

        key = setup.options.squadrons
        found = self._bounds.get(key)
        if found is None:
            found = self._bounds[key] = max_legal_actions(
                self.specs, self.board, key, self.rules.cards_at_take_off
            )
        return found

    # -- description ------------------------------------------------------------------------
    def setups(self) -> Sequence[Setup[ClassicOptions]]:
        """[classic.setup.1-3] two, three and four players."""
        return [
            Setup(
                name=s.name,
                title=s.title,
                description=s.description,
                seats=tuple(Seat(name=seat.name, side=seat.side) for seat in s.seats),
                options=ClassicOptions(squadrons=tuple(tuple(seat.squadrons) for seat in s.seats)),
                max_rounds=s.max_rounds,
            )
            for s in self.specs.setups.setup
        ]

    def specs_dir(self) -> Path:
        return specs_dir()

    def spec_types(self) -> Mapping[str, type[Any]]:
        return SPEC_TYPES

    def sequence(self) -> TurnSequence[ClassicState]:
        return self._sequence

    # -- the game ---------------------------------------------------------------------------
    def _empty_state(self, setup: Setup[ClassicOptions]) -> ClassicState:
        """[classic.setup.5] [classic.setup.9] every plane on a landing square, guns on the
        dots, the packs by their hangars."""
        seat_squadrons = [list(x) for x in setup.options.squadrons]
        seat_side = tuple(s.side for s in setup.seats)
        squadrons: dict[str, Squadron] = {}
        planes: dict[str, Plane] = {}
        guns: list[Gun] = []
        for seat, names in enumerate(seat_squadrons):
            for name in names:
                spec = self.specs.squadron(name)
                squadrons[name] = Squadron(
                    name=name, side=spec.side, seat=seat, pack=self.specs.cards.pack.cards()
                )
                for i, cell in enumerate(self.board.landing[name][: spec.planes], start=1):
                    pid = f"{name}-{i}"
                    planes[pid] = Plane(
                        id=pid, squadron=name, cell=cell, facing=self.board.home_facing(spec.side)
                    )
                for cell in self.board.dots[name]:
                    guns.append(Gun(cell=cell, squadron=name, side=spec.side))
        sides = list(setup.sides)
        return ClassicState(
            setup=setup.name,
            order=sides,
            seat_side=seat_side,
            seat_names=tuple(s.name for s in setup.seats),
            seat_squadrons=seat_squadrons,
            planes=planes,
            squadrons=squadrons,
            guns=guns,
            guns_placed=[False] * len(seat_side),
            turn=Turn(),
            occupied=self.board.pack(self.board.mask(p.cell for p in planes.values())),
            kills={s: 0 for s in sides},
            losses={s: 0 for s in sides},
        )

    def initial_state(self, setup: Setup[ClassicOptions], ctx: Context) -> ClassicState:
        state = self._empty_state(setup)
        for sq in state.squadrons.values():
            ctx.dice.shuffle(sq.pack)
        # [classic.move.19] throw the dice to decide who goes first (higher total; re-throw ties)
        sides = list(state.order)

        def throw(side: str) -> int:
            return sum(ctx.dice.roll(2, 6, lambda: f"who goes first: {side}"))

        while True:
            totals = [throw(s) for s in sides]
            if totals[0] != totals[1]:
                break
        first = sides[0] if totals[0] > totals[1] else sides[1]
        state.order = [first] + [s for s in sides if s != first]
        state.first_rolls = totals
        ctx.emit(lambda: FirstTurn(side=first))
        return state

    def position_state(
        self, setup: Setup[ClassicOptions], position: Mapping[str, Any], source: str
    ) -> ClassicState:
        from aerodrome_classic.position import build_position

        return build_position(self, setup, position, source)

    def observation(self, state: ClassicState, player: int | None, turn: turns.Turn) -> ClassicView:
        return observe(state, player)

    def sides_alive(self, state: ClassicState) -> dict[str, int]:
        alive = {s: 0 for s in state.order}
        for p in state.planes.values():
            if p.alive:
                side = state.squadrons[p.squadron].side
                alive[side] = alive.get(side, 0) + 1
        return alive

    def determinise(self, state: ClassicState, player: int, rng: random.Random) -> ClassicState:
        """Other hands, unrevealed AA faces and pack orders dealt again (see
        :mod:`aerodrome_classic.determinise`)."""
        from aerodrome_classic.determinise import determinise

        return determinise(state, player, rng)

    def is_over(self, state: ClassicState) -> bool:
        """[classic.end.1] play goes on until one side has lost all its planes."""
        return bool(state.beaten)

    def result(self, state: ClassicState, rounds: int) -> Result:
        """[classic.end.2] the winner shot down all of the opponent's planes."""
        alive = self.sides_alive(state)
        beaten = [s for s, n in alive.items() if n == 0]
        winners = tuple(s for s in alive if s not in beaten) if len(beaten) == 1 else ()
        if winners:
            reason = f"{beaten[0]} planes all shot down"
        elif beaten:
            reason = "both sides shot down"
        else:
            reason = "planes still flying"
        aces = sum(1 for p in state.planes.values() if p.kills >= 1)
        return Result(
            winners=winners,
            reason=reason,
            rounds=rounds,
            finished=bool(beaten),
            kills=dict(state.kills),
            losses=dict(state.losses),
            engagements=state.engagements,
            # the seat that moved first (for the first-player advantage metric)
            first_player=state.seat_side.index(state.order[0]) if state.order else None,
            stats={
                "aces": float(aces),
                "guns_revealed": float(sum(g.revealed for g in state.guns)),
                "ground_attacks": float(state.ground_attacks),
            },
        )

    # -- for people: sentences and pictures, from an observation ----------------------------
    def label(self, action: ClassicAction, view: ClassicView) -> ChoiceLabel:
        """A move is offered under its plane and end square: ``RED-1`` → ``to 12,7`` →
        ``facing N (4 squares, over enemy AA 11,7)`` (see :mod:`aerodrome_classic.text`)."""
        from aerodrome_classic.text import label

        return label(self.board, view, action)

    def sentence(self, action: ClassicAction, view: ClassicView) -> str:
        from aerodrome_classic.text import sentence

        return sentence(action, view)

    def prompt(self, decision: Decision, view: ClassicView) -> str:
        from aerodrome_classic.text import prompt

        return prompt(decision, view)

    def event_text(self, event: Event, view: ClassicView) -> str | None:
        from aerodrome_classic.text import event_text

        return event_text(view, event)

    def action_odds(self, action: ClassicAction, view: ClassicView) -> str | None:
        from aerodrome_classic.action_odds import action_odds

        return action_odds(self.board, action, view)

    def draw(self, view: ClassicView) -> RenderableType:
        from aerodrome_classic.draw import draw

        return draw(self.board, view)

    def own_marks(self, view: ClassicView, player: int) -> list[str]:
        """How ``player``'s own pieces show in :meth:`draw_compact` (a small terminal's play
        screen shows the window of the picture holding them)."""
        from aerodrome_classic.draw import own_marks

        return own_marks(view, player)

    def draw_compact(self, view: ClassicView) -> RenderableType:
        from aerodrome_classic.draw import draw_compact

        return draw_compact(self.board, view)

    def draw_svg(self, view: ClassicView) -> str:
        from aerodrome_classic.svg import draw_svg

        return draw_svg(self.board, view)

    # -- for learning agents (classic numbers no actions: see aerodrome_classic.numbering) ------
    def observation_vector(self, view: ClassicView) -> list[float]:
        """``view`` as numbers; the slots are listed in ``docs/rules/classic.md``."""
        encoder = self._encoder
        if encoder is None:
            from aerodrome_classic.numbering import Encoder

            encoder = self._encoder = Encoder(self.specs)
        return encoder.vector(view)

    # -- services ---------------------------------------------------------------------------
    def warm_up(self) -> None:
        """Every walk table of the board, from the disk cache when it has them (about 0.25 s
        of a simulation worker's start instead of the first games')."""
        self.board.warm_up()

    def material(self, state: ClassicState) -> dict[str, float]:
        return {s: float(n) for s, n in self.sides_alive(state).items()}

    def invariants(self, state: ClassicState) -> list[str]:
        broken: list[str] = []
        full = sorted(self.specs.cards.pack.cards())
        for sq in state.squadrons.values():
            cards = sorted(sq.pack + sq.hand + sq.discards)
            if cards != full:
                broken.append(f"{sq.name}: cards not conserved (pack+hand+discards={len(cards)})")
            flying = [
                p.id
                for p in state.planes.values()
                if p.alive and p.in_flight and p.squadron == sq.name
            ]
            if len(flying) > 1:
                broken.append(f"{sq.name}: {len(flying)} planes in flight")
            if (sq.aloft or None) != (flying[0] if flying else None):
                broken.append(f"{sq.name}: stand on {sq.aloft!r} but in flight {flying}")
        beaten = [s for s, n in self.sides_alive(state).items() if n == 0]
        if sorted(beaten) != sorted(state.beaten):
            broken.append(f"sides without planes {beaten}, but beaten {state.beaten}")
        seen: dict[tuple[int, int], str] = {}
        for p in state.planes.values():
            if not p.alive:
                continue
            if p.cell in seen:
                broken.append(f"{p.id} and {seen[p.cell]} share square {p.cell}")
            seen[p.cell] = p.id
            if not p.in_flight and p.cell not in self.board.landing_squadron:
                broken.append(f"{p.id} is grounded off a landing square at {p.cell}")
        held = self.board.mask(seen)
        kept = self.board.unpack(state.occupied)
        if kept != held:
            broken.append(f"occupied squares kept as {kept:#x}, but the planes stand on {held:#x}")
        return broken

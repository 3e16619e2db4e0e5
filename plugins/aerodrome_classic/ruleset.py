"""The classic Dogfight board game (1960s): the ruleset class.

Turn sequence: the side that won the dice throw takes its turn, then the other side
[classic.move.1]; the secret AA placement is asked at the start of the very first turn. See
``docs/rules/classic.md`` for how aerodrome reads the rulebook.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aerodrome.data import Action
from aerodrome.ruleset import Capabilities, Result, Ruleset, Seat, Setup
from aerodrome.turns import Context, Decision, Phase, Step, TurnSequence
from aerodrome_classic.board import Board, board_for
from aerodrome_classic.specs import SPEC_TYPES, Specs, load_specs, specs_dir
from aerodrome_classic.state import (
    ACTION_TYPES,
    ClassicState,
    FirstTurn,
    Gun,
    Move,
    Plane,
    Squadron,
    Turn,
)
from aerodrome_classic.turn import TurnRunner, gun_options
from aerodrome_classic.view import ClassicView, observe

if TYPE_CHECKING:
    from rich.console import RenderableType


class Classic(Ruleset[ClassicState]):
    """Dogfight, the card-and-dice board game of World War I air combat."""

    name = "classic"
    title = "Dogfight (classic board game)"
    rulebook = "rulebooks/dogfight-classic-board-game.txt"
    capabilities = Capabilities(hidden_information=True, simultaneous=False)
    action_types = ACTION_TYPES

    def __init__(self, hook: Any = None) -> None:
        super().__init__(hook)
        self.specs: Specs = load_specs()
        self.board: Board = board_for(self.specs)
        self._fleet: dict[str, dict[str, int]] = {}
        memo: list[Any] = []
        self._runners = (
            TurnRunner(0, self.board, self.specs, memo),
            TurnRunner(1, self.board, self.specs, memo),
        )
        self._sequence: TurnSequence[ClassicState] = TurnSequence(
            phases=(
                Phase(
                    name="first side",
                    steps=(Step("turn", self._runners[0].run, self._runners[0].resolve),),
                    clause="classic.move.1",
                ),
                Phase(
                    name="second side",
                    steps=(Step("turn", self._runners[1].run, self._runners[1].resolve),),
                    clause="classic.move.1",
                ),
            )
        )

    # -- description ------------------------------------------------------------------------
    def setups(self) -> Sequence[Setup]:
        """[classic.setup.1-3] two, three and four players."""
        return [
            Setup(
                name=s.name,
                title=s.title,
                description=s.description,
                seats=tuple(Seat(name=seat.name, side=seat.side) for seat in s.seats),
                options={"squadrons": [list(seat.squadrons) for seat in s.seats]},
                max_rounds=s.max_rounds,
            )
            for s in self.specs.setups.setup
        ]

    def specs_dir(self) -> Path | None:
        return specs_dir()

    def spec_types(self) -> Mapping[str, type[Any]]:
        return SPEC_TYPES

    def sequence(self) -> TurnSequence[ClassicState]:
        return self._sequence

    # -- the game ---------------------------------------------------------------------------
    def _squadrons_of(self, setup: Setup) -> list[list[str]]:
        raw = setup.options.get("squadrons")
        if raw is None:
            return [list(s.squadrons) for s in self.specs.setups.setup[0].seats]
        return [list(x) for x in raw]

    def _empty_state(self, setup: Setup) -> ClassicState:
        """[classic.setup.5] [classic.setup.9] every plane on a landing square, guns on the
        dots, the packs by their hangars."""
        seat_squadrons = self._squadrons_of(setup)
        seat_side = [s.side for s in setup.seats]
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
            seat_squadrons=seat_squadrons,
            planes=planes,
            squadrons=squadrons,
            guns=guns,
            guns_placed=[False] * len(seat_side),
            turn=Turn(),
            kills={s: 0 for s in sides},
            losses={s: 0 for s in sides},
        )

    def initial_state(self, setup: Setup, ctx: Context) -> ClassicState:
        state = self._empty_state(setup)
        for sq in state.squadrons.values():
            ctx.dice.shuffle(sq.pack)
        # [classic.move.19] throw the dice to decide who goes first (higher total; re-throw ties)
        sides = list(state.order)
        while True:
            totals = [sum(ctx.dice.roll(2, 6, f"who goes first: {s}")) for s in sides]
            if totals[0] != totals[1]:
                break
        first = sides[0] if totals[0] > totals[1] else sides[1]
        state.order = [first] + [s for s in sides if s != first]
        state.first_rolls = totals
        ctx.emit(FirstTurn(side=first))
        return state

    def position_state(
        self, setup: Setup, position: Mapping[str, Any], source: str
    ) -> ClassicState:
        from aerodrome_classic.position import build_position

        return build_position(self, setup, position, source)

    def legal_actions(
        self, state: ClassicState, decision: Decision, player: int
    ) -> Sequence[Action]:
        if decision.kind == "place guns":
            return gun_options(state, self.board, self.specs, player)
        return self._runners[0].legal(state, decision)

    def observation(self, state: ClassicState, player: int | None) -> ClassicView:
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
        fleet = self._fleet.get(state.setup)
        if fleet is None:
            fleet = self._fleet[state.setup] = {s: 0 for s in state.order}
            for p in state.planes.values():
                fleet[state.squadrons[p.squadron].side] += 1
        losses = state.losses
        for s, n in fleet.items():  # noqa: SIM110 (a loop: cheaper than any() here)
            if losses[s] >= n:
                return True
        return False

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

    # -- services ---------------------------------------------------------------------------
    def describe_action(self, state: ClassicState, action: Action) -> str:
        """The action's sentence; a move also names the enemy AA squares it passes (routes
        to the same square differ only there)."""
        text = action.describe()
        if isinstance(action, Move) and action.plane in state.planes:
            side = state.squadrons[state.planes[action.plane].squadron].side
            aa = self.board.enemy_aa[side]
            over = [c for c in action.path[1:] if self.board.bit(c) & aa]
            if over:
                text += " over AA " + " ".join(f"{x},{y}" for x, y in over)
        return text

    def render(self, state: ClassicState, player: int | None) -> RenderableType:
        from aerodrome_classic.render import render

        return render(self, state, player)

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
                p.id for p in state.planes.values() if p.alive and p.in_flight and p.squadron == sq.name
            ]
            if len(flying) > 1:
                broken.append(f"{sq.name}: {len(flying)} planes in flight")
            if (sq.aloft or None) != (flying[0] if flying else None):
                broken.append(f"{sq.name}: stand on {sq.aloft!r} but in flight {flying}")
        seen: dict[tuple[int, int], str] = {}
        for p in state.planes.values():
            if not p.alive:
                continue
            if p.cell in seen:
                broken.append(f"{p.id} and {seen[p.cell]} share square {p.cell}")
            seen[p.cell] = p.id
            if not p.in_flight and p.cell not in self.board.landing_squadron:
                broken.append(f"{p.id} is grounded off a landing square at {p.cell}")
        return broken

"""The turn sequence of the classic game, on the core's sequencer.

Set-up (once, before round 1): each seat in turn places its AA pieces in secret
[classic.setup.6, classic.setup.7]. Then every round the side that won the throw for the
first turn moves, then the other [classic.move.1, classic.move.19]; in a side's phase each of
its players in seat order [classic.partners.2, classic.partners.3]:

1. ``give``: a partner with a plane to spare may give one to a partner who has none
   [classic.partners.4];
2. ``take-off`` (for each of his squadrons with no plane In Flight and a grounded plane): put
   one In Flight [classic.move.2-5];
3. ``roll``: throw both dice, when he has a plane In Flight [classic.move.6];
4. ``move``: one move per die and plane [classic.move.9, classic.move.10]; after a landing,
   which cards to keep [classic.renew.2];
5. ``attacks``: the attacks of the planes that moved, in the order he chooses
   [classic.dogfight.5], each fought card by card (:class:`~aerodrome_classic.combat.Combat`).

Each step that asks a question lists its legal answers and applies them. The state keeps
what is on the table (``state.turn``: whose part it is, the dice, the attacks to fight, the
dogfight); where the turn is among these steps is the core's clock.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import cached_property

from aerodrome.api import (
    Ask,
    Context,
    Decision,
    ForEach,
    Phase,
    Reveal,
    RuleHooks,
    Step,
    TurnSequence,
    listed,
)
from aerodrome.engine.turns import Item
from aerodrome_classic.board import Board, board_for
from aerodrome_classic.combat import Combat, attacks_of, planes_by_cell, start_attack, still_valid
from aerodrome_classic.hooks import Variants
from aerodrome_classic.movement import apply_move, legal_moves, take_off, unmoved
from aerodrome_classic.specs import Specs
from aerodrome_classic.state import (
    Attack,
    CardsKept,
    ClassicState,
    Decline,
    GivePlane,
    GunsPlaced,
    KeepCards,
    Kind,
    Move,
    Pending,
    PlaceGuns,
    PlaneGiven,
    PlayCard,
    Stuck,
    TakeOff,
)

# -- the answers of each question -------------------------------------------------------------


def gun_options(
    state: ClassicState, board: Board, specs: Specs, player: int
) -> tuple[PlaceGuns, ...]:
    """Every way to place the player's Hit pieces on his squadrons' dot squares
    [classic.setup.6, classic.setup.7]."""
    per_squadron = [
        list(itertools.combinations(board.dots[sq], specs.cards.guns.hit))
        for sq in state.seat_squadrons[player]
    ]
    return tuple(
        PlaceGuns(hits=tuple(sorted(c for part in combo for c in part)))
        for combo in itertools.product(*per_squadron)
    )


def alive_planes(state: ClassicState, player: int) -> list[str]:
    mine = state.seat_squadrons[player]
    return [p.id for p in state.planes.values() if p.alive and p.squadron in mine]


def gift_options(state: ClassicState, player: int, partner: int) -> tuple[GivePlane | Decline, ...]:
    """[classic.partners.4] a player with a plane to spare may give a grounded one to a
    partner who has lost all of his; [classic.partners.5] with only one plane left on the
    side there is nothing to give."""
    if partner == player or alive_planes(state, partner):
        return ()
    mine = alive_planes(state, player)
    if len(mine) < 2:
        return ()
    out: list[GivePlane | Decline] = [
        GivePlane(plane=pid, to=partner) for pid in mine if not state.planes[pid].in_flight
    ]
    if out:
        out.append(Decline(what="give a plane"))
    return tuple(out)


def launch_candidates(state: ClassicState, player: int | None) -> list[str]:
    """The player's squadrons with no plane In Flight and a grounded plane [classic.move.2,
    classic.move.4]."""
    if player is None:
        return []
    squadrons = state.squadrons
    idle: list[str] = []
    for name in state.seat_squadrons[player]:  # a plain loop: asked at every player's part
        if not squadrons[name].aloft:
            idle.append(name)
    if not idle:
        return idle
    grounded = {p.squadron for p in state.planes.values() if p.alive and not p.in_flight}
    return [name for name in idle if name in grounded]


def take_off_options(state: ClassicState, squadron: str) -> tuple[TakeOff | Decline, ...]:
    out: list[TakeOff | Decline] = [
        TakeOff(plane=p.id)
        for p in state.planes.values()
        if p.alive and not p.in_flight and p.squadron == squadron
    ]
    out.append(Decline(what=f"take-off {squadron}"))
    return tuple(out)


def _keeps(state: ClassicState, player: int) -> tuple[KeepCards, ...]:
    """The landed squadron's choices, read from its hand in ``state`` (hidden from the other
    players: a determinisation for one of them holds another hand)."""
    assert state.turn.keep is not None
    return keep_options(state.squadrons[state.turn.keep].hand)


def keep_options(hand: list[str]) -> tuple[KeepCards, ...]:
    """Every choice of cards to leave in the In Flight section after landing
    [classic.renew.2]."""
    counts: dict[str, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    kinds = sorted(counts)
    return tuple(
        KeepCards(cards=tuple(k for k, n in zip(kinds, picks, strict=True) for _ in range(n)))
        for picks in itertools.product(*(range(counts[k] + 1) for k in kinds))
    )


def attack_options(pending: list[Pending]) -> tuple[Attack | Decline, ...]:
    out: list[Attack | Decline] = [Attack(attacker=a.attacker, target=a.target) for a in pending]
    if all(a.ground for a in pending):
        out.append(Decline(what="ground attack"))  # [classic.ground.5] optional
    return tuple(out)


# -- the steps --------------------------------------------------------------------------------


#: the item of the ForEach that plays the attacks when some are found
_ATTACKS: tuple[Item, ...] = ("attacks",)


def attacks_due(state: ClassicState) -> tuple[Item, ...]:
    """The attacks' step, played once when attacks were found after the moves, else skipped.

    (A ForEach over one item or none: the core skips an empty ForEach without running a
    step, which costs less than a step that returns None at once, and a player's part of the
    turn is played about 600 times in a random game.)"""
    return _ATTACKS if state.turn.pending else ()


class Rules:
    """The steps of the classic turn, with what they share: the specs, the board (built on
    first use) and the callers of the classic variant hooks (looked up once)."""

    def __init__(self, specs: Specs, hooks: RuleHooks) -> None:
        self.specs = specs
        variants = Variants(hooks)
        self.head_on = variants.head_on
        self.cards_at_take_off = variants.cards_at_take_off
        self._move_decisions: dict[int, Decision] = {}
        self._moved_answer = self._moved  # bound once (asked at every move)
        #: the seats of each side, by the sides of the seats
        self._seats: dict[tuple[tuple[str, ...], str], tuple[int, ...]] = {}

    @cached_property
    def board(self) -> Board:
        return board_for(self.specs)

    @cached_property
    def combat(self) -> Combat:
        return Combat(self.board, self.head_on)

    def sequence(self) -> TurnSequence[ClassicState]:
        def part(index: int) -> ForEach[ClassicState]:
            """The players of the side moving ``index``-th, each in turn [classic.partners.3]."""

            seats = self._seats

            def players(state: ClassicState) -> tuple[int, ...]:
                found = seats.get((state.seat_side, state.order[index]))
                return found if found is not None else self.seats_of(state, state.order[index])

            def needy(state: ClassicState) -> list[int]:
                if len(state.seat_side) < 3:
                    return []  # two players: nobody has a partner (asked at every part)
                return self.needy_partners(state, state.order[index])

            def idle(state: ClassicState) -> list[str]:
                # [classic.move.2] a side of one player whose squadrons all have a plane
                # In Flight puts none up (the commonest case, checked inline: asked at
                # every part)
                found = seats.get((state.seat_side, state.order[index]))
                if found is not None and len(found) == 1:
                    squadrons = state.squadrons
                    for name in state.seat_squadrons[found[0]]:
                        if not squadrons[name].aloft:
                            break
                    else:
                        return []
                return self.idle_squadrons(state, state.order[index])

            return ForEach(
                "players",
                players,
                (
                    ForEach(
                        "partners without planes",
                        needy,
                        (Step("give", self.give, clause="classic.partners.4"),),
                    ),
                    ForEach(
                        "idle squadrons",
                        idle,
                        (Step("take-off", self.take_off, clause="classic.move.2"),),
                    ),
                    Step("move", self.move, clause="classic.move.6"),
                    ForEach(
                        "attacks",
                        attacks_due,
                        (Step("attacks", self.attacks, clause="classic.dogfight.5"),),
                    ),
                ),
                clause="classic.partners.3",
            )

        return TurnSequence(
            setup=(
                Phase(
                    "AA placement",
                    (ForEach("seats", self.every_seat, (Step("place guns", self.place_guns),)),),
                    clause="classic.setup.6",
                ),
            ),
            phases=(
                Phase("first side", (part(0),), clause="classic.move.1"),
                Phase("second side", (part(1),), clause="classic.move.1"),
            ),
        )

    def seats_of(self, state: ClassicState, side: str) -> tuple[int, ...]:
        """The seats of ``side``, in seat order."""
        key = (state.seat_side, side)
        seats = self._seats.get(key)
        if seats is None:
            seats = self._seats[key] = tuple(q for q, s in enumerate(state.seat_side) if s == side)
        return seats

    # -- set-up: AA placement [classic.setup.6, classic.setup.7] -------------------------------
    @staticmethod
    def every_seat(state: ClassicState) -> range:
        return range(len(state.seat_side))

    def place_guns(self, state: ClassicState, ctx: Context) -> Ask[ClassicState, PlaceGuns]:
        player = ctx.item
        assert isinstance(player, int)
        return Ask(
            Decision(
                players=(player,),
                kind=Kind.PLACE_GUNS,
                reveal=Reveal.OWNER,
            ),
            listed(gun_options(state, self.board, self.specs, player)),
            self._guns_placed,
        )

    @staticmethod
    def _guns_placed(state: ClassicState, ctx: Context, answers: Mapping[int, PlaceGuns]) -> None:
        for player, action in answers.items():
            hits = set(action.hits)
            mine = set(state.seat_squadrons[player])
            for g in state.guns:
                if g.squadron in mine:
                    g.hit = g.cell in hits
            state.guns_placed[player] = True
            ctx.emit(GunsPlaced(player=player))

    # -- a player's part of his side's turn ----------------------------------------------------
    @staticmethod
    def _begin(state: ClassicState, player: Item) -> int:
        """Note on the table whose part of the turn it is (the item of the ForEach over the
        side's players), for the observation."""
        assert isinstance(player, int)
        t = state.turn
        t.player = player
        t.side = state.seat_side[player]
        return player

    def needy_partners(self, state: ClassicState, side: str) -> list[int]:
        """The seats of ``side`` whose player has lost all his planes (a partner may give
        him one [classic.partners.4])."""
        if len(state.seat_side) < 3:
            return []  # two players: nobody has a partner
        seats = self.seats_of(state, side)
        if len(seats) < 2:
            return []
        return [q for q in seats if not alive_planes(state, q)]

    def give(
        self, state: ClassicState, ctx: Context
    ) -> Ask[ClassicState, GivePlane | Decline] | None:
        """A player with a plane to spare may give one to a partner who has none
        [classic.partners.4]."""
        player = self._begin(state, ctx.items[0])
        partner = ctx.item
        assert isinstance(partner, int)
        options = gift_options(state, player, partner)
        if not options:
            return None
        return Ask(
            Decision(players=(player,), kind=Kind.GIVE),
            listed(options),
            self._given,
        )

    @staticmethod
    def _given(
        state: ClassicState, ctx: Context, answers: Mapping[int, GivePlane | Decline]
    ) -> None:
        """[classic.partners.6] the plane joins the partner's squadron (stand, cards,
        airfield) where it stands."""
        ((_, action),) = answers.items()
        if isinstance(action, GivePlane):
            to_squadron = state.seat_squadrons[action.to][0]
            state.planes[action.plane].squadron = to_squadron
            ctx.emit(lambda: PlaneGiven(plane=action.plane, to=action.to, squadron=to_squadron))

    def idle_squadrons(self, state: ClassicState, side: str) -> list[str]:
        """The squadrons of ``side`` that may put a plane In Flight [classic.move.2,
        classic.move.4] (each asks its own player)."""
        seats = self.seats_of(state, side)
        if len(seats) == 1:
            return launch_candidates(state, seats[0])
        return [name for q in seats for name in launch_candidates(state, q)]

    def take_off(
        self, state: ClassicState, ctx: Context
    ) -> Ask[ClassicState, TakeOff | Decline] | None:
        player = self._begin(state, ctx.items[0])
        squadron = ctx.item
        assert isinstance(squadron, str)
        if state.squadrons[squadron].seat != player:
            return None  # a partner's squadron: asked in his part
        return Ask(
            Decision(players=(player,), kind=Kind.TAKE_OFF, subject=squadron),
            listed(take_off_options(state, squadron)),
            self._took_off,
        )

    def _took_off(
        self, state: ClassicState, ctx: Context, answers: Mapping[int, TakeOff | Decline]
    ) -> None:
        ((_, action),) = answers.items()
        if isinstance(action, TakeOff):
            take_off(state, ctx, self.board, self.specs.cards, action.plane, self.cards_at_take_off)

    def move(
        self, state: ClassicState, ctx: Context
    ) -> Ask[ClassicState, KeepCards] | Ask[ClassicState, Move] | None:
        """The player throws both dice, when he has a plane In Flight [classic.move.6], then
        moves one plane per question until the dice are used [classic.move.9,
        classic.move.10]; the cards of a plane that landed are sorted before anything else
        [classic.renew.2]."""
        t = state.turn
        if t.keep:
            squadron = state.squadrons[t.keep]
            return Ask(
                Decision(players=(squadron.seat,), kind=Kind.KEEP_CARDS, reveal=Reveal.OWNER),
                _keeps,
                self._kept,
            )
        dice = t.dice
        player = t.player
        if dice is None:  # the throw
            player = self._begin(state, ctx.item)
            squadrons = state.squadrons
            for name in state.seat_squadrons[player]:
                if squadrons[name].aloft:
                    dice = t.dice = list(ctx.dice.roll(2, 6, "move"))
                    break
            else:
                self._moves_done(state)  # no plane In Flight: nothing to throw for
                return None
        assert player is not None
        if dice:
            moves = legal_moves(state, self.board, dice, player)
            if moves.total:
                decision = self._move_decisions.get(player)
                if decision is None:
                    decision = self._move_decisions[player] = Decision(
                        players=(player,), kind=Kind.MOVE
                    )
                return Ask(decision, moves.answer, self._moved_answer)
            for pid in unmoved(state, player):  # [classic.move.17] no legal walk:
                ctx.emit(Stuck(plane=pid))  # it stays, and did not move to attack
        self._moves_done(state)
        return None

    def _moves_done(self, state: ClassicState) -> None:
        """The moves are over: the dice are picked up and the attacks of the planes that moved
        are found [classic.dogfight.1, classic.ground.3] (after that, nothing asks which
        planes moved)."""
        t = state.turn
        t.dice = None
        t.pending = self._attacks(state)  # also marks every plane unmoved

    def _moved(self, state: ClassicState, ctx: Context, answers: Mapping[int, Move]) -> bool:
        """Fly the move; True while the step has a question left (the landed plane's cards,
        the other die)."""
        t = state.turn
        ((player, move),) = answers.items()
        dice = t.dice
        assert dice is not None
        # two planes to move: one die each (with one die left, one plane is left to move)
        others = False
        if len(dice) > 1:  # unmoved(state, player) counted inline (once a decision)
            squadrons, planes = state.squadrons, state.planes
            left = 0
            for name in state.seat_squadrons[player]:
                aloft = squadrons[name].aloft
                if aloft and not planes[aloft].moved:
                    left += 1
            others = left > 1
        if apply_move(state, ctx, self.board, move):
            home = state.squadrons[state.planes[move.plane].squadron]
            if home.hand:
                t.keep = home.name
        if others:
            dice.remove(len(move.path) - 1)  # [classic.move.9] one die each
        else:
            dice.clear()  # [classic.move.10] one plane: one die, never both
        if t.keep or dice:
            return True
        self._moves_done(state)
        return False

    def _kept(self, state: ClassicState, ctx: Context, answers: Mapping[int, KeepCards]) -> bool:
        """Keep the chosen cards, discard the rest [classic.renew.2]; True while a die is
        left."""
        ((_, action),) = answers.items()
        t = state.turn
        sq = state.squadrons[t.keep]
        rest = list(sq.hand)
        for c in action.cards:
            rest.remove(c)
        sq.discards.extend(rest)
        sq.hand = sorted(action.cards)
        ctx.emit(lambda: CardsKept(squadron=sq.name, kept=len(sq.hand)))
        t.keep = ""
        if t.dice:
            return True
        self._moves_done(state)
        return False

    def _attacks(self, state: ClassicState) -> list[Pending]:
        """The attacks of the planes that moved [classic.dogfight.1, classic.ground.3]; a
        plane with no plane on a square beside it has none (checked on bit masks first).
        Every plane is left unmoved (the moves are over)."""
        board = self.board
        around = board.around
        occupied = int.from_bytes(state.occupied, "little")  # Board.unpack, inline
        cells: dict[tuple[int, int], str] | None = None
        found: list[Pending] = []
        for x in state.planes.values():
            if x.moved:
                x.moved = False  # read once, here (the attacks look at squares, not at moves)
                if not (x.alive and x.in_flight):
                    continue
                if not around[x.cell] & occupied:
                    continue
                if cells is None:
                    cells = planes_by_cell(state)
                found.extend(attacks_of(state, board, x.id, cells))
        return found

    def attacks(
        self, state: ClassicState, ctx: Context
    ) -> Ask[ClassicState, Attack | Decline] | Ask[ClassicState, PlayCard | Decline] | None:
        """The attacks found after the moves, in the order the player chooses
        [classic.dogfight.5] (one attack is fought at once), each fought to its end."""
        t = state.turn
        while True:
            if t.fight is not None:
                asked = self.combat.ask(state, ctx)
                if asked is not None:
                    return asked
                continue
            if t.pending:
                board = self.board
                t.pending = [a for a in t.pending if still_valid(state, board, a)]
                if t.pending:
                    if len(t.pending) == 1 and not t.pending[0].ground:
                        start_attack(state, ctx, board, t, t.pending[0])
                        continue
                    assert t.player is not None
                    return Ask(
                        Decision(players=(t.player,), kind=Kind.ATTACK),
                        listed(attack_options(t.pending)),
                        self._chosen,
                    )
            return None

    def _chosen(
        self, state: ClassicState, ctx: Context, answers: Mapping[int, Attack | Decline]
    ) -> bool:
        t = state.turn
        ((_, action),) = answers.items()
        if isinstance(action, Attack):
            chosen = next(
                a for a in t.pending if a.attacker == action.attacker and a.target == action.target
            )
            start_attack(state, ctx, self.board, t, chosen)
        else:
            t.pending = [a for a in t.pending if not a.ground]
        return True

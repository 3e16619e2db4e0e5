"""The turn: AA placement at the start, then sides alternate [classic.move.1]; within a side's
turn each of its players in seat order may receive a plane [classic.partners.4], puts planes
In Flight, throws the dice, moves, and fights [classic.object.1, classic.partners.2-3].

All progress lives in ``state.turn`` so a game can be saved between any two decisions.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from aerodrome.data import Action
from aerodrome.errors import IllegalActionError
from aerodrome.turns import Context, Decision
from aerodrome_classic.board import Board
from aerodrome_classic.combat import (
    attacks_of,
    burst_options,
    defence_options,
    planes_by_cell,
    resolve_fight,
    run_fight,
    start_attack,
    still_valid,
)
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
    Move,
    Pending,
    PlaceGuns,
    PlaneGiven,
    Stuck,
    TakeOff,
    Turn,
)

# -- AA placement [classic.setup.6, classic.setup.7] ---------------------------------------


def gun_options(state: ClassicState, board: Board, specs: Specs, player: int) -> list[Action]:
    """Every way to place the player's Hit pieces on his squadrons' dot squares."""
    per_squadron = [
        list(itertools.combinations(board.dots[sq], specs.cards.guns.hit))
        for sq in state.seat_squadrons[player]
    ]
    out: list[Action] = []
    for combo in itertools.product(*per_squadron):
        hits = tuple(sorted(c for part in combo for c in part))
        out.append(PlaceGuns(hits=hits))
    return out


def run_guns(state: ClassicState, ctx: Context) -> Decision | None:
    for player, done in enumerate(state.guns_placed):
        if not done:
            return Decision(
                players=(player,),
                kind="place guns",
                secret=True,
                prompt="Place your AA pieces: which dot squares hold a Hit gun?",
            )
    return None


def resolve_guns(state: ClassicState, ctx: Context, answers: Mapping[int, Action]) -> bool:
    for player, action in answers.items():
        assert isinstance(action, PlaceGuns)
        hits = set(action.hits)
        mine = set(state.seat_squadrons[player])
        for g in state.guns:
            if g.squadron in mine:
                g.hit = g.cell in hits
        state.guns_placed[player] = True
        ctx.emit(GunsPlaced(player=player))
    return True


# -- the side's turn --------------------------------------------------------------------------


def alive_planes(state: ClassicState, player: int) -> list[str]:
    mine = state.seat_squadrons[player]
    return [p.id for p in state.planes.values() if p.alive and p.squadron in mine]


def gift_options(state: ClassicState, player: int) -> list[Action]:
    """[classic.partners.4] a player with a plane to spare may give a grounded one to a
    partner who has lost all of his; [classic.partners.5] with only one plane left on the
    side there is nothing to give."""
    side = state.seat_side[player]
    needy = [
        q
        for q, s in enumerate(state.seat_side)
        if s == side and q != player and not alive_planes(state, q)
    ]
    mine = alive_planes(state, player)
    if not needy or len(mine) < 2:
        return []
    grounded = [pid for pid in mine if not state.planes[pid].in_flight]
    out: list[Action] = [GivePlane(plane=pid, to=q) for q in needy for pid in grounded]
    if out:
        out.append(Decline(what="give a plane"))
    return out


def launch_candidates(state: ClassicState, player: int) -> list[str]:
    """The player's squadrons with no plane In Flight and a grounded plane [classic.move.2,
    classic.move.4]."""
    squadrons = state.squadrons
    idle = [name for name in state.seat_squadrons[player] if not squadrons[name].aloft]
    if not idle:
        return idle
    grounded = {p.squadron for p in state.planes.values() if p.alive and not p.in_flight}
    return [name for name in idle if name in grounded]


def take_off_options(state: ClassicState, squadron: str) -> list[Action]:
    out: list[Action] = [
        TakeOff(plane=p.id)
        for p in state.planes.values()
        if p.alive and not p.in_flight and p.squadron == squadron
    ]
    out.append(Decline(what=f"take-off {squadron}"))
    return out


def keep_options(hand: list[str]) -> list[Action]:
    """Every choice of cards to leave in the In Flight section after landing
    [classic.renew.2]."""
    counts: dict[str, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    kinds = sorted(counts)
    out: list[Action] = []
    for picks in itertools.product(*(range(counts[k] + 1) for k in kinds)):
        kept = tuple(k for k, n in zip(kinds, picks, strict=True) for _ in range(n))
        out.append(KeepCards(cards=kept))
    return out


def pending_options(state: ClassicState, t: Turn) -> list[Action]:
    out: list[Action] = [Attack(attacker=a.attacker, target=a.target) for a in t.pending]
    if all(a.ground for a in t.pending):
        out.append(Decline(what="ground attack"))  # [classic.ground.5] optional
    return out


class TurnRunner:
    """The step that plays one side's turn (``index`` 0: the side that moves first)."""

    def __init__(
        self,
        index: int,
        board: Board,
        specs: Specs,
        memo: list[tuple[ClassicState, Decision, Sequence[Action]]] | None = None,
    ) -> None:
        self.index = index
        self.board = board
        self.specs = specs
        #: the moves run() listed for the move decision it returned last (shared by the
        #: runners of both sides: :meth:`legal` may be called on either)
        self._memo: list[tuple[ClassicState, Decision, Sequence[Action]]] = (
            memo if memo is not None else []
        )

    def run(self, state: ClassicState, ctx: Context) -> Decision | None:
        """Play the turn until a player must decide. The stages are written in turn order and
        fall through into one another (a stage that is done sets the next one and the code
        below goes on with it); ``continue`` starts again from the stage now in ``t.stage``."""
        t = state.turn
        board = self.board
        while True:
            stage = t.stage
            if stage == "move":
                if t.keep:
                    seat = state.squadrons[t.keep].seat
                    return Decision(
                        players=(seat,), kind="keep cards", secret=True, prompt="Keep which cards?"
                    )
                p = t.players[t.index]
                if t.dice:
                    moves = legal_moves(state, board, t, p)
                    if len(moves):
                        d = Decision(players=(p,), kind="move", prompt="Move your planes")
                        memo = self._memo
                        if memo:
                            memo[0] = (state, d, moves)
                        else:
                            memo.append((state, d, moves))
                        return d
                    for pid in unmoved(state, p):  # [classic.move.17] no legal walk:
                        ctx.emit(Stuck(plane=pid))  # it stays, and did not move to attack
                    t.dice = []
                t.pending = self._attacks(state)
                stage = t.stage = "attacks"
            if stage == "attacks":
                if t.fight is not None:
                    asked = run_fight(state, ctx, board, t)
                    if asked is not None:
                        return asked
                    continue
                if t.pending:
                    t.pending = [a for a in t.pending if still_valid(state, board, a)]
                    if t.pending:
                        if len(t.pending) == 1 and not t.pending[0].ground:
                            start_attack(state, ctx, board, t, t.pending[0])
                            continue
                        p = t.players[t.index]
                        return Decision(players=(p,), kind="attack", prompt="Which attack first?")
                stage = t.stage = "next"
            if stage == "next":
                for plane in state.planes.values():
                    plane.moved = False
                t.index += 1
                t.pending = []
                stage = t.stage = "player"
            if stage == "start":
                if self.index == 0 and not all(state.guns_placed):
                    # [classic.setup.6] the AA guns are placed before the first turn (asked
                    # here rather than in a set-up step that would run, empty, every round)
                    asked = run_guns(state, ctx)
                    if asked is not None:
                        return asked
                side = state.order[self.index]
                players = [q for q, s in enumerate(state.seat_side) if s == side]
                state.turn = t = Turn(side=side, players=players, stage="player")
                stage = "player"
            if stage == "player":
                if t.index >= len(t.players):
                    state.turn = Turn()
                    return None
                mine = state.seat_squadrons[t.players[t.index]]
                for x in state.planes.values():
                    if x.alive and x.squadron in mine:
                        break
                else:
                    t.stage = "next"  # no plane left: nothing to do
                    continue
                stage = t.stage = "give"
            p = t.players[t.index]
            if stage == "give":
                if len(t.players) > 1 and gift_options(state, p):
                    return Decision(players=(p,), kind="give", prompt="Give your partner a plane?")
                stage = t.stage = "launch0"
            if stage == "launch0":
                t.launch = launch_candidates(state, p)
                stage = t.stage = "launch"
            if stage == "launch":
                if t.launch:
                    return Decision(
                        players=(p,),
                        kind="take-off",
                        prompt=f"Put a {t.launch[0]} plane in flight?",
                    )
                stage = t.stage = "roll"
            if stage == "roll":
                if not unmoved(state, p):
                    t.stage = "next"
                    continue
                t.dice = list(ctx.dice.roll(2, 6, "move"))  # [classic.move.6]
                t.stage = "move"
                continue
            raise AssertionError(f"unknown turn stage {stage!r}")

    def _attacks(self, state: ClassicState) -> list[Pending]:
        """The attacks of the planes that moved [classic.dogfight.1, classic.ground.3]; a
        plane with no plane on a square beside it has none (checked on bit masks first)."""
        board = self.board
        bitof = board.bitof
        around = board.around
        occupied = -1
        cells: dict[tuple[int, int], str] | None = None
        found: list[Pending] = []
        for x in state.planes.values():
            if x.moved and x.alive and x.in_flight:
                if occupied < 0:
                    occupied = 0
                    for q in state.planes.values():
                        if q.alive:
                            occupied |= bitof[q.cell]
                if not around[x.cell] & occupied:
                    continue
                if cells is None:
                    cells = planes_by_cell(state)
                found.extend(attacks_of(state, board, x.id, cells))
        return found

    def legal(self, state: ClassicState, decision: Decision) -> Sequence[Action]:
        if self._memo:
            memo = self._memo[0]
            if memo[0] is state and memo[1] is decision:
                return memo[2]  # the moves run() listed for this very decision
        t = state.turn
        p = t.players[t.index]
        stage = t.stage
        if stage == "give":
            return gift_options(state, p)
        if stage == "launch":
            return take_off_options(state, t.launch[0])
        if stage == "move":
            if t.keep:
                return keep_options(state.squadrons[t.keep].hand)
            return legal_moves(state, self.board, t, p)
        if stage == "attacks":
            f = t.fight
            if f is not None:
                if f.stage == "shoot":
                    return burst_options(state, f)
                return defence_options(state, f)
            return pending_options(state, t)
        return []

    def resolve(self, state: ClassicState, ctx: Context, answers: Mapping[int, Action]) -> bool:
        t = state.turn
        stage = t.stage
        if stage == "start":
            return resolve_guns(state, ctx, answers)
        ((_, action),) = answers.items()
        board = self.board
        if stage == "give":
            if isinstance(action, GivePlane):
                self._give(state, ctx, action)
            t.stage = "launch0"
        elif stage == "launch":
            sq = t.launch.pop(0)
            if isinstance(action, TakeOff):
                if state.planes[action.plane].squadron != sq:
                    raise IllegalActionError(f"{action.plane} is not a {sq} plane")
                take_off(state, ctx, board, self.specs.cards, action.plane)
        elif stage == "move":
            if isinstance(action, KeepCards):
                self._keep(state, ctx, action)
            else:
                assert isinstance(action, Move)
                others = len(unmoved(state, t.players[t.index])) > 1
                if apply_move(state, ctx, board, action):
                    home = state.squadrons[state.planes[action.plane].squadron]
                    if home.hand:
                        t.keep = home.name
                if others:
                    t.dice.remove(len(action.path) - 1)  # [classic.move.9] one die each
                else:
                    t.dice = []  # [classic.move.10] one plane: one die, never both
        elif stage == "attacks":
            if t.fight is not None:
                resolve_fight(state, ctx, board, t, action)
            elif isinstance(action, Attack):
                chosen = next(
                    a
                    for a in t.pending
                    if a.attacker == action.attacker and a.target == action.target
                )
                start_attack(state, ctx, board, t, chosen)
            else:
                t.pending = [a for a in t.pending if not a.ground]
        return True

    def _give(self, state: ClassicState, ctx: Context, action: GivePlane) -> None:
        """[classic.partners.6] the plane joins the partner's squadron (stand, cards,
        airfield) where it stands."""
        to_squadron = state.seat_squadrons[action.to][0]
        state.planes[action.plane].squadron = to_squadron
        ctx.emit(PlaneGiven(plane=action.plane, to=action.to, squadron=to_squadron))

    def _keep(self, state: ClassicState, ctx: Context, action: KeepCards) -> None:
        t = state.turn
        sq = state.squadrons[t.keep]
        rest = list(sq.hand)
        for c in action.cards:
            rest.remove(c)
        sq.discards.extend(rest)
        sq.hand = sorted(action.cards)
        ctx.emit(CardsKept(squadron=sq.name, kept=len(sq.hand)))
        t.keep = ""

"""Dogfights and ground attacks: positions, card play, Loop exchanges, shooting down, aces.

[classic.dogfight.1] a plane that ends its move next to an enemy plane In Flight, facing it,
attacks it; [classic.dogfight.3] the position (head on, side, tail) is where the attacker
sits relative to the target's facing; [classic.dogfight.5] the moving player orders several
attacks; [classic.side.*], [classic.headon.*], [classic.tail.*] the card play;
[classic.ground.3] attacks on grounded planes; [classic.down.1] shooting down;
[classic.aces.*] insignia.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from aerodrome.api import Ask, Context, Decision, IllegalActionError
from aerodrome_classic.board import Board
from aerodrome_classic.cards import bursts, play_card
from aerodrome_classic.state import (
    BecameAce,
    CardPlayed,
    ClassicState,
    Decline,
    DogfightStarted,
    Exchanged,
    Fight,
    Kind,
    Pending,
    PlayCard,
    ShotDown,
    Turn,
)

OUTCOMES = ("cancel", "attacker_down", "defender_down", "both_down")

#: The variant hook ``aerodrome_classic_head_on`` as its caller (None: nobody implements it).
HeadOn = Callable[..., "str | None"] | None


def head_on_outcome(hook: HeadOn, attacker_burst: int, defender_burst: int) -> str:
    """The result of a head-on exchange of Bursts [classic.headon.2, classic.headon.3].

    A variant may change it through ``aerodrome_classic_head_on`` (``hook``: its caller);
    otherwise the rulebook: equal → "cancel", defender higher → "attacker_down", lower or
    none (0) → "defender_down".
    """
    if hook is not None:
        result = hook(attacker_burst=attacker_burst, defender_burst=defender_burst)
        if result is not None:
            if result not in OUTCOMES:
                raise IllegalActionError(
                    f"aerodrome_classic_head_on returned {result!r}, not one of {OUTCOMES}",
                    clause="classic.headon.2",
                )
            return str(result)
    if defender_burst == attacker_burst:
        return "cancel"
    if defender_burst > attacker_burst:
        return "attacker_down"
    return "defender_down"


def seat_of(state: ClassicState, plane: str) -> int:
    return state.squadrons[state.planes[plane].squadron].seat


def shoot_down(
    state: ClassicState, ctx: Context, board: Board, plane: str, by: str, how: str
) -> None:
    """Remove ``plane`` from the game [classic.down.1]: its stand goes home (its square is
    free) and its In Flight cards go to the discards. ``by`` is the plane that shot it (an AA
    gun: ``"AA:<squadron>"``) and gains a victory [classic.aces.1-3]."""
    p = state.planes[plane]
    sq = state.squadrons[p.squadron]
    p.alive = False
    state.occupied = board.pack(board.unpack(state.occupied) & ~board.bitof[p.cell])
    if p.in_flight:
        p.in_flight = False
        sq.discards.extend(sq.hand)
        sq.hand = []
        sq.aloft = ""
    state.losses[sq.side] = state.losses.get(sq.side, 0) + 1
    squadrons = state.squadrons
    if not any(q.alive and squadrons[q.squadron].side == sq.side for q in state.planes.values()):
        state.beaten.append(sq.side)  # [classic.end.1] its last plane
    if by.startswith("AA:"):
        side = state.squadrons[by[3:]].side
    else:
        killer = state.planes[by]
        killer.kills += 1
        side = state.squadrons[killer.squadron].side
        kills = killer.kills
        if kills <= 2:
            ctx.emit(lambda: BecameAce(plane=by, kills=kills))
    state.kills[side] = state.kills.get(side, 0) + 1
    ctx.emit(lambda: ShotDown(plane=plane, by=by, how=how))


# -- finding attacks ------------------------------------------------------------------------


def planes_by_cell(state: ClassicState) -> dict[tuple[int, int], str]:
    return {p.cell: p.id for p in state.planes.values() if p.alive}


def attacks_of(
    state: ClassicState,
    board: Board,
    plane: str,
    cells: dict[tuple[int, int], str] | None = None,
) -> list[Pending]:
    """The attacks a plane that just ended its move may make: a dogfight on the enemy plane
    In Flight its front faces [classic.dogfight.1, classic.dogfight.4], else ground attacks on
    grounded enemy planes next to it [classic.ground.3, classic.ground.5]."""
    p = state.planes[plane]
    if not (p.alive and p.in_flight):
        return []
    if cells is None:
        cells = planes_by_cell(state)
    side = state.squadrons[p.squadron].side
    ahead = board.ahead(p.cell, p.facing)
    if ahead is not None and ahead in cells:
        t = state.planes[cells[ahead]]
        if t.in_flight and state.squadrons[t.squadron].side != side:
            return [Pending(attacker=plane, target=t.id)]
    found = []
    for n in board.grid.neighbours(p.cell):
        other = cells.get(n)
        if other is None:
            continue
        t = state.planes[other]
        if not t.in_flight and state.squadrons[t.squadron].side != side:
            found.append(Pending(attacker=plane, target=t.id, ground=True))
    # offered whatever the plane holds (its hand is hidden: whether it is asked must not tell
    # the opponent); without a Burst the attack ends without effect [classic.cards.5]
    return found


def still_valid(state: ClassicState, board: Board, a: Pending) -> bool:
    att, tgt = state.planes[a.attacker], state.planes[a.target]
    if not (att.alive and tgt.alive and att.in_flight):
        return False
    if a.ground:
        return not tgt.in_flight and board.grid.distance(att.cell, tgt.cell) == 1
    return tgt.in_flight and board.ahead(att.cell, att.facing) == tgt.cell


def attacks_on(state: ClassicState, board: Board, plane: str, other: str) -> list[Pending]:
    """Attacks a Loop exchange created: another enemy plane In Flight now faces ``plane``
    [classic.tail.8]."""
    p = state.planes[plane]
    if not (p.alive and p.in_flight):
        return []
    side = state.squadrons[p.squadron].side
    found = []
    for z in state.planes.values():
        if (
            z.alive
            and z.in_flight
            and z.id != other
            and state.squadrons[z.squadron].side != side
            and board.ahead(z.cell, z.facing) == p.cell
        ):
            found.append(Pending(attacker=z.id, target=plane))
    return found


def start_attack(state: ClassicState, ctx: Context, board: Board, t: Turn, a: Pending) -> None:
    """Begin the attack ``a``: each attacking plane attacks once per move."""
    t.pending = [x for x in t.pending if x.attacker != a.attacker]
    att, tgt = state.planes[a.attacker], state.planes[a.target]
    position = "ground" if a.ground else board.position(tgt.cell, tgt.facing, att.cell)
    if not a.ground:
        att.qualified = True  # [classic.renew.5] both planes have been in a dogfight
        tgt.qualified = True
    t.fight = Fight(
        attacker=a.attacker,
        defender=a.target,
        position=position,
        shooter=a.attacker,
        target=a.target,
    )
    state.engagements += 1
    if a.ground:
        state.ground_attacks += 1
    ctx.emit(lambda: DogfightStarted(attacker=a.attacker, defender=a.target, position=position))


# -- card play ------------------------------------------------------------------------------


def _end_fight(state: ClassicState, board: Board, t: Turn) -> None:
    f = t.fight
    assert f is not None
    t.fight = None
    if f.exchanges:
        # [classic.tail.8] new attacks created by the exchange are fought afterwards
        for plane, other in ((f.attacker, f.defender), (f.defender, f.attacker)):
            for a in attacks_on(state, board, plane, other):
                if a not in t.pending:
                    t.pending.append(a)


def _shoot(state: ClassicState, ctx: Context, f: Fight, value: int) -> None:
    shooter = f.shooter
    card = f"B{value}"
    play_card(state, state.planes[shooter].squadron, card)
    ctx.emit(lambda: CardPlayed(plane=shooter, card=card))
    f.burst = value


def defence_options(state: ClassicState, f: Fight) -> tuple[PlayCard | Decline, ...]:
    """The defender's answers: the proper cards he holds [classic.summary.1] and, always,
    declining. He is asked even when he holds no proper card (then declining is all he can
    do), so that being asked tells the attacker nothing about his hidden hand."""
    hand = state.squadrons[state.planes[f.target].squadron].hand
    opts: list[PlayCard | Decline] = []
    if f.position == "side":
        if "RO" in hand:
            opts.append(PlayCard(card="RO"))
    elif f.position == "tail":
        if "LP" in hand:
            opts.append(PlayCard(card="LP"))
    elif f.position == "head-on":
        opts.extend(PlayCard(card=f"B{v}") for v in bursts(hand) if v >= f.burst)
    opts.append(Decline(what="defend"))
    return tuple(opts)


def burst_options(state: ClassicState, f: Fight) -> tuple[PlayCard | Decline, ...]:
    """The shooter's Bursts (any value [classic.side.1, classic.tail.1]); after a Loop
    exchange the tail plane "can" shoot [classic.tail.4, classic.tail.6]: it may also hold
    fire, which is all a tail plane without a Burst can do [classic.tail.7]."""
    hand = state.squadrons[state.planes[f.shooter].squadron].hand
    opts: list[PlayCard | Decline] = [PlayCard(card=f"B{v}") for v in bursts(hand)]
    if f.exchanges:
        opts.append(Decline(what="hold fire"))
    return tuple(opts)


def _bursts_held(state: ClassicState, player: int) -> tuple[PlayCard | Decline, ...]:
    """The shooter's answers, read from the hand in ``state`` (the one the question is
    answered in: a determinisation's resampled hand, not the real one it was asked on)."""
    assert state.turn.fight is not None
    return burst_options(state, state.turn.fight)


def _defences_held(state: ClassicState, player: int) -> tuple[PlayCard | Decline, ...]:
    """The defender's answers, read from the hand in ``state`` (as :func:`_bursts_held`)."""
    assert state.turn.fight is not None
    return defence_options(state, state.turn.fight)


class Combat:
    """The dogfight being fought (``state.turn.fight``), card by card: each question the
    shooter or the defender must answer lists its legal cards and applies the answer.

    ``head_on`` is the caller of the variant hook ``aerodrome_classic_head_on`` (None: the
    rulebook's outcome)."""

    __slots__ = ("board", "head_on")

    def __init__(self, board: Board, head_on: HeadOn) -> None:
        self.board = board
        self.head_on = head_on

    def ask(
        self, state: ClassicState, ctx: Context
    ) -> Ask[ClassicState, PlayCard | Decline] | None:
        """Play the current fight until a player must choose a card (that question) or it is
        over (None).

        Whether a player is asked never depends on his hidden hand beyond what the table sees
        anyway: a defender is always asked (he may have no proper card), a tail plane after an
        exchange is always asked (it may hold fire, or have no Burst), and a shooter holding a
        Burst is asked which even when he holds one value; only a shooter without any Burst is
        not asked, and the table sees that: no card is played."""
        t = state.turn
        while (f := t.fight) is not None:
            if not f.burst:  # the shooter's card
                if f.exchanges:
                    return Ask(
                        Decision(players=(seat_of(state, f.shooter),), kind=Kind.BURST),
                        _bursts_held,
                        self._shot,
                    )
                values = bursts(state.squadrons[state.planes[f.shooter].squadron].hand)
                if not values:
                    # [classic.cards.5] no Burst: the attack is over
                    _end_fight(state, self.board, t)
                    continue
                if f.position == "head-on":
                    _shoot(state, ctx, f, values[-1])  # [classic.headon.1] his highest Burst
                    continue
                return Ask(
                    Decision(players=(seat_of(state, f.shooter),), kind=Kind.BURST),
                    _bursts_held,
                    self._shot,
                )
            # the defender's answer
            if f.position == "ground":  # [classic.ground.3]
                shoot_down(state, ctx, self.board, f.target, f.shooter, "ground attack")
                _end_fight(state, self.board, t)
                continue
            return Ask(
                Decision(players=(seat_of(state, f.target),), kind=Kind.DEFEND),
                _defences_held,
                self._defended,
            )
        return None

    def _shot(
        self, state: ClassicState, ctx: Context, answers: Mapping[int, PlayCard | Decline]
    ) -> bool:
        t = state.turn
        f = t.fight
        assert f is not None
        ((_, action),) = answers.items()
        if isinstance(action, PlayCard):
            _shoot(state, ctx, f, int(action.card[1]))
        else:  # [classic.tail.4] the tail plane holds fire: the dogfight is over [classic.tail.7]
            _end_fight(state, self.board, t)
        return True

    def _defended(
        self, state: ClassicState, ctx: Context, answers: Mapping[int, PlayCard | Decline]
    ) -> bool:
        ((_, action),) = answers.items()
        self._defend(state, ctx, action.card if isinstance(action, PlayCard) else None)
        return True

    def _defend(self, state: ClassicState, ctx: Context, card: str | None) -> None:
        t = state.turn
        f = t.fight
        assert f is not None
        board = self.board
        target = state.planes[f.target]
        if card is not None:
            play_card(state, target.squadron, card)
            ctx.emit(lambda: CardPlayed(plane=target.id, card=card))
        if f.position == "side":
            if card is None:  # [classic.side.2]
                shoot_down(state, ctx, board, f.target, f.shooter, "side attack")
            _end_fight(state, board, t)  # [classic.side.3] the attacker plays only one card
        elif f.position == "head-on":
            d = int(card[1]) if card is not None else 0
            outcome = head_on_outcome(self.head_on, f.burst, d)
            if outcome in ("attacker_down", "both_down"):
                shoot_down(state, ctx, board, f.shooter, f.target, "head on")
            if outcome in ("defender_down", "both_down"):
                shoot_down(state, ctx, board, f.target, f.shooter, "head on")
            _end_fight(state, board, t)
        else:  # tail
            if card is None:  # [classic.tail.2] [classic.tail.5]
                shoot_down(state, ctx, board, f.target, f.shooter, "tail attack")
                _end_fight(state, board, t)
                return
            # [classic.tail.3] exchange squares: the attacked plane now aims at the other's tail
            shooter = state.planes[f.shooter]
            shooter.cell, target.cell = target.cell, shooter.cell  # (the same squares occupied)
            ctx.emit(lambda: Exchanged(plane=target.id, other=shooter.id))
            f.shooter, f.target = f.target, f.shooter
            f.exchanges += 1
            f.burst = 0  # [classic.tail.4] [classic.tail.6] the new tail plane's card

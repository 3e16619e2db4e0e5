"""Squadron card packs: drawing when a plane is put In Flight, the reshuffle rule, aces.

[classic.move.5] a plane put In Flight takes the top cards of its squadron pack;
[classic.renew.3] cards kept after landing count towards the total;
[classic.renew.4] only when the whole pack has been drawn are the discards shuffled;
[classic.aces.4] an ACE draws to 6, a DOUBLE ACE to 8.
"""

from __future__ import annotations

from aerodrome.turns import Context
from aerodrome_classic.specs import CardsSpec
from aerodrome_classic.state import CardsDrawn, ClassicState, Reshuffled


def draw_target(kills: int, cards: CardsSpec) -> int:
    """How many In Flight cards a plane with ``kills`` victories holds after drawing
    [classic.aces.4]: 4, an ACE 6, a DOUBLE ACE (or better) 8."""
    if kills >= 2:
        return cards.double_ace_draw
    if kills == 1:
        return cards.ace_draw
    return cards.draw


def draw_to(state: ClassicState, ctx: Context, squadron: str, total: int) -> None:
    """Fill the squadron's In Flight section up to ``total`` cards from the top of its pack;
    when the pack runs out the discards are shuffled face down into a new pack
    [classic.renew.3, classic.renew.4]."""
    sq = state.squadrons[squadron]
    need = total - len(sq.hand)
    drawn: list[str] = []
    while need > 0:
        if not sq.pack:
            if not sq.discards:
                break
            sq.pack = sq.discards
            sq.discards = []
            sq.played = []
            ctx.dice.shuffle(sq.pack)
            ctx.emit(Reshuffled(squadron=squadron, cards=len(sq.pack)))
        drawn.append(sq.pack.pop())
        need -= 1
    if drawn:
        sq.hand.extend(drawn)
        sq.hand.sort()
        ctx.emit(CardsDrawn(squadron=squadron, cards=tuple(drawn), seen_by=(sq.seat,)))


def play_card(state: ClassicState, squadron: str, card: str) -> None:
    """Move ``card`` from the In Flight section to the discards, face up [classic.cards.3]."""
    sq = state.squadrons[squadron]
    sq.hand.remove(card)
    sq.discards.append(card)
    sq.played.append(card)


def bursts(hand: list[str]) -> list[int]:
    """The distinct Burst values in ``hand``, lowest first."""
    return sorted({int(c[1]) for c in hand if c[0] == "B"})

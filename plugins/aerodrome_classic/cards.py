"""Squadron card packs: drawing when a plane is put In Flight, the reshuffle rule, aces.

[classic.move.5] a plane put In Flight takes the top cards of its squadron pack;
[classic.renew.3] cards kept after landing count towards the total;
[classic.renew.4] when the whole pack has been drawn the discards are shuffled at once into a
new pack (cards played later go to the new discard pile);
[classic.aces.4] an ACE draws to 6, a DOUBLE ACE to 8.
"""

from __future__ import annotations

from aerodrome.api import Context
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
    """Fill the squadron's In Flight section up to ``total`` cards from the top of its pack
    [classic.renew.3]. "When all cards have been taken, the DISCARDS are shuffled and the
    pile put FACE DOWN" [classic.renew.4]: the moment the last card is taken the discards
    become the new pack, so cards played afterwards go to a new discard pile. (A pack that
    ran out while the discards were empty is renewed from the discards at the next draw.)"""
    sq = state.squadrons[squadron]
    need = total - len(sq.hand)
    drawn: list[str] = []
    while need > 0:
        if not sq.pack:
            reshuffle(state, ctx, squadron)
            if not sq.pack:
                break
        drawn.append(sq.pack.pop())
        need -= 1
    if drawn:
        sq.hand.extend(drawn)
        sq.hand.sort()
        ctx.emit(lambda: CardsDrawn(squadron=squadron, cards=tuple(drawn), seen_by=(sq.seat,)))
    if not sq.pack:
        reshuffle(state, ctx, squadron)  # all cards taken: the discards are shuffled now


def reshuffle(state: ClassicState, ctx: Context, squadron: str) -> None:
    """Shuffle the squadron's discards face down into a new pack [classic.renew.4]; the cards
    seen played since the last reshuffle are forgotten (nothing happens without discards)."""
    sq = state.squadrons[squadron]
    if not sq.discards:
        return
    sq.pack = sq.discards
    sq.discards = []
    sq.played = []
    ctx.dice.shuffle(sq.pack)
    ctx.emit(lambda: Reshuffled(squadron=squadron, cards=len(sq.pack)))


def play_card(state: ClassicState, squadron: str, card: str) -> None:
    """Move ``card`` from the In Flight section to the discards, face up [classic.cards.3]."""
    sq = state.squadrons[squadron]
    sq.hand.remove(card)
    sq.discards.append(card)
    sq.played.append(card)


def bursts(hand: list[str]) -> list[int]:
    """The distinct Burst values in ``hand``, lowest first."""
    return sorted({int(c[1]) for c in hand if c[0] == "B"})

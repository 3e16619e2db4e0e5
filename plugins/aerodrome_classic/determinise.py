"""What a player cannot see, resampled: the determinisation of classic Dogfight for
look-ahead (:class:`aerodrome.engine.capabilities.Determinise`).

Hidden from a player [classic.move.5, classic.setup.7]: the In Flight cards of every other
seat (only their number is seen), the faces of the other seats' AA pieces not yet revealed,
and the order of every face-down pack (his own included). A determinisation deals all of it
again, uniformly among the arrangements that match what the player sees:

- cards: for another seat's squadron, the cards that are neither in the pack's place nor in
  view — its hand, its pack and the discards not played face up — are pooled and dealt back
  in the same numbers (the cards played face up since the last reshuffle stay where they
  are, and every count is kept); the player's own pack is shuffled;
- AA pieces: among another seat's unrevealed pieces of a squadron, as many Hit faces as that
  squadron has left hidden (the number of Hit pieces is a rule, public) are put on squares
  drawn at random [classic.setup.6, classic.setup.7].

An inference a careful player could add is not drawn: which cards went through a reshuffle
in a hand, and so could not be in the new pack (the sample is consistent with every count and
every card in view, not with a memory of the packs before the last reshuffle).
"""

from __future__ import annotations

import random
from collections import Counter

from aerodrome.engine.ruleset import copy_state
from aerodrome_classic.state import ClassicState, Gun, Squadron


def shuffle(items: list[str], rng: random.Random) -> None:
    """``rng.shuffle(items)``, the same draws and the same order (the algorithm of CPython's
    ``random.shuffle`` and ``_randbelow``, inlined: a determinisation shuffles every pack)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def determinise(state: ClassicState, player: int, rng: random.Random) -> ClassicState:
    """A copy of ``state`` that ``player`` cannot tell from it, with every hidden card and
    AA face dealt again with ``rng``; ``state`` is not changed."""
    new = copy_state(state)
    for name in sorted(new.squadrons):
        sq = new.squadrons[name]
        if sq.seat == player:
            shuffle(sq.pack, rng)
        else:
            _deal_again(sq, rng)
    placed = new.guns_placed
    by_squadron: dict[str, list[Gun]] = {}
    for gun in new.guns:
        seat = new.squadrons[gun.squadron].seat
        if seat != player and not gun.revealed and 0 <= seat < len(placed) and placed[seat]:
            by_squadron.setdefault(gun.squadron, []).append(gun)
    for name in sorted(by_squadron):
        guns = by_squadron[name]
        hits = sum(g.hit for g in guns)
        chosen = set(rng.sample(range(len(guns)), hits))
        for i, gun in enumerate(guns):
            gun.hit = i in chosen
    return new


def _deal_again(sq: Squadron, rng: random.Random) -> None:
    """Pool another seat's unseen cards of ``sq`` and deal them back in the same numbers."""
    face_up = Counter(sq.played)
    unseen_discards: list[str] = []
    kept_face_up: list[str] = []
    for card in sq.discards:
        if face_up[card] > 0:
            face_up[card] -= 1
            kept_face_up.append(card)
        else:
            unseen_discards.append(card)
    pool = sq.hand + sq.pack + unseen_discards
    shuffle(pool, rng)
    hand_size, pack_size = len(sq.hand), len(sq.pack)
    sq.hand = sorted(pool[:hand_size])
    sq.pack = pool[hand_size : hand_size + pack_size]
    sq.discards = kept_face_up + pool[hand_size + pack_size :]

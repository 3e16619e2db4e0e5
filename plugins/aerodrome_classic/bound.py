"""The most legal actions a decision of a classic set-up can offer, from the rules (the
learning environments' and OpenSpiel's action space: :class:`aerodrome.engine.capabilities.ActionBound`).

Classic numbers no actions (a move is its route from the plane's square: a fixed numbering
would need a number per route from every square), so its actions are numbered by their place
in the legal list; this bound makes that numbering total. Per decision kind, the longest
legal list of the seat with the most, worked out from the specs and the walk tables:

- **move** [classic.move.6-16]: every squadron of the seat may have one plane In Flight
  [classic.move.4], each moving with either die [classic.move.9, classic.move.10]; a plane's
  moves with a die are one per route choice of its walk table and facing its end allows, at
  most what the table gives on the empty board (a plane in the way only removes walks). So
  per squadron the most, over every square, may-land state and pair of different dice, of
  the two tables' moves; summed over the seat's squadrons;
- **place guns** [classic.setup.6, classic.setup.7]: the product over the seat's squadrons
  of the ways to choose the Hit dots;
- **keep cards** [classic.renew.2]: the most choices (the product of each kind's count plus
  one) of a hand of at most the largest draw [classic.aces.4] (or what the variant hook
  ``aerodrome_classic_cards_at_take_off`` sets) from the pack's kinds;
- **attack** [classic.dogfight.5, classic.ground.3]: each plane In Flight on the board with
  at most four targets (the squares around it), and declining;
- **take-off, give** [classic.move.2, classic.partners.4]: each plane of a squadron, of the
  seat, and declining; **burst, defend**: each card kind, and declining.
"""

from __future__ import annotations

import itertools
from math import comb

from aerodrome_classic.board import Board
from aerodrome_classic.cards import draw_target
from aerodrome_classic.movement import CardsAtTakeOff
from aerodrome_classic.specs import Specs
from aerodrome_classic.walks import REACH


def move_bound(board: Board, side: str) -> int:
    """The most moves one plane of ``side`` can be offered in one decision."""
    si = board.side_index[side]
    best = 0
    for ci in range(len(board.cells)):
        for qualified in (False, True):
            moves = [board.table_at(ci, n, si, qualified).open[1][-1] for n in range(1, REACH + 1)]
            pair = max(a + b for a, b in itertools.combinations(moves, 2))
            best = max(best, pair)
    return best


def keep_bound(specs: Specs, hand: int) -> int:
    """The most keep-cards choices of a hand of at most ``hand`` cards from the pack."""
    room: dict[str, int] = {}
    for card in specs.cards.pack.cards():
        room[card] = room.get(card, 0) + 1
    counts = dict.fromkeys(room, 0)
    # one more of the kind held least (with copies left) makes the product grow most
    for _ in range(hand):
        kinds = [k for k in counts if counts[k] < room[k]]
        if not kinds:
            break
        least = min(kinds, key=lambda k: counts[k])
        counts[least] += 1
    product = 1
    for n in counts.values():
        product *= n + 1
    return product


def largest_hand(specs: Specs, planes: int, hook: CardsAtTakeOff) -> int:
    """The most cards a squadron holds after drawing, for any number of victories a plane
    can have (up to ``planes``, every enemy plane), the variant hook included."""
    cards = specs.cards
    most = 0
    for kills in range(planes + 1):
        total = draw_target(kills, cards)
        if hook is not None:
            changed = hook(kills=kills, standard=total)
            if changed is not None:
                total = int(changed)
        most = max(most, total)
    return most


def max_legal_actions(
    specs: Specs, board: Board, squadrons: tuple[tuple[str, ...], ...], hook: CardsAtTakeOff
) -> int:
    """The bound of the set-up whose seats fly ``squadrons`` (see the module docstring)."""
    every = [name for seat in squadrons for name in seat]
    planes = {name: specs.squadron(name).planes for name in every}
    all_planes = sum(planes.values())
    hand = largest_hand(specs, all_planes, hook)
    kinds = len(set(specs.cards.pack.cards()))
    per_side = {side: move_bound(board, side) for side in board.sides}
    attack = len(every) * 4 + 1
    out = [attack, keep_bound(specs, hand), kinds + 1]
    for seat in squadrons:
        out.append(sum(per_side[specs.squadron(name).side] for name in seat))
        guns = 1
        for name in seat:
            guns *= comb(len(board.dots[name]), specs.cards.guns.hit)
        out.append(guns)
        out.append(max(planes[name] for name in seat) + 1)  # take-off
        out.append(all_planes + 1)  # give (a grounded plane of the seat's, or none)
    return max(out)

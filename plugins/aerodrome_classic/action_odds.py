"""The exact chances of an attack choice, shown next to it in ``aerodrome play``.

An attack on a plane in flight is a dogfight whose outcome hangs on the defender's hand
[classic.dogfight.3]: from the attacker's seat that hand is a deal of its size from the
defender's pack minus the cards seen played since the last reshuffle [classic.strategy.2]
(:func:`aerodrome_classic.odds.attack_odds`, exact). A head-on attack is fired with the
attacker's highest Burst [classic.headon.1]; without a Burst there is nothing to fire.
"""

from __future__ import annotations

from aerodrome.engine.odds import percent
from aerodrome_classic.board import Board
from aerodrome_classic.odds import attack_odds
from aerodrome_classic.state import Attack, Cell, ClassicAction, Move
from aerodrome_classic.view import ClassicView, PlaneView, SquadronView


def _squadron(view: ClassicView, name: str) -> SquadronView | None:
    return next((s for s in view.squadrons if s.name == name), None)


def action_odds(board: Board, action: ClassicAction, view: ClassicView) -> str | None:
    """For a move that ends with an enemy plane In Flight straight ahead (a dogfight starts
    [classic.dogfight.1]) or an attack on one: "side: shoots it down 62.3%, it rolls out
    37.7%"; None for any other choice (a ground attack hangs on no hidden card)."""
    planes = {p.id: p for p in view.planes}
    if isinstance(action, Move):
        mover = planes.get(action.plane)
        ahead = board.ahead(action.path[-1], action.facing)
        target = next((p for p in view.planes if p.cell == ahead), None)
        if mover is None or target is None or target.side == mover.side:
            return None
        return _dogfight(board, view, mover.squadron, action.path[-1], target)
    if isinstance(action, Attack):
        attacker, target = planes.get(action.attacker), planes.get(action.target)
        if attacker is None or target is None:
            return None
        return _dogfight(board, view, attacker.squadron, attacker.cell, target)
    return None


def _dogfight(
    board: Board, view: ClassicView, squadron: str, cell: Cell, target: PlaneView
) -> str | None:
    mine, theirs = _squadron(view, squadron), _squadron(view, target.squadron)
    if not target.in_flight or mine is None or theirs is None or mine.hand is None:
        return None
    position = board.position(target.cell, target.facing, cell)
    bursts = [int(c[1]) for c in mine.hand if c[0] == "B"]
    if position == "head-on":
        if not bursts:
            return f"head on at {target.id}: no Burst in hand to fire"
        chances = attack_odds(position, theirs.hand_size, max(bursts), theirs.played)
        return (
            f"head on at {target.id} with Burst {max(bursts)}: shoots it down "
            f"{percent(chances['defender_down'])}, cancelled {percent(chances['cancel'])}, "
            f"shot down {percent(chances['attacker_down'])}"
        )
    chances = attack_odds(position, theirs.hand_size, played=theirs.played)
    escape = "it rolls out" if position == "side" else "it loops (an exchange)"
    return (
        f"{position} attack on {target.id}: shoots it down {percent(chances['defender_down'])}, "
        f"{escape} {percent(chances['saved'])}"
    )

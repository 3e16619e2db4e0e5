"""Plain words for the classic game's actions, decisions and events, as one seat reads them
(issues #14, #15): plane ids and squadron names, squares as ``x,y`` (column, row, as the
board's edges number them), facings as N, E, S, W, seats as "Seat 2 (American player)".

A move is offered as a choice grouped by plane, then by the square it ends on: ``RED-1`` →
``to 12,7`` → ``facing N (4 squares, over enemy AA 11,7)``; said whole, "RED-1 to 12,7
facing N (...)", so that a person can type "12,7 N". What follows the facing tells routes to
the same square apart [classic.move.9-16]: the die used, the enemy AA squares passed (in the
order flown) and, for a plane not yet allowed to land, whether it enters the enemy half
(across No Man's Land: it may land afterwards [classic.renew.5]). The log says the move
plainly: "RED-1 moves 4 squares to 12,7 facing N".
"""

from __future__ import annotations

from aerodrome.api import ChoiceLabel, Decision, Event
from aerodrome_classic.board import Board
from aerodrome_classic.specs import CARD_NAMES
from aerodrome_classic.state import (
    Attack,
    BecameAce,
    CardPlayed,
    CardsDrawn,
    CardsKept,
    ClassicAction,
    Decline,
    DogfightStarted,
    Exchanged,
    FirstTurn,
    GivePlane,
    GunRevealed,
    GunsPlaced,
    KeepCards,
    Kind,
    Landed,
    Move,
    Moved,
    PlaceGuns,
    PlaneGiven,
    PlayCard,
    Reshuffled,
    ShotDown,
    Stuck,
    TakeOff,
    TookOff,
)
from aerodrome_classic.view import ClassicView, PlaneView

FACING_LETTERS = "NESW"

Cell = tuple[int, int]


def square(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def squares(cells: tuple[Cell, ...] | list[Cell]) -> str:
    return " ".join(square(c) for c in cells)


def seat(view: ClassicView, player: int) -> str:
    """ "Seat 2 (American player)" (as :func:`aerodrome.engine.describe.seat_label` names seats)."""
    if 0 <= player < len(view.seats):
        return f"Seat {player + 1} ({view.seats[player]})"
    return f"Seat {player + 1}"


def bursts(n: int) -> str:
    """ "1 Burst", "3 Bursts"."""
    return "1 Burst" if n == 1 else f"{n} Bursts"


def cards(codes: tuple[str, ...] | list[str]) -> str:
    names = [CARD_NAMES.get(c, c) for c in codes]
    if not names:
        return "no cards"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _plane(view: ClassicView, pid: str) -> PlaneView | None:
    for p in view.planes:
        if p.id == pid:
            return p
    return None


def position_words(position: str) -> str:
    return {"head-on": "head-on attack", "side": "side attack", "tail": "tail attack"}.get(
        position, "attack on the ground" if position == "ground" else f"{position} attack"
    )


# -- actions ---------------------------------------------------------------------------------


def move_text(board: Board, view: ClassicView, move: Move) -> str:
    """ "RED-1 to 12,7 facing N (4 squares, over enemy AA 11,7, entering the enemy half)"."""
    end = move.path[-1]
    steps = len(move.path) - 1
    parts = [f"{steps} square" if steps == 1 else f"{steps} squares"]
    plane = _plane(view, move.plane)
    if plane is not None:
        aa = board.enemy_aa[plane.side]
        bit = board.bit
        over = [c for c in move.path[1:] if bit(c) & aa]
        if over:
            parts.append("over enemy AA " + squares(over))
        if not plane.may_land:
            half = board.enemy_half[plane.side]
            if any(bit(c) & half for c in move.path[1:]):
                parts.append("entering the enemy half")
    return (
        f"{move.plane} to {square(end)} facing {FACING_LETTERS[move.facing]} ({', '.join(parts)})"
    )


DECLINES = {
    "give a plane": "give no plane",
    "defend": "play no card",
    "hold fire": "hold fire",
    "ground attack": "make no ground attack",
}


def action_text(board: Board, view: ClassicView, action: ClassicAction) -> str:
    """A short sentence for ``action`` as the seat of ``view`` reads it."""
    if isinstance(action, Move):
        return move_text(board, view, action)
    if isinstance(action, PlayCard):
        return f"play {CARD_NAMES.get(action.card, action.card)}"
    if isinstance(action, Decline):
        if action.what.startswith("take-off "):
            return f"keep the {action.what.removeprefix('take-off ')} planes on the ground"
        return DECLINES.get(action.what, f"decline: {action.what}")
    if isinstance(action, TakeOff):
        plane = _plane(view, action.plane)
        where = f" at {square(plane.cell)}" if plane is not None else ""
        return f"put {action.plane} In Flight{where}"
    if isinstance(action, Attack):
        attacker, target = _plane(view, action.attacker), _plane(view, action.target)
        if attacker is None or target is None:
            return f"{action.attacker} attacks {action.target}"
        if not target.in_flight:
            return (
                f"{action.attacker} attacks {action.target} on the ground at {square(target.cell)}"
            )
        position = board.position(target.cell, target.facing, attacker.cell)
        return f"{action.attacker} attacks {action.target}: {position_words(position)}"
    if isinstance(action, KeepCards):
        return f"keep {cards(action.cards)}"
    if isinstance(action, GivePlane):
        return f"give {action.plane} to {seat(view, action.to)}"
    if isinstance(action, PlaceGuns):
        by_squadron: list[str] = []
        for name, dots in board.dots.items():
            mine = [c for c in action.hits if c in dots]
            if mine:
                by_squadron.append(f"{name} {squares(mine)}")
        return "Hit AA pieces on " + "; ".join(by_squadron) + " (Miss on the other dot squares)"
    return action.describe()


def label(board: Board, view: ClassicView, action: ClassicAction) -> ChoiceLabel:
    """``action`` as a choice: moves grouped by plane and end square, attacks by the plane
    attacking (see the module docstring)."""
    if isinstance(action, Move):
        # plane → end square and route → facing: the facings of one route share a line
        end = action.path[-1]
        text = move_text(board, view, action)
        facing, _, route = text.partition(f" to {square(end)} ")[2].partition(" (")
        where = f"to {square(end)} ({route}" if route else f"to {square(end)}"
        return ChoiceLabel(path=(action.plane, where), text=facing, place=square(end))
    if isinstance(action, Attack):
        text = action_text(board, view, action).removeprefix(f"{action.attacker} ")
        return ChoiceLabel(path=(action.attacker,), text=text, place=f"piece:{action.target}")
    if isinstance(action, TakeOff | GivePlane):
        return ChoiceLabel(text=action_text(board, view, action), place=f"piece:{action.plane}")
    return ChoiceLabel(text=action_text(board, view, action))


def sentence(action: ClassicAction, view: ClassicView) -> str:
    """``action`` as the log tells it, from the action's own fields (see
    :meth:`aerodrome.engine.capabilities.Presentation.sentence`)."""
    if isinstance(action, Move):
        end = action.path[-1]
        steps = len(action.path) - 1
        flown = f"{steps} square" if steps == 1 else f"{steps} squares"
        return (
            f"{action.plane} moves {flown} to {square(end)} facing {FACING_LETTERS[action.facing]}"
        )
    if isinstance(action, TakeOff):
        return f"{action.plane} is put In Flight"
    if isinstance(action, Attack):
        return f"{action.attacker} attacks {action.target} first"
    if isinstance(action, PlayCard):
        return f"plays {CARD_NAMES.get(action.card, action.card)}"
    if isinstance(action, Decline):
        if action.what.startswith("take-off "):
            return f"keeps the {action.what.removeprefix('take-off ')} planes on the ground"
        return SAID_DECLINES.get(action.what, f"declines: {action.what}")
    if isinstance(action, KeepCards):
        return f"keeps {cards(action.cards)}"
    if isinstance(action, GivePlane):
        return f"gives {action.plane} to {seat(view, action.to)}"
    if isinstance(action, PlaceGuns):
        return f"places the AA pieces, Hit on {squares(action.hits)}"
    return action.describe()


SAID_DECLINES = {
    "give a plane": "gives no plane",
    "defend": "plays no card",
    "hold fire": "holds fire",
    "ground attack": "makes no ground attack",
}


def prompt(decision: Decision, view: ClassicView) -> str:
    """The question of ``decision`` (from its kind, its subject and the view)."""
    kind = decision.kind
    fight = view.fight
    if kind == Kind.PLACE_GUNS:
        return "Place your AA pieces: which dot squares hold a Hit gun?"
    if kind == Kind.GIVE:
        return "Give your partner a plane?"
    if kind == Kind.TAKE_OFF:
        return f"Put a {decision.subject} plane in flight?"
    if kind == Kind.KEEP_CARDS:
        return "Keep which cards?"
    if kind == Kind.MOVE:
        return "Move your planes"
    if kind == Kind.ATTACK:
        return "Which attack first?"
    if kind == Kind.BURST and fight is not None:
        if fight.exchanges:
            return (
                f"{fight.shooter} is on the tail of {fight.target}: shoot (which Burst) or "
                "hold fire?"
            )
        return f"{fight.shooter} shoots at {fight.target}: which Burst?"
    if kind == Kind.DEFEND and fight is not None:
        return f"{fight.target} is attacked ({fight.position}, {bursts(fight.burst)}): defend?"
    return f"Choose: {kind}"


# -- events ----------------------------------------------------------------------------------


def shot_by(by: str) -> str:
    if by.startswith("AA:"):
        return f"a {by[3:]} AA gun"
    return by


def event_text(view: ClassicView, event: Event) -> str | None:
    """A sentence for one of classic's events (None: not one of them)."""
    if isinstance(event, Moved):
        steps = len(event.path) - 1
        return (
            f"{event.plane} flies {steps} square{'s' if steps != 1 else ''} from "
            f"{square(event.path[0])} to {square(event.path[-1])}, facing "
            f"{FACING_LETTERS[event.facing]}."
        )
    if isinstance(event, DogfightStarted):
        if event.position == "ground":
            return f"{event.attacker} attacks {event.defender} on the ground."
        return f"{event.attacker} attacks {event.defender}: {position_words(event.position)}."
    if isinstance(event, CardPlayed):
        return f"{event.plane} plays {CARD_NAMES.get(event.card, event.card)}."
    if isinstance(event, ShotDown):
        if event.by.startswith("AA:"):
            return f"{event.plane} is shot down by {shot_by(event.by)}."
        return f"{event.plane} is shot down by {event.by}: {event.how}."
    if isinstance(event, BecameAce):
        if event.kills >= 2:
            return f"{event.plane} is now a DOUBLE ACE ({event.kills} victories)."
        return f"{event.plane} is now an ACE (1 victory)."
    if isinstance(event, TookOff):
        return f"{event.plane} is put In Flight."
    if isinstance(event, CardsDrawn):
        return f"{event.squadron} draws {cards(event.cards)}."
    if isinstance(event, Reshuffled):
        return f"The {event.squadron} discards ({event.cards} cards) are shuffled into a new pack."
    if isinstance(event, GunRevealed):
        face = "Hit" if event.hit else "Miss"
        return f"The {event.squadron} AA piece at {square(event.cell)} is turned over: {face}."
    if isinstance(event, Landed):
        return f"{event.plane} lands at {square(event.cell)}."
    if isinstance(event, CardsKept):
        kept = (
            "no cards"
            if event.kept == 0
            else "1 card"
            if event.kept == 1
            else f"{event.kept} cards"
        )
        return f"{event.squadron} keeps {kept} In Flight, the rest are discarded."
    if isinstance(event, Exchanged):
        return f"{event.plane} loops: it changes squares with {event.other} and is now on its tail."
    if isinstance(event, Stuck):
        return f"{event.plane} has no legal move and stays where it is."
    if isinstance(event, PlaneGiven):
        return f"{event.plane} is given to {seat(view, event.to)} and flies for {event.squadron}."
    if isinstance(event, GunsPlaced):
        return f"{seat(view, event.player)} has placed the AA pieces."
    if isinstance(event, FirstTurn):
        return f"The {event.side} side moves first."
    return None

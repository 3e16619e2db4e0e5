"""Helpers for the classic tests: games from position tables with scripted dice."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from unittest.mock import patch

from aerodrome.engine.data import Action
from aerodrome.engine.events import Event
from aerodrome.engine.game import Game
from aerodrome.engine.testing import ScriptedDice
from aerodrome_classic.ruleset import Classic
from aerodrome_classic.state import Decline, Move
from tests.conftest import PLUGINS

RULESET: Classic = PLUGINS.ruleset("classic")  # type: ignore[assignment]
FACING = {"N": 0, "E": 1, "S": 2, "W": 3}


def plane(
    pid: str, x: int, y: int, facing: str = "N", *, flying: bool = True, **kw: Any
) -> dict[str, Any]:
    return {"id": pid, "cell": [x, y], "facing": facing, "in_flight": flying, **kw}


def position(
    turn: str,
    *planes: dict[str, Any],
    hands: dict[str, list[str]] | None = None,
    hits: Iterable[tuple[int, int]] = (),
    revealed: Iterable[tuple[int, int]] = (),
    packs: dict[str, list[str]] | None = None,
) -> dict[str, Any]:
    pos: dict[str, Any] = {
        "turn": turn,
        "planes": list(planes),
        "hands": hands or {},
        "guns": {"hits": [list(c) for c in hits], "revealed": [list(c) for c in revealed]},
    }
    if packs is not None:
        pos["packs"] = packs
    return pos


def game(
    pos: dict[str, Any],
    dice: Sequence[int] = (),
    setup: str = "two-player",
    ruleset: Classic | None = None,
) -> Game:
    """A game from ``pos`` whose dice show ``dice`` (then 3 and 4 for later turns)."""
    faces = [*dice, *([3, 4] * 200)]
    with patch("aerodrome.engine.game.Dice", lambda seed, emit: ScriptedDice(faces, emit)):
        return Game(ruleset or RULESET, setup, 0, position=pos)


def owner(g: Game) -> int:
    d = g.decision()
    assert d is not None
    return d.players[0]


def kind(g: Game) -> str:
    d = g.decision()
    assert d is not None, "game over"
    return d.kind


def act(g: Game, action: Action) -> None:
    g.apply(owner(g), action)


def decline_take_offs(g: Game) -> None:
    while g.decision() is not None and kind(g) == "take-off":
        act(g, next(a for a in g.legal_actions(owner(g)) if isinstance(a, Decline)))


def move_to(g: Game, pid: str, path: Sequence[tuple[int, int]], facing: str) -> Move:
    """Play the legal move of ``pid`` ending like ``path`` (same end; same enemy AA squares)."""
    legal = [a for a in g.legal_actions(owner(g)) if isinstance(a, Move) and a.plane == pid]
    want = tuple(tuple(c) for c in path)
    exact = [a for a in legal if a.path == want and a.facing == FACING[facing]]
    if exact:
        g.apply(owner(g), exact[0])
        return exact[0]
    ends = [
        a
        for a in legal
        if a.path[-1] == want[-1] and len(a.path) == len(want) and a.facing == FACING[facing]
    ]
    assert ends, f"no legal move of {pid} to {want[-1]} facing {facing}"
    g.apply(owner(g), ends[0])
    return ends[0]


def events(g: Game, kind_: type[Event]) -> list[Any]:
    return [e for e in g.log if isinstance(e, kind_)]


def card(c: str) -> Action:
    from aerodrome_classic.state import PlayCard

    return PlayCard(card=c)

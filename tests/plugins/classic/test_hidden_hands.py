"""A hidden hand leaks nothing: whether a player is asked, and what the table sees of it,
must not depend on cards the others cannot see [classic.move.5: "they are not to be seen by
his opponent"].

Each case plays two games that differ only in one player's hidden In Flight cards (same
number of cards), with the same answers; the other player must see identical decisions
(who is asked, what, the prompt), observations and event logs. Before the fix the defender
was asked "defend?" only when he held a defending card, so his public "decline" told the
attacker he held one (issue 19): ``test_defender_hand_does_not_show`` fails on that code;
so does the ground-attack case when a ground attack was offered only to a plane holding a
Burst, and the tail case when the tail plane was asked only when holding a Burst.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from aerodrome.engine.describe import prompt
from aerodrome.engine.game import Game
from aerodrome_classic.state import Attack, Decline, Move
from tests.plugins.classic.helpers import card, game, plane, position

Trace = list[Any]


def play_and_watch(g: Game, watcher: int, answers: dict[str, Any]) -> Trace:
    """Play ``g`` on with fixed answers per decision kind until the fight is over, and keep
    what ``watcher`` sees: every decision, his observation before each, the log he sees."""
    seen: Trace = []
    for _ in range(40):
        d = g.decision()
        if d is None or d.kind not in answers:
            break  # the fight is over
        seen.append((d.players, d.kind, d.subject, prompt(g.ruleset, d, g.observation(watcher))))
        seen.append(msgspec.json.encode(g.observation(watcher)))
        (player,) = d.players
        legal = g.legal_actions(player)
        want = answers[d.kind]
        action = next(a for a in legal if want(a))
        if player == watcher:
            seen.append(action)  # his own choices are his to see
        g.apply(player, action)
    seen.append(msgspec.json.encode(g.observation(watcher)))
    seen.append(g.log_bytes(watcher))
    return seen


def first_move(g: Game, pid: str, end: tuple[int, int], facing: int) -> None:
    (player,) = g.decision().players  # type: ignore[union-attr]
    m = next(
        a
        for a in g.legal_actions(player)
        if isinstance(a, Move) and a.plane == pid and a.path[-1] == end and a.facing == facing
    )
    g.apply(player, m)


def declines(kind: str) -> Any:
    return lambda a: isinstance(a, Decline) and a.what == kind


SHOOT_LOW = {"burst": lambda a: a == card("B1") or a == card("B2"), "defend": declines("defend")}


# (name, defender's two hands, the attacker's hand, attacker's start, its end and facing,
#  defender's cell and facing): the defender holds the proper card in the first hand only
CASES = [
    ("side", (["B1", "RO"], ["B1", "B2"]), ["B2"], (2, 12), (3, 12), 1, (4, 12), 0),
    ("tail", (["B1", "LP"], ["B1", "RO"]), ["B2"], (5, 5), (5, 7), 2, (5, 8), 2),
    ("head-on", (["B1", "B5"], ["B1", "B3"]), ["B4"], (5, 5), (5, 7), 2, (5, 8), 0),
]


@pytest.mark.clause("classic.move.5", "classic.cards.2", "classic.summary.1")
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_defender_hand_does_not_show(case: tuple[Any, ...]) -> None:
    _name, hands, attacker_hand, start, end, facing, target, target_facing = case
    traces = []
    for hand in hands:
        g = game(
            position(
                "German",
                plane("RED-1", *start, "S"),
                plane("GREEN-1", *target, "NESW"[target_facing]),
                plane("RED-2", 0, 0, flying=False),
                plane("GREEN-2", 0, 21, flying=False),
                hands={"RED": attacker_hand, "GREEN": hand},
            ),
            dice=[abs(end[0] - start[0]) + abs(end[1] - start[1])] * 2,
        )
        while g.decision() is not None and g.decision().kind == "take-off":  # type: ignore[union-attr]
            g.apply(0, next(a for a in g.legal_actions(0) if isinstance(a, Decline)))
        first_move(g, "RED-1", end, facing)
        traces.append(play_and_watch(g, 0, SHOOT_LOW))
    assert traces[0] == traces[1]
    assert any(t[1] == "defend" for t in traces[0] if isinstance(t, tuple) and len(t) == 4)


@pytest.mark.clause("classic.move.5", "classic.tail.4", "classic.tail.7")
def test_tail_plane_hand_does_not_show() -> None:
    """After the exchange the tail plane is asked whether it holds a Burst or not; holding
    fire looks the same either way."""
    traces = []
    for hand in (["B1", "LP"], ["LP", "RO"]):
        g = game(
            position(
                "German",
                plane("RED-1", 5, 5, "S"),
                plane("GREEN-1", 5, 8, "S"),
                plane("RED-2", 0, 0, flying=False),
                plane("GREEN-2", 0, 21, flying=False),
                hands={"RED": ["B2", "B3"], "GREEN": hand},
            ),
            dice=[2, 2],
        )
        while g.decision().kind == "take-off":  # type: ignore[union-attr]
            g.apply(0, next(a for a in g.legal_actions(0) if isinstance(a, Decline)))
        first_move(g, "RED-1", (5, 7), 2)
        answers = {
            "burst": lambda a: a == card("B2") or declines("hold fire")(a),
            "defend": lambda a: a == card("LP"),
        }
        traces.append(play_and_watch(g, 0, answers))
    assert traces[0] == traces[1]


@pytest.mark.clause("classic.move.5", "classic.ground.3", "classic.ground.5")
def test_ground_attacker_hand_does_not_show() -> None:
    """A plane next to a grounded enemy is offered the ground attack whether or not it holds
    a Burst; declining looks the same either way."""
    traces = []
    for hand in (["B1", "LP"], ["LP", "RO"]):
        g = game(
            position(
                "German",
                plane("RED-1", 3, 17, "S"),
                plane("GREEN-2", 2, 21, flying=False),
                plane("BLUE-1", 15, 21, flying=False),
                hands={"RED": hand},
            ),
            dice=[4, 4],
        )
        first_move(g, "RED-1", (3, 21), 3)
        answers = {"attack": lambda a: not isinstance(a, Attack)}
        traces.append(play_and_watch(g, 1, answers))
    assert traces[0] == traces[1]
    assert any(t[1] == "attack" for t in traces[0] if isinstance(t, tuple) and len(t) == 4)

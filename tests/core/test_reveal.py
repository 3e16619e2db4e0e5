"""Who sees an answer: ``Decision.reveal`` (everyone, owner, nobody), independent of
``simultaneous``. Every player sees their own commitment as it is made; the core makes the
answers public at resolution only for ``everyone``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
import pytest

from aerodrome import (
    Action,
    Ask,
    Capabilities,
    Context,
    Decision,
    Phase,
    Result,
    Reveal,
    Ruleset,
    Seat,
    Setup,
    Step,
    TurnSequence,
)
from aerodrome.engine.events import ActionTaken, DecisionCommitted
from aerodrome.engine.game import Game
from aerodrome.engine.turns import Turn


class Say(Action, frozen=True):
    n: int


class Said(msgspec.Struct, kw_only=True):
    heard: list[int] = []


def _rules(reveal: Reveal, simultaneous: bool) -> Ruleset[Any, Any, Any]:
    def ask(state: Said, ctx: Context) -> Ask[Said, Say] | None:
        if state.heard:
            return None
        players = (0, 1) if simultaneous else (0,)
        decision = Decision(players=players, kind="say", simultaneous=simultaneous, reveal=reveal)
        return Ask(decision, _legal, _heard)

    class Talk(Ruleset[Said, Said, Say]):
        name = "talk"
        title = "Talk"
        capabilities = Capabilities(hidden_information=False, simultaneous=simultaneous)
        action_types = (Say,)

        def setups(self) -> Sequence[Setup]:
            seats = (Seat(name="A", side="a"), Seat(name="B", side="b"))
            return [Setup(name="s", title="s", seats=seats, max_rounds=2)]

        def sequence(self) -> TurnSequence[Said]:
            return TurnSequence(phases=(Phase("talk", (Step("say", ask),)),))

        def initial_state(self, setup: Setup, ctx: Context) -> Said:
            return Said()

        def observation(self, state: Said, player: int | None, turn: Turn) -> Said:
            return Said(heard=list(state.heard))

        def is_over(self, state: Said) -> bool:
            return bool(state.heard)

        def result(self, state: Said, rounds: int) -> Result:
            return Result(winners=(), reason="said", rounds=rounds)

    return Talk()


def _legal(state: Said, player: int) -> Sequence[Say]:
    return [Say(n=player * 10 + 1), Say(n=player * 10 + 2)]


def _heard(state: Said, ctx: Context, answers: Mapping[int, Say]) -> None:
    state.heard = [a.n for a in answers.values()]


def seen(reveal: Reveal, simultaneous: bool) -> dict[int, list[tuple[str, int, int]]]:
    """Per player: the answers they see in their log (event kind, whose, what)."""
    game = Game(_rules(reveal, simultaneous), None, 1)
    for p in game.waiting_for():
        game.apply(p, game.legal_actions(p)[0])
    assert game.is_over()
    return {
        q: [
            (type(e).__name__, e.player, e.action.n)
            for e in game.log_for(q)
            if isinstance(e, ActionTaken | DecisionCommitted)
        ]
        for q in (0, 1)
    }


@pytest.mark.parametrize(
    ("reveal", "simultaneous", "expected"),
    [
        (
            Reveal.EVERYONE,
            True,
            {
                0: [("DecisionCommitted", 0, 1), ("ActionTaken", 0, 1), ("ActionTaken", 1, 11)],
                1: [("DecisionCommitted", 1, 11), ("ActionTaken", 0, 1), ("ActionTaken", 1, 11)],
            },
        ),
        (
            Reveal.OWNER,
            True,
            {
                0: [("DecisionCommitted", 0, 1), ("ActionTaken", 0, 1)],
                1: [("DecisionCommitted", 1, 11), ("ActionTaken", 1, 11)],
            },
        ),
        (
            Reveal.NOBODY,
            True,
            {0: [("DecisionCommitted", 0, 1)], 1: [("DecisionCommitted", 1, 11)]},
        ),
        (Reveal.EVERYONE, False, {0: [("ActionTaken", 0, 1)], 1: [("ActionTaken", 0, 1)]}),
        (Reveal.OWNER, False, {0: [("ActionTaken", 0, 1)], 1: []}),
        (Reveal.NOBODY, False, {0: [("DecisionCommitted", 0, 1)], 1: []}),
    ],
    ids=lambda v: str(v),
)
def test_each_reveal_shows_the_answers_to_whom_it_says(
    reveal: Reveal, simultaneous: bool, expected: dict[int, list[tuple[str, int, int]]]
) -> None:
    """Mutations caught: answers of a simultaneous decision made public whatever its reveal
    (the old rule), ``owner`` answers logged for everyone, a commitment not logged for its
    owner."""
    assert seen(reveal, simultaneous) == expected


def test_reveal_is_everyone_by_default() -> None:
    assert Decision(players=(0,), kind="x").reveal is Reveal.EVERYONE

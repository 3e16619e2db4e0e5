"""The bridge's shortcuts (issue 38, item 4) change no game: rolls announced in batches give
the chance nodes and states that one roll at a time gives, and a recall kept only once asked
for is the recall kept all along."""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

import pytest

from tests.conftest import PLUGINS
from tests.openspiel.conftest import require_openspiel

require_openspiel()

import pyspiel  # noqa: E402

from aerodrome.bridges.openspiel import chance, game_name, register  # noqa: E402
from aerodrome.bridges.openspiel.chance import NeedRoll, ScriptedDice  # noqa: E402
from aerodrome.bridges.openspiel.play import Key, Play, Spec  # noqa: E402

NAMES = PLUGINS.ruleset_names()


def test_a_batch_announces_every_roll_it_knows() -> None:
    dice = ScriptedDice([], 0)
    with pytest.raises(NeedRoll) as stop:
        dice.roll(3, 6, "three dice")
    assert stop.value.sides == (6, 6, 6)
    with pytest.raises(NeedRoll) as stop:
        ScriptedDice([4], 0).roll(3, 6, "three dice, one face known")
    assert stop.value.sides == (6, 6)
    assert ScriptedDice([4, 1, 6], 0).roll(3, 6, "known") == (4, 1, 6)
    with pytest.raises(NeedRoll) as stop:
        ScriptedDice([3], 0).shuffle(["a", "b", "c", "d"])
    assert stop.value.sides == (3, 2)  # the draws of 4, 3 and 2 sides, the first known
    cards = ["a", "b", "c", "d"]
    ScriptedDice([1, 3, 1], 0).shuffle(cards)  # places 3<->0, 2 stays, 1<->0
    assert cards == ["b", "d", "c", "a"]


class OneAtATime(ScriptedDice):
    """Scripted dice that announce one roll at a time (the bridge before batches)."""

    def _faces(self, count: int, sides: int) -> list[int]:
        return [self._die(sides) for _ in range(count)]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        for last in range(len(items) - 1, 0, -1):
            j = self._die(last + 1) - 1
            items[last], items[j] = items[j], items[last]


def walk(spec: Spec, seed: int, steps: int) -> list[tuple[str, int, str]]:
    """A random walk through ``spec``'s states: each state's kind, its chance node's sides
    or the player to answer, and the state's text."""
    rng = random.Random(seed)
    play = Play(spec)
    seen = []
    for _ in range(steps):
        if play.is_over():
            break
        if play.is_chance():
            seen.append(("chance", play.sides, play.text()))
            play.apply(rng.randrange(play.sides))
        else:
            player = play.player()
            assert player is not None
            seen.append(("decision", player, play.text()))
            play.apply(rng.choice(play.legal(player)))
    return seen


@pytest.mark.parametrize("ruleset", NAMES)
def test_batches_give_the_states_of_one_roll_at_a_time(
    ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every set-up, its opening as chance, 150 steps of a random walk: the same chance
    nodes (sides), decisions and states whether a batch is announced at once or one roll
    at a time. Mutations caught: a batch announced with a roll too few or too many."""
    for setup in PLUGINS.ruleset(ruleset).setups():
        key = Key(ruleset, setup.name, 0, 2, 20_000, opening="chance")
        batched = walk(Spec(key, PLUGINS), 3, 150)
        with monkeypatch.context() as patch:
            patch.setattr(chance, "ScriptedDice", OneAtATime)
            single = walk(Spec(key, PLUGINS), 3, 150)
        assert batched == single, f"{ruleset} {setup.name}"


@pytest.mark.parametrize("ruleset", NAMES)
def test_a_recall_caught_up_is_the_recall_kept_all_along(ruleset: str) -> None:
    """A state played without anybody asking for an information state keeps no recall; asked
    then, it gives the information state of a game that kept it from the start. Mutation
    caught: the recall not caught up (the first view alone: red)."""
    setup = PLUGINS.ruleset(ruleset).setups()[0].name
    key = Key(ruleset, setup, 0, 0, 20_000)
    lazy, eager = Spec(key, PLUGINS), Spec(key, PLUGINS)
    eager.recall_wanted = True
    rng = random.Random(8)
    late, kept = Play(lazy), Play(eager)
    decisions = 0
    while decisions < 25 and not kept.is_over():
        if kept.is_chance():
            number = rng.randrange(kept.sides)
        else:
            player = kept.player()
            assert player is not None
            number = rng.choice(kept.legal(player))
            decisions += 1
        late.apply(number)
        kept.apply(number)
    assert late.stale
    assert not lazy.recall_wanted
    texts = [late.information_text(p) for p in range(lazy.players)]
    assert texts == [kept.information_text(p) for p in range(eager.players)]
    assert lazy.recall_wanted


FORMS = [(n, False) for n in NAMES] + [
    (n, True) for n in NAMES if PLUGINS.ruleset(n).capabilities.simultaneous
]


@pytest.mark.parametrize(("ruleset", "simultaneous"), FORMS)
def test_legal_actions_answered_in_python_are_pyspiels(ruleset: str, simultaneous: bool) -> None:
    """``state.legal_actions()`` and ``legal_actions(player)``, answered in Python, give what
    pyspiel's own (C++) method gives, at every kind of state of random games: decisions,
    chance nodes, simultaneous nodes, the end. Mutations caught: the answers unsorted;
    a chance node's outcomes counted from 1."""
    register(PLUGINS)
    game = pyspiel.load_game(game_name(ruleset, simultaneous), {"max_rounds": 2})
    rng = random.Random(6)
    checked = 0
    for _ in range(3):
        state = game.new_initial_state()
        while True:
            for player in [None, *range(game.num_players())]:
                args = () if player is None else (player,)
                if player is None and state.is_simultaneous_node():
                    continue  # pyspiel's flat joint actions: left to pyspiel
                assert state.legal_actions(*args) == pyspiel.State.legal_actions(state, *args)
                checked += 1
            if state.is_terminal():
                break
            if state.is_simultaneous_node():
                legal = [state.legal_actions(p) for p in range(game.num_players())]
                state.apply_actions([rng.choice(a) if a else 0 for a in legal])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 20

"""``copy.deepcopy(game)`` and ``pickle.loads(pickle.dumps(game))`` go on exactly as the game
does (issue 22): the same state, dice, log and pending decision, for every ruleset, at many
moments of seeded games, and for the games a search makes (reseeded clones, determinised
games, games that keep no log)."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import msgspec
import pytest

from aerodrome.engine.agents import RandomAgent, agent_seed
from aerodrome.engine.driver import drive
from aerodrome.engine.errors import PluginError
from aerodrome.engine.game import Game
from aerodrome.engine.lineage import Origin, Plugged
from aerodrome.engine.ruleset import Ruleset
from aerodrome.plugins import restore_game as restore
from tests.bare import bare
from tests.conftest import PLUGINS

AnyGame = Game[Any, Any, Any]
#: The moments (actions played) at which each game is copied.
MOMENTS = (0, 1, 5, 23, 61)


def cases() -> list[tuple[str, str]]:
    return [(n, s.name) for n in PLUGINS.ruleset_names() for s in PLUGINS.ruleset(n).setups()[:2]]


def finish(game: AnyGame, seed: int) -> bytes:
    """Play ``game`` on to its end with agents seeded by ``seed``; what it became."""
    players = [RandomAgent(agent_seed(seed, p)) for p in range(len(game.setup.seats))]
    drive(game, players)
    return b"\n".join(
        (
            game.log_bytes(),
            msgspec.json.encode(game.history),
            msgspec.json.encode(game.result()),
            msgspec.msgpack.encode(game.state),
        )
    )


def now(game: AnyGame) -> bytes:
    """The game at this moment: state, clock, log, history, decision, who waits, dice."""
    return b"\n".join(
        (
            msgspec.msgpack.encode(game.state),
            msgspec.msgpack.encode(game.clock),
            game.log_bytes(),
            msgspec.json.encode(game.history),
            msgspec.json.encode(game.decision()),
            msgspec.json.encode(game.waiting_for()),
            repr(game.dice.getstate()).encode(),
        )
    )


def goes_on_as(copied: AnyGame, game: AnyGame, seed: int) -> bool:
    """Whether ``copied`` is ``game`` now, and played on alike ends alike (``game`` is left
    as it was: it is played on through a clone)."""
    return now(copied) == now(game) and finish(copied, seed) == finish(game.clone(), seed)


@pytest.mark.parametrize(("name", "setup"), cases())
def test_deepcopy_and_pickle_go_on_as_the_game_does(name: str, setup: str) -> None:
    """Mutations caught (tried): a clone whose dice start afresh (its stream not copied), a
    clone sharing the state's lists with the game, a lineage that forgets a reseed."""
    ruleset = PLUGINS.ruleset(name)
    for seed in (1, 2):
        game: AnyGame = Game(ruleset, setup, seed)
        players = [RandomAgent(agent_seed(seed, p)) for p in range(len(game.setup.seats))]
        played = 0
        for moment in MOMENTS:
            played += drive(game, players, limit=moment - played) if moment > played else 0
            for copied in (copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
                assert goes_on_as(copied, game, seed + moment), (name, setup, seed, moment)
            if game.is_over():
                break


def test_the_games_a_search_makes_pickle_too(ruleset: Ruleset[Any, Any, Any]) -> None:
    """A reseeded clone, a determinised game and a game keeping no log, each played on a
    little, come back from pickle as they were; a reseed (an undo's) is kept too."""
    game: AnyGame = Game(ruleset, None, 3)
    players = [RandomAgent(agent_seed(3, p)) for p in range(len(game.setup.seats))]
    drive(game, players, limit=7)
    game.reseed(11)
    drive(game, players, limit=3)
    made = [
        game,
        game.clone(reseed=5),
        game.clone(record=False),
        game.determinised(0, 9),
        game.determinised(0, 9, reseed=False, record=False),
    ]
    for copied in made:
        drive(copied, [RandomAgent(agent_seed(4, p)) for p in range(len(players))], limit=5)
        again = pickle.loads(pickle.dumps(copied))
        assert now(again) == now(copied)
        assert finish(again, 8) == finish(copied, 8)


def test_a_broken_copy_is_caught() -> None:
    """The comparison itself can fail: a clone whose future dice are reseeded is not the
    game, and neither is one played a step further."""
    game: AnyGame = Game(PLUGINS.ruleset("classic"), None, 4)
    players = [RandomAgent(agent_seed(4, p)) for p in range(2)]
    drive(game, players, limit=30)
    assert goes_on_as(copy.deepcopy(game), game, 4)
    assert not goes_on_as(game.clone(reseed=1), game, 4)
    ahead = game.clone()
    drive(ahead, [RandomAgent(9), RandomAgent(10)], limit=1)
    assert not goes_on_as(ahead, game, 4)


def test_a_ruleset_not_installed_is_named_on_load() -> None:
    game: AnyGame = Game(PLUGINS.ruleset("joust"), None, 1)
    origin, actions = game.lineage()
    assert origin.ruleset is not None
    gone = Origin(
        kind="new",
        ruleset=msgspec.structs.replace(origin.ruleset, name="nonesuch"),
        setup=game.setup,
        seed=1,
    )
    with pytest.raises(PluginError, match=r"ruleset 'nonesuch': no such ruleset is installed"):
        restore(gone, actions)
    assert isinstance(origin.ruleset, Plugged)


def test_a_game_without_a_lineage_says_why_it_cannot_be_pickled() -> None:
    by_hand: AnyGame = Game(bare(PLUGINS.ruleset("joust")), None, 1)
    with pytest.raises(pickle.PicklingError, match="made by hand"):
        pickle.dumps(by_hand)
    game: AnyGame = Game(PLUGINS.ruleset("joust"), None, 1)
    outside = game.clone(state=copy.deepcopy(game).state)
    with pytest.raises(pickle.PicklingError, match="set from outside"):
        pickle.dumps(outside)

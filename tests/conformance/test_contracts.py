"""The contracts of the Game API that every ruleset must keep, checked so that they CAN fail.

For every registered ruleset and set-up, with seeds drawn by hypothesis (derandomized, so CI
is stable), random playouts check at every decision:

- observations are values: an agent that mutates everything reachable from its observation
  leaves the state unchanged (mutation caught: an observation that wraps or shares a list
  of the state);
- perfect information is declared honestly: a ruleset without hidden information shows every
  player the same observation (mutation caught: a player-specific field in such a view);
- the owing player's illegal action is refused and changes nothing (mutation caught: a
  Game.apply that records or resolves before checking legality);
- capabilities match play: a simultaneous decision, a secret decision or a private event,
  and dice, each need the matching capability (mutation caught: a ruleset declaring
  ``simultaneous=False`` while asking simultaneous decisions);
- secrets stay secret: two games that differ only in one player's secret commitment give
  every other player identical observations, logs, decisions and legal actions until the
  reveal (mutation caught: removing ``seen_by`` from DecisionCommitted); and a game
  determinised for a player (everything hidden from them resampled) shows that player the
  same decisions and legal actions as long as it shows the same observation and log
  (mutation caught: a prompt that depends on a hidden hand or an unrevealed order).
"""

from __future__ import annotations

import contextlib
import hashlib
import random
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aerodrome import Action, Game, IllegalActionError
from aerodrome.events import DecisionCommitted, DiceRolled, encode_log
from tests.conftest import PLUGINS

CASES = [
    (name, setup.name)
    for name in PLUGINS.ruleset_names()
    for setup in PLUGINS.ruleset(name).setups()
]
#: Decisions played per playout: contract breaches show early, and classic games are long.
HORIZON = 150
SEEDS = settings(max_examples=2, deadline=None, derandomize=True, database=None)

#: Breaches known today, each fixed by a task under way; strict, so a fix turns them red
#: until the marker goes.
KNOWN: dict[tuple[str, str], str] = {
}


def cases(contract: str) -> list[Any]:
    return [
        pytest.param(
            r, s, marks=pytest.mark.xfail(strict=True, reason=KNOWN[(contract, r)])
        )
        if (contract, r) in KNOWN
        else (r, s)
        for r, s in CASES
    ]


def digest(game: Game[Any, Any, Any]) -> str:
    """Everything the rules keep: the state, where the turn is, the history and the log."""
    h = hashlib.sha256(msgspec.msgpack.encode(game.state))
    h.update(msgspec.msgpack.encode(game.clock))
    h.update(b"%d/%d" % (len(game.history), len(game.log)))
    return h.hexdigest()


def vandalise(obj: Any, depth: int = 0) -> None:
    """Change everything mutable reachable from ``obj`` (what a careless agent might do)."""
    if depth > 50:
        return
    if isinstance(obj, msgspec.Struct):
        for name in obj.__struct_fields__:
            value = getattr(obj, name)
            vandalise(value, depth + 1)
            if not obj.__struct_config__.frozen:
                setattr(obj, name, None)
    elif isinstance(obj, list):
        for item in obj:
            vandalise(item, depth + 1)
        obj.reverse()
        obj.append(obj[0] if obj else None)
    elif isinstance(obj, dict):
        for item in obj.values():
            vandalise(item, depth + 1)
        obj.clear()
    elif isinstance(obj, set | bytearray):
        obj.clear()
    elif isinstance(obj, tuple):
        for item in obj:
            vandalise(item, depth + 1)


def playout(
    ruleset: str, setup: str, seed: int, check: Any, horizon: int = HORIZON
) -> Game[Any, Any, Any]:
    """Random play for ``horizon`` decisions, calling ``check(game, player, legal, rng)``
    before each action."""
    game = Game(PLUGINS.ruleset(ruleset), setup, seed)
    rng = random.Random(seed)
    for _ in range(horizon):
        if game.is_over():
            break
        for player in game.waiting_for():
            legal = game.legal_actions(player)
            check(game, player, legal, rng)
            game.apply(player, legal[rng.randrange(len(legal))])
    return game


@pytest.mark.parametrize(("ruleset", "setup"), cases("isolation"))
@SEEDS
@given(seed=st.integers(0, 2**31))
def test_mutating_an_observation_changes_nothing(ruleset: str, setup: str, seed: int) -> None:
    def check(game: Game[Any, Any, Any], player: int, legal: Any, rng: random.Random) -> None:
        before = digest(game)
        for viewer in (player, None):
            view = game.observation(viewer)
            assert isinstance(view, msgspec.Struct) and view.__struct_config__.frozen, (
                f"{ruleset}: observation({viewer}) must be a frozen Struct"
            )
            with contextlib.suppress(TypeError, AttributeError):
                vandalise(view)  # a truly frozen value refuses some changes: that is the point
        assert digest(game) == before, f"{ruleset}: changing an observation changed the game"

    playout(ruleset, setup, seed, check)


@pytest.mark.parametrize(("ruleset", "setup"), cases("perfect"))
@SEEDS
@given(seed=st.integers(0, 2**31))
def test_perfect_information_shows_everybody_the_same(ruleset: str, setup: str, seed: int) -> None:
    rules = PLUGINS.ruleset(ruleset)
    if rules.capabilities.hidden_information:
        pytest.skip("declares hidden information")

    def check(game: Game[Any, Any, Any], player: int, legal: Any, rng: random.Random) -> None:
        views = {msgspec.msgpack.encode(game.observation(p)) for p in range(len(game.setup.seats))}
        assert len(views) == 1, f"{ruleset} declares perfect information but views differ"
        # a simultaneous commitment is seen by its player only until the reveal: that is the
        # secrecy of simultaneous moves, not hidden information
        logs = {
            encode_log(e for e in game.log_for(p) if not isinstance(e, DecisionCommitted))
            for p in range(len(game.setup.seats))
        }
        assert len(logs) == 1, f"{ruleset} declares perfect information but logs differ"

    playout(ruleset, setup, seed, check)


@pytest.mark.parametrize(("ruleset", "setup"), CASES)
@SEEDS
@given(seed=st.integers(0, 2**31))
def test_the_owing_players_illegal_action_is_refused(ruleset: str, setup: str, seed: int) -> None:
    seen: set[Action] = set()
    refused = 0

    def check(game: Game[Any, Any, Any], player: int, legal: Any, rng: random.Random) -> None:
        nonlocal refused
        seen.update(legal)
        wrong = [a for a in seen if a not in legal]
        if not wrong:
            return
        before = digest(game)
        with pytest.raises(IllegalActionError):
            game.apply(player, wrong[rng.randrange(len(wrong))])
        assert digest(game) == before
        assert game.legal_actions(player) == legal
        refused += 1

    playout(ruleset, setup, seed, check)


@pytest.mark.parametrize(("ruleset", "setup"), CASES)
def test_capabilities_match_play(ruleset: str, setup: str) -> None:
    rules = PLUGINS.ruleset(ruleset)
    caps = rules.capabilities
    seen = {"simultaneous": False, "hidden": False}

    def check(game: Game[Any, Any, Any], player: int, legal: Any, rng: random.Random) -> None:
        d = game.decision()
        assert d is not None
        seen["simultaneous"] |= d.simultaneous and len(d.players) > 1
        seen["hidden"] |= d.secret and not d.simultaneous

    game = playout(ruleset, setup, 1, check, horizon=400)
    hidden = seen["hidden"] or any(
        e.seen_by is not None and not isinstance(e, DecisionCommitted) for e in game.log
    )
    if seen["simultaneous"]:
        assert caps.simultaneous, f"{ruleset} asks simultaneous decisions: declare it"
    if hidden:
        assert caps.hidden_information, f"{ruleset} keeps secrets: declare hidden information"
    if any(isinstance(e, DiceRolled) for e in game.log):
        assert caps.chance, f"{ruleset} rolls dice: declare chance"


def _views(game: Game[Any, Any, Any], q: int) -> tuple[Any, ...]:
    d = game.decision()
    return (
        msgspec.msgpack.encode(game.observation(q)),
        game.log_bytes(q),
        msgspec.msgpack.encode(d) if d is not None else None,
        game.waiting_for(),
        tuple(game.legal_actions(q)),
    )


@pytest.mark.parametrize(("ruleset", "setup"), CASES)
@SEEDS
@given(seed=st.integers(0, 2**31))
def test_a_secret_commitment_is_invisible_until_the_reveal(
    ruleset: str, setup: str, seed: int
) -> None:
    if not PLUGINS.ruleset(ruleset).capabilities.simultaneous:
        pytest.skip("no simultaneous decisions")

    def check(game: Game[Any, Any, Any], player: int, legal: Any, rng: random.Random) -> None:
        d = game.decision()
        others = [q for q in game.waiting_for() if q != player]
        if d is None or not d.simultaneous or len(legal) < 2 or not others:
            return  # nothing to compare: nobody is left to learn the secret before the reveal
        a, b = game.clone(), game.clone()
        a.apply(player, legal[0])
        b.apply(player, legal[1])
        # while ``player``'s answer is committed and the decision not yet resolved
        while a.asked == game.asked and a.waiting_for():
            q = a.waiting_for()[0]
            assert _views(a, q) == _views(b, q), f"{ruleset}: player {q} can tell {player}'s secret"
            answer = a.legal_actions(q)[0]
            a.apply(q, answer)
            b.apply(q, answer)

    playout(ruleset, setup, seed, check)


@pytest.mark.parametrize(("ruleset", "setup"), CASES)
@SEEDS
@given(seed=st.integers(0, 2**31))
def test_nothing_visible_depends_on_what_is_hidden(ruleset: str, setup: str, seed: int) -> None:
    rules = PLUGINS.ruleset(ruleset)
    if not rules.capabilities.hidden_information:
        pytest.skip("no hidden information")
    try:
        rules.determinise(Game(rules, setup, seed).state, 0, random.Random(0))
    except NotImplementedError:
        pytest.xfail(f"{ruleset} has no determinise() yet")
    compared = 0

    def check(game: Game[Any, Any, Any], player: int, legal: Any, rng: random.Random) -> None:
        nonlocal compared
        d = game.decision()
        if d is None or d.simultaneous or rng.random() > 0.2:
            return
        real = game.clone()
        alt = game.determinised(player, rng.randrange(2**31), reseed=False)
        pick_real, pick_alt = random.Random(seed), random.Random(seed)
        for _ in range(40):
            if real.is_over() or alt.is_over():
                break
            if (
                real.observation(player) != alt.observation(player)
                or real.log_bytes(player) != alt.log_bytes(player)
            ):
                break  # revealed by the rules: from here the two games may differ
            assert _views(real, player) == _views(alt, player), (
                f"{ruleset}: player {player} sees a decision that depends on hidden information"
            )
            compared += 1
            for g, pick in ((real, pick_real), (alt, pick_alt)):
                for w in g.waiting_for():
                    options = g.legal_actions(w)
                    g.apply(w, options[pick.randrange(len(options))])

    playout(ruleset, setup, seed, check)

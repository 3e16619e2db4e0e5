"""The contracts of the Game API that every ruleset keeps, checked so that they CAN fail.

Random playouts of :data:`HORIZON` decisions check, at every decision, what the docstring
of each check says; each docstring names the mutation (a deliberate bug) it catches.
"""

from __future__ import annotations

import contextlib
import hashlib
import random
from collections.abc import Sequence
from typing import Any

import msgspec

from aerodrome.capabilities import Determinise, capability
from aerodrome.conformance.playouts import AnyGame, Case, playout, refused
from aerodrome.data import Action
from aerodrome.events import DecisionCommitted, DiceRolled, encode_log
from aerodrome.plugins import Plugins
from aerodrome.turns import Reveal

#: Decisions played per playout: contract breaches show early, and classic games are long.
HORIZON = 150


def digest(game: AnyGame) -> str:
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


def check_observation_isolation(plugins: Plugins, case: Case, seed: int) -> None:
    """Observations are frozen values: an agent that mutates everything reachable from its
    observation (and from the referee's) leaves the game unchanged.

    Mutation caught: an observation that wraps or shares a list of the state."""

    def probe(game: AnyGame, player: int, legal: Sequence[Any], rng: random.Random) -> None:
        before = digest(game)
        for viewer in (player, None):
            view = game.observation(viewer)
            assert isinstance(view, msgspec.Struct) and view.__struct_config__.frozen, (
                f"{case.ruleset}: observation({viewer}) must be a frozen Struct"
            )
            with contextlib.suppress(TypeError, AttributeError):
                vandalise(view)  # a truly frozen value refuses some changes: that is the point
        assert digest(game) == before, f"{case.ruleset}: changing an observation changed the game"

    playout(plugins, case, seed, probe, HORIZON)


def check_perfect_information(plugins: Plugins, case: Case, seed: int) -> str | None:
    """A ruleset without hidden information shows every player the same observation and log
    (returns why it does not apply: the ruleset declares hidden information).

    Mutation caught: a player-specific field in such a view."""
    if plugins.ruleset(case.ruleset).capabilities.hidden_information:
        return "declares hidden information"

    def probe(game: AnyGame, player: int, legal: Sequence[Any], rng: random.Random) -> None:
        seats = range(len(game.setup.seats))
        views = {msgspec.msgpack.encode(game.observation(p)) for p in seats}
        assert len(views) == 1, f"{case.ruleset} declares perfect information but views differ"
        # a simultaneous commitment is seen by its player only until the reveal: that is the
        # secrecy of simultaneous moves, not hidden information
        logs = {
            encode_log(e for e in game.log_for(p) if not isinstance(e, DecisionCommitted))
            for p in seats
        }
        assert len(logs) == 1, f"{case.ruleset} declares perfect information but logs differ"

    playout(plugins, case, seed, probe, HORIZON)
    return None


def check_owing_players_illegal_action_is_refused(plugins: Plugins, case: Case, seed: int) -> None:
    """The owing player's illegal action (one legal earlier, not now) is refused and changes
    nothing: not the game, not the legal actions.

    Mutation caught: a ``Game.apply`` that records or resolves before checking legality."""
    seen: set[Action] = set()

    def probe(game: AnyGame, player: int, legal: Sequence[Any], rng: random.Random) -> None:
        seen.update(legal)
        wrong = [a for a in seen if a not in legal]
        if not wrong:
            return
        before = digest(game)
        action = wrong[rng.randrange(len(wrong))]
        assert refused(lambda: game.apply(player, action)), (
            f"{case.ruleset}: player {player}'s illegal {action!r} was accepted"
        )
        assert digest(game) == before, f"{case.ruleset}: a refused action changed the game"
        assert game.legal_actions(player) == legal, (
            f"{case.ruleset}: a refused action changed the legal actions"
        )

    playout(plugins, case, seed, probe, HORIZON)


def check_capabilities_match_play(plugins: Plugins, case: Case, seed: int) -> None:
    """The declared capabilities match play: a simultaneous decision, a secret decision or a
    private event, and dice, each need the matching capability.

    Mutation caught: a ruleset declaring ``simultaneous=False`` while asking simultaneous
    decisions."""
    caps = plugins.ruleset(case.ruleset).capabilities
    seen = {"simultaneous": False, "hidden": False}

    def probe(game: AnyGame, player: int, legal: Sequence[Any], rng: random.Random) -> None:
        d = game.decision()
        assert d is not None
        seen["simultaneous"] |= d.simultaneous and len(d.players) > 1
        seen["hidden"] |= d.reveal is not Reveal.EVERYONE and not d.simultaneous

    game = playout(plugins, case, seed, probe, horizon=400)
    hidden = seen["hidden"] or any(
        e.seen_by is not None and not isinstance(e, DecisionCommitted) for e in game.log
    )
    if seen["simultaneous"]:
        assert caps.simultaneous, f"{case.ruleset} asks simultaneous decisions: declare it"
    if hidden:
        assert caps.hidden_information, f"{case.ruleset} keeps secrets: declare hidden information"
    if any(isinstance(e, DiceRolled) for e in game.log):
        assert caps.chance, f"{case.ruleset} rolls dice: declare chance"


def views(game: AnyGame, q: int) -> tuple[Any, ...]:
    """Everything player ``q`` can see: observation, log, decision, who waits, legal actions."""
    d = game.decision()
    return (
        msgspec.msgpack.encode(game.observation(q)),
        game.log_bytes(q),
        msgspec.msgpack.encode(d) if d is not None else None,
        game.waiting_for(),
        tuple(game.legal_actions(q)),
    )


def check_secret_commitments(plugins: Plugins, case: Case, seed: int) -> str | None:
    """Two games that differ only in one player's secret commitment give every other player
    identical observations, logs, decisions and legal actions until the reveal (returns why
    it does not apply: no simultaneous decisions).

    Mutation caught: removing ``seen_by`` from DecisionCommitted."""
    if not plugins.ruleset(case.ruleset).capabilities.simultaneous:
        return "no simultaneous decisions"

    def probe(game: AnyGame, player: int, legal: Sequence[Any], rng: random.Random) -> None:
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
            assert views(a, q) == views(b, q), (
                f"{case.ruleset}: player {q} can tell {player}'s secret"
            )
            answer = a.legal_actions(q)[0]
            a.apply(q, answer)
            b.apply(q, answer)

    playout(plugins, case, seed, probe, HORIZON)
    return None


def check_hidden_information_stays_hidden(plugins: Plugins, case: Case, seed: int) -> str | None:
    """A game determinised for a player (everything hidden from them resampled) shows that
    player the same decisions and legal actions as long as it shows the same observation and
    log (returns why it does not apply: no hidden information, or no ``determinise()``).

    Mutation caught: a prompt that depends on a hidden hand or an unrevealed order."""
    rules = plugins.ruleset(case.ruleset)
    if not rules.capabilities.hidden_information:
        return "no hidden information"
    if capability(rules, Determinise) is None:
        return f"{case.ruleset} declares hidden information but has no determinise()"

    def probe(game: AnyGame, player: int, legal: Sequence[Any], rng: random.Random) -> None:
        d = game.decision()
        if d is None or d.simultaneous or rng.random() > 0.2:
            return
        real = game.clone()
        alt = game.determinised(player, rng.randrange(2**31), reseed=False)
        pick_real, pick_alt = random.Random(seed), random.Random(seed)
        for _ in range(40):
            if real.is_over() or alt.is_over():
                break
            if real.observation(player) != alt.observation(player) or real.log_bytes(
                player
            ) != alt.log_bytes(player):
                break  # revealed by the rules: from here the two games may differ
            assert views(real, player) == views(alt, player), (
                f"{case.ruleset}: player {player} sees a decision that depends on hidden "
                "information"
            )
            for g, pick in ((real, pick_real), (alt, pick_alt)):
                for w in g.waiting_for():
                    options = g.legal_actions(w)
                    g.apply(w, options[pick.randrange(len(options))])

    playout(plugins, case, seed, probe, HORIZON)
    return None

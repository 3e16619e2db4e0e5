"""Random playouts to the end, determinism and replay identity (OpenSpiel's
``random_sim_test``, extended).

Each check takes the loaded :class:`~aerodrome.plugins.Plugins`, a ruleset name, one of its
set-ups and a seed, plays random games and raises :class:`AssertionError` naming the ruleset
when a contract is broken.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from aerodrome.agents import RandomAgent, agent_seed
from aerodrome.capabilities import Analysis, capability
from aerodrome.driver import Observer, drive
from aerodrome.errors import IllegalActionError, ReplayMismatchError
from aerodrome.game import Game, copy_state
from aerodrome.plugins import Plugins
from aerodrome.saves import read_save, replay, verify, write_save

AnyGame = Game[Any, Any, Any]
#: ``check(game, player, legal, rng)``: called before each action of :func:`playout`.
Probe = Callable[[AnyGame, int, Sequence[Any], random.Random], None]


class Case(NamedTuple):
    """One ruleset and one of its set-ups."""

    ruleset: str
    setup: str

    @property
    def id(self) -> str:
        return f"{self.ruleset}-{self.setup}"


def cases(plugins: Plugins, rulesets: Iterable[str] = ("all",)) -> list[Case]:
    """Every set-up of the named rulesets (``all``: every registered ruleset)."""
    names = list(rulesets)
    if "all" in names:
        names = plugins.ruleset_names()
    return [Case(name, s.name) for name in names for s in plugins.ruleset(name).setups()]


def action_union(game: AnyGame) -> Any:
    """The union of the ruleset's action types (what a save decodes actions into)."""
    types = game.ruleset.action_types
    union: Any = types[0]
    for t in types[1:]:
        union = union | t
    return union


def refused(call: Callable[[], object]) -> bool:
    """True if ``call()`` raises :class:`IllegalActionError`."""
    try:
        call()
    except IllegalActionError:
        return True
    return False


def random_playout(game: AnyGame, seed: int, *, check: bool) -> None:
    """Play ``game`` to its end with random agents seeded from ``seed``; with ``check``,
    check round trips, observations and invariants at every step."""
    agents = [RandomAgent(agent_seed(seed, p)) for p in range(len(game.setup.seats))]
    drive(game, agents, _Checks(game, check=check))


class _Checks(Observer):
    """What :func:`random_playout` checks at each decision and after each action."""

    def __init__(self, game: AnyGame, *, check: bool) -> None:
        self.name = game.ruleset.name
        self.union = action_union(game)
        self.analysis = capability(game.ruleset, Analysis)
        self.check = check

    def decision(self, game: AnyGame, player: int, legal: Sequence[Any]) -> None:
        decision = game.decision()
        assert decision is not None and decision.players, (
            f"{self.name}: a live game must owe a decision"
        )
        assert legal, f"{self.name}: player {player} owes {decision.kind} but has no legal action"
        if self.check:
            msgspec.json.encode(game.observation(player))

    def action(self, game: AnyGame, player: int, action: Any) -> None:
        if not self.check:
            return
        data = msgspec.json.encode(action)
        assert msgspec.json.decode(data, type=self.union) == action, (
            f"{self.name}: {data!r} does not decode back to the same action"
        )
        state = game.state
        assert msgspec.msgpack.encode(copy_state(state)) == msgspec.msgpack.encode(state), (
            f"{self.name} round {game.round}: the state does not survive a copy"
        )
        broken = self.analysis.invariants(state) if self.analysis is not None else []
        assert not broken, f"{self.name} round {game.round}: {broken}"


def new_game(plugins: Plugins, case: Case, seed: int) -> AnyGame:
    return Game(plugins.ruleset(case.ruleset), case.setup, seed)


def check_random_playout(plugins: Plugins, case: Case, seed: int) -> None:
    """Random play reaches the end; at every step each action round-trips through JSON,
    each observation serialises, the state survives a copy and ``invariants()`` hold; the
    result names only sides of the set-up and serialises.

    Mutation caught: an ``invariants()`` that reports a broken state, an action type that
    does not decode back (e.g. a field missing from its tag union), a game that owes a
    decision with no legal action."""
    game = new_game(plugins, case, seed)
    random_playout(game, seed, check=True)
    result = game.result()
    assert result.rounds >= 1, f"{case.ruleset}: a finished game lasted {result.rounds} rounds"
    assert set(result.winners) <= set(game.setup.sides), (
        f"{case.ruleset}: winners {result.winners} are not sides of {case.setup}"
    )
    msgspec.json.encode(result)


def check_replay_identity(plugins: Plugins, case: Case, seed: int) -> None:
    """A save of a random game replays to a byte-identical event log and the same result.

    Mutation caught: a rule drawing from the global ``random`` (or any source other than
    ``ctx.dice``), state that leaks between games."""
    game = new_game(plugins, case, seed)
    random_playout(game, seed, check=False)
    with tempfile.TemporaryDirectory(prefix="aerodrome-conformance-") as folder:
        path = Path(folder) / "game.json"
        write_save(game, path)
        again = replay(read_save(path), plugins, str(path))
        try:
            verify(read_save(path), again)
        except ReplayMismatchError as exc:
            raise AssertionError(f"{case.ruleset}: the replay's event log differs: {exc}") from None
    assert again.log_bytes() == game.log_bytes(), f"{case.ruleset}: the replay's log differs"
    assert again.result() == game.result(), f"{case.ruleset}: the replay's result differs"


def check_clone_is_independent(plugins: Plugins, case: Case, seed: int) -> None:
    """A clone played to the end leaves the original untouched, and the original played the
    same way gives the same log (determinism).

    Mutation caught: a ``copy_state`` that shares a list with the original, a rule that
    keeps state outside ``state`` (a module-level cache of the game)."""
    game = new_game(plugins, case, seed)
    before = game.log_bytes()
    twin = game.clone()
    random_playout(twin, seed, check=False)
    assert game.log_bytes() == before, f"{case.ruleset}: playing a clone changed the original"
    random_playout(game, seed, check=False)
    assert game.log_bytes() == twin.log_bytes(), (
        f"{case.ruleset}: the same seed and actions gave two different games"
    )


def check_idle_players_action_is_refused(plugins: Plugins, case: Case, seed: int) -> None:
    """An action from a player who owes nothing is refused and changes nothing.

    Mutation caught: a ``Game.apply`` that does not check who is waiting."""
    game = new_game(plugins, case, seed)
    waiting = game.waiting_for()
    idle = [p for p in range(len(game.setup.seats)) if p not in waiting]
    legal = game.legal_actions(waiting[0])
    if idle:
        assert refused(lambda: game.apply(idle[0], legal[0])), (
            f"{case.ruleset}: player {idle[0]} owes nothing, but their action was accepted"
        )
    assert game.legal_actions(waiting[0]) == legal, (
        f"{case.ruleset}: a refused action changed the legal actions"
    )


def playout(plugins: Plugins, case: Case, seed: int, probe: Probe, horizon: int) -> AnyGame:
    """Random play for ``horizon`` decisions, calling ``probe(game, player, legal, rng)``
    before each action."""
    game = new_game(plugins, case, seed)
    rng = random.Random(seed)
    agent = RandomAgent(0)
    agent.rng = rng  # the probe and the choices share one stream

    class Probing(Observer):
        def decision(self, game: AnyGame, player: int, legal: Sequence[Any]) -> None:
            probe(game, player, legal, rng)

    drive(game, [agent] * len(game.setup.seats), Probing(), limit=horizon)
    return game

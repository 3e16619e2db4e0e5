"""Random playouts to the end, determinism and replay identity (OpenSpiel's
``random_sim_test``, extended), and the seeded playout every other check probes.

Each check takes the loaded :class:`~aerodrome.plugins.Plugins`, a :class:`Case` (a ruleset
and one of its set-ups) and a seed, plays random games and raises
:class:`~aerodrome.conformance.broken.BrokenContract` naming the contract broken.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import NamedTuple

import msgspec

from aerodrome.conformance.access import Table
from aerodrome.conformance.broken import Contract, broken, require
from aerodrome.engine.agents import agent_seed
from aerodrome.engine.data import Action
from aerodrome.engine.errors import ReplayMismatchError
from aerodrome.plugins import Plugins

#: ``probe(table, player, legal, rng)``: called before each action of :func:`playout`.
Probe = Callable[[Table, int, tuple[Action, ...], random.Random], None]

#: A round in which random players have answered this many decisions and that is still not
#: over is taken for a decision that never ends (the built-in rulesets ask at most 39).
ROUND_DECISIONS = 1000


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


def new_table(plugins: Plugins, case: Case, seed: int) -> Table:
    """A new game of ``case`` seeded ``seed``."""
    return Table.new(plugins, case.ruleset, case.setup, seed)


class Progress:
    """Counts the decisions answered in the current round: more than
    :data:`ROUND_DECISIONS` breaks :data:`Contract.ENDS`."""

    __slots__ = ("count", "round", "table")

    def __init__(self, table: Table) -> None:
        self.table = table
        self.round = table.round
        self.count = 0

    def answered(self) -> None:
        table = self.table
        if table.round != self.round:
            self.round, self.count = table.round, 0
        self.count += 1
        if self.count > ROUND_DECISIONS and not table.over():
            broken(
                Contract.ENDS,
                table.where,
                f"round {self.round} has asked random players {self.count} decisions and is "
                "not over: a decision that never ends (no answer makes progress), or a round "
                f"longer than the kit allows ({ROUND_DECISIONS})",
            )


def require_hashable(actions: Iterable[Action], where: str) -> None:
    """Every one of ``actions`` is hashable (:data:`Contract.DATA`): an action holds numbers,
    strings, tuples and frozen records, and ``Action`` is ``gc=False`` (a list, dict or set
    in one could hold a cycle the collector never frees)."""
    for action in actions:
        try:
            hash(action)
        except TypeError as exc:
            broken(
                Contract.DATA,
                where,
                f"{type(action).__name__} {msgspec.json.encode(action)!r} is not hashable "
                f"({exc}): an action holds numbers, strings, tuples and frozen records",
            )


def random_playout(table: Table, seed: int, *, check: bool) -> None:
    """Play ``table`` to its end with random players seeded from ``seed``; with ``check``,
    check round trips, observations and invariants at every step."""
    rngs = [random.Random(agent_seed(seed, p)) for p in table.players]
    union = table.action_union() if check else None
    progress = Progress(table)
    where = table.where
    while not table.over():
        for player in table.owing():
            legal = table.options(player)
            action = legal[rngs[player].randrange(len(legal))]
            if check:
                data = msgspec.json.encode(action)
                try:
                    back = msgspec.json.decode(data, type=union)
                except msgspec.ValidationError as exc:
                    back = exc
                require(
                    back == action,
                    Contract.DATA,
                    where,
                    f"{data!r} does not decode back to the same action ({back!r})",
                )
                require_hashable((action,), where)
                msgspec.json.encode(table.observation(player))
            table.play(player, action)
        progress.answered()
        if check:
            require(
                table.state_survives_a_copy(),
                Contract.DATA,
                where,
                f"round {table.round}: the state does not survive a copy",
            )
            invalid = table.invariants()
            require(not invalid, Contract.INVARIANTS, where, f"round {table.round}: {invalid}")


def playout(plugins: Plugins, case: Case, seed: int, probe: Probe, horizon: int) -> Table:
    """Random play for ``horizon`` decisions, calling ``probe(table, player, legal, rng)``
    before each action.

    A twin game (same seed) is played the same way beside it: a ruleset that is not
    deterministic fails here with :data:`Contract.DETERMINISM`, before a probe could blame
    another contract for the difference. A probe (which plays clones and determinisations)
    must leave the game as it found it (:data:`Contract.INDEPENDENT`)."""
    table = new_table(plugins, case, seed)
    twin = new_table(plugins, case, seed)
    rng = random.Random(seed)
    for decision in range(horizon):
        if table.over():
            break
        for player in table.owing():
            same_game(table, twin, f"at decision {decision}")
            legal = table.options(player)
            before = table.digest()
            probe(table, player, legal, rng)
            require(
                table.digest() == before,
                Contract.INDEPENDENT,
                table.where,
                f"at decision {decision}, playing a clone or a determinisation of the game "
                "changed the game itself",
            )
            action = legal[rng.randrange(len(legal))]
            table.play(player, action)
            twin.play(player, action)
    return table


def same_game(table: Table, twin: Table, when: str) -> None:
    """``table`` and ``twin``, two games of one seed given the same actions, are the same."""
    if table.digest() != twin.digest() or table.owing() != twin.owing():
        broken(
            Contract.DETERMINISM,
            table.where,
            f"two games of the same seed given the same actions differ {when} (rules that "
            "read something outside the game: the global random, a counter, the clock...)",
        )


def check_random_playout(plugins: Plugins, case: Case, seed: int) -> None:
    """Random play reaches the end (no round asks more than :data:`ROUND_DECISIONS`
    decisions); at every step each action round-trips through JSON, each observation
    serialises, the state survives a copy and ``invariants()`` hold; the result names only
    sides of the set-up and serialises.

    Mutation caught: an ``invariants()`` that reports a broken state, an action type that
    does not decode back (e.g. a field missing from its tag union), an action holding a
    list (not hashable), a game that owes a decision with no legal action, a step that asks
    again forever."""
    table = new_table(plugins, case, seed)
    random_playout(table, seed, check=True)
    result = table.result()
    where = table.where
    require(
        result.rounds >= 1,
        Contract.ENDS,
        where,
        f"a finished game lasted {result.rounds} rounds",
    )
    require(
        set(result.winners) <= set(table.sides),
        Contract.DATA,
        where,
        f"winners {result.winners} are not sides of {case.setup}",
    )
    msgspec.json.encode(result)


#: Times a save is replayed: a rule drawing from outside the game can replay alike by
#: coincidence (two d6 from the global random: one replay in 36), so one replay is not proof.
REPLAYS = 3


def check_replay_identity(plugins: Plugins, case: Case, seed: int) -> None:
    """A save of a random game replays, :data:`REPLAYS` times, to a byte-identical event
    log, the same result and the same state.

    Mutation caught: a rule drawing from the global ``random`` (or any source other than
    ``ctx.dice``), state that leaks between games; a rule rolling two hidden d6 from the
    global random escapes the check one time in 36³ (it escaped one replay in 36)."""
    table = new_table(plugins, case, seed)
    random_playout(table, seed, check=False)
    where = table.where
    for _ in range(REPLAYS):
        try:
            again = table.replayed(plugins)
        except ReplayMismatchError as exc:
            broken(Contract.REPLAY, where, f"the replay's event log differs: {exc}")
        except Exception as exc:  # an action of the save refused on the way: the game differs
            broken(Contract.REPLAY, where, f"the replay failed: {type(exc).__name__}: {exc}")
        require(again.log() == table.log(), Contract.REPLAY, where, "the log differs")
        require(again.result() == table.result(), Contract.REPLAY, where, "the result differs")
        require(
            again.state() == table.state(),
            Contract.REPLAY,
            where,
            "the replay ends in another state",
        )


def check_clone_is_independent(plugins: Plugins, case: Case, seed: int) -> None:
    """A clone played to the end leaves the original untouched; the original then played
    the same way, and a new game of the same seed, give the same game (determinism).

    Mutation caught: an ask whose ``resolve`` changes the state it was asked on instead of
    the state it is given, a rule that keeps state outside ``state`` (on the ruleset, in a
    module), a rule reading the global ``random``."""
    table = new_table(plugins, case, seed)
    where = table.where
    before = table.digest()
    twin = table.clone()
    random_playout(twin, seed, check=False)
    require(
        table.digest() == before,
        Contract.INDEPENDENT,
        where,
        "playing a clone to the end changed the original game",
    )
    random_playout(table, seed, check=False)
    other = new_table(plugins, case, seed)
    random_playout(other, seed, check=False)
    for name, game in (("a clone", twin), ("a second game", other)):
        require(
            game.log() == table.log() and game.state() == table.state(),
            Contract.DETERMINISM,
            where,
            f"the same seed and actions gave two different games ({name} differs)",
        )


def check_idle_players_action_is_refused(plugins: Plugins, case: Case, seed: int) -> None:
    """An action from a player who owes nothing is refused and changes nothing.

    Mutation caught: a ``Game.apply`` that does not check who is waiting."""
    table = new_table(plugins, case, seed)
    waiting = table.owing()
    idle = [p for p in table.players if p not in waiting]
    legal = table.options(waiting[0])
    before = table.digest()
    if idle:
        require(
            not table.accepts(idle[0], legal[0]),
            Contract.REFUSED,
            table.where,
            f"player {idle[0]} owes nothing, but their action was accepted",
        )
    require(
        table.digest() == before and table.legal(waiting[0]) == legal,
        Contract.REFUSED,
        table.where,
        "a refused action changed the game or the legal actions",
    )

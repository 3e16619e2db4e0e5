"""A game does not depend on the games played before it in the process: replayed in a fresh
process, every seed gives the same game.

State kept outside the game — a module-level list (``AMMO = [4, 4]`` spent shot by shot), a
mutable default argument, a class attribute, a cache that changes play — is shared by every
game of the process. Once it has settled (the ammunition spent), every game in the process
agrees with every other, so the kit's in-process checks (a twin, a clone, a second game, a
replay) all pass; only a game played in a fresh interpreter differs. So each set-up's game
of the seed is played here after other games, and in a fresh process (``spawn``) in the
opposite order, the first of them before any other game there; a difference breaks
:data:`~aerodrome.conformance.broken.Contract.DETERMINISM`.

The fresh process loads the ruleset as a pickled game does (:func:`aerodrome.plugins.ruleset_of`:
the installed plugins, the extra plugins given as modules, the variants and parameters);
when an extra plugin was an object that cannot be found again by name, the ruleset's class
is registered there alone, with the installed plugins (hook implementations given as
objects are then missing). A ruleset whose class cannot be imported by name is not checked
(the reason is given). The fresh process imports the main module again, as ``spawn`` does: a
script that calls :func:`aerodrome.conformance.kit.run` does so under
``if __name__ == "__main__":``.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import pickle
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import msgspec

from aerodrome.conformance.access import Table
from aerodrome.conformance.broken import Contract, broken
from aerodrome.conformance.playouts import random_playout
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.game import Game
from aerodrome.engine.hookspecs import hookimpl
from aerodrome.engine.lineage import Plugged
from aerodrome.engine.ruleset import Ruleset
from aerodrome.plugins import Plugins

#: The seed each set-up's game is played with.
SEED = 1


class _Alone:
    """A plugin registering one ruleset class (the fresh process's, when the ruleset's own
    plugins cannot be loaded again by name)."""

    def __init__(self, ruleset: type[Ruleset[Any, Any, Any]]) -> None:
        self.ruleset = ruleset

    @hookimpl
    def aerodrome_register_rulesets(self) -> list[type[Ruleset[Any, Any, Any]]]:
        return [self.ruleset]


def _rules(source: Plugged | type[Ruleset[Any, Any, Any]], name: str) -> Ruleset[Any, Any, Any]:
    from aerodrome.plugins import load_plugins, ruleset_of

    if isinstance(source, Plugged):
        return ruleset_of(source)
    found: Ruleset[Any, Any, Any] = load_plugins(extra=[(name, _Alone(source))]).ruleset(name)
    return found


def digest(table: Table) -> str:
    """The game played: its log, its state and its result."""
    h = hashlib.sha256(table.log())
    h.update(table.state())
    h.update(msgspec.json.encode(table.result()))
    return h.hexdigest()


def play(rules: Ruleset[Any, Any, Any], setup: str, seed: int) -> str:
    """One game of ``setup`` with random players seeded ``seed``, to its end: its digest."""
    table = Table(Game(rules, setup, seed, record=True), f"{rules.name}/{setup} seed {seed}")
    random_playout(table, seed, check=False)
    return digest(table)


def play_fresh(
    source: Plugged | type[Ruleset[Any, Any, Any]], name: str, games: Sequence[tuple[str, int]]
) -> list[str]:
    """In a fresh process: the ruleset loaded (:func:`_rules`), then ``games`` played in
    order; their digests."""
    rules = _rules(source, name)
    return [play(rules, setup, seed) for setup, seed in games]


def _source(rules: Ruleset[Any, Any, Any]) -> Plugged | type[Ruleset[Any, Any, Any]] | str:
    """How a fresh process finds the ruleset, or why it cannot."""
    plugged = rules.plugged
    if plugged is not None and plugged.name and plugged.restorable:
        return plugged
    try:
        pickle.dumps(type(rules))
    except Exception:
        return f"its class {type(rules).__qualname__} cannot be imported by name in a fresh process"
    return type(rules)


def check_fresh_process(plugins: Plugins, ruleset: str) -> str | None:
    """Every set-up's game of seed :data:`SEED`, played in this process after other games,
    is the same game in a fresh process (see the module docstring).

    Mutation caught: a rule keeping its ammunition in a module-level list, spent shot by
    shot (once spent, every game in the process agrees with every other)."""
    rules = plugins.ruleset(ruleset)
    source = _source(rules)
    if isinstance(source, str):
        return source
    games = [(s.name, SEED) for s in rules.setups()]
    play(rules, *games[-1])  # at least one other game before every game here
    here = [play(rules, setup, seed) for setup, seed in games]
    context = multiprocessing.get_context("spawn")
    try:
        with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
            fresh = pool.submit(play_fresh, source, ruleset, games[::-1]).result()[::-1]
    except BrokenProcessPool as exc:
        raise AerodromeError(
            f"{ruleset}: the kit's fresh process stopped before it played its games ({exc})"
        ) from None
    for (setup, seed), mine, theirs in zip(games, here, fresh, strict=True):
        if mine != theirs:
            broken(
                Contract.DETERMINISM,
                f"{ruleset}/{setup} seed {seed}",
                "the game differs in a fresh process from the one played here after other "
                "games: the rules keep state outside the game that games share (a "
                "module-level variable, a mutable default argument, a class attribute)",
            )
    return None

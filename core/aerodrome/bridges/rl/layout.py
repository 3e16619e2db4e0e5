"""The fixed sizes of a learning environment for one ruleset × set-up: a :class:`Layout`.

A learning environment needs a fixed ``Discrete`` action space and a fixed-length observation
vector. Where the ruleset numbers its actions (:meth:`Ruleset.action_count` is not ``None``)
and encodes its observations (:meth:`Ruleset.observation_vector` is not ``None``), the sizes
are the ruleset's own. Otherwise the generic fallback needs two bounds, and they are found
by **probing**: ``games`` random games of the set-up (seeded from ``seed``, not from the
environment's seed, so every environment of a set-up gets the same spaces), each cut after
``decisions`` decisions, measuring

- the longest legal-action list any seat was offered: the action space holds that many plus
  a quarter (rounded up) of headroom; an action is then numbered by its place in the legal
  list, and a legal list longer than the space is an :class:`ActionSpaceError` (or, with
  ``overflow="truncate"``, only its first actions are offered);
- the longest collection seen at each path of the observation (``planes[]``,
  ``squadrons[].hand[]``, ``kills{}``), in the view of each seat that acted and of every seat
  at the end: the encoding keeps that many items plus a quarter of headroom, and leaves out
  any item beyond (its length slot still says how many there were).

A ruleset without a numbering may declare its action bound from its rules
(:class:`~aerodrome.engine.capabilities.ActionBound`: classic does): the action space then holds
exactly that many, and the legal-list numbering never overflows.

A bound can also be declared instead of probed: ``max_actions=`` and ``caps=`` (per path) to
:func:`find_layout`, or a whole :class:`Layout` (it is a msgspec Struct: save it as JSON with
``msgspec.json.encode`` and pass it back with ``layout=``) to every environment that must
share the spaces.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from aerodrome.bridges.rl.encoder import Encoder, collection_paths
from aerodrome.bridges.rl.encoding import EncodingError, build
from aerodrome.engine.agents import RandomAgent
from aerodrome.engine.capabilities import ActionBound, Numbering, Vectors, capability
from aerodrome.engine.data import Action
from aerodrome.engine.dice import derive_seed
from aerodrome.engine.driver import Observer, drive
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Ruleset, Setup

#: Random games a probe plays, the decisions after which each is cut, and its seed.
PROBE_GAMES = 8
PROBE_DECISIONS = 3000
PROBE_SEED = 0


class ActionSpaceError(AerodromeError):
    """A legal-action list does not fit the action space, or a ruleset's action numbering
    breaks its own :meth:`Ruleset.action_count`."""


class Layout(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The sizes of one ruleset × set-up's learning environment.

    :param actions: the size of the ``Discrete`` action space.
    :param numbered: True: the ruleset's own action numbering (``action_id``); False: an
        action is its place in the legal-action list.
    :param observation: the length of the observation vector.
    :param encoded: True: the ruleset's ``observation_vector``; False: the generic flat
        encoding (:mod:`aerodrome.bridges.rl.encoding`) with ``caps``.
    :param caps: items kept per collection path of the generic encoding.
    :param longest: the longest legal-action list the probe saw (0 when not probed).
    :param probed: how many games the probe played (0: nothing was probed).
    """

    ruleset: str
    setup: str
    actions: int
    numbered: bool
    observation: int
    encoded: bool
    caps: dict[str, int] = {}
    longest: int = 0
    probed: int = 0


def headroom(seen: int) -> int:
    """A bound found by probing: what was seen plus a quarter, rounded up."""
    return seen + math.ceil(seen / 4)


def find_layout(
    ruleset: Ruleset[Any, Any, Any],
    setup: Setup | str | None = None,
    *,
    max_actions: int | None = None,
    caps: Mapping[str, int] | None = None,
    games: int = PROBE_GAMES,
    decisions: int = PROBE_DECISIONS,
    seed: int = PROBE_SEED,
) -> Layout:
    """The :class:`Layout` of ``ruleset`` × ``setup``: the ruleset's own sizes where it has
    hooks, otherwise probed (or declared with ``max_actions`` / ``caps``)."""
    setup = setup if isinstance(setup, Setup) else ruleset.setup(setup)
    numbering = capability(ruleset, Numbering)
    count = numbering.action_count(setup) if numbering is not None else None
    bound = capability(ruleset, ActionBound)
    if count is None and max_actions is None and bound is not None:
        max_actions = bound.max_legal_actions(setup)  # declared from the rules: no probing
    first = Game(ruleset, setup, seed, record=False)
    view = first.observation(0)
    vectors = capability(ruleset, Vectors)
    vector = vectors.observation_vector(view) if vectors is not None else None
    numbered = count is not None
    encoded = vector is not None
    if numbered and (not isinstance(count, int) or count < 1):
        raise ActionSpaceError(
            f"{ruleset.name}: action_count({setup.name!r}) is {count!r}, not a positive number"
        )
    if max_actions is not None and max_actions < 1:
        raise ActionSpaceError(f"max_actions must be at least 1, not {max_actions}")
    declared_caps = dict(caps or {})
    bad = [k for k, v in declared_caps.items() if not isinstance(v, int) or v < 0]
    if bad:
        raise EncodingError(f"caps: {', '.join(bad)}: a cap is a whole number of items, 0 or more")
    want_actions = not numbered and max_actions is None
    want_caps = not encoded
    longest, probed = 0, 0
    found: dict[str, int] = {}
    if want_actions or want_caps:
        probe = Encoder(build(type(view), {}), f"{ruleset.name} {setup.name}")
        unknown = sorted(set(declared_caps) - set(collection_paths(probe.root)))
        if unknown:
            raise EncodingError(
                f"caps: {', '.join(unknown)}: no such collection in {type(view).__name__} "
                f"(known: {', '.join(collection_paths(probe.root)) or 'none'})"
            )
        longest, found = _probe(
            ruleset, setup, probe if want_caps else None, games, decisions, seed
        )
        probed = games
    if numbered:
        actions = int(count)  # type: ignore[arg-type]
    else:
        actions = max_actions if max_actions is not None else max(1, headroom(longest))
    if encoded:
        observation = len(vector)  # type: ignore[arg-type]
        kept: dict[str, int] = {}
    else:
        kept = {path: headroom(n) for path, n in sorted(found.items())}
        kept.update(declared_caps)
        observation = Encoder(build(type(view), kept), ruleset.name).width
    if observation < 1:
        raise EncodingError(
            f"{ruleset.name} {setup.name}: the observation {type(view).__name__} holds no numbers"
        )
    return Layout(
        ruleset=ruleset.name,
        setup=setup.name,
        actions=actions,
        numbered=numbered,
        observation=observation,
        encoded=encoded,
        caps=kept,
        longest=longest,
        probed=probed,
    )


def _probe(
    ruleset: Ruleset[Any, Any, Any],
    setup: Setup,
    encoder: Encoder | None,
    games: int,
    decisions: int,
    seed: int,
) -> tuple[int, dict[str, int]]:
    """(longest legal list, longest collection per path) over ``games`` random games."""
    probe = _Probe(encoder)
    seats = range(len(setup.seats))
    for i in range(games):
        game_seed = derive_seed(seed, "rl-probe", i)
        game = Game(ruleset, setup, game_seed, record=False)
        agent = RandomAgent(0)
        agent.rng = random.Random(game_seed)  # one stream for every seat of the game
        drive(game, [agent] * len(setup.seats), probe, limit=decisions)
        if encoder is not None:
            for player in seats:
                encoder.measure(game.observation(player), probe.found)
    return probe.longest, probe.found


class _Probe(Observer):
    """Measures every decision: the longest legal list, and (with an encoder) the longest
    collection of each path of the observation of the player deciding."""

    def __init__(self, encoder: Encoder | None) -> None:
        self.encoder = encoder
        self.longest = 0
        self.found: dict[str, int] = {}

    def decision(self, game: Game[Any, Any, Any], player: int, legal: Sequence[Action]) -> None:
        self.longest = max(self.longest, len(legal))
        if self.encoder is not None:
            self.encoder.measure(game.observation(player), self.found)

"""How a game came to be, so that a copy of it can be made again: what ``pickle`` stores.

A :class:`~aerodrome.engine.game.Game` holds closures (the asks of its ruleset's steps) that
``pickle`` cannot store. What it stores instead is the game's lineage: where it began (the
ruleset by its registry name with the plugins that shaped it, the set-up or position, the
seed) and every step since (the actions, and the dice reseeded, clones reseeded and
determinisations on the way); unpickling plays them again, which gives the same game — same
state, dice stream, log, pending decision — because a game is fully determined by them.
``copy.deepcopy`` needs no lineage: it is :meth:`Game.clone`. The reducer is registered by
:mod:`aerodrome.plugins` (``copyreg``: the game module knows nothing of plugins), whose
:func:`~aerodrome.plugins.restore_game` loads the plugins again as the lineage says, once
per process.

A ruleset instance made by :meth:`aerodrome.plugins.Plugins.ruleset` knows how it was
plugged (:class:`Plugged`: its name, the variants and parameters plugged in, and the plugins
added as importable modules). Its parameters include the spec numbers set by their path
(``--set``, :mod:`aerodrome.engine.overrides`) and the declared groups of them: a game
rebuilt from its lineage reads its spec files as they were changed, in any process. A
ruleset instance built by hand does not know how it was plugged, and its games cannot be
pickled (a one-line error says so). A game whose state or dice were set from outside (``clone(state=
...)``, :func:`aerodrome.engine.testing.load_dice`) has no lineage either.
"""

from __future__ import annotations

from typing import Any

from aerodrome.engine.data import ParamValue, Record


class Plugged(Record, frozen=True):
    """How a ruleset instance was made: ``load_plugins(extra=modules, variants=...,
    parameters=...).ruleset(name)``. ``modules`` are the extra plugins given as modules
    (entry name, module name); ``restorable`` is False when an extra plugin was an object
    that cannot be found again by name."""

    name: str
    variants: tuple[str, ...] = ()
    parameters: tuple[tuple[str, ParamValue], ...] = ()
    modules: tuple[tuple[str, str], ...] = ()
    restorable: bool = True


class Origin(Record, frozen=True):
    """Where a game began, or the step that made it from another.

    ``kind`` is ``new`` (``ruleset`` plugged so, ``setup``, ``seed``, ``position``,
    ``record``), or a step taken on the ``parent`` game after ``at`` of its actions:
    ``clone`` (dice reseeded ``seed``, or None; ``record``), ``determinise`` (for ``player``
    with ``seed``; ``reseed``; ``record``; ``parent_actions``: the parent's actions, when the
    new game dropped some of them) or ``reseed`` (the dice reseeded ``seed``, in place).
    """

    kind: str
    ruleset: Plugged | None = None
    setup: Any = None
    seed: int | None = None
    position: dict[str, Any] | None = None
    record: bool = True
    parent: Origin | None = None
    at: int = 0
    player: int = 0
    reseed: bool = True
    parent_actions: tuple[tuple[int, Any], ...] | None = None

"""Generic path enumeration under constraints (movement templates).

A ruleset describes a move as a search over its own hashable states (for a hex game e.g.
``(hex, facing, hexes_left, turns_left)``) and an ``expand(state)`` function yielding the
legal successor states (one hex forward, a turn, a barrel roll ... whatever its rules allow,
already filtered for board edges, blocked and occupied hexes). These helpers do the search.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import TypeVar

S = TypeVar("S", bound=Hashable)


def reachable(start: S, expand: Callable[[S], Iterable[S]], *, depth: int) -> dict[S, int]:
    """Every state reachable from ``start`` in at most ``depth`` expansions, with the fewest
    expansions needed (breadth first; ``start`` maps to 0). Insertion order is BFS order."""
    if depth < 0:
        raise ValueError(f"depth must be >= 0, got {depth}")
    seen: dict[S, int] = {start: 0}
    layer = [start]
    for d in range(1, depth + 1):
        nxt: list[S] = []
        for state in layer:
            for succ in expand(state):
                if succ not in seen:
                    seen[succ] = d
                    nxt.append(succ)
        if not nxt:
            break
        layer = nxt
    return seen


def frontier(start: S, expand: Callable[[S], Iterable[S]], *, depth: int) -> dict[S, None]:
    """The distinct states after EXACTLY ``depth`` expansions (an ordered set: a dict with
    None values, in discovery order). Use it when a move must spend all its points."""
    if depth < 0:
        raise ValueError(f"depth must be >= 0, got {depth}")
    layer: dict[S, None] = {start: None}
    for _ in range(depth):
        nxt: dict[S, None] = {}
        for state in layer:
            for succ in expand(state):
                nxt[succ] = None
        layer = nxt
        if not layer:
            break
    return layer


def paths(
    start: S,
    expand: Callable[[S], Iterable[S]],
    *,
    depth: int,
    prune: Callable[[tuple[S, ...]], bool] | None = None,
) -> Iterator[tuple[S, ...]]:
    """Every sequence of states of exactly ``depth`` expansions from ``start`` (the tuple
    includes ``start``), depth first. ``prune(partial_path)`` returning True cuts a branch
    (e.g. "no hex entered twice"); it sees each partial path once it has ≥ 2 states."""
    if depth < 0:
        raise ValueError(f"depth must be >= 0, got {depth}")
    if depth == 0:
        yield (start,)
        return
    path: list[S] = [start]
    stack: list[Iterator[S]] = [iter(expand(start))]
    while stack:
        try:
            succ = next(stack[-1])
        except StopIteration:
            stack.pop()
            path.pop()
            continue
        path.append(succ)
        t = tuple(path)
        if prune is not None and prune(t):
            path.pop()
            continue
        if len(path) == depth + 1:
            yield t
            path.pop()
            continue
        stack.append(iter(expand(succ)))

"""A rules-based bot that plays from its observation only, after the rulebook's "Suggestions
for Strategy":

- [classic.strategy.1] the tail attack is the most successful, the side attack safe, the
  head-on attack dangerous: attacks are valued by their odds;
- [classic.strategy.2] it counts the cards played face up to estimate what an enemy can hold;
- [classic.strategy.3] ground attacks are risky (AA guns): it weighs the guns on the way and
  values grounded ACES most;
- [classic.strategy.4] an ace with a full hand is valuable: it flies aces first and brings
  planes with few cards home;
- [classic.strategy.5] without a Loop it parks its tail against the board edge;
- [classic.strategy.6] it lines up next to its own Hit AA squares, where an attacker would be
  shot down.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from math import comb
from typing import Any

from aerodrome.api import Action, Agent, PlayerView
from aerodrome_classic.board import Board, board_for
from aerodrome_classic.movement import MoveList
from aerodrome_classic.specs import load_specs
from aerodrome_classic.state import (
    Attack,
    Decline,
    GivePlane,
    KeepCards,
    Move,
    PlaceGuns,
    PlayCard,
    TakeOff,
)
from aerodrome_classic.view import ClassicView, PlaneView

Cell = tuple[int, int]
KEEP = {"B4", "B5", "RO", "LP"}
#: the farthest a plane in flight moves in a turn (one die: 6 squares [classic.move.9]): an
#: enemy as near may attack from a square next turn
REACH = 6
#: what shooting down a grounded plane is worth (a sure kill: it has no defence); an ace more
GROUND_KILL = 12.0


def plane_worth(plane: PlaneView) -> float:
    """What losing ``plane`` costs (to an AA gun on the way): an ace more [classic.strategy.4]."""
    return 12.0 + 4.0 * min(plane.kills, 2)


def p_none(pool: int, good: int, drawn: int) -> float:
    """Chance that ``drawn`` cards from ``pool`` (``good`` of the wanted kind) hold none."""
    if drawn <= 0 or good <= 0:
        return 1.0
    if drawn > pool:
        return 0.0
    return comb(pool - good, drawn) / comb(pool, drawn)


class _Notes:
    """What the bot's evaluation of a plane's end squares shares across squares: whether it
    holds a Burst, whether its hand is weak, how much an attack from each side hurts it, its
    free landing squares, the grounded enemy aces it may go for, and which squares enemies In
    Flight can reach (filled as asked)."""

    __slots__ = ("chase", "has_burst", "home", "near", "prey", "weak", "weights")

    def __init__(
        self,
        has_burst: bool,
        weak: bool,
        weights: tuple[tuple[int, float], ...],
        home: list[Cell],
        prey: list[PlaneView],
    ) -> None:
        self.prey = prey
        self.has_burst = has_burst
        self.weak = weak
        self.weights = weights
        self.home = home
        #: the mask (:meth:`Board.bit`) of the squares an enemy in flight can reach next
        #: turn (filled when asked)
        self.near: int | None = None
        #: the squares of the planes it heads for (the decision's enemies: filled when asked)
        self.chase: list[Cell] | None = None


@cache
def danger_costs(
    weights: tuple[tuple[int, float], ...], open_mask: int
) -> tuple[float, float, float, float]:
    """What the danger of attacks from the open sides (bit d of ``open_mask``: the square
    ahead for facing d) costs a plane ending its move facing N, E, S and W: 3 for each side's
    weight (``weights``: how much an attack from each side, relative to the front, hurts)."""
    costs: list[float] = []
    for facing in (0, 1, 2, 3):
        danger = 0.0
        for rel, weight in weights:
            if open_mask >> ((facing + rel) % 4) & 1:
                danger += weight
        costs.append(3.0 * danger)
    return costs[0], costs[1], costs[2], costs[3]


class ClassicBot:
    """Scores every legal action with the strategy hints and picks the best (ties: first)."""

    def __init__(self, player: int, seed: int) -> None:
        self.player = player
        self.rng = random.Random(seed)
        self.board: Board = board_for(load_specs())
        self.full: list[str] = load_specs().cards.pack.cards()

    # -- knowledge from the observation ------------------------------------------------------
    def unseen(self, view: ClassicView, squadron: str) -> tuple[int, dict[str, int]]:
        """The cards an enemy squadron's hand is drawn from: its pack minus the cards seen
        played since the last reshuffle [classic.strategy.2]."""
        counts: dict[str, int] = {}
        for c in self.full:
            counts[c] = counts.get(c, 0) + 1
        pool = len(self.full)
        for s in view.squadrons:
            if s.name == squadron:
                for c in s.played:
                    if counts.get(c, 0) > 0:
                        counts[c] -= 1
                        pool -= 1
        return pool, counts

    def hand(self, view: ClassicView, squadron: str) -> tuple[str, ...]:
        for s in view.squadrons:
            if s.name == squadron:
                return s.hand or ()
        return ()

    def hand_size(self, view: ClassicView, squadron: str) -> int:
        for s in view.squadrons:
            if s.name == squadron:
                return s.hand_size
        return 0

    def attack_odds(self, view: ClassicView, mine: str, target: PlaneView, position: str) -> float:
        """Expected value of attacking ``target``: P(kill) minus P(being shot down)."""
        my = self.hand(view, mine)
        bursts = sorted(int(c[1]) for c in my if c[0] == "B")
        if not bursts:
            return 0.0
        h = self.hand_size(view, target.squadron)
        pool, counts = self.unseen(view, target.squadron)
        if position == "tail":
            return p_none(pool, counts.get("LP", 0), h)
        if position == "side":
            return p_none(pool, counts.get("RO", 0), h)
        b = bursts[-1]
        higher = sum(counts.get(f"B{v}", 0) for v in range(b + 1, 6))
        at_least = higher + counts.get(f"B{b}", 0)
        p_kill = p_none(pool, at_least, h)
        p_die = 1.0 - p_none(pool, higher, h)
        return p_kill - 1.5 * p_die

    # -- choosing ----------------------------------------------------------------------------
    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        obs = view.observation()
        assert isinstance(obs, ClassicView)
        first = legal[0]
        if isinstance(first, PlaceGuns):
            return self.place_guns(legal)
        if isinstance(first, Move):
            return self.move(obs, legal)
        best: Action = first
        best_score = float("-inf")
        for action in legal:
            score = self.score(obs, action)
            if score > best_score:
                best, best_score = action, score
        return best

    def rank(self, view: PlayerView, legal: Sequence[Action]) -> list[tuple[Action, float]]:
        """The actions by the scores :meth:`choose` weighs them with, best first (the first
        is its choice, drawing the same tie-breaking noise). Moves are grouped for a search:
        one per plane, end square and facing, by the path of the best score, which is the
        safest (the end square's value is the same for every path to it; only the AA guns
        flown over differ, [classic.strategy.3])."""
        obs = view.observation()
        assert isinstance(obs, ClassicView)
        first = legal[0]
        scored: list[tuple[Action, float]]
        if isinstance(first, PlaceGuns):
            scored = [(a, self._closeness(a)) for a in legal]
        elif isinstance(first, Move):
            best: dict[tuple[str, Cell, int], tuple[float, tuple[Cell, ...]]] = {}
            for score, pid, path, facing in self.move_scores(obs, legal):
                key = (pid, path[-1], facing)
                held = best.get(key)
                if held is None or score > held[0]:
                    best[key] = (score, path)
            scored = [
                (Move(plane=pid, path=path, facing=facing), score)
                for (pid, _end, facing), (score, path) in best.items()
            ]
        else:
            scored = [(a, self.score(obs, a)) for a in legal]
        scored.sort(key=lambda pair: -pair[1])  # stable: the first of equals stays first
        return scored

    def place_guns(self, legal: Sequence[Action]) -> Action:
        """Hit pieces on the dot squares nearest the middle of the board, where attackers
        come from."""
        return max(legal, key=self._closeness)

    def _closeness(self, a: Action) -> float:
        assert isinstance(a, PlaceGuns)
        cx, cy = self.board.width / 2, self.board.height / 2
        return -sum(abs(c[0] - cx) + abs(c[1] - cy) for c in a.hits)

    def score(self, view: ClassicView, action: Action) -> float:
        planes = {p.id: p for p in view.planes}
        if isinstance(action, TakeOff):
            return 10.0 + planes[action.plane].kills  # aces first [classic.strategy.4]
        if isinstance(action, GivePlane):
            return 5.0 - planes[action.plane].kills
        if isinstance(action, KeepCards):
            return sum(1.0 if c in KEEP else -1.0 for c in action.cards)
        if isinstance(action, PlayCard):
            f = view.fight
            value = int(action.card[1]) if action.card[0] == "B" else 0
            if f is not None and planes.get(f.shooter) and not f.burst:
                return -value  # shoot with the lowest Burst, keep the high ones
            return 10.0 + value  # defend, with the highest Burst in a head-on
        if isinstance(action, Attack):
            att, tgt = planes[action.attacker], planes[action.target]
            if not tgt.in_flight:
                if not any(c[0] == "B" for c in self.hand(view, att.squadron)):
                    return -2.0  # nothing to shoot with
                return 5.0 + 3.0 * min(tgt.kills, 2)  # [classic.strategy.3] grounded aces
            pos = self.board.position(tgt.cell, tgt.facing, att.cell)
            return 10.0 + self.attack_odds(view, att.squadron, tgt, pos)
        if isinstance(action, Decline):
            if action.what == "hold fire":
                return -50.0  # on the enemy's tail: always shoot
            return 0.0 if action.what == "ground attack" else -1.0
        return 0.0

    # -- moving ------------------------------------------------------------------------------
    def move(self, view: ClassicView, legal: Sequence[Action]) -> Action:
        """The legal move of the best score (see :meth:`move_scores`)."""
        return self._moves(view, legal, None)

    def move_scores(
        self, view: ClassicView, legal: Sequence[Action]
    ) -> list[tuple[float, str, tuple[Cell, ...], int]]:
        """(score, plane, path, facing) of every legal move, in the order of the legal
        routes, each with its tie-breaking noise drawn in that order (as :meth:`move`
        draws it)."""
        scores: list[tuple[float, str, tuple[Cell, ...], int]] = []
        self._moves(view, legal, scores)
        return scores

    def _moves(
        self,
        view: ClassicView,
        legal: Sequence[Action],
        scores: list[tuple[float, str, tuple[Cell, ...], int]] | None,
    ) -> Move:
        """The best move; every move's score appended to ``scores`` when given."""
        me = view.side
        planes = {p.cell: p for p in view.planes}
        enemies = [p for p in view.planes if p.side != me]
        flying_enemies = [p for p in enemies if p.in_flight]
        # unknown enemy guns: the chance a piece still gun side up reads Hit
        hit_left: dict[str, list[int]] = {}
        for g in view.guns:
            if g.side != me:
                rec = hit_left.setdefault(g.squadron, [2, 0])
                if g.revealed and g.face == "hit":
                    rec[0] -= 1
                if not g.revealed:
                    rec[1] += 1
        p_hit = {sq: (max(h, 0) / n if n else 0.0) for sq, (h, n) in hit_left.items()}
        own_hits = {g.cell for g in view.guns if g.side == me and g.face == "hit"}
        # the routes by plane, in order (an empty walk: a blocked choice, no move)
        segments: list[tuple[str, Sequence[tuple[Cell, ...]]]]
        if isinstance(legal, MoveList):
            segments = legal.segments()
        else:
            segments = []
            for pid, path in dict.fromkeys((m.plane, m.path) for m in legal if isinstance(m, Move)):
                if segments and segments[-1][0] == pid:
                    segments[-1][1].append(path)  # type: ignore[attr-defined]
                else:
                    segments.append((pid, [path]))
        by_id = {p.id: p for p in view.planes}
        # each plane's end squares, in the order of its routes
        ends_of: dict[str, dict[Cell, None]] = {}
        for pid, paths in segments:
            ends = ends_of.setdefault(pid, {})
            for path in paths:
                if path:
                    ends[path[-1]] = None
        # the values of every end square, a plane at a time (they share its notes)
        values_of: dict[str, dict[Cell, tuple[float, float, float, float]]] = {}
        odds: dict[tuple[str, str, str], float] = {}
        if ends_of:
            near = self.board.within_any([e.cell for e in flying_enemies], REACH)
            for pid, ends in ends_of.items():
                plane = by_id[pid]
                plane_notes = self.notes(view, plane, planes)
                plane_notes.near = near
                values_of[pid] = dict(
                    zip(
                        ends,
                        self.plane_values(
                            view,
                            plane,
                            list(ends),
                            planes,
                            enemies,
                            flying_enemies,
                            own_hits,
                            odds,
                            plane_notes,
                        ),
                        strict=True,
                    )
                )
        best: tuple[str, tuple[Cell, ...], int] | None = None
        best_score = float("-inf")
        random = self.rng.random
        facings = self.board.facings
        # the chance of flying over each enemy gun unhurt (a revealed Hit shoots every plane
        # down, a revealed Miss none, a hidden one reads Hit at its squadron's odds)
        unhurt = {
            g.cell: (0.0 if g.face == "hit" else 1.0)
            if g.revealed
            else 1.0 - p_hit.get(g.squadron, 0.5)
            for g in view.guns
            if g.side != me
        }
        unhurt_cells = unhurt.keys()
        for pid, paths in segments:
            table = values_of[pid]
            for path in paths:
                if not path:
                    continue
                survive = 1.0
                if unhurt and not unhurt_cells.isdisjoint(path):
                    for c in path[1:]:
                        chance = unhurt.get(c)
                        if chance is not None:
                            survive *= chance
                end = path[-1]
                values = table[end]
                # never off the board [classic.move.15]; each facing's tie-breaking noise drawn
                # in order. Unhurt for sure, survive * value - loss is the value itself.
                if survive == 1.0:
                    for facing in facings[end]:
                        score = values[facing] + random() * 1e-3
                        if scores is not None:
                            scores.append((score, pid, path, facing))
                        if score > best_score:
                            best, best_score = (pid, path, facing), score
                    continue
                loss = (1.0 - survive) * plane_worth(by_id[pid])
                for facing in facings[end]:
                    score = survive * values[facing] - loss + random() * 1e-3
                    if scores is not None:
                        scores.append((score, pid, path, facing))
                    if score > best_score:
                        best, best_score = (pid, path, facing), score
        assert best is not None
        return Move(plane=best[0], path=best[1], facing=best[2])

    def place_value(
        self,
        view: ClassicView,
        plane: PlaneView,
        end: Cell,
        facing: int,
        planes: dict[Cell, PlaneView],
        enemies: list[PlaneView],
        flying: list[PlaneView],
        own_hits: set[Cell],
    ) -> float:
        """The value of ending a move on ``end`` facing ``facing`` (see :meth:`end_values`)."""
        return self.end_values(view, plane, end, planes, enemies, flying, own_hits)[facing]

    def end_values(
        self,
        view: ClassicView,
        plane: PlaneView,
        end: Cell,
        planes: dict[Cell, PlaneView],
        enemies: list[PlaneView],
        flying: list[PlaneView],
        own_hits: set[Cell],
        odds: dict[tuple[str, str, str], float] | None = None,
        notes: _Notes | None = None,
    ) -> tuple[float, float, float, float]:
        """The value of ending a move on ``end`` for each of the 4 facings (see
        :meth:`plane_values`)."""
        return self.plane_values(
            view, plane, (end,), planes, enemies, flying, own_hits, odds, notes
        )[0]

    def plane_values(
        self,
        view: ClassicView,
        plane: PlaneView,
        ends: Sequence[Cell],
        planes: dict[Cell, PlaneView],
        enemies: list[PlaneView],
        flying: list[PlaneView],
        own_hits: set[Cell],
        odds: dict[tuple[str, str, str], float] | None = None,
        notes: _Notes | None = None,
    ) -> list[tuple[float, float, float, float]]:
        """The value of ending a move on each of ``ends`` for each of the 4 facings: an attack
        from there, ground targets beside it, the danger to its undefended sides and where it
        goes. Only the attack and which sides are undefended depend on the facing: everything
        else is computed once per square (and what depends only on the plane, once per
        decision: ``notes``, and once for all the squares); ``odds`` caches attack odds within
        one decision."""
        board = self.board
        if notes is None:
            notes = self.notes(view, plane, planes)
        side = plane.side
        get = planes.get
        has_burst = notes.has_burst
        around_squares = board.around_squares
        near = notes.near
        if near is None:
            near = notes.near = board.within_any([e.cell for e in flying], REACH)
        weights = notes.weights
        beside = board.beside
        around_masks = board.around
        # [classic.strategy.6] the squares from which an enemy in reach could attack it: not
        # on one of its own Hit guns (an attacker there would be shot down), nor another plane's
        others = board.mask(planes.keys() - {plane.cell})
        open_squares = near & ~board.mask(own_hits) & ~others
        out: list[tuple[float, float, float, float]] = []
        for end, go in zip(ends, self.headings(notes, plane, ends, flying, enemies), strict=True):
            # the 4 squares beside it (N, E, S, W, as the grid's neighbours; bit d: the square
            # ahead for facing d; the board edge covers a side [classic.strategy.5]): which are
            # open to an attack, which hold an enemy in flight to attack, and the ground
            # targets there (the same for every facing)
            open_mask = 0
            around = around_masks[end]
            if open_squares & around:
                for bit, square in beside[end]:
                    if open_squares & square:
                        open_mask |= bit
            grounds: list[float] = []
            attack_mask = 0
            if others & around:
                squares = around_squares(end)
                for d in (0, 1, 2, 3):
                    occupant = get(squares[d])  # type: ignore[arg-type]
                    if occupant is not None and occupant.side != side:
                        if occupant.in_flight:
                            attack_mask |= 1 << d
                        elif has_burst:
                            grounds.append(GROUND_KILL + 6.0 * min(occupant.kills, 2))
            # the value of a facing, summed in one order (the same floats whatever is shared):
            # the attack from here, the ground targets beside it, the danger from enemies that
            # may reach an open side next turn, where it goes
            base = 0.0
            for g in grounds:
                base += g
            danger = danger_costs(weights, open_mask) if open_mask else None
            if not attack_mask:
                if danger is None:
                    value = base if go is None else base + go
                    out.append((value, value, value, value))
                elif go is None:
                    out.append(
                        (base - danger[0], base - danger[1], base - danger[2], base - danger[3])
                    )
                else:
                    out.append(
                        (
                            base - danger[0] + go,
                            base - danger[1] + go,
                            base - danger[2] + go,
                            base - danger[3] + go,
                        )
                    )
                continue
            values: list[float] = []
            for facing in (0, 1, 2, 3):
                if attack_mask >> facing & 1:
                    target = get(around_squares(end)[facing])  # type: ignore[arg-type]
                    assert target is not None
                    pos = board.position(target.cell, target.facing, end)
                    key = (target.id, pos, plane.squadron)
                    chance = odds.get(key) if odds is not None else None
                    if chance is None:
                        chance = self.attack_odds(view, plane.squadron, target, pos)
                        if odds is not None:
                            odds[key] = chance
                    value = 0.0
                    value += 12.0 * chance
                    for g in grounds:
                        value += g
                else:
                    value = base
                if danger is not None:
                    value -= danger[facing]
                if go is not None:
                    value += go
                values.append(value)
            out.append((values[0], values[1], values[2], values[3]))
        return out

    def headings(
        self,
        notes: _Notes,
        plane: PlaneView,
        ends: Sequence[Cell],
        flying: list[PlaneView],
        enemies: list[PlaneView],
    ) -> list[float | None]:
        """What ending on each of ``ends`` is worth for where ``plane`` is going (the same in
        every facing; None: nowhere): home to renew a weak hand, else towards the enemy."""
        board = self.board
        if notes.weak and plane.may_land:
            home = notes.home
            distance = board.grid.distance
            return [
                15.0
                if end in home
                else (-(0.5 * min(distance(end, c) for c in home)) if home else None)
                for end in ends
            ]
        if notes.weak:
            return [-(0.3 * self.rows_to_cross(plane.side, end)) for end in ends]
        chase = notes.chase
        if flying or notes.prey:
            # [classic.strategy.3] grounded aces are worth the trip, like planes in flight
            if chase is None:
                chase = notes.chase = [e.cell for e in (*flying, *notes.prey)]
            step = 0.4
        elif enemies:
            if chase is None:
                chase = notes.chase = [e.cell for e in enemies]
            step = 0.2
        else:
            return [None] * len(ends)
        # the fewest orthogonal squares to one of them
        out: list[float | None] = []
        for ex, ey in ends:
            best = -1
            for x, y in chase:
                d = abs(ex - x) + abs(ey - y)
                if best < 0 or d < best:
                    best = d
            out.append(-(step * best))
        return out

    def notes(self, view: ClassicView, plane: PlaneView, planes: dict[Cell, PlaneView]) -> _Notes:
        """What :meth:`end_values` needs of ``plane`` that is the same for every square."""
        hand = self.hand(view, plane.squadron)
        has_burst = any(c[0] == "B" for c in hand)
        loops = "LP" in hand
        rolls = "RO" in hand
        # rear, right, left, front: how much an attack from there hurts
        weights = (
            (2, 1.0 if not loops else 0.25),
            (1, 0.6 if not rolls else 0.15),
            (3, 0.6 if not rolls else 0.15),
            (0, 0.2),
        )
        home = [
            c
            for c in self.board.landing[plane.squadron]
            if c not in planes or planes[c].id == plane.id
        ]
        prey = (
            [p for p in planes.values() if p.side != plane.side and not p.in_flight and p.kills]
            if has_burst
            else []
        )
        return _Notes(has_burst, len(hand) <= 1 or not has_burst, weights, home, prey)

    def rows_to_cross(self, side: str, cell: Cell) -> int:
        line = self.board.german_last_row
        if side == "German":
            return max(0, line + 1 - cell[1])
        return max(0, cell[1] - line)


def make_bot(ruleset: Any, player: int, seed: int) -> Agent:
    return ClassicBot(player, seed)

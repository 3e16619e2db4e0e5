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
from math import comb
from typing import Any

from aerodrome.agents import Agent, PlayerView
from aerodrome.data import Action
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


def p_none(pool: int, good: int, drawn: int) -> float:
    """Chance that ``drawn`` cards from ``pool`` (``good`` of the wanted kind) hold none."""
    if drawn <= 0 or good <= 0:
        return 1.0
    if drawn > pool:
        return 0.0
    return comb(pool - good, drawn) / comb(pool, drawn)


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

    def place_guns(self, legal: Sequence[Action]) -> Action:
        """Hit pieces on the dot squares nearest the middle of the board, where attackers
        come from."""
        centre = (self.board.width / 2, self.board.height / 2)

        def closeness(a: Action) -> float:
            assert isinstance(a, PlaceGuns)
            return -sum(abs(c[0] - centre[0]) + abs(c[1] - centre[1]) for c in a.hits)

        return max(legal, key=closeness)

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
            if f is not None and planes.get(f.shooter) and f.stage == "shoot":
                return -value  # shoot with the lowest Burst, keep the high ones
            return 10.0 + value  # defend, with the highest Burst in a head-on
        if isinstance(action, Attack):
            att, tgt = planes[action.attacker], planes[action.target]
            if not tgt.in_flight:
                return 5.0 + 3.0 * min(tgt.kills, 2)  # [classic.strategy.3] grounded aces
            pos = self.board.position(tgt.cell, tgt.facing, att.cell)
            return 10.0 + self.attack_odds(view, att.squadron, tgt, pos)
        if isinstance(action, Decline):
            return 0.0 if action.what == "ground attack" else -1.0
        return 0.0

    # -- moving ------------------------------------------------------------------------------
    def move(self, view: ClassicView, legal: Sequence[Action]) -> Action:
        me = view.side
        planes = {p.cell: p for p in view.planes}
        enemies = [p for p in view.planes if p.side != me]
        flying_enemies = [p for p in enemies if p.in_flight]
        guns = {g.cell: g for g in view.guns}
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
        if isinstance(legal, MoveList):
            routes = list(legal.routes())
        else:
            routes = list(dict.fromkeys((m.plane, m.path) for m in legal if isinstance(m, Move)))
        by_id = {p.id: p for p in view.planes}
        cache: dict[tuple[str, Cell, int], float] = {}
        best: tuple[str, tuple[Cell, ...], int] | None = None
        best_score = float("-inf")
        random = self.rng.random
        for pid, path in routes:
            survive = 1.0
            for c in path[1:]:
                gun = guns.get(c)
                if gun is not None and gun.side != me:
                    if gun.revealed:
                        survive *= 0.0 if gun.face == "hit" else 1.0
                    else:
                        survive *= 1.0 - p_hit.get(gun.squadron, 0.5)
            end = path[-1]
            for facing in (0, 1, 2, 3):
                key = (pid, end, facing)
                value = cache.get(key)
                if value is None:
                    value = self.place_value(view, by_id[pid], end, facing, planes, enemies,
                                             flying_enemies, own_hits)
                    cache[key] = value
                score = survive * value - (1.0 - survive) * 20.0 + random() * 1e-3
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
        board = self.board
        hand = self.hand(view, plane.squadron)
        has_burst = any(c[0] == "B" for c in hand)
        value = 0.0
        # attack from here
        ahead = board.ahead(end, facing)
        target = planes.get(ahead) if ahead is not None else None
        if target is not None and target.side != plane.side and target.in_flight:
            pos = board.position(target.cell, target.facing, end)
            value += 12.0 * self.attack_odds(view, plane.squadron, target, pos)
        if has_burst:
            for n in board.grid.neighbours(end):
                t = planes.get(n)
                if t is not None and t.side != plane.side and not t.in_flight:
                    value += 6.0 + 3.0 * min(t.kills, 2)
        # danger from enemies that may reach an attack square next turn
        loops = "LP" in hand
        rolls = "RO" in hand
        danger = 0.0
        for rel, weight in ((2, 1.0 if not loops else 0.25), (1, 0.6 if not rolls else 0.15),
                            (3, 0.6 if not rolls else 0.15), (0, 0.2)):
            sq = board.ahead(end, (facing + rel) % 4)
            if sq is None:
                continue  # [classic.strategy.5] the board edge covers this side
            if sq in own_hits:
                continue  # [classic.strategy.6] an attacker there would be shot down
            occupant = planes.get(sq)
            if occupant is not None and occupant.id != plane.id:
                continue
            sx, sy = sq
            for e in flying:
                if abs(e.cell[0] - sx) + abs(e.cell[1] - sy) <= 6:
                    danger += weight
                    break
        value -= 3.0 * danger
        # where to go: home to renew weak hands, else towards the enemy
        weak = len(hand) <= 1 or not has_burst
        if weak and plane.may_land:
            home = [c for c in board.landing[plane.squadron] if c not in planes or planes[c].id == plane.id]
            if end in home:
                value += 15.0
            elif home:
                value -= 0.5 * min(board.grid.distance(end, c) for c in home)
        elif weak:
            value -= 0.3 * self.rows_to_cross(plane.side, end)
        elif flying:
            value -= 0.4 * min(abs(end[0] - e.cell[0]) + abs(end[1] - e.cell[1]) for e in flying)
        elif enemies:
            value -= 0.2 * min(abs(end[0] - e.cell[0]) + abs(end[1] - e.cell[1]) for e in enemies)
        return value

    def rows_to_cross(self, side: str, cell: Cell) -> int:
        line = self.board.german_last_row
        if side == "German":
            return max(0, line + 1 - cell[1])
        return max(0, cell[1] - line)


def make_bot(ruleset: Any, player: int, seed: int) -> Agent:
    return ClassicBot(player, seed)

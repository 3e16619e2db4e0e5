"""The bot's end-square values, made fast for the search's rollouts (issue 40), are the plain
evaluation's, float for float: every facing of every end square of every move decision of
seeded bot games, and the squares within a plane's reach."""

from __future__ import annotations

import random

import pytest

from aerodrome.engine.agents import PlayerView, agent_seed
from aerodrome.engine.game import Game
from aerodrome_classic.bot import GROUND_KILL, ClassicBot, _Notes, make_bot
from aerodrome_classic.state import Move
from aerodrome_classic.view import ClassicView, PlaneView
from tests.plugins.classic.helpers import RULESET

Cell = tuple[int, int]


def plain_heading(
    bot: ClassicBot,
    notes: _Notes,
    plane: PlaneView,
    end: Cell,
    flying: list[PlaneView],
    enemies: list[PlaneView],
) -> float | None:
    """Where it goes, as [classic.strategy.3] and [classic.strategy.4] read: a weak hand heads
    for a free landing square (15 on one, else half a point a square short of the nearest) or,
    with no right to land, for its own side (0.3 a row); else towards the nearest enemy in
    flight or grounded ace (0.4 a square), or any enemy (0.2 a square)."""

    def steps(cells: list[Cell]) -> int:
        return min(abs(end[0] - c[0]) + abs(end[1] - c[1]) for c in cells)

    if notes.weak and plane.may_land:
        if end in notes.home:
            return 15.0
        return -(0.5 * steps(notes.home)) if notes.home else None
    if notes.weak:
        return -(0.3 * bot.rows_to_cross(plane.side, end))
    if flying or notes.prey:
        return -(0.4 * steps([e.cell for e in (*flying, *notes.prey)]))
    if enemies:
        return -(0.2 * steps([e.cell for e in enemies]))
    return None


def plain_values(
    bot: ClassicBot,
    plane: PlaneView,
    end: Cell,
    planes: dict[Cell, PlaneView],
    flying: list[PlaneView],
    own_hits: set[Cell],
    notes: _Notes,
    odds: dict[tuple[str, str, str], float],
    view: ClassicView,
    enemies: list[PlaneView],
) -> tuple[float, ...]:
    """Each facing's value summed term by term as the strategy hints read: the attack from
    there, the grounded enemies beside it, 3 for each weighted side an enemy within reach
    could attack from, and where it goes (the bot's own :meth:`ClassicBot.heading`)."""
    board = bot.board
    go = plain_heading(bot, notes, plane, end, flying, enemies)
    grounds = []
    if notes.has_burst:
        for n in board.grid.neighbours(end):
            t = planes.get(n)
            if t is not None and t.side != plane.side and not t.in_flight:
                grounds.append(GROUND_KILL + 6.0 * min(t.kills, 2))
    around = board.around_squares(end)
    open_to = [False] * 4
    for d in range(4):
        sq = around[d]
        if sq is None or sq in own_hits:
            continue
        occupant = planes.get(sq)
        if occupant is not None and occupant.id != plane.id:
            continue
        open_to[d] = any(abs(e.cell[0] - sq[0]) + abs(e.cell[1] - sq[1]) <= 6 for e in flying)
    out = []
    for facing in range(4):
        value = 0.0
        ahead = around[facing]
        target = planes.get(ahead) if ahead is not None else None
        if target is not None and target.side != plane.side and target.in_flight:
            pos = board.position(target.cell, target.facing, end)
            value += 12.0 * odds.get(
                (target.id, pos, plane.squadron),
                bot.attack_odds(view, plane.squadron, target, pos),
            )
        for g in grounds:
            value += g
        if True in open_to:
            danger = 0.0
            for rel, weight in notes.weights:
                if open_to[(facing + rel) % 4]:
                    danger += weight
            value -= 3.0 * danger
        if go is not None:
            value += go
        out.append(value)
    return tuple(out)


def test_end_values_are_the_plain_evaluations() -> None:
    setup = RULESET.setup()
    checked = attacks = grounded = exposed = 0
    for seed in range(12):
        g = Game(RULESET, setup.name, seed, record=False)
        bots = [make_bot(RULESET, p, agent_seed(seed, p)) for p in range(len(setup.seats))]
        while not g.is_over():
            player = g.waiting_for()[0]
            legal = g.legal_actions(player)
            view = g.observation(player)
            if isinstance(legal[0], Move) and isinstance(view, ClassicView):
                bot = ClassicBot(player, 1)
                planes = {p.cell: p for p in view.planes}
                enemies = [p for p in view.planes if p.side != view.side]
                flying = [p for p in enemies if p.in_flight]
                own_hits = {
                    g_.cell for g_ in view.guns if g_.side == view.side and g_.face == "hit"
                }
                ends = {(m.plane, m.path[-1]) for m in legal if isinstance(m, Move)}
                by_id = {p.id: p for p in view.planes}
                for pid, end in sorted(ends):
                    plane = by_id[pid]
                    notes = bot.notes(view, plane, planes)
                    odds: dict[tuple[str, str, str], float] = {}
                    fast = bot.end_values(
                        view, plane, end, planes, enemies, flying, own_hits, odds, notes
                    )
                    plain = plain_values(
                        bot, plane, end, planes, flying, own_hits, notes, {}, view, enemies
                    )
                    assert fast == plain, (seed, pid, end)
                    checked += 1
                    attacks += any(
                        (q := planes.get(s)) is not None and q.side != plane.side and q.in_flight
                        for s in bot.board.around_squares(end)
                        if s is not None
                    )
                    grounded += (
                        any(
                            (q := planes.get(s)) is not None
                            and q.side != plane.side
                            and not q.in_flight
                            for s in bot.board.grid.neighbours(end)
                        )
                        and notes.has_burst
                    )
                    exposed += len(set(fast)) > 1
            g.apply(player, bots[player].choose(PlayerView(g, player), legal))
    # the games reached every term
    assert checked > 1000 and attacks > 10 and grounded > 10 and exposed > 100


@pytest.mark.parametrize("distance", [0, 1, 6])
def test_within_is_every_square_so_near(distance: int) -> None:
    board = ClassicBot(0, 1).board
    rng = random.Random(distance)
    for c in rng.sample(board.cells, 20):
        want = {s for s in board.cells if abs(s[0] - c[0]) + abs(s[1] - c[1]) <= distance}
        assert board.within(c, distance) == board.mask(want)
        assert {s for s in board.cells if board.within(c, distance) & board.bitof[s]} == want
    three = rng.sample(board.cells, 3)
    want = {
        s
        for s in board.cells
        if any(abs(s[0] - c[0]) + abs(s[1] - c[1]) <= distance for c in three)
    }
    assert board.within_any(three, distance) == board.mask(want)

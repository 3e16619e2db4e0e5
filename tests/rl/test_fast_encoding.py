"""The fast encodings (issue 40, item 2) give the numbers of the plain ones.

The rulesets' observation vectors now keep the last view's numbers and patch what changed
(Victoriana's aircraft and characters by the identity of their frozen records; classic's
and Dockfighters' items by value, per seat), and the translator shares one seat's vector
with the next seat observed at the same moment when their views are equal. Each test here
plays random games of a ruleset, observes every seat at every decision in the orders the
environments use (the seat to act, then the others; the AEC env's alternation; the Parallel
env's every live seat), and compares every number with a reference encoding written
plainly from the rules' slot lists (docs/rules/*.md), with no memo: the encodings as they
were before issue 40. The translator's float32 vectors are compared with the reference's,
packed.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest

from tests.conftest import PLUGINS
from tests.rl.conftest import layout_of, require_rl

require_rl()

from aerodrome import Game  # noqa: E402
from aerodrome.bridges.rl import parallel_env  # noqa: E402
from aerodrome.bridges.rl.translate import Translator  # noqa: E402

Reference = Callable[[Any, Any], list[float]]


# -- Victoriana (docs/rules/victoriana.md, "For learning agents") ----------------------------
def victoriana(ruleset: Any, view: Any) -> list[float]:
    from aerodrome_victoriana import numbering as n
    from aerodrome_victoriana import specs

    rules = specs.rules()
    out: list[float] = [view.round / rules.sortie.rounds]
    out += [1.0 if view.phase == q else 0.0 for q in n.PHASES[1:]]
    free = view.crafts[view.free_attack_on].side if view.free_attack_on >= 0 else None
    first = view.order[0] if view.order else None
    for i, side in enumerate(view.sides):
        start = len(view.roster.crafts[i])
        won = view.winner == side
        out.append(view.left.get(side, 0) / start if start else 0.0)
        chosen = view.manoeuvre.get(side, "")
        out += [1.0 if chosen == m else 0.0 for m in n.MANOEUVRES]
        out += [
            view.pools.get(side, 0) / n.DICE,
            view.rolled.get(side, 0) / n.DICE,
            1.0 if won else 0.0,
            view.net / n.DICE if won else 0.0,
            view.to_spend / n.DICE if won else 0.0,
            view.to_remove / n.DICE if won else 0.0,
            view.tactical_carry.get(side, 0) / n.DICE,
            view.tactical_dice.get(side, 0) / n.DICE,
            1.0 if first == side else 0.0,
            float(i),
            1.0 if free == side else 0.0,
        ]
    initiative = {cid: k for k, cid in enumerate(view.initiative)}
    side_of = {side: i for i, side in enumerate(view.sides)}
    for c in view.crafts:
        place = initiative.get(c.id, -1)
        out += [
            float(side_of[c.side]),
            c.health / n.spec_of(c).health,
            *(1.0 if c.status == s else 0.0 for s in n.STATUSES),
            c.handling / n.HANDLING,
            float(c.special),
            float(c.named),
            float(c.vital_damage),
            sum(b.amount for b in c.defence) / n.ARMOUR,
            (place + 1) / len(view.crafts) if place >= 0 else 0.0,
        ]
    health = float(rules.character.health)
    for a in view.airmen:
        out += [
            a.health / health,
            *(1.0 if a.status == s else 0.0 for s in n.CREW_STATUSES),
            a.actions / 2.0,
            a.spot / n.DICE,
            float(a.pilot),
        ]
    return out


# -- classic (docs/rules/classic.md, "Numbers for learning agents") --------------------------
def classic(ruleset: Any, view: Any) -> list[float]:
    from aerodrome_classic import numbering as n

    specs = ruleset.specs
    width, height = specs.board.width, specs.board.height
    pack = specs.cards.pack.cards()
    in_pack = {k: pack.count(k) for k in n.CARD_KINDS}
    me, my_side = view.player, view.side
    seat_of = {sq.name: sq.seat for sq in view.squadrons}
    sides = sorted(view.order)[:2]
    out: list[float] = [float(my_side == s) for s in sides] + [0.0] * (2 - len(sides))
    planes = {p.id: p for p in view.planes}
    for sq in view.squadrons:
        for i in range(1, specs.squadron(sq.name).planes + 1):
            p = planes.get(f"{sq.name}-{i}")
            if p is None:
                out += [0.0] * n.PLANE_SLOTS
                continue
            out += [
                1.0,
                p.cell[0] / (width - 1),
                p.cell[1] / (height - 1),
                *(1.0 if p.facing == f else 0.0 for f in range(4)),
                float(p.in_flight),
                float(p.kills >= 1),
                float(p.kills >= 2),
                float(p.may_land),
                float(p.side == my_side),
                float(seat_of.get(p.squadron) == me),
            ]
    for g in view.guns:
        out += [
            float(g.face == "gun"),
            float(g.face == "hit"),
            float(g.face == "miss"),
            float(g.revealed),
            float(g.side == my_side),
        ]
    for sq in view.squadrons:
        hand = sq.hand
        out += [float(sq.seat == me), float(bool(sq.aloft)), float(hand is not None)]
        out += [
            hand.count(k) / in_pack[k] if hand is not None and in_pack[k] else 0.0
            for k in n.CARD_KINDS
        ]
        out += [sq.played.count(k) / in_pack[k] if in_pack[k] else 0.0 for k in n.CARD_KINDS]
        out += [sq.hand_size / 8, sq.pack_size / len(pack), sq.discards_size / len(pack)]
    dice = [*view.dice, 0, 0][:2]
    out += [
        float(view.turn_side == my_side and my_side is not None),
        float(view.turn_player is not None and view.turn_player == me),
        dice[0] / 6,
        dice[1] / 6,
    ]
    f = view.fight
    if f is None:
        out += [0.0] * 9
    else:
        side_of = {p.id: p.side for p in view.planes}
        out += [
            1.0,
            *(float(f.position == k) for k in n.POSITIONS),
            f.burst / 5,
            min(f.exchanges, 3) / 3,
            float(side_of.get(f.shooter) == my_side),
            float(side_of.get(f.target) == my_side),
        ]
    out += [min(len(view.pending), 4) / 4, float(any(g for _, _, g in view.pending))]
    return out


# -- Dockfighters (docs/rules/dockfighters.md, "The observation as numbers") ------------------
def dockfighters(ruleset: Any, view: Any) -> list[float]:
    from aerodrome_dockfighters import numbering as n
    from aerodrome_dockfighters.specs import builtin

    specs = builtin()

    def hot(value: Any, options: Sequence[Any]) -> list[float]:
        return [1.0 if value == o else 0.0 for o in options]

    def scaled(value: int, top: int) -> float:
        return max(-1.0, min(1.5, value / top))

    def slots(items: Sequence[Any], cap: int, features: int, numbers: Any) -> list[float]:
        got = [x for item in items[:cap] for x in numbers(item)]
        return got + [0.0] * (features * max(0, cap - len(items)))

    width, w, h = view.width, view.width - 1, view.height - 1

    def at(cell: int) -> list[float]:
        return [(cell % width) / w, (cell // width) / h] if cell >= 0 else [-1.0, -1.0]

    out: list[float] = [
        min(view.turn, 30) / 30,
        view.last_turn / 30,
        float(view.initiative),
        view.cloud_speed / 3,
        *hot(view.weather, range(4)),
        *hot(view.wind, range(6)),
        1.0 if view.fire_mark >= 0 else 0.0,
        1.0 if view.over else 0.0,
    ]
    for sq in view.squadrons:
        out += [scaled(sq.fame, 20), scaled(sq.kills, 10), scaled(sq.losses, 10)]
        out += [scaled(sq.ground_kills, 10), *hot(sq.mission, sorted(specs.missions))]
    move = view.move
    out += [1.0, move.aircraft / 40, move.index / 4, move.speed / 10] if move else [0.0] * 4

    def aircraft(a: Any) -> list[float]:
        ds = specs.aircraft[a.datasheet]
        return [
            1.0,
            float(a.player),
            *at(a.cell),
            *hot(a.facing, range(6)),
            a.altitude / specs.tables.max_altitude,
            a.speed / 10,
            (ds.structure - a.damage) / ds.structure,
            a.experience / 3,
            len(a.loads) / 4,
            *hot(a.status, n.STATUSES),
            *hot(a.activation, n.ACTIVATIONS),
            *hot(a.role, n.AIRCRAFT_ROLES),
            sum(a.ammo) / (2 * len(a.ammo)) if a.ammo else 0.0,
        ]

    def ground(g: Any) -> list[float]:
        return [
            1.0,
            *at(g.cell),
            g.damage / g.structure if g.structure else 0.0,
            1.0 if g.damage >= g.structure else 0.0,
            *hot(g.hostile_to, (0, 1)),
            1.0 if any(g.dice) else 0.0,
            1.0 if g.mobile else 0.0,
        ]

    def objective(o: Any) -> list[float]:
        done = 1.0 if o.done else 0.0
        return [1.0, *at(o.cell), float(o.owner), done, *hot(o.kind, n.OBJECTIVE_KINDS)]

    def cloud(c: Any) -> list[float]:
        placed = 1.0 if c.col >= 0 or bool(c.cells) else 0.0
        col = c.col / w if c.col >= 0 else -1.0
        row = c.row / h if c.row >= 0 else -1.0
        return [1.0, placed, col, row, c.size / 7, min(c.smoke, 5) / 5]

    out += slots(view.aircraft, n.AIRCRAFT_SLOTS, n.AIRCRAFT_FEATURES, aircraft)
    out += slots(view.ground, n.GROUND_SLOTS, n.GROUND_FEATURES, ground)
    out += slots(view.objectives, n.OBJECTIVE_SLOTS, n.OBJECTIVE_FEATURES, objective)
    out += slots(view.clouds, n.CLOUD_SLOTS, n.CLOUD_FEATURES, cloud)
    out += slots(view.acms, n.ACM_SLOTS, n.ACM_FEATURES, lambda x: [1.0, *at(x.cell), x.facing / 5])
    out += slots(
        view.mines,
        n.MINE_SLOTS,
        n.MINE_FEATURES,
        lambda m: [1.0, (m.cell % width) / w, (m.cell // width) / h],
    )
    return out


# -- Dogfight 40,000 (docs/rules/df40k.md, "For learning agents") ---------------------------
def df40k(ruleset: Any, view: Any) -> list[float]:
    from aerodrome_df40k.limits import FLYERS, GARGOYLES, TURNS
    from aerodrome_df40k.numbering import ORDERS

    def yes(x: object) -> float:
        return 1.0 if x else 0.0

    seat, fight = view.player, view.fight
    out = [view.turn / TURNS, view.turns / TURNS, yes(seat is None), yes(seat == 0)]
    out += [yes(seat == 1), yes(view.first_player == 0), yes(view.first_player == 1)]
    out.append(yes(view.revealed))
    for p in (0, 1):
        out += [view.gargoyles[p] / GARGOYLES, view.kills[p] / FLYERS]
        out.append(view.ground_runs[p] / (TURNS * FLYERS))
    out += [yes(fight), yes(fight and fight.awaiting_gargoyles)]
    out += [fight.margin / 10, fight.dice / FLYERS] if fight else [0.0, 0.0]
    shown = {r.flyer: r for r in view.last_orders}
    for f in view.flyers:
        out += [yes(f.alive), yes(f.player == 0), yes(f.player == 1), yes(seat == f.player)]
        out += [yes(not f.order), *(yes(f.order == o) for o in ORDERS)]
        out += [yes(f.ram), yes(f.escort), yes(f.no_intercept), yes(f.crew_hit)]
        out += [f.attacked / FLYERS, f.orders_given / TURNS, f.disengaged / TURNS]
        out += [yes(fight and fight.attacker == f.id), yes(fight and fight.defender == f.id)]
        last = shown.get(f.id)
        out += [*(yes(last and last.order == o) for o in ORDERS), yes(last and last.ram)]
        out.append(sum(d.attacker == f.id for d in view.dogfights) / FLYERS)
        out.append(sum(d.defender == f.id for d in view.dogfights) / FLYERS)
        for slot in range(len(ruleset.specs.mounts[f.type])):
            out += [yes(slot in f.lost), yes(slot in f.spent), yes(slot in f.fired)]
    return out


REFERENCES: dict[str, Reference] = {
    "classic": classic,
    "df40k": df40k,
    "dockfighters": dockfighters,
    "victoriana": victoriana,
}


#: Random games per set-up (classic's last about a thousand decisions) and set-ups played
#: (the first three; every Dockfighters scenario: their ground targets, objectives, mines).
GAMES = {"classic": 2, "dockfighters": 1}
#: Games of the Parallel environment's test (df40k's battles are a dozen decisions).
PARALLEL_GAMES = {"classic": 2, "df40k": 12}
SETUPS = {"dockfighters": 99}


def _games(ruleset: Any, games: int, setups: int = 3) -> Any:
    """Every decision of ``games`` random games per set-up (the first ``setups`` set-ups):
    the game and the seat to act, before its random answer is applied."""
    for setup in ruleset.setups()[:setups]:
        for seed in range(games):
            game = Game(ruleset, setup, seed, record=False)
            rng = random.Random(seed)
            while not game.is_over():
                player = game.waiting_for()[0]
                yield game, player
                legal = game.legal_actions(player)
                game.apply(player, legal[rng.randrange(len(legal))])


def _seats(game: Any, player: int) -> list[int | None]:
    """The seats observed at a decision, in the environments' orders: the seat to act (AEC),
    every seat in order (Parallel), the seat to act again, the referee."""
    return [player, *range(len(game.setup.seats)), player, None]


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_the_ruleset_vectors_are_the_reference_numbers(name: str) -> None:
    """Every view of every seat at every decision of random games encodes to the reference's
    numbers, of the same types. Mutations caught: Victoriana's aircraft patched one slot off
    (``at = i * CRAFT_WIDTH + 1``), its characters reused when one record changed."""
    ruleset = PLUGINS.ruleset(name)
    reference = REFERENCES[name]
    compared = 0
    for game, player in _games(ruleset, GAMES.get(name, 8), SETUPS.get(name, 3)):
        for seat in _seats(game, player):
            view = game.observation(seat)
            numbers = ruleset.observation_vector(view)
            got = list(numbers)
            want = reference(ruleset, view)
            assert got == want, (game.setup.name, game.seed, len(game.history), seat)
            assert list(map(type, got)) == list(map(type, want))
            packed = getattr(numbers, "f32", None)  # the packing a ruleset may give with them
            assert packed is None or packed == struct.pack(f"={len(want)}f", *want)
            compared += 1
    assert compared > 1000


def _packed(numbers: Sequence[float]) -> Any:
    return np.frombuffer(struct.pack(f"={len(numbers)}f", *numbers), dtype=np.float32)


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_the_parallel_env_observes_the_reference_vectors(name: str) -> None:
    """The Parallel environment's observation of every live seat at every step (the seat's
    vector shared with the seat before it when their views are equal) is the reference's,
    packed. Mutations caught: the vector shared without comparing the views
    (``_same_view`` always true), the shared vector kept after a step."""
    ruleset = PLUGINS.ruleset(name)
    setup = ruleset.setups()[0]
    reference = REFERENCES[name]
    e = parallel_env(ruleset, setup, layout=layout_of(name, setup.name))
    steps = 0
    for seed in range(PARALLEL_GAMES.get(name, 6)):
        observations, _ = e.reset(seed=seed)
        rng = random.Random(seed)
        while e.agents:
            for agent, seen in observations.items():
                view = e.game.observation(e.possible_agents.index(agent))
                assert np.array_equal(seen["observation"], _packed(reference(ruleset, view)))
            actions = {}
            for agent, seen in observations.items():
                legal = np.flatnonzero(seen["action_mask"])
                actions[agent] = int(legal[rng.randrange(len(legal))]) if len(legal) else 0
            observations, *_ = e.step(actions)
            steps += 1
    assert steps > 50


def test_a_translator_vector_is_the_packed_reference() -> None:
    """The translator's vector of a view is the reference's numbers as float32, whichever
    seat it observed before (Victoriana's views are equal for every seat)."""
    ruleset = PLUGINS.ruleset("victoriana")
    setup = ruleset.setups()[0]
    translator = Translator(ruleset, setup, layout_of("victoriana", setup.name))
    for game, player in _games(ruleset, 4, setups=1):
        for seat in _seats(game, player)[:-1]:
            assert seat is not None
            got = translator.observe(game, seat)["observation"]
            assert np.array_equal(got, _packed(victoriana(ruleset, game.observation(seat))))

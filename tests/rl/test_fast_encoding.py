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


REFERENCES: dict[str, Reference] = {
    "victoriana": victoriana,
}


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
    for game, player in _games(ruleset, 8):
        for seat in _seats(game, player):
            view = game.observation(seat)
            got = list(ruleset.observation_vector(view))
            want = reference(ruleset, view)
            assert got == want, (game.setup.name, game.seed, len(game.history), seat)
            assert list(map(type, got)) == list(map(type, want))
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
    for seed in range(6):
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

"""The rulebook's worked example: 'Preparation', 'First Blood' and 'Endgame', every number."""

from __future__ import annotations

import pytest

from aerodrome.engine.testing import load_dice
from aerodrome_df40k.state import (
    ChooseTarget,
    DogfightDeclared,
    DogfightResult,
    DogfightRolled,
    FlyerDestroyed,
    GiveOrder,
    GiveOrders,
    HitResolved,
    WeaponFired,
)
from tests.plugins.df40k.helpers import RULESET, game, of_type

IMP1, IMP2 = "imperial-fighter-1", "imperial-fighter-2"
ORK, BOMBER = "ork-fighter-1", "ork-heavy-bomber-1"

FIRST_BLOOD = [
    3,
    4,  # Imperial rolls 3 (DF 6 = 9); Ork fighter rolls 4 (DF 7 = 11)
    5,
    1,
    1,  # big shoota 1, three shots at BS 2 (5+): one hit
    2,
    3,  #   twin-linked re-roll of the two misses: none
    1,
    1,
    1,  # big shoota 2: no hit
    6,
    1,
    1,  #   twin-linked re-roll: one hit -> hitting twice thanks to the twin-link
    5,  # penetration: 5 + S5 = 10 against rear armour 10: a glancing hit
    3,  # glancing damage 3: weapon destroyed (a lascannon)
    2,  # penetration: 2 + 5 = 7: no effect
]
ENDGAME = [
    4,
    5,  # Imperial rolls 4 (DF 6 = 10); the heavy bomber rolls 5 (DF 2 = 7)
    4,
    5,
    1,  # to hit at BS 3 (4+): lascannon hits, lascannon hits, rocket misses
    1,  # penetration 1 + S9 = 10 against rear 10: glancing
    1,  # glancing damage 1: crew shaken ("severely shaking the crew")
    2,  # penetration 2 + 9 = 11: penetrates, but counts as glancing
    4,  # glancing damage 4: immobilised (the engine) -> the flyer crashes
]


@pytest.mark.clause(
    "df40k.example.1",
    "df40k.example.2",
    "df40k.example.3",
    "df40k.orders.4",
    "df40k.resolution.5",
    "df40k.dogfight.1",
    "df40k.dogfight.2",
    "df40k.dogfight.3",
    "df40k.dogfight.4",
    "df40k.racial.1",
    "df40k.victory.1",
    "df40k.victory.2",
    "df40k.victory.3",
    "df40k.victory.5",
    "df40k.victory.6",
    "df40k.resolution.2",
)
def test_example_dogfight_first_blood_and_endgame() -> None:
    g = game("first-blood")
    # turn one passes with flyers in reserve; orders from turn two
    assert g.round == 2
    decision = g.decision()
    assert decision is not None and decision.kind == "orders" and decision.simultaneous
    load_dice(g, FIRST_BLOOD + ENDGAME)
    # Preparation: both Imperial fighters Intercept; the Ork fighter escorts the heavy
    # bomber, which is on Ground support ("Ground assault" in the example's words). With two
    # flyers each, a player gives all its orders as one secret decision.
    assert all(isinstance(a, GiveOrders) for p in (0, 1) for a in g.legal_actions(p))
    g.apply(
        0,
        GiveOrders(
            orders=(
                GiveOrder(flyer=IMP1, order="intercept"),
                GiveOrder(flyer=IMP2, order="intercept"),
            )
        ),
    )
    g.apply(
        1,
        GiveOrders(
            orders=(
                GiveOrder(flyer=ORK, order="escort", escort=BOMBER),
                GiveOrder(flyer=BOMBER, order="ground-support"),
            )
        ),
    )
    # the Imperial player (whose turn it is) sends both fighters against the bomber
    assert g.decision().kind == "intercept"  # type: ignore[union-attr]
    g.apply(0, ChooseTarget(flyer=IMP1, target=BOMBER))
    g.apply(0, ChooseTarget(flyer=IMP2, target=BOMBER))
    log = g.log

    declared = of_type(log, DogfightDeclared)
    assert [(d.attacker, d.target, d.defender) for d in declared] == [
        (IMP1, BOMBER, ORK),  # the escort takes the first Intercept
        (IMP2, BOMBER, BOMBER),
    ]
    first, end = of_type(log, DogfightRolled)
    # First Blood: 3 + 3 + 1 - 1 = 6, roll 3 -> 9; 2 + 2x2 + 1 = 7, roll 4 -> 11
    assert (first.attacker_df, first.attacker_total) == (6, 9)
    assert (first.defender_df, first.defender_total) == (7, 11)
    assert first.margin == -2
    # Endgame: bomber 2 + 2 - 2 = 2, roll 5 -> 7; Imperial 6, roll 4 -> 10
    assert (end.defender_df, end.defender_total) == (2, 7)
    assert (end.attacker_df, end.attacker_total) == (6, 10)
    assert end.margin == 3

    results = of_type(log, DogfightResult)
    assert [(r.winner, r.margin, r.outcome) for r in results] == [(ORK, 2, "win"), (IMP2, 3, "win")]
    fired = of_type(log, WeaponFired)
    ork_fire = [(w.weapon, w.hits) for w in fired if w.flyer == ORK]
    assert ork_fire == [("big-shoota", 1), ("big-shoota", 1)]  # two Big shooters, two hits
    imp_fire = [(w.weapon, w.hits) for w in fired if w.flyer == IMP2]
    assert imp_fire == [("lascannon", 1), ("lascannon", 1), ("hellstrike", 0)]
    hits = of_type(log, HitResolved)
    on_imp = [(h.penetration, h.hit, h.effect) for h in hits if h.target == IMP1]
    assert on_imp == [(10, "glancing", "weapon-destroyed"), (7, "none", "")]
    lost = g.state.flyer(IMP1).lost
    assert (
        len(lost) == 1 and RULESET.specs.mounts["imperial-fighter"][lost[0]].weapon == "lascannon"
    )
    on_bomber = [(h.penetration, h.hit, h.effect) for h in hits if h.target == BOMBER]
    assert on_bomber == [(10, "glancing", "crew-shaken"), (11, "glancing", "immobilised")]
    assert [(d.flyer, d.by) for d in of_type(log, FlyerDestroyed)] == [(BOMBER, 0)]
    assert not g.state.flyer(BOMBER).alive
    # the losing Imperial fighter has no rear-mounted weapon: no retaliation; the rocket is spent
    assert not [w for w in fired if w.flyer == IMP1]
    assert len(g.state.flyer(IMP2).spent) == 1

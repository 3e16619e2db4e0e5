"""AA guns and ground attacks, aces, landing and card renewal."""

from __future__ import annotations

import pytest

from aerodrome.engine.events import ActionTaken
from aerodrome_classic.state import (
    Attack,
    BecameAce,
    CardsDrawn,
    Decline,
    DogfightStarted,
    GunRevealed,
    KeepCards,
    Landed,
    PlayCard,
    Reshuffled,
    ShotDown,
    TakeOff,
)
from tests.plugins.classic.helpers import (
    RULESET,
    act,
    card,
    decline_take_offs,
    events,
    game,
    kind,
    move_to,
    owner,
    plane,
    position,
)

GREEN_HOME = [plane("GREEN-2", 0, 21, flying=False), plane("GREEN-3", 1, 21, flying=False)]


@pytest.mark.clause("classic.ground.2")
def test_every_enemy_gun_passed_is_turned_over_and_a_hit_shoots_down() -> None:
    pos = position(
        "German",
        plane("RED-1", 2, 18, "S"),
        plane("BLUE-1", 15, 21, flying=False),
        *GREEN_HOME,
        hits=[(1, 20)],
    )
    g = game(pos, dice=[4, 4])
    move_to(g, "RED-1", [(2, 18), (2, 19), (2, 20), (1, 20), (1, 19)], "N")
    assert [(e.cell, e.hit) for e in events(g, GunRevealed)] == [((2, 20), False), ((1, 20), True)]
    (down,) = events(g, ShotDown)
    assert (down.plane, down.by, down.how) == ("RED-1", "AA:GREEN", "AA gun")
    assert g.state.kills["American"] == 6  # 5 missing from the position + the gun's


@pytest.mark.clause("classic.ground.2", "classic.ground.1")
def test_a_miss_lets_the_plane_stay_and_friendly_guns_never_fire() -> None:
    pos = position(
        "German",
        plane("RED-1", 0, 17, "S"),
        plane("YELLOW-1", 12, 2, "N"),
        plane("BLUE-1", 15, 21, flying=False),
        *GREEN_HOME,
        hits=[(13, 1), (12, 0), (1, 20)],
    )
    g = game(pos, dice=[3, 2])
    move_to(g, "RED-1", [(0, 17), (0, 18), (0, 19), (0, 20)], "E")
    move_to(g, "YELLOW-1", [(12, 2), (12, 1), (12, 0)], "E")  # over its own Hit gun
    assert [(e.cell, e.hit) for e in events(g, GunRevealed)] == [((0, 20), False)]
    assert g.state.planes["RED-1"].alive and g.state.planes["RED-1"].cell == (0, 20)
    assert g.state.planes["YELLOW-1"].alive


@pytest.mark.clause("classic.ground.6", "classic.strategy.6", "classic.setup.8")
def test_a_revealed_hit_gun_keeps_firing() -> None:
    """Strategy 6: line up "next to a HIT A.A. square. The attacking plane would be shot
    down by the A.A. gun if it tried to occupy that square" — a Hit square known to both
    sides (turned over) still shoots down the enemy plane that stops on it."""
    pos = position(
        "German",
        plane("RED-1", 1, 17, "S"),
        plane("BLUE-1", 15, 21, flying=False),
        *GREEN_HOME,
        hits=[(1, 20)],
        revealed=[(1, 20)],
    )
    g = game(pos, dice=[3, 3])
    move_to(g, "RED-1", [(1, 17), (1, 18), (1, 19), (1, 20)], "S")
    assert not events(g, GunRevealed)  # already face up
    assert [e.plane for e in events(g, ShotDown)] == ["RED-1"]


@pytest.mark.clause("classic.ground.3", "classic.aces.1", "classic.ground.5")
def test_ground_attack_has_no_defence() -> None:
    pos = position(
        "German",
        plane("RED-1", 3, 17, "S"),
        plane("BLUE-1", 15, 21, flying=False),
        plane("GREEN-2", 2, 21, flying=False),
        plane("GREEN-3", 1, 21, flying=False),
        hands={"RED": ["B1", "B4"], "GREEN": ["RO", "LP", "B5"]},
    )
    g = game(pos, dice=[4, 4])
    move_to(g, "RED-1", [(3, 17), (3, 18), (3, 19), (3, 20), (3, 21)], "W")  # a Miss dot
    assert kind(g) == "attack"
    # one attack per plane: both grounded neighbours are offered, or none
    assert set(g.legal_actions(0)) == {
        Attack(attacker="RED-1", target="GREEN-2"),
        Decline(what="ground attack"),
    }
    act(g, Attack(attacker="RED-1", target="GREEN-2"))
    act(g, card("B1"))  # any value
    (down,) = events(g, ShotDown)
    assert (down.plane, down.by, down.how) == ("GREEN-2", "RED-1", "ground attack")
    assert g.state.planes["RED-1"].kills == 1
    assert not events(g, DogfightStarted) or events(g, DogfightStarted)[0].position == "ground"


@pytest.mark.clause("classic.ground.5")
def test_ground_attack_may_be_declined() -> None:
    pos = position(
        "German",
        plane("RED-1", 3, 17, "S"),
        plane("BLUE-1", 15, 21, flying=False),
        plane("GREEN-2", 2, 21, flying=False),
        hands={"RED": ["B1"]},
    )
    g = game(pos, dice=[4, 4])
    move_to(g, "RED-1", [(3, 17), (3, 18), (3, 19), (3, 20), (3, 21)], "W")
    act(g, Decline(what="ground attack"))
    assert not events(g, ShotDown)
    assert g.state.squadrons["RED"].hand == ["B1"]


@pytest.mark.clause("classic.ground.4")
def test_attacker_on_a_hit_gun_is_shot_down_before_it_shoots() -> None:
    pos = position(
        "German",
        plane("RED-1", 3, 17, "S"),
        plane("BLUE-1", 15, 21, flying=False),
        plane("GREEN-2", 2, 21, flying=False),
        hands={"RED": ["B1"]},
        hits=[(3, 21)],
    )
    g = game(pos, dice=[4, 4])
    move_to(g, "RED-1", [(3, 17), (3, 18), (3, 19), (3, 20), (3, 21)], "W")
    assert [e.plane for e in events(g, ShotDown)] == ["RED-1"]
    assert g.state.planes["GREEN-2"].alive


@pytest.mark.clause("classic.aces.2", "classic.aces.3", "classic.aces.6")
def test_insignia_at_once_double_ace_and_no_ace_for_guns() -> None:
    pos = position(
        "American",
        plane("GREEN-1", 5, 12, "N", kills=1),
        plane("RED-1", 5, 9, "S"),
        plane("RED-2", 0, 0, flying=False),
        hands={"GREEN": ["B5"], "RED": ["B1"]},
    )
    g = game(pos, dice=[2, 2])
    decline_take_offs(g)
    move_to(g, "GREEN-1", [(5, 12), (5, 11), (5, 10)], "N")
    act(g, Decline(what="defend"))  # RED-1's B1 cannot answer a 5
    assert [(e.plane, e.kills) for e in events(g, BecameAce)] == [("GREEN-1", 2)]
    view = {p.id: p for p in g.observation(0).planes}  # type: ignore[attr-defined]
    assert view["GREEN-1"].kills == 2  # visible to the opponent at once
    # a gun's kill counts for its side and makes no ace
    pos2 = position(
        "German",
        plane("RED-1", 1, 17, "S"),
        plane("BLUE-1", 15, 21, flying=False),
        *GREEN_HOME,
        hits=[(1, 20)],
    )
    g2 = game(pos2, dice=[3, 3])
    move_to(g2, "RED-1", [(1, 17), (1, 18), (1, 19), (1, 20)], "S")
    assert all(p.kills == 0 for p in g2.state.planes.values())
    assert not events(g2, BecameAce)


@pytest.mark.clause("classic.aces.4", "classic.aces.3")
def test_aces_draw_six_double_aces_eight() -> None:
    for kills, expect in ((0, 4), (1, 6), (2, 8), (3, 8)):
        g = game(
            position(
                "German",
                plane("RED-1", 0, 0, flying=False, kills=kills),
                plane("GREEN-1", 0, 21, flying=False),
            ),
            dice=[3, 4],
        )
        act(g, TakeOff(plane="RED-1"))
        assert len(g.state.squadrons["RED"].hand) == expect


@pytest.mark.clause("classic.aces.5", "classic.aces.2")
def test_extra_cards_only_after_landing() -> None:
    # RED-1 becomes an ace in the air with 2 cards: no extra cards until it lands and flies
    g = game(
        position(
            "German",
            plane("RED-1", 5, 5, "S"),
            plane("GREEN-1", 5, 8, "S"),
            plane("GREEN-2", 0, 21, flying=False),
            hands={"RED": ["B2", "RO"], "GREEN": ["B1"]},
        ),
        dice=[2, 2],
    )
    move_to(g, "RED-1", [(5, 5), (5, 6), (5, 7)], "S")
    act(g, card("B2"))
    act(g, Decline(what="defend"))  # GREEN-1 has no Loop
    assert g.state.planes["RED-1"].kills == 1
    assert g.state.squadrons["RED"].hand == ["RO"]  # no extra cards while In Flight
    assert g.state.planes["RED-1"].in_flight and not events(g, CardsDrawn)


@pytest.mark.clause(
    "classic.renew.1", "classic.renew.6", "classic.renew.2", "classic.cards.4", "classic.aces.5"
)
def test_landing_keep_cards_and_new_cards_at_take_off() -> None:
    pos = position(
        "German",
        plane("RED-1", 2, 3, "N", may_land=True, kills=1),
        plane("GREEN-1", 0, 21, flying=False),
        hands={"RED": ["B1", "B1", "LP"]},
    )
    g = game(pos, dice=[3, 3])
    # reach the empty landing square (2,0): 3 steps from (2,3) passes (2,2), (2,1) (own dot)
    move_to(g, "RED-1", [(2, 3), (2, 2), (2, 1), (2, 0)], "S")
    (landed,) = events(g, Landed)
    assert landed.plane == "RED-1" and not g.state.planes["RED-1"].in_flight
    assert g.state.squadrons["RED"].aloft == ""
    assert kind(g) == "keep cards" and owner(g) == 0
    options = set(g.legal_actions(0))
    assert len(options) == 3 * 2  # 0-2 B1 x 0-1 LP
    act(g, KeepCards(cards=("LP",)))
    (kept,) = [e for e in g.log if isinstance(e, ActionTaken) and isinstance(e.action, KeepCards)]
    assert kept.seen_by == (0,)  # which cards were kept stays secret
    red = g.state.squadrons["RED"]
    assert red.hand == ["LP"] and red.discards.count("B1") == 2
    # next German turn: put it In Flight again; the ace makes its total up to 6
    while not (kind(g) == "take-off" and owner(g) == 0):
        act(g, g.legal_actions(owner(g))[0])
    act(g, TakeOff(plane="RED-1"))
    assert len(red.hand) == 6 and "LP" in red.hand
    assert len(events(g, CardsDrawn)[-1].cards) == 5


@pytest.mark.clause("classic.renew.5")
def test_may_land_only_after_a_dogfight_or_crossing_no_mans_land() -> None:
    pos = position(
        "German",
        plane("RED-1", 2, 3, "N"),
        plane("GREEN-1", 0, 21, flying=False),
        hands={"RED": ["B1"]},
    )
    g = game(pos, dice=[3, 3])
    move_to(g, "RED-1", [(2, 3), (2, 2), (2, 1), (2, 0)], "S")
    assert not events(g, Landed) and g.state.planes["RED-1"].in_flight
    # crossing the line qualifies a plane
    pos2 = position("German", plane("RED-1", 5, 9, "S"), plane("GREEN-1", 0, 21, flying=False))
    g2 = game(pos2, dice=[2, 2])
    move_to(g2, "RED-1", [(5, 9), (5, 10), (5, 11)], "N")
    assert g2.state.planes["RED-1"].qualified


@pytest.mark.clause("classic.renew.3", "classic.renew.7")
def test_kept_cards_count_towards_the_total() -> None:
    for kept, drawn in ((["LP", "RO"], 2), (["B1", "B2", "B3", "B4", "B5"], 0)):
        g = game(
            position(
                "German",
                plane("RED-1", 0, 0, flying=False),
                plane("GREEN-1", 0, 21, flying=False),
                hands={"RED": kept},
            ),
            dice=[3, 4],
        )
        act(g, TakeOff(plane="RED-1"))
        assert len(g.state.squadrons["RED"].hand) == len(kept) + drawn


@pytest.mark.clause("classic.renew.4")
def test_discards_are_shuffled_only_when_the_pack_is_used_up() -> None:
    g = game(
        position(
            "German",
            plane("RED-1", 0, 0, flying=False),
            plane("GREEN-1", 0, 21, flying=False),
            packs={"RED": ["B1", "B2"]},
        ),
        dice=[3, 4],
    )
    red = g.state.squadrons["RED"]
    assert len(red.discards) == 18
    act(g, TakeOff(plane="RED-1"))
    assert len(events(g, Reshuffled)) == 1
    assert {"B1", "B2"} <= set(red.hand) and len(red.hand) == 4
    assert len(red.pack) == 16 and red.discards == [] and red.played == []
    assert not RULESET.invariants(g.state)


@pytest.mark.clause("classic.renew.4")
def test_the_discards_are_shuffled_when_the_last_card_is_taken() -> None:
    """Use of Cards 6: "When all cards have been taken, the DISCARDS are shuffled and the pile
    put FACE DOWN on the game board ready to use again": the reshuffle happens when the pack
    runs out, so a card played afterwards goes to the new discard pile, not into the pack."""
    g = game(
        position(
            "German",
            plane("RED-1", 0, 0, flying=False),
            plane("GREEN-1", 0, 3, "S"),
            plane("GREEN-2", 0, 21, flying=False),
            packs={"RED": ["B1", "B1", "B1", "B1"]},
        ),
        dice=[2, 2],
    )
    red = g.state.squadrons["RED"]
    act(g, TakeOff(plane="RED-1"))  # takes the last 4 cards of the pack
    assert len(events(g, Reshuffled)) == 1
    assert sorted(red.hand) == ["B1"] * 4
    assert len(red.pack) == 16 and red.discards == [] and red.played == []
    move_to(g, "RED-1", [(0, 0), (0, 1), (0, 2)], "S")  # on GREEN-1's tail
    while g.decision() is not None and kind(g) in ("burst", "defend"):
        legal = g.legal_actions(owner(g))
        act(g, next((a for a in legal if a == PlayCard(card="B1")), legal[-1]))
    assert not g.state.planes["GREEN-1"].alive
    assert red.discards == ["B1"] and red.played == ["B1"]  # the new discard pile
    assert len(red.pack) == 16 and len(events(g, Reshuffled)) == 1
    assert not RULESET.invariants(g.state)

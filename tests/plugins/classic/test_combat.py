"""Dogfights: positions, card play for side, head-on and tail attacks, the worked examples."""

from __future__ import annotations

import pytest

from aerodrome import hookimpl
from aerodrome.plugins import load_plugins
from aerodrome_classic.combat import head_on_outcome
from aerodrome_classic.hookspecs import aerodrome_classic_head_on
from aerodrome_classic.state import (
    Attack,
    CardPlayed,
    Decline,
    DogfightStarted,
    Exchanged,
    PlayCard,
    ShotDown,
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


def head_on_game(red_hand: list[str], green_hand: list[str] | None = None):  # type: ignore[no-untyped-def]
    """GREEN-1 moves 2 to face RED-1 head on (RED-1 faces it)."""
    pos = position(
        "American",
        plane("GREEN-1", 5, 12, "N"),
        plane("RED-1", 5, 9, "S"),
        hands={"GREEN": green_hand or ["B2", "B4"], "RED": red_hand},
    )
    g = game(pos, dice=[2, 2])
    decline_take_offs(g)
    move_to(g, "GREEN-1", [(5, 12), (5, 11), (5, 10)], "N")
    return g


@pytest.mark.clause(
    "classic.headon.4", "classic.headon.1", "classic.headon.2", "classic.dogfight.3"
)
def test_head_on_example_equal_bursts_cancel() -> None:
    g = head_on_game(["B4", "B5"])
    (start,) = events(g, DogfightStarted)
    assert start.position == "head-on"
    # the attacker played his highest Burst without being asked
    assert [(e.plane, e.card) for e in events(g, CardPlayed)] == [("GREEN-1", "B4")]
    assert kind(g) == "defend" and owner(g) == 0
    legal = g.legal_actions(0)
    assert set(legal) == {card("B4"), card("B5"), Decline(what="defend")}
    act(g, card("B4"))
    assert not events(g, ShotDown)
    assert g.state.planes["GREEN-1"].alive and g.state.planes["RED-1"].alive


@pytest.mark.clause("classic.headon.4", "classic.headon.2", "classic.aces.1")
def test_head_on_example_higher_burst_shoots_attacker_down() -> None:
    g = head_on_game(["B4", "B5"])
    act(g, card("B5"))
    (down,) = events(g, ShotDown)
    assert (down.plane, down.by) == ("GREEN-1", "RED-1")
    assert g.state.planes["RED-1"].kills == 1
    assert g.is_over() and g.result().winners == ("German",)


@pytest.mark.clause("classic.headon.4", "classic.headon.3")
def test_head_on_example_lower_or_no_burst_is_shot_down() -> None:
    for hand in (["B3", "RO"], ["LP"], []):
        g = head_on_game(hand)
        # asked all the same (his hand is hidden), he can only decline
        assert kind(g) == "defend" and list(g.legal_actions(0)) == [Decline(what="defend")]
        act(g, Decline(what="defend"))
        (down,) = events(g, ShotDown)
        assert (down.plane, down.by) == ("RED-1", "GREEN-1")


@pytest.mark.clause("classic.headon.2")
def test_head_on_hook_lets_a_variant_change_the_outcome() -> None:
    """A variant registered as a real plugin changes the head-on outcome through the hook's
    caller; without it the rulebook's outcome stands."""

    class BothDownOnTies:
        @hookimpl
        def aerodrome_classic_head_on(self, attacker_burst: int, defender_burst: int) -> str | None:
            return "both_down" if attacker_burst == defender_burst else None

    variant = load_plugins(extra=[("both-down-on-ties", BothDownOnTies())]).ruleset("classic")
    hook = variant.hooks.caller(aerodrome_classic_head_on)
    assert hook is not None
    assert RULESET.hooks.caller(aerodrome_classic_head_on) is None
    assert head_on_outcome(hook, 4, 4) == "both_down"
    assert head_on_outcome(hook, 4, 5) == "attacker_down"
    assert head_on_outcome(None, 4, 0) == "defender_down"
    assert head_on_outcome(None, 3, 3) == "cancel"
    g = game(
        position(
            "American",
            plane("GREEN-1", 5, 12, "N"),
            plane("GREEN-2", 0, 21, flying=False),
            plane("RED-1", 5, 9, "S"),
            plane("RED-2", 0, 0, flying=False),
            hands={"GREEN": ["B4"], "RED": ["B4"]},
        ),
        dice=[2, 2],
        ruleset=variant,  # type: ignore[arg-type]
    )
    decline_take_offs(g)
    move_to(g, "GREEN-1", [(5, 12), (5, 11), (5, 10)], "N")
    act(g, card("B4"))
    assert {e.plane for e in events(g, ShotDown)} == {"GREEN-1", "RED-1"}


def side_game(blue_hand: list[str], yellow_hand: list[str]):  # type: ignore[no-untyped-def]
    """YELLOW-1 moves to BLUE-1's left side (BLUE-1 faces N, YELLOW-1 comes from the W)."""
    pos = position(
        "German",
        plane("YELLOW-1", 2, 12, "E"),
        plane("BLUE-1", 4, 12, "N"),
        plane("BLUE-2", 15, 21, flying=False),
        hands={"YELLOW": yellow_hand, "BLUE": blue_hand},
    )
    g = game(pos, dice=[1, 1])
    decline_take_offs(g)
    move_to(g, "YELLOW-1", [(2, 12), (3, 12)], "E")
    return g


@pytest.mark.clause("classic.side.1", "classic.cards.2", "classic.dogfight.1")
def test_side_attack_burst_of_any_value() -> None:
    g = side_game(["RO"], ["B1", "B3", "B5"])
    (start,) = events(g, DogfightStarted)
    assert start.position == "side" and start.attacker == "YELLOW-1"
    assert kind(g) == "burst" and owner(g) == 0
    assert set(g.legal_actions(0)) == {card("B1"), card("B3"), card("B5")}
    act(g, card("B3"))
    assert kind(g) == "defend" and owner(g) == 1


@pytest.mark.clause("classic.side.2", "classic.down.1")
def test_side_attack_without_roll_out_shoots_down() -> None:
    g = side_game(["B5", "LP"], ["B2"])
    act(g, card("B2"))
    assert list(g.legal_actions(1)) == [Decline(what="defend")]  # no Roll Out
    act(g, Decline(what="defend"))
    (down,) = events(g, ShotDown)
    assert down.plane == "BLUE-1" and down.how == "side attack"
    blue = g.state.squadrons["BLUE"]
    assert not g.state.planes["BLUE-1"].alive and blue.aloft == ""
    assert blue.hand == [] and sorted(blue.discards) == ["B5", "LP"]


@pytest.mark.clause("classic.side.3", "classic.summary.1", "classic.cards.3")
def test_roll_out_makes_the_attacker_miss_and_ends_the_dogfight() -> None:
    g = side_game(["RO", "B4"], ["B2", "B3"])
    act(g, card("B2"))
    assert set(g.legal_actions(1)) == {card("RO"), Decline(what="defend")}
    act(g, card("RO"))
    assert not events(g, ShotDown)
    assert g.state.squadrons["YELLOW"].hand == ["B3"]  # only one card played
    assert g.state.squadrons["BLUE"].discards == ["RO"]
    assert g.state.squadrons["YELLOW"].played == ["B2"]
    assert kind(g) != "burst"  # the dogfight is over


@pytest.mark.clause("classic.side.3")
def test_defender_may_decline_to_defend() -> None:
    g = side_game(["RO"], ["B2", "B3"])
    act(g, card("B2"))
    act(g, Decline(what="defend"))
    assert [e.plane for e in events(g, ShotDown)] == ["BLUE-1"]


def tail_game(red_hand: list[str], green_hand: list[str]):  # type: ignore[no-untyped-def]
    """The rulebook's tail example: RED-1 ends behind GREEN-1 (both face S)."""
    pos = position(
        "German",
        plane("RED-1", 5, 5, "S"),
        plane("GREEN-1", 5, 8, "S"),
        plane("GREEN-2", 0, 21, flying=False),
        plane("RED-2", 0, 0, flying=False),
        hands={"RED": red_hand, "GREEN": green_hand},
    )
    g = game(pos, dice=[2, 2])
    decline_take_offs(g)
    move_to(g, "RED-1", [(5, 5), (5, 6), (5, 7)], "S")
    return g


@pytest.mark.clause(
    "classic.tail.9",
    "classic.tail.1",
    "classic.tail.3",
    "classic.tail.4",
    "classic.tail.2",
    "classic.tail.6",
    "classic.aces.1",
)
def test_tail_example_american_loops_and_shoots_german_down() -> None:
    g = tail_game(["B2", "B3"], ["B1", "LP"])
    (start,) = events(g, DogfightStarted)
    assert start.position == "tail"
    act(g, card("B2"))  # the German bursts
    assert set(g.legal_actions(1)) == {card("LP"), Decline(what="defend")}
    act(g, card("LP"))  # the American loops: squares exchanged
    (ex,) = events(g, Exchanged)
    assert ex.plane == "GREEN-1"
    assert g.state.planes["GREEN-1"].cell == (5, 7) and g.state.planes["GREEN-1"].facing == 2
    assert g.state.planes["RED-1"].cell == (5, 8) and g.state.planes["RED-1"].facing == 2
    # the American now shoots (or may hold fire); the German has no Loop: shot down
    assert kind(g) == "burst" and owner(g) == 1
    assert set(g.legal_actions(1)) == {card("B1"), Decline(what="hold fire")}
    act(g, card("B1"))
    assert [(e.plane, e.card) for e in events(g, CardPlayed)][-1] == ("GREEN-1", "B1")
    assert list(g.legal_actions(0)) == [Decline(what="defend")]
    act(g, Decline(what="defend"))
    (down,) = events(g, ShotDown)
    assert (down.plane, down.by) == ("RED-1", "GREEN-1")
    assert g.state.planes["GREEN-1"].kills == 1


@pytest.mark.clause("classic.tail.9", "classic.tail.5")
def test_tail_example_with_a_loop_the_chain_goes_on() -> None:
    g = tail_game(["B2", "B3", "LP"], ["B1", "LP"])
    act(g, card("B2"))
    act(g, card("LP"))
    act(g, card("B1"))  # the American shoots
    assert kind(g) == "defend" and owner(g) == 0  # the German may loop back
    act(g, card("LP"))
    assert g.state.planes["RED-1"].cell == (5, 7) and g.state.planes["GREEN-1"].cell == (5, 8)
    # the German bursts again (B3, its only Burst left); the American has no Loop left
    act(g, card("B3"))
    act(g, Decline(what="defend"))
    (down,) = events(g, ShotDown)
    assert (down.plane, down.by) == ("GREEN-1", "RED-1")
    assert len(events(g, Exchanged)) == 2


@pytest.mark.clause("classic.tail.7")
def test_tail_plane_without_burst_ends_the_dogfight() -> None:
    g = tail_game(["B2"], ["LP"])
    act(g, card("B2"))
    act(g, card("LP"))
    # asked all the same (its hand is hidden), the tail plane can only hold fire
    assert kind(g) == "burst" and list(g.legal_actions(1)) == [Decline(what="hold fire")]
    act(g, Decline(what="hold fire"))
    assert not events(g, ShotDown) and g.state.turn.fight is None
    assert g.state.planes["GREEN-1"].cell == (5, 7)


@pytest.mark.clause("classic.cards.5")
def test_attacker_without_burst_cannot_shoot() -> None:
    g = tail_game(["LP", "RO"], ["B1"])
    assert events(g, DogfightStarted) and not events(g, CardPlayed) and not events(g, ShotDown)


@pytest.mark.clause("classic.tail.8")
def test_attack_created_by_an_exchange_is_fought_afterwards() -> None:
    # BLUE-1 faces (5,7) from (5,6)? No: BLUE-1 at (6,8) faces W onto (5,8): after the
    # exchange RED-1 stands on (5,8) and is under attack by BLUE-1.
    pos = position(
        "German",
        plane("RED-1", 5, 5, "S"),
        plane("GREEN-1", 5, 8, "S"),
        plane("BLUE-1", 6, 8, "W"),
        plane("RED-2", 0, 0, flying=False),
        hands={"RED": ["B2", "B3"], "GREEN": ["LP"], "BLUE": ["B1"]},
    )
    g = game(pos, dice=[2, 2])
    decline_take_offs(g)
    move_to(g, "RED-1", [(5, 5), (5, 6), (5, 7)], "S")
    act(g, card("B2"))
    act(g, card("LP"))  # GREEN exchanges; it has no Burst: that dogfight is over
    act(g, Decline(what="hold fire"))
    act(g, card("B1"))  # BLUE-1 now attacks RED-1
    act(g, Decline(what="defend"))
    starts = events(g, DogfightStarted)
    assert [(s.attacker, s.defender) for s in starts] == [("RED-1", "GREEN-1"), ("BLUE-1", "RED-1")]
    assert starts[1].position == "side"
    (down,) = events(g, ShotDown)  # RED-1 has no Roll Out
    assert (down.plane, down.by) == ("RED-1", "BLUE-1")


@pytest.mark.clause("classic.dogfight.5", "classic.dogfight.2")
def test_moving_player_orders_two_attacks_on_one_plane() -> None:
    pos = position(
        "German",
        plane("RED-1", 4, 6, "S"),
        plane("YELLOW-1", 8, 7, "W"),
        plane("GREEN-1", 5, 7, "N"),
        plane("GREEN-2", 0, 21, flying=False),
        hands={"RED": ["B1"], "YELLOW": ["B2"], "GREEN": ["RO"]},
    )
    g = game(pos, dice=[1, 2])
    move_to(g, "RED-1", [(4, 6), (4, 7)], "E")  # RED-1 on GREEN-1's left side
    move_to(g, "YELLOW-1", [(8, 7), (7, 7), (6, 7)], "W")  # YELLOW-1 on its right side
    assert kind(g) == "attack" and owner(g) == 0
    assert set(g.legal_actions(0)) == {
        Attack(attacker="RED-1", target="GREEN-1"),
        Attack(attacker="YELLOW-1", target="GREEN-1"),
    }
    act(g, Attack(attacker="YELLOW-1", target="GREEN-1"))
    act(g, card("B2"))
    act(g, PlayCard(card="RO"))  # GREEN rolls out of YELLOW's burst
    # then RED-1 attacks: GREEN has no Roll Out left
    act(g, card("B1"))
    act(g, Decline(what="defend"))
    (down,) = events(g, ShotDown)
    assert (down.plane, down.by) == ("GREEN-1", "RED-1")
    assert [s.attacker for s in events(g, DogfightStarted)] == ["YELLOW-1", "RED-1"]
    # all of this happened in the German turn, before the American move
    assert g.state.planes["GREEN-1"].cell == (5, 7)


@pytest.mark.clause("classic.dogfight.4", "classic.dogfight.1")
def test_no_dogfight_unless_the_mover_faces_the_enemy() -> None:
    pos = position(
        "German",
        plane("RED-1", 5, 5, "S"),
        plane("GREEN-1", 5, 8, "N"),  # GREEN faces RED's destination
        plane("GREEN-2", 0, 21, flying=False),
        plane("RED-2", 0, 0, flying=False),
        hands={"RED": ["B2"], "GREEN": ["B5"]},
    )
    g = game(pos, dice=[2, 2])
    decline_take_offs(g)
    move_to(g, "RED-1", [(5, 5), (5, 6), (5, 7)], "E")  # next to GREEN but facing away
    assert not events(g, DogfightStarted)


@pytest.mark.clause("classic.dogfight.3")
def test_attack_positions_from_the_targets_facing() -> None:
    b = RULESET.board
    t = (5, 5)
    assert b.position(t, 0, (5, 4)) == "head-on"  # target faces N, attacker in front
    assert b.position(t, 0, (5, 6)) == "tail"
    assert b.position(t, 0, (4, 5)) == "side"
    assert b.position(t, 0, (6, 5)) == "side"
    assert b.position(t, 1, (6, 5)) == "head-on"


@pytest.mark.clause("classic.cards.1", "classic.dogfight.6")
def test_each_plane_uses_its_own_cards_and_grounded_planes_are_not_dogfought() -> None:
    g = side_game(["RO"], ["B2", "B3"])
    act(g, card("B3"))
    assert g.state.squadrons["YELLOW"].hand == ["B2"]
    assert g.state.squadrons["BLUE"].hand == ["RO"]
    # a grounded enemy ahead is a ground-attack target, never a dogfight
    pos = position(
        "German",
        plane("RED-1", 13, 18, "S"),
        plane("BLUE-1", 13, 21, flying=False),
        plane("BLUE-2", 15, 21, flying=False),
        hands={"RED": ["B1"]},
    )
    g2 = game(pos, dice=[2, 2])
    decline_take_offs(g2)
    move_to(g2, "RED-1", [(13, 18), (13, 19), (13, 20)], "S")  # BLUE-1 grounded ahead
    assert not events(g2, DogfightStarted)
    assert kind(g2) == "attack"
    assert set(g2.legal_actions(0)) == {
        Attack(attacker="RED-1", target="BLUE-1"),
        Decline(what="ground attack"),
    }


@pytest.mark.clause("classic.tail.4", "classic.tail.6", "classic.tail.7")
def test_the_tail_plane_may_hold_fire() -> None:
    """Tail attack d) and f): after exchanging squares the tail plane "can now play" a Burst,
    "can immediately shoot": it may also hold fire, which ends the dogfight like g) (neither
    plane is shot down)."""
    g = tail_game(["B2", "B3"], ["B1", "B4", "LP"])
    act(g, card("B2"))
    act(g, card("LP"))
    assert kind(g) == "burst" and owner(g) == 1
    assert set(g.legal_actions(1)) == {card("B1"), card("B4"), Decline(what="hold fire")}
    act(g, Decline(what="hold fire"))
    assert not events(g, ShotDown) and g.state.turn.fight is None
    assert g.state.squadrons["GREEN"].hand == ["B1", "B4"]  # nothing played
    assert g.state.planes["GREEN-1"].cell == (5, 7)  # on RED-1's tail


@pytest.mark.clause("classic.side.1", "classic.tail.1")
def test_a_shooter_is_asked_even_with_one_burst_value() -> None:
    """Whether the attacker is asked which Burst must not tell how many values he holds."""
    g = side_game(["RO"], ["B2", "B2"])
    assert kind(g) == "burst" and list(g.legal_actions(0)) == [card("B2")]

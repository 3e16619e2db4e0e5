"""The scenario set-up, steps 1-5 and 8: initiative with fame bids, the missions, who is sent
with what, superior and inferior (rulebook: Scenario Setup).

Mutations tried: the winner bidding first (the bid-order test), the value limit checked
against 6 (the pairing test), the airship counted as one plane (the extra-planes test), the
all-three bonus paid as 6 (the inferior test).
"""

from __future__ import annotations

import pytest

from aerodrome.engine.testing import ScriptedDice
from aerodrome_dockfighters.campaign import bridge, campaign, procedure
from aerodrome_dockfighters.campaign.journal import Arm, Pick, Send, Sent, Side
from aerodrome_dockfighters.campaign.procedure import Party
from aerodrome_dockfighters.campaign.sheet import CampaignError, LeaderFile
from tests.plugins.dockfighters.campaign.helpers import HAWK, MILKCOW, SPRITE, Stub, squadron


class Recorder(Stub):
    def __init__(self, name: str, log: list[tuple[str, int | None]], **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.name, self.log = name, log

    def bid(self, sq, own, other, other_bid, budget):  # type: ignore[no-untyped-def]
        self.log.append((self.name, other_bid))
        return super().bid(sq, own, other, other_bid, budget)


@pytest.mark.clause("dockfighters.setup.1")
def test_initiative_the_loser_bids_first_and_fame_bumps_the_roll() -> None:
    log: list[tuple[str, int | None]] = []
    a, b = squadron(fame=5), squadron("Saxony", fame=5)
    parties = [Party(a, Recorder("a", log, bids=[3])), Party(b, Recorder("b", log, bids=[0]))]
    # a rolls 2, b rolls 4: a (the loser) bids 3 first -> 5 against 4
    winner, rolls = procedure.initiative(parties, ScriptedDice([2, 4]))
    assert winner == 0 and rolls == [(2, 4)]
    assert log == [("a", None), ("b", 3)]
    assert [x.fame for x in parties[0].lines] == [-3] and parties[1].lines == []


@pytest.mark.clause("dockfighters.setup.1")
def test_a_draw_is_rolled_again_and_the_fame_is_spent() -> None:
    a, b = squadron(fame=5), squadron("Saxony", fame=5)
    parties = [Party(a, Stub(bids=[1, 0])), Party(b, Stub(bids=[0, 0]))]
    # 3 and 3: rolled again before bids; 2 and 3: a bids 1 -> a draw: again; 5 and 1
    winner, rolls = procedure.initiative(parties, ScriptedDice([3, 3, 2, 3, 5, 1]))
    assert winner == 0 and rolls == [(3, 3), (2, 3), (5, 1)]
    assert sum(x.fame for x in parties[0].lines) == -1  # the bid of the drawn round is gone
    with pytest.raises(CampaignError, match="a bid of 9 fame"):
        procedure.initiative([Party(a, Stub(bids=[9])), Party(b, Stub())], ScriptedDice([1, 2]))


@pytest.mark.clause("dockfighters.setup.2")
def test_mission_values_add_up_to_five_at_most() -> None:
    a, b = squadron(fame=10), squadron("Saxony", fame=10)
    first, second = Stub(mission="cargo-escort"), Stub(mission="agents-insertion")
    parties = [Party(a, first), Party(b, second)]
    with pytest.raises(
        CampaignError, match=r"mission: 'agents-insertion' \(value 2\) cannot be flown here"
    ):
        procedure.missions(parties, 0)
    assert max(len(x) for x in second.asked_missions) and all(
        procedure.bridge.missions()[m].value <= 1 for m in second.asked_missions[0]
    )
    with pytest.raises(CampaignError, match="cannot be flown here"):
        procedure.missions([Party(a, Stub(mission="ace-challenge-1")), Party(b, Stub())], 0)


@pytest.mark.clause("dockfighters.setup.2", "dockfighters.setup.3")
def test_a_value_five_mission_draws_the_other_in_free_of_cost() -> None:
    a, b = squadron(fame=10), squadron("Saxony", fame=10)
    parties = [Party(a, Stub(mission="duel")), Party(b, Stub(mission="never asked"))]
    procedure.missions(parties, 0)
    assert parties[1].mission == "duel" and parties[1].drawn and parties[1].choices == []
    procedure.send(parties, [0, 1], 5)
    assert [x.fame for x in parties[0].lines] == [-5]  # the chooser pays 5
    assert parties[1].lines == []


@pytest.mark.clause(
    "dockfighters.setup.4", "dockfighters.campaign.sortie.1", "dockfighters.setup.9"
)
def test_two_planes_free_each_more_one_fame_an_airship_two() -> None:
    sq = squadron(fame=20)
    campaign.buy(sq, "Albatross")
    campaign.recruit(sq, "Crew", "airship crew")
    ship = sq.hangar[-1].serial
    party = Party(
        sq,
        Stub(
            picks=[
                Pick(pilot="Crew", serial=ship),
                Pick(pilot="Hans", serial=1),
                Pick(pilot="Fritz", serial=2),
            ]
        ),
    )
    party.mission = "aerial-dominance"
    other = Party(
        None, None, recorded=Side(squadron="them", faction="Saxony", mission="aerial-dominance")
    )
    procedure.send([party, other], [0, 1], 3)
    assert procedure.planes(party.sent) == 4
    assert [(x.why, x.fame) for x in party.lines] == [("extra planes", -2)]
    assert (
        party.side is not None and party.side.sent == party.sent and party.side.squadron == sq.name
    )
    with pytest.raises(CampaignError, match="2 planes are mandatory"):
        procedure.sortie(sq, Send(picks=(Pick(pilot="Hans", serial=1),)), ScriptedDice([]))


@pytest.mark.clause("dockfighters.pilot.4")
def test_crews_fly_their_own_kind_of_aircraft() -> None:
    sq = squadron(fame=20)
    campaign.buy(sq, MILKCOW)
    bomber = sq.hangar[-1].serial
    with pytest.raises(CampaignError, match="a pilot cannot fly a bomber"):
        procedure.sortie(
            sq,
            Send(picks=(Pick(pilot="Hans", serial=bomber), Pick(pilot="Fritz", serial=1))),
            ScriptedDice([]),
        )
    campaign.recruit(sq, "Bombers", "bomber crew")
    with pytest.raises(CampaignError, match="a bomber crew cannot fly a standard fighter"):
        procedure.sortie(
            sq,
            Send(picks=(Pick(pilot="Bombers", serial=1), Pick(pilot="Fritz", serial=2))),
            ScriptedDice([]),
        )
    sent = procedure.sortie(
        sq,
        Send(picks=(Pick(pilot="Bombers", serial=bomber), Pick(pilot="Fritz", serial=2))),
        ScriptedDice([]),
    )
    assert [s.kind for s in sent] == ["bomber crew", "pilot"]


@pytest.mark.clause(
    "dockfighters.campaign.hospital.1",
    "dockfighters.campaign.workshop.1",
    "dockfighters.leader.ruthless.1",
    "dockfighters.leader.ruthless.2",
    "dockfighters.leader.ruthless.3",
)
def test_hospital_and_workshop_keep_them_home_unless_ruthless() -> None:
    sq = squadron()
    sq.barracks[0].status = "hospital"
    sq.hangar[0].status = "workshop"
    picks = (Pick(pilot="Hans", serial=2), Pick(pilot="Fritz", serial=3))
    with pytest.raises(CampaignError, match="Hans is in hospital"):
        procedure.sortie(sq, Send(picks=picks), ScriptedDice([]))
    with pytest.raises(CampaignError, match="in the workshop"):
        procedure.sortie(
            sq,
            Send(picks=(Pick(pilot="Sepp", serial=1), Pick(pilot="Fritz", serial=3))),
            ScriptedDice([]),
        )
    sq.barracks[0].box = 2  # experienced: flies green, wounded (Ruthless, green level)
    sq.leader = LeaderFile(pilot="Alois", tree=2, levels=1)
    sent = procedure.sortie(
        sq,
        Send(picks=(Pick(pilot="Hans", serial=2), Pick(pilot="Fritz", serial=3))),
        ScriptedDice([]),
    )
    assert (sent[0].wounded, sent[0].experience, sent[0].damage) == (True, 0, 0)
    with pytest.raises(CampaignError, match="in the workshop"):
        procedure.sortie(
            sq,
            Send(picks=(Pick(pilot="Sepp", serial=1), Pick(pilot="Fritz", serial=3))),
            ScriptedDice([]),
        )
    sq.leader.levels = 3  # experienced level: no penalty; the veteran stand-in: the workshop's aircraft fly damaged
    sent = procedure.sortie(
        sq,
        Send(picks=(Pick(pilot="Hans", serial=1), Pick(pilot="Fritz", serial=3))),
        ScriptedDice([]),
    )
    assert (sent[0].wounded, sent[0].experience, sent[0].damage) == (True, 1, 2)  # yellow 2
    assert sent[1].wounded is False and sent[1].damage == 0


@pytest.mark.clause("dockfighters.setup.10", "dockfighters.airship.23")
def test_armament_from_the_depots() -> None:
    sq = squadron(fame=20)
    campaign.buy(sq, SPRITE)
    sprite = sq.hangar[-1].serial
    sent = procedure.sortie(
        sq,
        Send(picks=(Pick(pilot="Hans", serial=sprite), Pick(pilot="Fritz", serial=1))),
        ScriptedDice([]),
    )

    def arm(*loads: tuple[str, ...]) -> tuple[Sent, ...]:
        return procedure.armed(
            sq,
            sent,
            Arm(
                picks=tuple(
                    Pick(pilot=s.pilot, serial=s.serial, loads=x)
                    for s, x in zip(sent, loads, strict=True)
                )
            ),
        )

    ok = arm(("AB 250 bomb", "Nebelwerfer rocket"), ())
    assert ok[0].loads == ("AB 250 bomb", "Nebelwerfer rocket") and ok[1].loads == ()
    with pytest.raises(CampaignError, match="Swarm missiles is not unlocked"):
        arm(("Swarm missiles",), ())
    with pytest.raises(CampaignError, match="not one of the depot's external loads"):
        arm((), ("radar",))
    with pytest.raises(CampaignError, match="load points"):
        arm((), ("AB 250 bomb",) * 3)
    with pytest.raises(CampaignError, match="one entry for each aircraft sent"):
        procedure.armed(sq, sent, Arm(picks=(Pick(pilot="Hans", serial=sprite),)))
    with pytest.raises(CampaignError, match="armed at step 8"):
        procedure.sortie(
            sq,
            Send(
                picks=(
                    Pick(pilot="Sepp", serial=1, loads=("AB 250 bomb",)),
                    Pick(pilot="Alois", serial=2),
                )
            ),
            ScriptedDice([]),
        )
    campaign.buy(sq, "Albatross")
    campaign.recruit(sq, "Crew", "airship crew")
    campaign.equip(sq, "docking clamp")
    ship = sq.hangar[-1].serial
    crew = procedure.sortie(sq, Send(picks=(Pick(pilot="Crew", serial=ship),)), ScriptedDice([]))
    top = bridge.catalogue()["Albatross"].docking_points
    assert top >= 1
    with pytest.raises(CampaignError, match="only on a side docking point"):
        procedure.armed(
            sq, crew, Arm(picks=(Pick(pilot="Crew", serial=ship, loads=("docking clamp",) * top),))
        )


def sent(datasheet: str, experience: int) -> Sent:
    return Sent(pilot="x", kind="pilot", serial=1, datasheet=datasheet, experience=experience)


@pytest.mark.clause("dockfighters.setup.5")
@pytest.mark.parametrize(
    ("mine", "theirs", "bonus"),
    [
        (
            [sent(HAWK, 0), sent(HAWK, 0)],
            [sent(HAWK, 1), sent(HAWK, 0), sent(HAWK, 0)],
            7,
        ),  # inferior in all three
        ([sent(HAWK, 0), sent(HAWK, 0)], [sent(HAWK, 1), sent(HAWK, 0)], 2),  # experience only
        (
            [sent(HAWK, 3), sent(HAWK, 0)],
            [sent(HAWK, 0), sent(HAWK, 0), sent(HAWK, 0)],
            4,
        ),  # planes and value
        ([sent(HAWK, 1), sent(HAWK, 0)], [sent(HAWK, 1), sent(HAWK, 0)], 0),
    ],
)
def test_superior_and_inferior(mine: list[Sent], theirs: list[Sent], bonus: int) -> None:
    a = Party(squadron(), Stub())
    b = Party(
        None,
        None,
        recorded=Side(
            squadron="them", faction="Saxony", mission="aerial-dominance", sent=tuple(theirs)
        ),
    )
    a.sent, b.sent = tuple(mine), tuple(theirs)
    procedure.inferior([a, b])
    assert sum(x.fame for x in a.lines) == bonus
    assert all(x.why == "inferior" for x in a.lines)


@pytest.mark.clause("dockfighters.setup.5")
def test_both_can_be_inferior() -> None:
    a, b = Party(squadron(), Stub()), Party(squadron("Saxony"), Stub())
    a.sent = (sent(HAWK, 3), sent(HAWK, 0))  # fewer planes, more experience
    b.sent = (sent(HAWK, 0), sent(HAWK, 0), sent(HAWK, 0))
    procedure.inferior([a, b])
    assert sum(x.fame for x in a.lines) == 4 and sum(x.fame for x in b.lines) == 2

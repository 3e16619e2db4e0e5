"""A whole campaign between two bot squadrons, its books and its replay; the ace challenges
as campaign events (rulebook: Campaign: Rules for Free Play, The 3 Ace Challenges).

The 10-scenario campaign (issue 10's "done when") checks that every fame point earned or
spent is a line of the journal and adds up to the fame, that the lines match what happened
(kills, missions, bids, costs), and that replaying each journal rebuilds the squadron files
byte for byte. It takes about 1-2 s (Konrad plays 10 twelve-turn missions); measured with
``pytest --durations``.

Mutations tried: a kill's fame not booked (red: the kills' fame against the replayed game), the
scenario dice seeded from the wall clock (red: replay), a bid booked without its line (red:
the balance check).
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from aerodrome_dockfighters.campaign import bridge, campaign, files
from aerodrome_dockfighters.campaign.journal import Pick, Scenario, Send
from aerodrome_dockfighters.campaign.ledger import EARNED, total
from aerodrome_dockfighters.campaign.sheet import CampaignError
from aerodrome_dockfighters.campaign.simulate import Simulation, simulate
from tests.plugins.dockfighters.campaign.helpers import Stub, crew, report, squadron

SCENARIOS = 10


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Simulation, list[Path]]:
    sim = Simulation(2024)
    for i in range(SCENARIOS):
        sim.step(i)
    folder = tmp_path_factory.mktemp("campaign")
    return sim, [Path(f) for f in sim.save(folder)]


@pytest.mark.clause("dockfighters.fame.6", "dockfighters.campaign.free.1", "dockfighters.fame.3")
def test_a_ten_scenario_campaign_keeps_its_books(played: tuple[Simulation, list[Path]]) -> None:
    sim, paths = played
    scenarios = 0
    for path in paths:
        sq = files.load(path)
        books = [line for e in sq.journal for line in e.ledger]
        assert total(books) == sq.fame >= 0
        for e in sq.journal:
            if not isinstance(e, Scenario):
                continue
            scenarios += not e.challenge
            kinds = [x.why for x in e.ledger]
            me = e.sides[e.player]
            # the kills' fame booked is the fame of the kills the recorded game credits
            game = bridge.replay(
                bridge.setup(e.sides, e.initiative, e.bots, challenge=e.challenge),
                e.seed,
                e.actions,
                "test",
            )
            credited = sum(k.fame for k in bridge.report(game).kills if k.seat == e.player)
            assert sum(x.fame for x in e.ledger if x.why == "kill") == credited
            # every kill's fame is booked, and the mission's when it was won
            assert kinds.count("kill") <= e.outcome.kills
            assert ("mission" in kinds) <= e.outcome.mission_won
            if e.outcome.mission_won and bridge.missions()[me.mission].fame_win:
                assert "mission" in kinds
            bids = [x.fame for x in e.ledger if x.why == "initiative bid"]
            assert -sum(bids) == sum(me.bids)
            assert all(x.fame > 0 for x in e.ledger if x.why in EARNED)
            assert all(x.fame < 0 for x in e.ledger if x.why not in EARNED)
    assert scenarios == 2 * SCENARIOS
    assert [len(f) for f in sim.fame] == [SCENARIOS, SCENARIOS]


@pytest.mark.clause("dockfighters.campaign.free.1", "dockfighters.setup.9")
def test_replaying_the_journals_rebuilds_the_files_byte_for_byte(
    played: tuple[Simulation, list[Path]],
) -> None:
    _, paths = played
    for path in paths:
        data = path.read_bytes()
        journal = msgspec.json.decode(data, type=campaign.Squadron).journal
        assert files.encode(campaign.rebuild(journal)) == data


def test_the_same_seed_plays_the_same_campaign() -> None:
    a, b = simulate(3, 11), simulate(3, 11)
    assert [s.fame for s in a.sides] == [s.fame for s in b.sides]
    assert a.sides[0].pilots == b.sides[0].pilots


@pytest.mark.clause("dockfighters.setup.2", "dockfighters.setup.3")
def test_a_duel_scenario_seats_the_chooser_first() -> None:
    a, b = squadron(fame=12), squadron("Saxony")
    before = [campaign.copy_of(a), campaign.copy_of(b)]
    # b calls the scenario; a outbids it for the initiative and ambushes it with The Duel
    eb, ea = campaign.scenario(
        b, a, [Stub(), Stub(mission="duel", bids=[6])], ["konrad", "konrad"], 41
    )
    assert ea.player == 0 and eb.player == 1 and ea.party == 1
    assert ea.sides[0].mission == ea.sides[1].mission == "duel"
    assert ("mission cost", -5) in [(x.why, x.fame) for x in ea.ledger]
    assert not any(x.why == "mission cost" for x in eb.ledger)  # drawn in: nothing to pay
    assert replayed(before[0], ea) == files.encode(a)
    assert replayed(before[1], eb) == files.encode(b)


def replayed(before: campaign.Squadron, entry: Scenario) -> bytes:
    """The squadron as it was before ``entry``, with the entry played again from its record."""
    again = campaign.copy_of(before)
    campaign.apply(again, entry, "journal[-1]")
    return files.encode(again)


def ace(sq: campaign.Squadron, name: str = "Hans", done: tuple[int, ...] = ()) -> None:
    p = sq.pilot(name)
    assert p is not None
    p.box, p.victories, p.challenges = 8, 5, list(done)


@pytest.mark.clause("dockfighters.challenge.1")
def test_who_may_fly_a_challenge() -> None:
    sq = squadron(fame=20)
    two = Send(picks=(Pick(pilot="Hans", serial=1), Pick(pilot="Fritz", serial=2)))
    with pytest.raises(CampaignError, match="Hans is green; the challenges are for aces"):
        campaign.challenge(sq, 1, Stub(picks=two.picks), "konrad", 1)
    ace(sq)
    ace(sq, "Fritz")
    with pytest.raises(CampaignError, match="the wingman Fritz may not be an ace"):
        campaign.challenge(sq, 1, Stub(picks=two.picks), "konrad", 1)
    with pytest.raises(CampaignError, match="one after the other"):
        campaign.challenge(sq, 2, Stub(picks=two.picks[:1]), "konrad", 1)
    crews = squadron(fame=20)
    campaign.recruit(crews, "Bombers", "bomber crew")
    ace(crews, "Bombers")
    with pytest.raises(
        CampaignError, match="Bombers is a bomber crew; the challenges are for pilots"
    ):
        campaign.challenge(crews, 1, Stub(picks=(Pick(pilot="Bombers", serial=1),)), "konrad", 1)
    poor = squadron()
    ace(poor)
    with pytest.raises(CampaignError, match="costs 1 fame"):
        campaign.challenge(poor, 1, Stub(picks=(Pick(pilot="Hans", serial=1),)), "konrad", 1)


@pytest.mark.clause(
    "dockfighters.challenge.2", "dockfighters.challenge.one.1", "dockfighters.challenge.three.1"
)
def test_three_challenges_mastered_make_a_club_member(monkeypatch: pytest.MonkeyPatch) -> None:
    sq = squadron(fame=30)
    ace(sq, done=(1, 2))
    won = report([crew(victories=1, kills=1), crew()], mission=((True, 10), (False, 0)))
    monkeypatch.setattr(campaign, "_play", lambda *args: (won, (), args[-1](None)))
    picks = (Pick(pilot="Hans", serial=1), Pick(pilot="Fritz", serial=2))
    entry = campaign.challenge(sq, 3, Stub(picks=picks), "konrad", 5)
    hans = sq.pilot("Hans")
    assert hans is not None and hans.challenges == [1, 2, 3] and hans.club
    assert [(x.why, x.fame) for x in entry.ledger] == [("mission cost", -4), ("mission", 10)]
    assert entry.challenge == 3 and entry.sides[1].mission == "the-league"
    with pytest.raises(CampaignError, match="mastered challenge 3 already"):
        campaign.challenge(sq, 3, Stub(picks=picks), "konrad", 5)


@pytest.mark.clause("dockfighters.challenge.2")
def test_a_club_member_takes_one_fame_off_a_missions_cost() -> None:
    a, b = squadron(fame=10), squadron("Saxony")
    hans = a.pilot("Hans")
    assert hans is not None
    hans.club = True
    picks = (Pick(pilot="Hans", serial=1), Pick(pilot="Fritz", serial=2))
    ea, _ = campaign.scenario(
        a,
        b,
        [Stub(mission="agents-insertion", picks=picks, bids=[9, 9]), Stub(bids=[0, 0])],
        ["konrad", "konrad"],
        3,
    )
    assert not any(x.why == "mission cost" for x in ea.ledger)  # 1 - 1 = 0
    assert ea.sides[ea.player].sent[0].club


@pytest.mark.clause("dockfighters.challenge.one.1")
def test_a_real_challenge_is_booked_and_replayed() -> None:
    sq = squadron(fame=10)
    ace(sq)
    before = campaign.copy_of(sq)
    entry = campaign.challenge(
        sq,
        1,
        Stub(picks=(Pick(pilot="Hans", serial=1), Pick(pilot="Fritz", serial=2))),
        "konrad",
        17,
    )
    assert entry.actions and entry.bots == (0, 1)
    assert entry.ledger[0] == campaign.Line(fame=-1, why="mission cost", note="Ace Challenge No. 1")
    assert ("mission", 4) in [
        (x.why, x.fame) for x in entry.ledger
    ] or not entry.outcome.mission_won
    assert sq.fame == 10 + total(entry.ledger)
    assert replayed(before, entry) == files.encode(sq)

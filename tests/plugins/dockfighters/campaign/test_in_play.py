"""What a campaign brings into the Dockfighters engine (aerodrome_dockfighters.careers): aces'
abilities in play, the squadron leader's Dread and Drunken skills, pilots flying wounded and
aircraft flying damaged, the initiative won with fame bids, the squadrons' nations.

Mutations tried, each turning a test red: ``need += a.knacks.hit + t.knacks.evade`` removed
from ``combat.to_hit_air`` (the knacks test), ``leader_saves`` returning False (the Dread and
Drunken check tests), ``rules.wound`` ignoring the Drunken counter, the Dread attack re-roll
not rolling again, ``careers.first_shot`` returning 0, the campaign initiative ignored in
``initial_state``.
"""

from __future__ import annotations

import msgspec
import pytest

from aerodrome import Game
from aerodrome.engine.ruleset import Setup
from aerodrome_dockfighters import combat, rules
from aerodrome_dockfighters.missions import SEATS
from aerodrome_dockfighters.options import CampaignOptions, DockfightersOptions, Sortie
from aerodrome_dockfighters.state import Attack, Knacks, Leadership
from tests.plugins.dockfighters.helpers import plane, scripted, state

HAWK, ARROW = "Fw-802 E-1 Hawk", "Do-335 L-3 Arrow"


def duel_state(**kw: object):  # type: ignore[no-untyped-def]
    return state(plane(ARROW, 0, 8, 20, facing="N", **kw), plane(HAWK, 1, 9, 18, facing="SE"))


@pytest.mark.clause("dockfighters.pilot.3")
def test_an_aces_knacks_change_his_rolls() -> None:
    s = duel_state()
    a, t = s.aircraft
    base_hit, base_check = combat.to_hit_air(s, a, t), rules.check_target(a)
    base_agility = rules.agility(a, rules.sheet(a))
    a.knacks = Knacks(hit=-1, check=-1, agility=1, bail=-2)
    t.knacks = Knacks(evade=1)
    assert combat.to_hit_air(s, a, t) == base_hit - 1 + 1
    assert rules.check_target(a) == base_check - 1
    assert rules.bail_out_target(a, 0) == base_check - 1 - 2
    assert rules.agility(a, rules.sheet(a)) == min(4, base_agility + 1)
    t.knacks = Knacks()
    assert combat.to_hit_air(s, a, t) == base_hit - 1


@pytest.mark.clause("dockfighters.pilot.3")
def test_fire_discipline_knack() -> None:
    s = duel_state()
    a = s.aircraft[0]
    a.knacks = Knacks(discipline=-1)  # the heavy MG needs 4+ of a green pilot: now 3+
    combat.discipline(s, a, (0,), scripted([3]))
    assert a.ammo == [0, 0]
    a.knacks = Knacks()
    combat.discipline(s, a, (0,), scripted([3]))
    assert a.ammo == [1, 0]


@pytest.mark.clause("dockfighters.leader.dread.1", "dockfighters.leader.dread.3")
@pytest.mark.parametrize(("reroll", "passed", "wounded"), [(5, True, False), (2, False, True)])
def test_dread_rerolls_a_failed_check_and_wounds_on_failure(
    reroll: int, passed: bool, wounded: bool
) -> None:
    s = duel_state()
    a = s.aircraft[0]
    s.squadrons[0].leadership = Leadership(reroll_checks=1)
    # green needs 5+: a 2 fails, then the re-roll
    assert rules.pilot_check(s, a, scripted([2, reroll]), "flying low") is passed
    assert a.wounded is wounded
    assert s.squadrons[0].leadership.reroll_checks == 0
    # once a game: the next failure stands
    assert rules.pilot_check(s, a, scripted([2]), "flying low") is False


@pytest.mark.clause("dockfighters.leader.drunken.2")
def test_drunken_treats_one_failed_check_as_passed() -> None:
    s = duel_state()
    a = s.aircraft[0]
    s.squadrons[0].leadership = Leadership(pass_checks=1)
    assert rules.pilot_check(s, a, scripted([1]), "bail out") is True
    assert rules.pilot_check(s, a, scripted([1]), "bail out") is False
    assert s.squadrons[1].leadership.pass_checks == 0  # the other squadron has no such leader


@pytest.mark.clause("dockfighters.leader.drunken.1", "dockfighters.leader.drunken.3")
def test_drunken_ignores_one_wound_and_the_first_shot_is_harder() -> None:
    s = duel_state()
    a, t = s.aircraft
    s.squadrons[0].leadership = Leadership(ignore_wounds=1, first_shot_harder=True)
    rules.wound(s, a, scripted([]))
    assert not a.wounded
    rules.wound(s, a, scripted([]))
    assert a.wounded
    # the first attack of the turn needs one more: 6 -> 7, so only a natural 6 hits
    need = combat.to_hit_air(s, a, t)
    log: list = []
    combat.resolve(
        s, a, Attack(aircraft=0, target=1, mounts=(0,)), scripted([1, 1, 1, 6], events=log)
    )
    assert next(e for e in log if type(e).__name__ == "Fired").modified == need + 1
    log.clear()
    combat.resolve(
        s, a, Attack(aircraft=0, target=1, mounts=(0,)), scripted([1, 1, 1, 6], events=log)
    )
    assert next(e for e in log if type(e).__name__ == "Fired").modified == need  # the second is not


@pytest.mark.clause("dockfighters.leader.dread.2")
@pytest.mark.parametrize(
    ("faces", "damage", "wounded"),
    [
        # three misses; again: a hit (6), its damage 5 (1 point), critical 4 (gear); discipline 6
        ([1, 1, 1, 6, 1, 1, 5, 4, 6], 1, False),
        # three misses; again three misses: wounded; discipline 6
        ([1, 1, 1, 1, 1, 1, 6], 0, True),
    ],
)
def test_dread_rerolls_an_attack_without_damage(
    faces: list[int], damage: int, wounded: bool
) -> None:
    s = duel_state()
    a, t = s.aircraft
    s.squadrons[0].leadership = Leadership(reroll_attacks=1)
    combat.resolve(s, a, Attack(aircraft=0, target=1, mounts=(0,)), scripted(faces))
    assert t.damage == damage
    assert a.wounded is wounded
    assert s.squadrons[0].leadership.reroll_attacks == 0


def campaign_setup(campaign: dict[str, object]) -> Setup:
    forces = (
        (
            Sortie(datasheet=ARROW, experience=1, pilot="Karl"),
            Sortie(
                datasheet="Albatross",
                experience=2,
                loads=("light anti-aircraft turret", "dockfighter"),
                pilot="Crew",
            ),
        ),
        (Sortie(datasheet=HAWK, pilot="Hans"), Sortie(datasheet=HAWK, pilot="Sepp")),
    )
    return Setup(
        name="campaign-test",
        title="t",
        seats=SEATS,
        max_rounds=20,
        options=DockfightersOptions(
            forces=forces, campaign=msgspec.convert(campaign, CampaignOptions)
        ),
    )


@pytest.mark.clause(
    "dockfighters.setup.1", "dockfighters.leader.ruthless.1", "dockfighters.leader.ruthless.3"
)
@pytest.mark.parametrize("initiative", [0, 1])
def test_the_campaign_options_reach_the_game(plugins, initiative: int) -> None:  # type: ignore[no-untyped-def]
    setup = campaign_setup(
        {
            "initiative": initiative,
            "nations": ["Saxony", "Bavaria"],
            "crews": [[{"wounded": True, "damage": 2, "knacks": {"hit": -1}}, {}], [{}, {}]],
            "leaders": [{"reroll_checks": 1}, {"pass_checks": 1}],
        }
    )
    game = Game(plugins.ruleset("dockfighters"), setup, 3)
    s = game.state
    assert s.initiative == initiative
    assert [sq.side for sq in s.squadrons] == ["Saxony", "Bavaria"]
    karl = s.aircraft[0]
    assert karl.wounded and karl.damage == 2 and karl.knacks == Knacks(hit=-1)
    dock = next(a for a in s.aircraft if rules.sheet(a).klass == "dockfighter")
    assert dock.datasheet == "Eel"  # a Saxon squadron's dockfighter, even in the first seat
    assert (
        s.squadrons[0].leadership.reroll_checks == 1 and s.squadrons[1].leadership.pass_checks == 1
    )
    view = game.observation(0)
    assert view.squadrons[0].leadership.reroll_checks == 1 and view.aircraft[0].knacks.hit == -1


@pytest.mark.clause("dockfighters.setup.4")
def test_bad_campaign_options_name_the_field(plugins) -> None:  # type: ignore[no-untyped-def]
    from aerodrome.engine.errors import SpecError

    ruleset = plugins.ruleset("dockfighters")
    with pytest.raises(SpecError, match=r"campaign\.initiative"):
        Game(ruleset, campaign_setup({"initiative": 3}), 1)
    with pytest.raises(SpecError, match="would destroy"):
        Game(ruleset, campaign_setup({"crews": [[{"damage": 7}, {}], [{}, {}]]}), 1)
    with pytest.raises(SpecError, match="nations"):
        Game(ruleset, campaign_setup({"nations": ["Bavaria", "Prussia"]}), 1)


@pytest.mark.clause("dockfighters.fame.5", "dockfighters.pilot.7")
def test_the_credited_killer_is_kept_on_the_victim() -> None:
    s = duel_state(experience="veteran")
    a, t = s.aircraft
    t.damage = rules.sheet(t).structure - 1
    combat.resolve(s, a, Attack(aircraft=0, target=1, mounts=(0,)), scripted([6, 1, 1, 6, 6, 6]))
    assert t.status == "destroyed" and t.last_hit_by == a.id and a.kills == 1


def test_a_campaign_setup_round_trips() -> None:
    setup = campaign_setup({"initiative": 0, "crews": [[{"knacks": {"hit": -1}}, {}], [{}, {}]]})
    data = msgspec.json.encode(setup.options)
    assert msgspec.json.decode(data, type=DockfightersOptions) == setup.options

"""The battle: turn one, secret orders and their reveal, legal orders, the order of
resolution, ground-support runs, Disengage, the end of the battle and its result."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from aerodrome.engine.describe import event_text
from aerodrome.engine.driver import drive
from aerodrome.engine.errors import SpecError
from aerodrome.engine.events import Event
from aerodrome.engine.turns import Reveal
from aerodrome.runs.saves import game_from_position, read_position
from aerodrome_df40k import combat, orders
from aerodrome_df40k.options import Df40kOptions
from aerodrome_df40k.orders import interceptors
from aerodrome_df40k.ruleset import Df40k
from aerodrome_df40k.specs import Specs, builtin
from aerodrome_df40k.state import (
    CommitGargoyles,
    DogfightDeclared,
    FlyersInReserve,
    GiveOrder,
    GiveOrders,
    GroundRun,
    OrdersRevealed,
    OrdnanceEjected,
)
from tests.playouts import seats
from tests.plugins.df40k.helpers import (
    ARMADA,
    RULES,
    RULESET,
    ctx,
    flyer,
    game,
    give,
    give_orders,
    load_dice,
    of_type,
    order,
    orders_turn,
    state,
)

IMP1, IMP2 = "imperial-fighter-1", "imperial-fighter-2"
ORK, BOMBER = "ork-fighter-1", "ork-heavy-bomber-1"
FIRST_BLOOD_FORCES = [
    flyer("imperial-fighter", 0, IMP1),
    flyer("imperial-fighter", 0, IMP2),
    flyer("ork-fighter", 1, ORK),
    flyer("ork-heavy-bomber", 1, BOMBER),
]
GS: dict[str, Any] = {"order": "ground-support"}
DIS: dict[str, Any] = {"order": "disengage"}
INT: dict[str, Any] = {"order": "intercept"}


def plain_orders(legal: Any) -> Any:
    """Every flyer on Ground support (all at once or flyer by flyer), else the first legal."""
    for act in legal:
        if isinstance(act, GiveOrders) and all(o.order == "ground-support" for o in act.orders):
            return act
        if isinstance(act, GiveOrder) and act.order == "ground-support":
            return act
    return legal[0]


def said(g: Any, player: int) -> str:
    """The log ``player`` reads, as the terminal words it."""
    view = g.observation(player)
    lines = (event_text(g.ruleset, g.setup, e, view) for e in g.log_for(player))
    return "\n".join(line for line in lines if line)


def position(**kw: Any) -> dict[str, Any]:
    return {"flyers": FIRST_BLOOD_FORCES, **kw}


@pytest.mark.clause("df40k.frame.2", "df40k.orders.1")
def test_turn_one_flyers_are_in_reserve_and_orders_start_on_turn_two() -> None:
    g = game()
    assert [e.turn for e in of_type(g.log, FlyersInReserve)] == [1]
    assert g.history == [] and g.round == 2
    d = g.decision()
    assert d is not None and d.kind == "orders" and d.simultaneous and d.players == (0, 1)


@pytest.mark.clause("df40k.orders.1", "df40k.resolution.1")
def test_orders_stay_secret_from_the_other_player_until_the_reveal() -> None:
    g = game()
    g.apply(
        0,
        GiveOrders(
            orders=(
                GiveOrder(flyer=IMP1, order="intercept", ram=True),
                GiveOrder(flyer=IMP2, order="disengage"),
            )
        ),
    )
    # committed; the Ork player is still choosing: nothing of it in its observation or log
    view = g.observation(1)
    imp = next(f for f in view.flyers if f.id == IMP1)  # type: ignore[attr-defined]
    assert imp.order is None and not imp.ram
    text = said(g, 1).lower()
    assert "intercept" not in text and "ram" not in text and "disengage" not in text
    g.apply(
        1,
        GiveOrders(
            orders=(
                GiveOrder(flyer=ORK, order="ground-support"),
                GiveOrder(flyer=BOMBER, order="ground-support"),
            )
        ),
    )
    # all orders in: revealed together to everyone (the public line of each answer comes
    # with the reveal)
    assert "Imperial fighter 1: Intercept and ram; Imperial fighter 2: Disengage" in said(g, 1)
    revealed = of_type(g.log_for(1), OrdersRevealed)
    assert revealed and "imperial-fighter-1: Intercept and ram" in revealed[0].orders
    imp = next(f for f in g.observation(1).flyers if f.id == IMP1)  # type: ignore[attr-defined]
    assert imp.order == "intercept" and imp.ram


@pytest.mark.clause("df40k.orders.1")
def test_orders_given_flyer_by_flyer_stay_secret_too() -> None:
    # three Ork flyers have too many combinations to list: both players order flyer by
    # flyer, each round of flyers one simultaneous decision of both, revealed to nobody
    g = game(ARMADA)
    d = g.decision()
    assert d is not None and d.players == (0, 1) and d.simultaneous
    assert d.reveal is Reveal.NOBODY and d.subject == ("ork-fighter-1", "harridan-1")
    assert isinstance(g.legal_actions(0)[0], GiveOrder)
    assert isinstance(g.legal_actions(1)[0], GiveOrder)
    give(g, 0, "ork-fighter-1", "intercept", ram=True)
    assert "ram" not in said(g, 1).lower()
    give(g, 1, "harridan-1", "intercept")
    assert "harridan 1: intercept" not in said(g, 0).lower()  # resolved, still nobody else's
    give(g, 0, "fighta-bommer-1", "ground-support")
    give(g, 1, "harpy-1", "disengage")
    # the Orks still have a flyer to order, the Tyranids none: both sides' orders are in
    # the state, yet each side sees only its own
    assert g.decision() is not None and g.decision().players == (0,)  # type: ignore[union-attr]
    orks, nids = g.observation(0), g.observation(1)
    assert {f.id: f.order for f in orks.flyers}["harridan-1"] is None  # type: ignore[attr-defined]
    assert {f.id: f.order for f in nids.flyers}["ork-fighter-1"] is None  # type: ignore[attr-defined]
    assert {f.id: f.order for f in orks.flyers}["ork-fighter-1"] == "intercept"  # type: ignore[attr-defined]
    orks_log, nids_log = (said(g, p).lower() for p in (0, 1))
    assert "ork fighter 1: intercept and ram" in orks_log  # its own order, in words
    for secret in ("harridan 1: intercept", "harpy 1: disengage"):
        assert secret in nids_log and secret not in orks_log
    assert "intercept" not in nids_log.replace("harridan 1: intercept", "")
    assert not of_type(g.log, OrdersRevealed)
    give(g, 0, "ork-heavy-bomber-1", "ground-support")
    assert of_type(g.log_for(0), OrdersRevealed) and of_type(g.log_for(1), OrdersRevealed)


@pytest.mark.clause("df40k.victory.11")
def test_a_crew_result_bars_intercept_orders_next_turn() -> None:
    s = state(*FIRST_BLOOD_FORCES)
    s.flyer(IMP1).crew_hit = True
    RULESET._battle.end(s, ctx([]))
    imp = s.flyer(IMP1)
    assert imp.no_intercept and not imp.crew_hit
    kinds = {a.order for a in orders.legal_orders(s, RULESET.specs, imp)}
    assert "intercept" not in kinds and "ground-support" in kinds
    other = {a.order for a in orders.legal_orders(s, RULESET.specs, s.flyer(IMP2))}
    assert "intercept" in other
    RULESET._battle.end(s, ctx([]))  # one turn only
    assert not s.flyer(IMP1).no_intercept


@pytest.mark.clause("df40k.orders.4", "df40k.orders.7")
def test_escort_an_ally_on_ground_support_which_is_then_held_to_it() -> None:
    # flyer by flyer: escorting an ally not yet ordered holds it to Ground support; it is
    # still asked (its only legal order), so the other player cannot tell
    g = game(ARMADA)
    legal = g.legal_actions(0)
    assert GiveOrder(flyer="ork-fighter-1", order="escort", escort="ork-heavy-bomber-1") in legal
    assert all(a.escort != "ork-fighter-1" for a in legal if isinstance(a, GiveOrder))
    give(g, 0, "ork-fighter-1", "escort", escort="ork-heavy-bomber-1")
    g.apply(1, g.legal_actions(1)[0])
    give(g, 0, "fighta-bommer-1", "disengage")
    g.apply(1, g.legal_actions(1)[0])
    assert g.legal_actions(0) == (GiveOrder(flyer="ork-heavy-bomber-1", order="ground-support"),)
    give(g, 0, "ork-heavy-bomber-1", "ground-support")
    assert g.state.flyer("ork-heavy-bomber-1").order == "ground-support"
    assert [a.flyer for p, a in g.history if p == 0] == [  # type: ignore[attr-defined]
        "ork-fighter-1",
        "fighta-bommer-1",
        "ork-heavy-bomber-1",
    ]
    # all at once: only consistent combinations are offered
    g = game()
    sets = g.legal_actions(1)
    assert 0 < len(sets) <= orders.MAX_COMBINED
    for combo in sets:
        assert isinstance(combo, GiveOrders)
        given = {o.flyer: o.order for o in combo.orders}
        assert all(o.order != "escort" or given[o.escort] == "ground-support" for o in combo.orders)
    escorting = [c for c in sets if any(o.order == "escort" for o in c.orders)]  # type: ignore[attr-defined]
    assert len(escorting) == 2  # the fighter escorts the bomber, or the bomber the fighter


@pytest.mark.clause("df40k.orders.7", "df40k.orders.4")
def test_several_escorts_each_take_one_intercept_in_roster_order() -> None:
    s = state(
        flyer("ork-fighter", 1, "e1"),
        flyer("ork-fighter", 1, "e2"),
        flyer("ork-heavy-bomber", 1, "bomber"),
        flyer("imperial-fighter", 0, "imp"),
    )
    order(s, "bomber", "ground-support")
    order(s, "e1", "escort", escort="bomber")
    order(s, "e2", "escort", escort="bomber")
    bomber = s.flyer("bomber")
    first = combat.find_escort(s, bomber)
    assert first is not None and first.id == "e1"
    first.redirected = True
    second = combat.find_escort(s, bomber)
    assert second is not None and second.id == "e2"
    second.redirected = True
    assert combat.find_escort(s, bomber) is None


@pytest.mark.clause("df40k.orders.5", "df40k.orders.2", "df40k.resolution.2")
def test_disengaged_flyers_cannot_be_intercepted() -> None:
    g = game()
    load_dice(g, [1, 6])  # the only dogfight: imperial-fighter-1 against the bomber
    orders_turn(g, {IMP1: INT, IMP2: DIS, ORK: DIS, BOMBER: GS})
    declared = of_type(g.log, DogfightDeclared)
    # one legal target only: declared without asking
    assert [(d.attacker, d.defender) for d in declared] == [(IMP1, BOMBER)]
    assert not any(p == 0 and a.__class__.__name__ == "ChooseTarget" for p, a in g.history)


@pytest.mark.clause("df40k.resolution.1", "df40k.resolution.7", "df40k.frame.5", "df40k.orders.3")
def test_interceptors_declare_in_roster_order_the_first_player_first() -> None:
    g = game()
    give_orders(g, {IMP1: INT, IMP2: GS, ORK: INT, BOMBER: GS})
    # Ground-support flyers never declare; the Imperial player (first seat) goes first
    assert interceptors(g.state) == [IMP1, ORK]
    assert g.clock.frames[-2].items == (IMP1, ORK) and g.clock.frames[-2].item == 0
    d = g.decision()
    assert d is not None and d.kind == "intercept" and d.players == (0,)


@pytest.mark.clause(
    "df40k.resolution.3",
    "df40k.resolution.4",
    "df40k.victory.10",
    "df40k.victory.15",
)
def test_ground_support_flyers_make_attack_runs_interceptors_do_not() -> None:
    g = game()
    orders_turn(g, {IMP1: DIS, IMP2: DIS, ORK: INT, BOMBER: GS})
    runs = of_type(g.log, GroundRun)
    assert [(r.flyer, r.bombs) for r in runs] == [(BOMBER, ("big-bomb", "big-bomb"))]
    assert g.state.ground_runs == [0, 1]
    bomber = g.state.flyer(BOMBER)
    assert RULES.carried(bomber) == ()
    # a Ground-support flyer with a crew result this turn makes no run
    s = state(*FIRST_BLOOD_FORCES)
    order(s, BOMBER, "ground-support").crew_hit = True
    events: list[Event] = []
    RULESET._battle.ground_support(s, ctx([], events))
    assert s.ground_runs == [0, 0] and not of_type(events, GroundRun)


@pytest.mark.clause("df40k.resolution.6", "df40k.frame.4")
def test_a_flyer_disengaged_every_turn_counts_as_destroyed() -> None:
    g = game(position=position(turn=2, turns=3))
    orders_turn(g, {IMP1: DIS, IMP2: DIS, ORK: GS, BOMBER: GS})
    orders_turn(g, {IMP1: DIS, IMP2: GS, ORK: GS, BOMBER: GS})
    assert g.is_over()
    r = g.result()
    assert r.losses == {"imperium": 1, "orks": 0} and r.kills == {"imperium": 0, "orks": 1}
    assert r.winners == ("orks",) and r.stats["disengaged_imperium"] == 1


@pytest.mark.clause("df40k.frame.4", "df40k.frame.3")
def test_ground_support_runs_break_a_tie_and_equal_battles_are_drawn() -> None:
    g = game(position=position(turn=2, turns=3))
    orders_turn(g, {BOMBER: DIS})
    orders_turn(g, {})
    r = g.result()
    assert g.is_over() and r.finished and r.rounds == 3  # the game turn it ended in
    assert r.winners == ("imperium",) and r.stats["ground_runs_imperium"] == 4
    assert r.stats["ground_runs_orks"] == 3
    g = game()
    drive(g, seats(g, lambda g, p, legal: plain_orders(legal)))  # Ground support, first targets
    r = g.result()
    assert r.winners == () and g.round == 6 and r.finished


@pytest.mark.clause("df40k.frame.3")
def test_the_battle_ends_when_a_side_has_no_flyer() -> None:
    g = game(
        position={
            "flyers": [flyer("imperial-fighter", 0, "imp"), flyer("ork-heavy-bomber", 1, "bomber")],
        }
    )
    # 6 + 6 = 12 against 2 + 1 = 3; four weapons hit; the first glancing hit destroys it
    load_dice(g, [6, 1, 6, 6, 6, 6, 6, 6])
    orders_turn(g, {"imp": INT, "bomber": GS})
    assert g.is_over() and g.round == 2
    r = g.result()
    assert r.winners == ("imperium",) and r.kills == {"imperium": 1, "orks": 0}


@pytest.mark.clause("df40k.victory.12")
def test_a_disengaging_flyer_ejects_ordnance_and_sheds_its_modifier() -> None:
    g = game(position=position(turn=2, turns=3))
    sets = [a for a in g.legal_actions(1) if isinstance(a, GiveOrders)]
    ejects = {(o.flyer, o.eject) for c in sets for o in c.orders if o.order == "disengage"}
    assert ejects == {(ORK, ()), (BOMBER, ()), (BOMBER, ("big-bomb",))}  # the fighter has none
    give_orders(g, {BOMBER: {"order": "disengage", "eject": ("big-bomb",)}})
    assert [(e.flyer, e.weapons) for e in of_type(g.log, OrdnanceEjected)] == [
        (BOMBER, ("big-bomb", "big-bomb")),
    ]
    bomber = g.state.flyer(BOMBER)
    bomber.order = "ground-support"
    assert RULES.dogfight_skill(bomber) == 2 + 2  # no more -2


@pytest.mark.clause("df40k.racial.2", "df40k.racial.4")
def test_the_tyranid_player_decides_how_many_gargoyles_to_commit() -> None:
    g = game(
        position={
            "flyers": [flyer("ork-fighter", 0, "ork"), flyer("harridan", 1, "harridan")],
            "gargoyles": [0, 4],
            "turns": 3,
        }
    )
    load_dice(g, [6, 1] + [1] * 12)  # 13 against 6 + 1 = 7; then every shot misses
    give(g, 0, "ork", "intercept")
    give(g, 1, "harridan", "ground-support")
    d = g.decision()
    assert d is not None and d.kind == "gargoyles" and d.players == (1,)
    assert [a.count for a in g.legal_actions(1)] == [0, 1, 2, 3, 4]  # type: ignore[attr-defined]
    g.apply(1, CommitGargoyles(flyer="harridan", count=0))
    # the uncommitted broods stay with the Harridan for the next turn
    assert g.state.gargoyles == [0, 4] and g.round == 3


@pytest.mark.clause("df40k.intro.1")
def test_every_flyer_spec_resolves_and_the_example_flyers_match_the_rulebook() -> None:
    specs = builtin()
    for name, f in specs.flyers.items():
        assert specs.mounts[name], name
        assert f.damage_table in specs.rules.damage
    imp, ork, bomber = (
        specs.flyers[n] for n in ("imperial-fighter", "ork-fighter", "ork-heavy-bomber")
    )
    assert (imp.bs, imp.initiative, ork.bs, ork.initiative, bomber.bs, bomber.initiative) == (
        3,
        3,
        2,
        2,
        2,
        2,
    )
    races = {f.race for f in specs.flyers.values()}
    assert races == {"imperial", "ork", "eldar", "tyranid"}
    assert any(f.large for f in specs.flyers.values() if f.race == "tyranid")


@pytest.mark.clause("df40k.intro.1")
def test_a_flyer_with_an_unknown_weapon_is_a_spec_error(tmp_path: Path) -> None:
    src = builtin().root
    for name in ("weapons.toml", "rules.toml", "setups.toml"):
        (tmp_path / name).write_bytes((src / name).read_bytes())
    text = (src / "flyers.toml").read_text().replace('"bio-cannon"', '"bio-canon"')
    (tmp_path / "flyers.toml").write_text(text)
    with pytest.raises(SpecError, match=r"flyers.toml.*harridan.*bio-canon"):
        Specs(tmp_path)


@pytest.mark.clause("df40k.intro.2")
def test_both_players_need_a_flyer() -> None:
    with pytest.raises(SpecError, match=r"<test>.*player 1 has no flyer"):
        state(flyer("imperial-fighter", 0))
    setup = msgspec.structs.replace(
        RULESET.setup(),
        options=Df40kOptions(forces=(("imperial-fighter",), ()), gargoyles=(0, 0)),
    )
    with pytest.raises(SpecError, match="no flyer"):
        RULESET.initial_state(setup, ctx([]))


def test_the_example_position_file_loads(plugins: Any) -> None:
    path = builtin().root / "positions" / "after-first-blood.toml"
    g = game_from_position(read_position(path), plugins, str(path))
    s = g.state
    assert g.round == 3 and s.ground_runs == [0, 1]
    imp = s.flyer(IMP1)
    assert imp.no_intercept and len(imp.lost) == 1 and len(imp.spent) == 1
    legal = g.legal_actions(0)
    assert legal and all(
        o.order != "intercept"
        for c in legal
        for o in c.orders
        if o.flyer == IMP1  # type: ignore[attr-defined]
    )


def test_position_errors_name_the_file_and_field() -> None:
    with pytest.raises(SpecError, match=r"<test>: \$\.position\.flyers\[0\]\.type: unknown flyer"):
        state(flyer("spitfire", 0), flyer("ork-fighter", 1))
    with pytest.raises(
        SpecError, match=r"flyers\[0\]\.lost: imperial-fighter has no \(more\) 'lascannon'"
    ):
        state(flyer("imperial-fighter", 0, lost=["lascannon"] * 3), flyer("ork-fighter", 1))
    with pytest.raises(SpecError, match=r"<test>"):
        RULESET.position_state(RULESET.setup(), {"flyers": [], "turn": "two"}, "<test>")
    assert isinstance(RULESET, Df40k)


def test_a_position_may_hold_flyers_shot_down_earlier() -> None:
    s = state(
        flyer("imperial-fighter", 0, "imp"),
        flyer("ork-fighter", 1, "ork"),
        flyer("ork-heavy-bomber", 1, "bomber", alive=False),
    )
    assert s.kills == [1, 0] and not RULESET.invariants(s)
    assert RULESET.result(s, 1).losses == {"imperium": 0, "orks": 1}
    with pytest.raises(SpecError, match="player 1 has no flyer left"):
        state(flyer("imperial-fighter", 0), flyer("ork-fighter", 1, alive=False))
    with pytest.raises(SpecError, match=r"\$\.position\.turns: .* exceed"):
        state(flyer("imperial-fighter", 0), flyer("ork-fighter", 1), turns=12)

"""What people and learning agents get from a df40k battle (issues #14, #15, #17): plain
sentences for every action and event, the terminal picture and the SVG, a fixed numbering
of the actions and the observation as numbers, all from a player's observation."""

from __future__ import annotations

import io
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from rich.console import Console

from aerodrome import Game
from aerodrome.engine.describe import event_text
from aerodrome.ui.choices import spoken
from aerodrome_df40k import state as df40k_state
from aerodrome_df40k.state import (
    ACTION_TYPES,
    ChooseTarget,
    CommitGargoyles,
    DogfightDeclared,
    DogfightResult,
    DogfightRolled,
    FlyerDestroyed,
    FlyersInReserve,
    GargoylesCommitted,
    GiveOrder,
    GiveOrders,
    GroundRun,
    HitResolved,
    OrderGiven,
    OrdersRevealed,
    OrdnanceEjected,
    RamResolved,
    WeaponFired,
)
from aerodrome_df40k.view import Df40kView
from tests import playouts
from tests.plugins.df40k.helpers import ARMADA, RULESET, custom, give_orders

SETUPS = [s.name for s in RULESET.setups()]
EVENT_TYPES = [
    t
    for t in vars(df40k_state).values()
    if isinstance(t, type)
    and issubclass(t, msgspec.Struct)
    and t.__module__ == df40k_state.__name__
    and issubclass(t, df40k_state.Event)
]
#: The field names of df40k's actions and events: a "(" followed by one of them is a
#: Python repr leaking into a sentence.
FIELDS = {f for t in (*ACTION_TYPES, *EVENT_TYPES) for f in t.__struct_fields__} - {"seen_by"}
REPR = re.compile(r"[A-Za-z_]\(|=|\bplayer [0-9]|\bcell [0-9]")
FIELD_AFTER_PAREN = re.compile(r"\(\s*(" + "|".join(sorted(FIELDS)) + r")\b")
#: A flyer id of a battle (``ork-heavy-bomber-1``): the sentences name flyers instead.
FLYER_ID = re.compile(r"\b[a-z]+(-[a-z]+)*-[0-9]+\b")


def plain(line: str, *, own: bool) -> None:
    """A line a person reads: no repr, no ``=``, no "player 0", no "cell 193"; df40k's own
    lines also never open a parenthesis on a field name nor show a flyer's id. (The core's
    dice lines keep the dice purposes of the golden games, "dogfight: ork-fighter-1".)"""
    assert line.strip(), "an empty line"
    assert not REPR.search(line), line
    if own:
        assert not FIELD_AFTER_PAREN.search(line), line
        assert not FLYER_ID.search(line), line


def playout(setup: Any, seed: int, decisions: int = 120) -> Iterator[Game[Any, Any, Any]]:
    """A random battle, yielded at each of its first ``decisions`` decisions and at its end."""
    return playouts.playout(RULESET, setup, seed, decisions)


# -- sentences ---------------------------------------------------------------------------------
@pytest.mark.parametrize("setup", [*SETUPS, ARMADA], ids=lambda s: getattr(s, "name", s))
def test_every_action_and_event_reads_as_plain_sentences(setup: Any) -> None:
    """Mutation caught: an action without a sentence of its own (the default
    ``Action.describe`` is a repr with ``=``), an event left to the generic line
    ("RamResolved: rammer ..."), a flyer named by its id."""
    described: set[str] = set()
    for seed in (1, 2, 3):
        for game, player, view, fresh in playouts.seat_moments(playout(setup, seed)):
            for action in game.legal_actions(player):
                plain(spoken(RULESET.label(action, view)), own=True)
                plain(RULESET.sentence(action, view), own=True)
                described.add(type(action).__name__)
            for event in fresh:
                text = event_text(RULESET, game.setup, event, view)
                if type(event).__module__ == df40k_state.__name__:
                    own = RULESET.event_text(event, view)
                    assert own, f"{type(event).__name__} has no sentence"
                    plain(own, own=True)
                    described.add(type(event).__name__)
                if text is not None:
                    plain(text, own=False)
    assert {"DogfightDeclared", "DogfightRolled", "OrdersRevealed"} <= described
    assert described & {"GiveOrder", "GiveOrders"}


def test_every_event_kind_has_a_sentence() -> None:
    """Every event class of df40k is described, RamResolved and FlyerDestroyed included."""
    view = Game(RULESET, "first-blood", 1).observation(0)
    examples = {
        "FlyersInReserve": FlyersInReserve(turn=1),
        "OrderGiven": OrderGiven(
            flyer="ork-fighter-1", order="ork-fighter-1: Escort ork-heavy-bomber-1", seen_by=(1,)
        ),
        "OrdersRevealed": OrdersRevealed(
            turn=2,
            orders=(
                "imperial-fighter-1: Intercept and ram",
                "imperial-fighter-2: Disengage, eject rocket",
                "ork-fighter-1: Escort ork-heavy-bomber-1",
                "ork-heavy-bomber-1: Ground support",
            ),
        ),
        "OrdnanceEjected": OrdnanceEjected(
            flyer="imperial-fighter-2", weapons=("hellstrike", "hellstrike")
        ),
        "DogfightDeclared": DogfightDeclared(
            attacker="imperial-fighter-1", target="ork-heavy-bomber-1", defender="ork-fighter-1"
        ),
        "DogfightRolled": DogfightRolled(
            attacker="imperial-fighter-1",
            defender="ork-fighter-1",
            attacker_df=6,
            defender_df=7,
            attacker_total=11,
            defender_total=9,
            margin=2,
        ),
        "GargoylesCommitted": GargoylesCommitted(
            flyer="ork-fighter-1", count=3, successes=1, margin=1
        ),
        "DogfightResult": DogfightResult(
            winner="imperial-fighter-1", loser="ork-fighter-1", margin=2, outcome="win"
        ),
        "WeaponFired": WeaponFired(
            flyer="imperial-fighter-1", weapon="lascannon", target="ork-fighter-1", hits=1
        ),
        "HitResolved": HitResolved(
            target="ork-fighter-1", penetration=12, armour=10, hit="glancing", effect="crew-shaken"
        ),
        "RamResolved": RamResolved(
            rammer="imperial-fighter-1", target="ork-heavy-bomber-1", hit=True
        ),
        "FlyerDestroyed": FlyerDestroyed(flyer="ork-heavy-bomber-1", by=0),
        "GroundRun": GroundRun(flyer="ork-heavy-bomber-1", bombs=("big-bomb", "big-bomb")),
    }
    assert set(examples) == {t.__name__ for t in EVENT_TYPES}
    for event in examples.values():
        text = RULESET.event_text(event, view)
        assert text
        plain(text, own=True)
    said = {name: RULESET.event_text(event, view) for name, event in examples.items()}
    assert said["RamResolved"] == (
        "Imperial fighter 1 rams Ork heavy bomber 1: the scatter die shows a Hit, both take a penetrating hit."
    )
    assert said["FlyerDestroyed"] == "Ork heavy bomber 1 is destroyed, a kill for imperium."
    assert said["OrdersRevealed"] == (
        "Orders of game turn 2 revealed: Imperial fighter 1: Intercept and ram; Imperial fighter 2: "
        "Disengage, ejecting rockets; Ork fighter 1: Escort Ork heavy bomber 1; Ork heavy bomber 1: "
        "Ground support."
    )
    assert said["DogfightDeclared"] == (
        "Imperial fighter 1 intercepts Ork heavy bomber 1; its escort Ork fighter 1 takes the dogfight."
    )
    missed = RamResolved(rammer="imperial-fighter-1", target="ork-heavy-bomber-1", hit=False)
    assert RULESET.event_text(missed, view) == (
        "Imperial fighter 1 tries to ram Ork heavy bomber 1: the scatter die misses."
    )


def test_actions_read_as_the_rulebook_names_them() -> None:
    view = Game(RULESET, "first-blood", 1).observation(0)
    text = RULESET.sentence
    assert text(GiveOrder(flyer="imperial-fighter-1", order="intercept", ram=True), view) == (
        "Imperial fighter 1: Intercept and ram"
    )
    assert (
        text(
            GiveOrders(
                orders=(
                    GiveOrder(flyer="ork-fighter-1", order="escort", escort="ork-heavy-bomber-1"),
                    GiveOrder(flyer="ork-heavy-bomber-1", order="disengage", eject=("big-bomb",)),
                )
            ),
            view,
        )
        == "Ork fighter 1: Escort Ork heavy bomber 1; Ork heavy bomber 1: Disengage, ejecting big bombs"
    )
    assert text(ChooseTarget(flyer="ork-fighter-1", target="imperial-fighter-2"), view) == (
        "Ork fighter 1 intercepts Imperial fighter 2"
    )
    assert text(CommitGargoyles(flyer="harridan-1", count=0), view) == "no Gargoyles for harridan-1"
    assert (
        text(CommitGargoyles(flyer="harridan-1", count=1), view) == "1 Gargoyle shield harridan-1"
    )


# -- pictures ----------------------------------------------------------------------------------
def _drawn(view: Df40kView) -> str:
    out = io.StringIO()
    Console(file=out, width=220, color_system=None).print(RULESET.draw(view))
    return out.getvalue()


@pytest.mark.parametrize("setup", SETUPS)
def test_every_view_draws_and_the_svg_is_deterministic_xml(setup: str) -> None:
    """Mutation caught: an SVG that leaves a name unescaped (not XML) or depends on
    anything but the view (a dict's order, the clock)."""
    for game in playout(setup, 3, decisions=60):
        for player in (0, 1, None):
            view = game.observation(player)
            text = _drawn(view)
            assert "Legend" in text and f"Game turn {view.turn} of {view.turns}" in text
            svg = RULESET.draw_svg(view)
            ET.fromstring(svg)
            copy = msgspec.msgpack.decode(msgspec.msgpack.encode(view), type=Df40kView)
            assert copy == view and RULESET.draw_svg(copy) == svg


def test_a_seats_picture_never_shows_the_other_sides_orders_before_the_reveal() -> None:
    """Two battles that differ only in the Tyranid orders look the same to the Orks, in
    words and pictures, until the reveal; then the orders show in both pictures."""
    game = Game(RULESET, ARMADA, 5)  # both sides order flyer by flyer
    game.apply(0, game.legal_actions(0)[0])
    sets = game.legal_actions(1)
    a, b = game.clone(), game.clone()
    a.apply(1, sets[0])
    b.apply(1, sets[-1])
    assert sets[0] != sets[-1] and a.decision() is not None and a.decision().players == (0, 1)  # type: ignore[union-attr]
    assert RULESET.draw_svg(a.observation(0)) == RULESET.draw_svg(b.observation(0))
    assert _drawn(a.observation(0)) == _drawn(b.observation(0))
    assert "secret until the reveal" in RULESET.draw_svg(a.observation(0))
    for g in (a, b):
        while (d := g.decision()) is not None and d.kind == "orders":
            p = g.waiting_for()[0]
            g.apply(p, g.legal_actions(p)[0])
    assert RULESET.draw_svg(a.observation(0)) != RULESET.draw_svg(b.observation(0))


def test_the_svg_shows_orders_damage_and_the_dogfights_as_arrows() -> None:
    """Issue #15: the flyers with their orders once revealed, their damage, the dogfights
    of the turn as numbered arrows; names escaped."""
    setup = custom(
        "svg", [["imperial-fighter", "imperial-fighter"], ["ork-fighter", "ork-heavy-bomber"]]
    )
    game = Game(RULESET, setup, 2)
    give_orders(
        game,
        {
            "imperial-fighter-1": {"order": "intercept"},
            "imperial-fighter-2": {"order": "intercept", "ram": True},
            "ork-fighter-1": {"order": "escort", "escort": "ork-heavy-bomber-1"},
        },
    )
    while (d := game.decision()) is not None and d.kind != "orders":
        game.apply(d.players[0], game.legal_actions(d.players[0])[0])
    view = game.observation(1)
    assert view.dogfights and not view.revealed  # the turn is over: the last reveal shows
    svg = RULESET.draw_svg(view)
    root = ET.fromstring(svg)
    words = " ".join(root.itertext())
    assert words.count("→") == len(view.dogfights)
    assert len(re.findall(r'marker-end="url\(#arrow\)"', svg)) == len(view.dogfights)
    assert (
        "Orders of game turn 2: Imperial fighter 1: Intercept; Imperial fighter 2: Intercept and ram"
        in words
    )
    assert "Ork fighter 1: Escort Ork heavy bomber 1" in words
    damaged = [f for f in view.flyers if f.lost or f.spent or not f.alive]
    assert damaged and all(
        ("✗" in words) or ("·" in words) or ("DESTROYED" in words) for _ in damaged
    )
    named = msgspec.structs.replace(view, sides=("<imperium> & co", view.sides[1]))
    assert "&lt;imperium&gt; &amp; co" in RULESET.draw_svg(named)
    ET.fromstring(RULESET.draw_svg(named))


def test_the_terminal_picture_has_a_legend_and_no_markup() -> None:
    game = Game(RULESET, "first-blood", 4)
    view = msgspec.structs.replace(game.observation(0), sides=("[bold]imperium[/bold]", "orks"))
    text = _drawn(view)
    assert "[bold]imperium[/bold]" in text  # printed as it is, never as markup
    assert "Legend" in text and "✗ destroyed" in text and "? secret until the reveal" in text


# -- for learning agents -----------------------------------------------------------------------
@pytest.mark.parametrize("setup", [*SETUPS, ARMADA], ids=lambda s: getattr(s, "name", s))
def test_actions_have_fixed_numbers(setup: Any) -> None:
    """Mutation caught: an action left out of the numbering (a legal action without a
    number), two actions sharing a number, a number past action_count."""
    chosen = setup if not isinstance(setup, str) else RULESET.setup(setup)
    count = RULESET.action_count(chosen)
    seen: dict[int, Any] = {}
    for seed in (1, 2, 3):
        for game in playout(chosen, seed, decisions=150):
            for player in game.waiting_for():
                for action in game.legal_actions(player):
                    index = RULESET.action_id(action, chosen)
                    assert 0 <= index < count
                    assert RULESET.action_from_id(index, chosen) == action
                    assert seen.setdefault(index, action) == action
    assert len(seen) > 4
    sample = sorted(
        {*range(min(count, 500)), *random.Random(1).sample(range(count), min(count, 500))}
    )
    numbered = [RULESET.action_from_id(i, chosen) for i in sample]
    assert len(set(numbered)) == len(sample)
    assert [RULESET.action_id(a, chosen) for a in numbered] == sample
    with pytest.raises(ValueError, match="not within"):
        RULESET.action_from_id(count, chosen)
    with pytest.raises(ValueError, match="not an action of this set-up"):
        RULESET.action_id(ChooseTarget(flyer="spitfire-1", target="bf109-1"), chosen)


@pytest.mark.parametrize("setup", SETUPS)
def test_the_observation_as_numbers(setup: str) -> None:
    """Equal views give equal vectors; the length is fixed for a set-up; only finite
    numbers. Mutation caught: a slot per flyer still flying (the length would shrink)."""
    lengths = set()
    game = None
    for game in playout(setup, 6, decisions=150):
        for player in (0, 1, None):
            view = game.observation(player)
            vector = RULESET.observation_vector(view)
            copy = msgspec.msgpack.decode(msgspec.msgpack.encode(view), type=Df40kView)
            assert list(RULESET.observation_vector(copy)) == list(vector)
            assert all(isinstance(x, float) and abs(x) <= 1e6 for x in vector)
            lengths.add(len(vector))
    assert game is not None
    mounts = sum(len(RULESET.specs.mounts[f.type]) for f in game.state.flyers)
    assert lengths == {8 + 6 + 4 + 25 * len(game.state.flyers) + 3 * mounts}


def test_a_seats_numbers_never_show_the_other_sides_secret_orders() -> None:
    game = Game(RULESET, ARMADA, 8)
    game.apply(0, game.legal_actions(0)[0])
    sets = game.legal_actions(1)
    a, b = game.clone(), game.clone()
    a.apply(1, sets[0])
    b.apply(1, sets[-1])
    assert RULESET.observation_vector(a.observation(0)) == RULESET.observation_vector(
        b.observation(0)
    )
    assert RULESET.observation_vector(a.observation(1)) != RULESET.observation_vector(
        b.observation(1)
    )

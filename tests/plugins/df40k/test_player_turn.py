"""Whose turn it is: "Starting with the player whose turn it is, both players then reveal
their orders and take the actions described below" (df40k.resolution.1). The player whose
turn it is alternates by game turn (df40k.frame.5); the variant ``fixed-first-player``
plays the other reading, the first seat every turn."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from aerodrome import Game, hookimpl
from aerodrome.engine.driver import drive
from aerodrome.engine.errors import PluginError
from aerodrome.plugins import load_plugins
from aerodrome_df40k.orders import interceptors
from aerodrome_df40k.ruleset import Df40k
from aerodrome_df40k.variants import FIXED_FIRST_PLAYER
from tests.playouts import seats
from tests.plugins.df40k.helpers import RULESET, give_orders, orders_turn

IMP1, IMP2 = "imperial-fighter-1", "imperial-fighter-2"
ORK, BOMBER = "ork-fighter-1", "ork-heavy-bomber-1"
INT: dict[str, Any] = {"order": "intercept"}
GS: dict[str, Any] = {"order": "ground-support"}
#: Every flyer Disengages unless told otherwise: no dogfight, all six turns are played.
DISENGAGE: dict[str, Any] = {"order": "disengage"}
ALL_DISENGAGE = dict.fromkeys((IMP1, IMP2, ORK, BOMBER), DISENGAGE)


def queues(g: Game, wanted: dict[str, dict[str, Any]]) -> list[tuple[int, int, list[str]]]:
    """(turn, whose turn, interceptors in declaring order) for every turn of the battle."""
    seen = []
    for _ in range(g.setup.max_rounds):
        if g.is_over():
            break
        turn, first = g.round, g.state.first_player
        give_orders(g, ALL_DISENGAGE | wanted)
        seen.append((turn, first, interceptors(g.state)))
        # the rest of the turn: the first legal answer to every other decision
        first_legal = seats(g, lambda g, p, legal: legal[0])
        while (d := g.decision()) is not None and d.kind != "orders":
            drive(g, first_legal, limit=1)
    return seen


@pytest.mark.clause("df40k.resolution.1", "df40k.frame.5", "df40k.resolution.7")
def test_the_player_whose_turn_it_is_alternates_by_game_turn() -> None:
    g = Game(RULESET, "first-blood", 3)
    seen = queues(g, {})
    assert [(t, p) for t, p, _ in seen] == [(2, 0), (3, 1), (4, 0), (5, 1), (6, 0)]


@pytest.mark.clause("df40k.resolution.1", "df40k.frame.5", "df40k.resolution.7")
def test_the_interceptors_of_the_player_whose_turn_it_is_declare_first() -> None:
    g = Game(RULESET, "first-blood", 3)
    orders_turn(g, ALL_DISENGAGE)
    assert g.round == 3 and g.state.first_player == 1  # the Ork player's turn
    give_orders(g, {IMP1: INT, IMP2: GS, ORK: INT, BOMBER: GS})
    assert interceptors(g.state) == [ORK, IMP1]
    d = g.decision()
    assert d is not None and d.kind == "intercept" and d.players == (1,)


@pytest.mark.clause("df40k.resolution.1", "df40k.frame.5")
def test_the_fixed_first_player_variant_keeps_the_first_seat_every_turn() -> None:
    plugins = load_plugins(variants=["fixed-first-player"])
    g = Game(plugins.ruleset("df40k"), "first-blood", 3)
    seen = queues(g, {})
    assert [(t, p) for t, p, _ in seen] == [(2, 0), (3, 0), (4, 0), (5, 0), (6, 0)]
    # registered but inactive unless asked for
    assert [
        (t, p) for t, p, _ in queues(Game(load_plugins().ruleset("df40k"), "first-blood", 3), {})
    ][1] == (3, 1)
    assert FIXED_FIRST_PLAYER.ruleset == "df40k"


@pytest.mark.clause("df40k.frame.5")
def test_a_variant_answering_no_player_is_a_plugin_error() -> None:
    class Bad:
        @hookimpl
        def aerodrome_df40k_next_player_turn(self, player: int, turn: int) -> int | None:
            return 2

    bad = load_plugins(extra=[("bad-variant", Bad())]).ruleset("df40k")
    assert isinstance(bad, Df40k)
    with pytest.raises(PluginError, match="aerodrome_df40k_next_player_turn returned 2"):
        bad.rules.next_player_turn(0, 2)
    assert RULESET.rules.next_player_turn(0, 2) == 1 and RULESET.rules.next_player_turn(1, 3) == 0


@pytest.mark.clause("df40k.frame.5")
def test_compare_shows_the_variant_next_to_the_ruleset() -> None:
    import json

    from aerodrome.ui.cli import app

    result = CliRunner().invoke(
        app,
        [
            "compare",
            "df40k",
            "--variant",
            "fixed-first-player",
            "--games",
            "4",
            "--workers",
            "1",
            "--json",
            "--quiet",
        ],
    )
    assert result.exit_code == 0, result.stdout
    names = [c["column"]["name"] for c in json.loads(result.stdout)["columns"]]
    assert names == ["df40k", "df40k+fixed-first-player"]

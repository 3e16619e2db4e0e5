"""Partners (3 and 4 players), position files and the bad-input errors."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from aerodrome.engine.agents import RandomAgent
from aerodrome.engine.driver import Observer, drive
from aerodrome.engine.errors import SpecError
from aerodrome.engine.events import DiceRolled
from aerodrome.engine.game import Game
from aerodrome.runs.saves import game_from_position, read_position
from aerodrome_classic.specs import specs_dir
from aerodrome_classic.state import Decline, GivePlane, Move, PlaneGiven, TakeOff
from tests.conftest import PLUGINS
from tests.playouts import rounds
from tests.plugins.classic.helpers import RULESET, act, events, game, kind, owner, plane, position


class Movers(Observer):
    """Notes who moves, once per part of a turn."""

    def __init__(self, movers: list[int]) -> None:
        self.movers = movers

    def decision(self, game: Any, player: int, legal: Any) -> None:
        d = game.decision()
        assert d is not None and game.waiting_for() == (player,)
        if d.kind == "move" and (not self.movers or self.movers[-1] != player):
            self.movers.append(player)


@pytest.mark.clause("classic.partners.1", "classic.partners.3", "classic.partners.2")
def test_four_players_partners_each_throw_move_and_fight_in_turn() -> None:
    g = Game(RULESET, "four-player", 3)
    agents = [RandomAgent(10 + i) for i in range(4)]
    movers: list[int] = []
    for _ in rounds(g, agents, Movers(movers)):
        if len(movers) >= 60:
            break
    # partners move one after the other within their side's turn, sides alternate
    assert g.state.seat_side[movers[0]] == g.state.order[0]  # the side that won the throw
    # each partner throws his own dice: one "move" roll per partner's move
    moves_rolls = [e for e in g.log if isinstance(e, DiceRolled) and e.purpose == "move"]
    assert len(moves_rolls) >= len(movers)
    assert len({g.state.seat_side[p] for p in movers}) == 2
    seq = [(g.state.seat_side[p], p) for p in movers]
    for (s1, p1), (s2, p2) in itertools.pairwise(seq):
        if s1 == s2:
            assert p2 > p1  # partners of a side in seat order


@pytest.mark.clause("classic.partners.1")
def test_partner_setups_play_to_the_end() -> None:
    for setup in ("three-player", "three-player-american-partners", "four-player"):
        g = Game(RULESET, setup, 8)
        drive(g, [RandomAgent(i) for i in range(len(g.setup.seats))])
        assert g.result().finished
        assert not RULESET.invariants(g.state)


def gift_position(red_planes: int) -> dict:  # type: ignore[type-arg]
    planes = [plane("RED-1", 0, 0, flying=False), plane("RED-2", 7, 7, "S")][:red_planes]
    return position(
        "German",
        *planes,
        plane("GREEN-1", 0, 21, flying=False),
        plane("BLUE-1", 15, 21, flying=False),
    )


@pytest.mark.clause("classic.partners.4", "classic.partners.6")
def test_partner_without_planes_may_be_given_one() -> None:
    g = game(gift_position(2), dice=[3, 4, 3, 4], setup="four-player")
    assert kind(g) == "give" and owner(g) == 0
    # only the grounded plane can be given
    assert set(g.legal_actions(0)) == {GivePlane(plane="RED-1", to=1), Decline(what="give a plane")}
    act(g, GivePlane(plane="RED-1", to=1))
    (given,) = events(g, PlaneGiven)
    assert given.squadron == "YELLOW"
    assert g.state.planes["RED-1"].squadron == "YELLOW"
    # RED-2 moves for the RED partner; then the YELLOW partner puts the given plane in flight
    act(g, next(a for a in g.legal_actions(0) if isinstance(a, Move)))
    assert kind(g) == "take-off" and owner(g) == 1
    act(g, TakeOff(plane="RED-1"))
    assert g.state.squadrons["YELLOW"].aloft == "RED-1"
    assert len(g.state.squadrons["YELLOW"].hand) == 4


@pytest.mark.clause("classic.partners.5")
def test_with_one_plane_left_the_partner_without_is_out() -> None:
    g = game(gift_position(1), dice=[3, 4, 3, 4], setup="four-player")
    # no gift possible; RED-1 may take off; the YELLOW partner is never asked anything
    asked: set[int] = set()
    for _ in range(30):
        if g.is_over():
            break
        p = owner(g)
        asked.add(p)
        assert kind(g) != "give"
        act(g, g.legal_actions(p)[0])
    assert 1 not in asked


@pytest.mark.clause("classic.setup.9")
def test_position_file_example_loads() -> None:
    path = specs_dir() / "positions" / "tail-attack.toml"
    pos = read_position(path)
    g = game_from_position(pos, PLUGINS, str(path))
    s = g.state
    assert s.planes["RED-1"].in_flight and s.planes["GREEN-1"].kills == 1
    assert s.squadrons["RED"].hand == ["B2", "B3", "LP"]
    assert [x.cell for x in s.guns if x.revealed] == [(3, 21)]
    assert not s.planes["YELLOW-1"].alive
    assert not RULESET.invariants(s)
    assert g.decision() is not None


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"turn": "French"}, "turn"),
        ({"planes": [{"id": "RED-1", "cell": [99, 0]}]}, "cell"),
        (
            {"planes": [{"id": "RED-1", "cell": [5, 5], "facing": "NE", "in_flight": True}]},
            "facing",
        ),
        ({"planes": [{"id": "RED-1", "cell": [5, 5]}]}, "landing square"),
        ({"hands": {"RED": ["B5", "B5"]}}, "hands.RED"),
        ({"guns": {"hits": [[5, 5]]}}, "guns.hits"),
        ({"planes": "x"}, "planes"),
    ],
)
def test_bad_positions_name_the_file_and_field(change: dict, field: str) -> None:  # type: ignore[type-arg]
    base = {
        "turn": "German",
        "planes": [{"id": "RED-1", "cell": [0, 0]}, {"id": "GREEN-1", "cell": [0, 21]}],
    }
    base.update(change)
    with pytest.raises(SpecError) as err:
        Game(RULESET, "two-player", 0, position=base, position_source="bad.toml")
    assert "bad.toml" in str(err.value) and field in str(err.value)


def test_clause_catalogue_is_complete_and_valid() -> None:
    from aerodrome.engine.clauses import load_catalogue

    clauses = load_catalogue(Path(specs_dir()) / "clauses.toml")
    assert len(clauses) > 90
    assert all(c.id.startswith("classic.") for c in clauses)


@pytest.mark.clause("classic.headon.4")
def test_head_on_position_file_plays_the_example() -> None:
    path = specs_dir() / "positions" / "head-on.toml"
    pos = read_position(path)
    g = game(pos.position, dice=[2, 2])
    m = next(
        a
        for a in g.legal_actions(owner(g))
        if isinstance(a, Move) and a.path == ((5, 12), (5, 11), (5, 10)) and a.facing == 0
    )
    act(g, m)
    assert kind(g) == "defend" and owner(g) == 0
    assert g.state.squadrons["GREEN"].played == ["B4"]

"""Equipment, set-up, AA placement, who goes first, alternating turns, the end of the game."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from aerodrome.engine.agents import RandomAgent
from aerodrome.engine.driver import drive
from aerodrome.engine.events import ActionTaken
from aerodrome.engine.game import Game
from aerodrome.engine.turns import Reveal
from aerodrome_classic.specs import load_specs
from aerodrome_classic.state import Decline, FirstTurn, GunsPlaced, Move, PlaceGuns, PlayCard
from tests.plugins.classic.helpers import RULESET, game, plane, position


def new_game(seed: int = 1, setup: str = "two-player") -> Game:
    return Game(RULESET, setup, seed)


@pytest.mark.clause("classic.setup.1", "classic.setup.2", "classic.setup.3")
def test_setups_two_three_four_players() -> None:
    setups = {s.name: s for s in RULESET.setups()}
    two = setups["two-player"]
    assert [s.side for s in two.seats] == ["German", "American"]
    assert two.options.squadrons == (("RED", "YELLOW"), ("GREEN", "BLUE"))
    three = setups["three-player"]
    assert [s.side for s in three.seats] == ["German", "German", "American"]
    assert three.options.squadrons == (("RED",), ("YELLOW",), ("GREEN", "BLUE"))
    assert setups["three-player-american-partners"].options.squadrons == (
        ("RED", "YELLOW"),
        ("GREEN",),
        ("BLUE",),
    )
    four = setups["four-player"]
    assert [len(sq) for sq in four.options.squadrons] == [1, 1, 1, 1]
    assert RULESET.setups()[0].name == "two-player"


@pytest.mark.clause(
    "classic.setup.5",
    "classic.setup.9",
    "classic.equip.2",
    "classic.equip.3",
    "classic.equip.5",
    "classic.equip.6",
    "classic.equip.7",
)
def test_initial_set_up() -> None:
    g = new_game()
    s = g.state
    b = RULESET.board
    assert len(s.planes) == 12
    for p in s.planes.values():
        assert not p.in_flight and p.cell in b.landing[p.squadron]
    assert Counter(p.squadron for p in s.planes.values()) == {
        "RED": 3,
        "YELLOW": 3,
        "GREEN": 3,
        "BLUE": 3,
    }
    sides = {n: sq.side for n, sq in s.squadrons.items()}
    assert sides == {"RED": "German", "YELLOW": "German", "GREEN": "American", "BLUE": "American"}
    assert len(s.guns) == 16
    for gun in s.guns:
        assert gun.cell in b.dots[gun.squadron] and not gun.revealed
    for sq in s.squadrons.values():
        assert len(sq.pack) == 20 and sq.hand == [] and sq.aloft == ""  # stand by the airfield
        assert Counter(sq.pack) == {"B1": 4, "B2": 4, "B3": 3, "B4": 2, "B5": 1, "RO": 4, "LP": 2}
    assert load_specs().cards.guns.hit == 2


@pytest.mark.clause("classic.equip.1", "classic.setup.4")
def test_board_geometry() -> None:
    b = RULESET.board
    spec = load_specs().board
    assert spec.assumed and spec.reason
    assert (b.width, b.height) == (16, 22)
    # No Man's Land midway across the long axis; Germans at the top, Americans at the bottom
    assert b.german_last_row == b.height // 2 - 1
    assert all(c[1] == 0 for sq in ("RED", "YELLOW") for c in b.landing[sq])
    assert all(c[1] == b.height - 1 for sq in ("GREEN", "BLUE") for c in b.landing[sq])
    for sq, landing in b.landing.items():
        around = {n for c in landing for n in b.grid.neighbours(c)} - set(landing)
        assert around == set(b.dots[sq])  # the 4 dot squares surround the landing squares


@pytest.mark.clause("classic.setup.6", "classic.setup.7")
def test_secret_aa_placement() -> None:
    g = new_game()
    d = g.decision()
    assert d is not None and d.kind == "place guns" and d.players == (0,)
    assert d.reveal == Reveal.OWNER
    legal = g.legal_actions(0)
    assert len(legal) == 36  # 6 ways per squadron, two squadrons
    choice = PlaceGuns(hits=((0, 1), (1, 1), (12, 0), (13, 1)))
    assert choice in legal
    g.apply(0, choice)
    faces = {gun.cell: gun.hit for gun in g.state.guns if gun.side == "German"}
    assert [c for c, hit in faces.items() if hit] == [(0, 1), (1, 1), (12, 0), (13, 1)]
    taken = [e for e in g.log if isinstance(e, ActionTaken)]
    assert taken[-1].seen_by == (0,)
    assert [e.player for e in g.log if isinstance(e, GunsPlaced)] == [0]
    # the American sees only gun sides; the German sees his faces
    american = {v.cell: v.face for v in g.observation(1).guns if v.side == "German"}  # type: ignore[attr-defined]
    german = {v.cell: v.face for v in g.observation(0).guns if v.side == "German"}  # type: ignore[attr-defined]
    assert set(american.values()) == {"gun"}
    assert german[(0, 1)] == "hit" and german[(3, 0)] == "miss"


@pytest.mark.clause("classic.setup.8")
def test_guns_never_move_or_change() -> None:
    g = new_game(4)
    agents = [RandomAgent(1), RandomAgent(2)]
    g.apply(0, agents[0].choose(None, g.legal_actions(0)))  # type: ignore[arg-type]
    g.apply(1, agents[1].choose(None, g.legal_actions(1)))  # type: ignore[arg-type]
    placed = [(x.cell, x.squadron, x.hit) for x in g.state.guns]
    drive(g, agents)
    assert [(x.cell, x.squadron, x.hit) for x in g.state.guns] == placed


@pytest.mark.clause("classic.move.19")
def test_dice_decide_who_goes_first() -> None:
    from unittest.mock import patch

    from aerodrome.engine.testing import ScriptedDice

    def first(faces: list[int]) -> str:
        with patch("aerodrome.engine.game.Dice", lambda seed, emit: ScriptedDice(faces, emit)):
            g = Game(RULESET, "two-player", 0)
        (e,) = [x for x in g.log if isinstance(x, FirstTurn)]
        return e.side

    assert first([1, 1, 6, 6]) == "American"  # German throws 2, American 12
    assert first([3, 3, 2, 4, 6, 6, 1, 1]) == "German"  # a tie is thrown again


@pytest.mark.clause("classic.move.1", "classic.object.1")
def test_sides_alternate_turns() -> None:
    g = new_game(2)
    agents = [RandomAgent(5), RandomAgent(6)]
    movers: list[str] = []
    for _ in range(200):
        if g.is_over():
            break
        (p,) = g.waiting_for()
        d = g.decision()
        assert d is not None
        if d.kind == "move" and (not movers or movers[-1] != g.state.seat_side[p]):
            movers.append(g.state.seat_side[p])
        g.apply(p, agents[p].choose(None, g.legal_actions(p)))  # type: ignore[arg-type]
    assert len(movers) > 4
    assert all(a != b for a, b in itertools.pairwise(movers))


@pytest.mark.clause("classic.end.1", "classic.end.2")
def test_game_ends_when_a_side_has_lost_every_plane() -> None:
    g = game(
        position(
            "German",
            plane("RED-1", 5, 6, "S"),
            plane("GREEN-1", 5, 8, "S"),
            hands={"RED": ["B3"], "GREEN": ["B5"]},
        ),
        dice=[1, 1],
    )
    assert not g.is_over()
    (m,) = [
        a
        for a in g.legal_actions(0)
        if isinstance(a, Move) and a.path[-1] == (5, 7) and a.facing == 2
    ]
    g.apply(0, m)
    g.apply(0, PlayCard(card="B3"))
    assert not g.is_over()
    g.apply(1, Decline(what="defend"))  # GREEN-1 has no Loop
    assert g.is_over()
    r = g.result()
    assert r.winners == ("German",) and r.finished
    assert r.kills["German"] == 6 and r.losses["American"] == 6  # 5 in the position + 1
    assert RULESET.material(g.state) == {"German": 1.0, "American": 0.0}


@pytest.mark.clause("classic.end.1")
def test_random_games_end() -> None:
    from aerodrome.runs.sim import play_game

    finished = 0
    for seed in range(6):
        g, _ = play_game(
            RULESET, RULESET.setup(), seed, [RandomAgent(seed), RandomAgent(seed + 50)]
        )
        finished += g.result().finished
        assert not RULESET.invariants(g.state)
    assert finished >= 5

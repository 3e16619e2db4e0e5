"""Putting planes In Flight and moving them (How to Move), with diagrams A-D."""

from __future__ import annotations

import itertools

import pytest

from aerodrome.engine.errors import IllegalActionError
from aerodrome_classic.state import CardsDrawn, Decline, DogfightStarted, Move, Stuck, TakeOff
from tests.plugins.classic.helpers import (
    RULESET,
    act,
    decline_take_offs,
    events,
    game,
    kind,
    move_to,
    owner,
    plane,
    position,
)


def open_sky(dice: list[int], *planes, turn: str = "American", hands=None):  # type: ignore[no-untyped-def]
    base = [
        plane("GREEN-1", 7, 14, "N"),
        plane("RED-1", 0, 0, flying=False),
    ]
    return game(position(turn, *(planes or base), hands=hands), dice=dice)


def moves(g) -> list[Move]:  # type: ignore[no-untyped-def]
    return [a for a in g.legal_actions(owner(g)) if isinstance(a, Move)]


@pytest.mark.clause("classic.move.18", "classic.move.7", "classic.move.13")
def test_diagrams_a_to_d() -> None:
    b = RULESET.board
    start = (7, 14)
    walks3 = set(b.grid.walks(start, 3))
    walks5 = set(b.grid.walks(start, 5))
    walks4 = set(b.grid.walks(start, 4))

    def corners(path: tuple[tuple[int, int], ...]) -> int:
        steps = [(q[0] - p[0], q[1] - p[1]) for p, q in itertools.pairwise(path)]
        return sum(1 for s, t in itertools.pairwise(steps) if s != t)

    a = ((7, 14), (7, 13), (7, 12), (7, 11))
    assert a in walks3 and corners(a) == 0  # A: 3 in a straight line
    bpath = ((7, 14), (7, 13), (7, 12), (8, 12), (9, 12), (9, 11))
    assert bpath in walks5 and corners(bpath) == 2  # B: 5 turning 2 corners
    c = ((7, 14), (7, 13), (8, 13), (8, 12), (8, 11), (9, 11))
    assert c in walks5 and corners(c) == 3  # C: 5 turning 3 corners
    d = ((7, 14), (7, 13), (8, 13), (8, 14), (7, 14))
    assert d in walks4  # D: 4 back to the start square
    for path in (a, bpath, c, d):  # each diagram's move is offered by the game
        n = len(path) - 1
        ends = {m.path[-1] for m in moves(open_sky([n, n]))}
        assert path[-1] in ends


@pytest.mark.clause("classic.move.11", "classic.move.14", "classic.move.7")
def test_exact_count_orthogonal_steps() -> None:
    g = open_sky([2, 2])
    ms = moves(g)
    assert ms and all(len(m.path) == 3 for m in ms)
    for m in ms:
        for p, q in zip(m.path, m.path[1:], strict=False):
            assert abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1
    ends = {m.path[-1] for m in ms}
    assert (7, 13) not in ends  # the next square cannot be reached with a 2
    assert (8, 13) in ends and (7, 12) in ends
    assert (7, 14) not in ends  # back to the start with a 2 would go back and forth


@pytest.mark.clause("classic.move.12")
def test_never_back_and_forth_between_two_squares() -> None:
    for length in (2, 4, 6):
        for path in RULESET.board.grid.walks((7, 14), length):
            pairs = [frozenset(e) for e in itertools.pairwise(path)]
            assert len(pairs) == len(set(pairs))


@pytest.mark.clause("classic.move.15")
def test_free_final_facing_fixed_after_the_move() -> None:
    g = open_sky([3, 3])
    ms = moves(g)
    by_end: dict[tuple[int, int], set[int]] = {}
    for m in ms:
        by_end.setdefault(m.path[-1], set()).add(m.facing)
    assert all(f == {0, 1, 2, 3} for f in by_end.values())
    move_to(g, "GREEN-1", [(7, 14), (7, 13), (7, 12), (7, 11)], "W")
    assert g.state.planes["GREEN-1"].facing == 3


@pytest.mark.clause("classic.move.15")
def test_a_plane_never_faces_off_the_board() -> None:
    """How to Move 9: "the player must FACE the FRONT of the plane toward any of the
    adjoining 4 squares he chooses": at the edge there are only 3 such squares, in a corner
    2, so a plane there cannot face off the board."""
    g = open_sky([1, 1], plane("GREEN-1", 1, 10, "N"), plane("RED-1", 0, 0, flying=False))
    by_end: dict[tuple[int, int], set[int]] = {}
    for m in moves(g):
        by_end.setdefault(m.path[-1], set()).add(m.facing)
    assert by_end[(0, 10)] == {0, 1, 2}  # the W edge: not W
    assert by_end[(1, 9)] == {0, 1, 2, 3}
    off = Move(plane="GREEN-1", path=((1, 10), (0, 10)), facing=3)
    with pytest.raises(IllegalActionError):
        g.apply(owner(g), off)
    # a corner: two facings
    g2 = open_sky([1, 1], plane("GREEN-1", 15, 1, "N"), plane("RED-1", 0, 0, flying=False))
    assert {m.facing for m in moves(g2) if m.path[-1] == (15, 0)} == {2, 3}
    # and a position cannot put a plane In Flight facing off the board
    from aerodrome.engine.errors import SpecError

    with pytest.raises(SpecError, match=r"planes\[0\]\.facing.*off the board"):
        open_sky([1, 1], plane("GREEN-1", 0, 10, "W"), plane("RED-1", 0, 0, flying=False))


@pytest.mark.clause("classic.move.16")
def test_no_flying_through_or_onto_planes() -> None:
    g = open_sky(
        [2, 4],
        plane("GREEN-1", 7, 14, "N"),
        plane("RED-1", 7, 13, "S"),
        plane("RED-2", 0, 0, flying=False),
    )
    ms = moves(g)
    assert all((7, 13) not in m.path for m in ms)
    assert (7, 12) not in {m.path[-1] for m in ms if len(m.path) == 3}  # only through RED-1
    assert (7, 12) in {m.path[-1] for m in ms if len(m.path) == 5}  # around it


@pytest.mark.clause("classic.move.17")
def test_boxed_in_plane_stays() -> None:
    # boxed in at the board edge by RED-1, YELLOW-1 and the grounded GREEN-2
    g = open_sky(
        [1, 1],
        plane("GREEN-1", 0, 20, "N"),
        plane("RED-1", 0, 19, "S"),
        plane("YELLOW-1", 1, 20, "W"),
        plane("GREEN-2", 0, 21, flying=False),
        plane("BLUE-1", 10, 14, "N"),
        hands={"GREEN": ["B5"]},
    )
    decline_take_offs(g)
    # GREEN-1 is boxed in: only BLUE-1 can move
    assert {m.plane for m in moves(g)} == {"BLUE-1"}
    act(g, moves(g)[0])
    assert [e.plane for e in events(g, Stuck)] == ["GREEN-1"]
    assert g.state.planes["GREEN-1"].cell == (0, 20)
    assert not events(g, DogfightStarted)  # it faces RED-1 but did not move into position


@pytest.mark.clause("classic.move.9", "classic.move.6")
def test_two_planes_one_die_each() -> None:
    g = open_sky(
        [2, 5],
        plane("GREEN-1", 3, 14, "N"),
        plane("BLUE-1", 11, 14, "N"),
        plane("RED-1", 0, 0, flying=False),
    )
    ms = moves(g)
    assert {(m.plane, len(m.path) - 1) for m in ms} == {
        ("GREEN-1", 2),
        ("GREEN-1", 5),
        ("BLUE-1", 2),
        ("BLUE-1", 5),
    }
    act(g, next(m for m in ms if m.plane == "BLUE-1" and len(m.path) == 3))
    assert {(m.plane, len(m.path) - 1) for m in moves(g)} == {("GREEN-1", 5)}


@pytest.mark.clause("classic.move.10", "classic.partners.2")
def test_one_plane_either_die_never_the_sum() -> None:
    g = open_sky([3, 4])
    lengths = {len(m.path) - 1 for m in moves(g)}
    assert lengths == {3, 4}
    act(g, moves(g)[0])
    assert kind(g) != "move" or owner(g) != 1


@pytest.mark.clause("classic.move.8", "classic.down.2")
def test_only_planes_in_flight_move_and_they_must() -> None:
    g = open_sky(
        [3, 4],
        plane("GREEN-1", 7, 14, "N"),
        plane("GREEN-2", 0, 21, flying=False),
        plane("RED-1", 0, 0, flying=False),
    )
    legal = g.legal_actions(owner(g))
    assert kind(g) == "move"
    assert all(isinstance(a, Move) and a.plane == "GREEN-1" for a in legal)  # no pass


@pytest.mark.clause("classic.move.2", "classic.move.3", "classic.move.4", "classic.move.5")
def test_put_in_flight_one_per_squadron_and_draw_four() -> None:
    g = game(
        position(
            "German",
            plane("RED-1", 0, 0, flying=False),
            plane("RED-2", 1, 0, flying=False),
            plane("YELLOW-1", 9, 9, "S"),
            plane("YELLOW-2", 13, 0, flying=False),
            plane("GREEN-1", 0, 21, flying=False),
        ),
        dice=[3, 4],
    )
    # YELLOW has a plane In Flight: only RED is asked
    assert kind(g) == "take-off" and owner(g) == 0
    legal = set(g.legal_actions(0))
    assert legal == {TakeOff(plane="RED-1"), TakeOff(plane="RED-2"), Decline(what="take-off RED")}
    act(g, TakeOff(plane="RED-2"))
    red2 = g.state.planes["RED-2"]
    assert red2.in_flight and red2.cell == (1, 0)
    assert g.state.squadrons["RED"].aloft == "RED-2"
    assert len(g.state.squadrons["RED"].hand) == 4
    (drawn,) = events(g, CardsDrawn)
    assert drawn.seen_by == (0,)
    view = g.observation(1)
    red = next(s for s in view.squadrons if s.name == "RED")  # type: ignore[attr-defined]
    assert red.hand is None and red.hand_size == 4
    own = next(s for s in g.observation(0).squadrons if s.name == "RED")  # type: ignore[attr-defined]
    assert own.hand is not None and len(own.hand) == 4
    with pytest.raises(IllegalActionError):
        g.apply(0, TakeOff(plane="RED-1"))


@pytest.mark.clause("classic.move.2")
def test_may_put_none_in_flight() -> None:
    g = game(
        position(
            "German", plane("RED-1", 0, 0, flying=False), plane("GREEN-1", 0, 21, flying=False)
        ),
        dice=[3, 4],
    )
    act(g, Decline(what="take-off RED"))
    assert not g.state.planes["RED-1"].in_flight
    assert g.state.turn.side == "American"

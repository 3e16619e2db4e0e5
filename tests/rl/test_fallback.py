"""The generic fallback (legal-list numbering, flat encoding) and the ruleset's own hooks.

Dogfight 40,000 is a ``Numbering`` and a ``Vectors``; the example plugin ``joust`` is neither
(its required core only), so ``PlainJoust`` always goes through the fallback."""

from __future__ import annotations

import enum
import warnings
from typing import Any, Literal

import msgspec
import numpy as np
import pytest

from aerodrome import IllegalActionError
from aerodrome.engine.turns import Turn
from tests.bare import Bare
from tests.conftest import PLUGINS, example_module
from tests.rl.conftest import layout_of, require_rl, seeded

require_rl()

from pettingzoo.test import api_test  # noqa: E402

from aerodrome.bridges.rl import ActionSpaceError, EncodingError, env, find_layout  # noqa: E402
from aerodrome.bridges.rl.encoder import Encoder  # noqa: E402
from aerodrome.bridges.rl.encoding import build, text_code  # noqa: E402

Joust = example_module().Joust


class PlainJoust(Bare):
    """Joust without the learning capabilities: the environment must fall back."""

    def __init__(self) -> None:
        super().__init__(Joust())
        self.name = "plain-joust"  # type: ignore[misc]


def test_a_ruleset_with_numbering_and_vectors_uses_its_own() -> None:
    """Dogfight 40,000 is a Numbering and a Vectors: no probing, its numbers."""
    rules = PLUGINS.ruleset("df40k")
    e = env(rules, seed=1)
    assert e.layout.numbered and e.layout.encoded and e.layout.probed == 0
    e.reset()
    obs = e.observe("seat_0")
    view = e.game.observation(0)
    assert obs["observation"].tolist() == pytest.approx(list(rules.observation_vector(view)))
    setup = rules.setup()
    for action in e.game.legal_actions(0):
        index = rules.action_id(action, setup)
        assert obs["action_mask"][index] == 1
        assert rules.action_from_id(index, setup) == action
        assert e.translator.action(index, e.game.legal_actions(0), 0) == action


def test_a_ruleset_without_hooks_falls_back_and_passes_the_api_test() -> None:
    plain = PlainJoust()
    e = env(plain, seed=2)
    assert not e.layout.numbered and not e.layout.encoded and e.layout.probed > 0
    assert e.layout.actions == 3  # 2 passes seen, plus a quarter of headroom
    e.reset(seed=2)
    names = e.translator.feature_names(e.game.observation(0))
    assert names == ["rounds", "len(structure)", "structure[0]", "structure[1]", "structure[2]"]
    assert e.observe("seat_0")["observation"].tolist() == [10, 2, 3, 3, 0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(seeded(env(plain, seed=3, layout=e.layout), 3), num_cycles=10)


def test_an_action_number_out_of_range_or_illegal_is_a_clear_error() -> None:
    e = env(PlainJoust(), seed=4)
    e.reset()
    with pytest.raises(IllegalActionError, match=r"action 3 is out of range .*Discrete\(3\)"):
        e.step(3)
    with pytest.raises(
        IllegalActionError,
        match=r"action 2 is not legal for seat 0 now .*2 legal actions, numbered 0 to 1",
    ):
        e.step(2)
    with pytest.raises(IllegalActionError, match="not an action number"):
        e.step("high")
    j = env(PLUGINS.ruleset("df40k"), seed=4)
    j.reset()
    with pytest.raises(IllegalActionError, match=r"out of range .*Discrete\(\d+\)"):
        j.step(-1)
    e.step(np.int64(1))  # NumPy integers are action numbers too
    assert e.game.waiting_for() == (1,)  # committed in secret, the decision still open
    assert e.agent_selection == "seat_1"


def test_a_legal_list_longer_than_the_action_space_is_an_error_or_truncated() -> None:
    plain = PlainJoust()
    small = find_layout(plain, max_actions=1)
    assert small.actions == 1 and small.probed > 0  # the caps are still probed
    e = env(plain, seed=5, layout=small)
    e.reset()
    with pytest.raises(
        ActionSpaceError,
        match=r"seat 0 has 2 legal actions but the action space holds 1 .*max_actions=2",
    ):
        e.observe("seat_0")
    t = env(plain, seed=5, layout=small, overflow="truncate")
    t.reset()
    assert t.observe("seat_0")["action_mask"].tolist() == [1]


def test_declared_caps_and_bad_ones() -> None:
    plain = PlainJoust()
    layout = find_layout(plain, caps={"structure[]": 1})
    assert layout.caps == {"structure[]": 1} and layout.observation == 3
    with pytest.raises(
        EncodingError,
        match=r"caps: planes\[\]: no such collection in JoustView \(known: structure\[\]\)",
    ):
        find_layout(plain, caps={"planes[]": 3})
    with pytest.raises(EncodingError, match="a cap is a whole number"):
        find_layout(plain, caps={"structure[]": -1})


def test_layouts_are_the_same_for_every_environment_of_a_set_up() -> None:
    """The probe has its own seed: two probes give the same spaces (seed_test needs it)."""
    layout = find_layout(PLUGINS.ruleset("df40k"))
    assert layout == layout_of("df40k", "first-blood")
    # a Layout is a value: saved as JSON and given back, it declares the same spaces
    assert msgspec.json.decode(msgspec.json.encode(layout), type=type(layout)) == layout


# -- the flat encoding, type by type ------------------------------------------------------------
class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Gun(msgspec.Struct, frozen=True):
    face: str
    revealed: bool


class View(msgspec.Struct, frozen=True):
    name: str
    colour: Colour
    stage: Literal["move", "fire"]
    fight: Gun | None
    either: int | str | None
    cells: tuple[tuple[int, int], ...]
    guns: list[Gun]
    kills: dict[str, int]
    seen: frozenset[int]
    pair: tuple[int, float]
    score: float
    turn: int
    other: Any = None


def test_every_kind_of_field_has_a_fixed_place() -> None:
    caps = {"cells[]": 2, "guns[]": 1, "kills{}": 2, "seen[]": 3}
    enc = Encoder(build(View, caps), "test")
    view = View(
        name="Red Baron",
        colour=Colour.BLUE,
        stage="fire",
        fight=Gun(face="hit", revealed=True),
        either="x",
        cells=((1, 2), (3, 4), (5, 6)),
        guns=[],
        kills={"b": 2, "a": 1},
        seen=frozenset({9, 7}),
        pair=(1, 0.5),
        score=2.5,
        turn=3,
    )
    numbers = enc.encode(view)
    names = enc.names()
    assert len(numbers) == len(names) == enc.width == 35
    got = dict(zip(names, numbers, strict=True))
    assert got["score"] == 2.5 and got["turn"] == 3  # numbers first
    assert got["name"] == text_code("Red Baron")  # then texts
    assert (got["colour=red"], got["colour=blue"]) == (0, 1)
    assert (got["stage=move"], got["stage=fire"]) == (0, 1)
    assert (
        got["fight?"] == 1 and got["fight.revealed"] == 1 and got["fight.face"] == text_code("hit")
    )
    assert [got["either:int?"], got["either:str?"], got["either:NoneType?"]] == [0, 1, 0]
    assert got["either:str"] == text_code("x") and got["either:int"] == 0
    assert (
        got["len(cells)"] == 3 and got["cells[1][1]"] == 4 and "cells[2][0]" not in got
    )  # cut at 2
    assert got["len(guns)"] == 0 and got["guns[0].revealed"] == 0  # zero padding
    assert got["kills.key[0]"] == text_code("a") and got["kills.value[1]"] == 2  # sorted by key
    assert [got["seen[0]"], got["seen[1]"], got["seen[2]"]] == [7, 9, 0]  # a set, sorted
    assert got["pair[1]"] == 0.5
    assert (
        got["other"] == enc.encode(msgspec.structs.replace(view, other=None))[names.index("other")]
    )
    bad = msgspec.structs.replace(view, turn="three")
    assert "observation turn: str where a number is declared" in str(enc.error(bad))


class BadJoust(PlainJoust):
    """A view that breaks its declared types (a text where a number is declared)."""

    def observation(self, state: Any, player: int | None, turn: Turn) -> Any:
        view = super().observation(state, player, turn)
        return msgspec.structs.replace(view, structure=("three", 3))


def test_a_view_that_breaks_its_types_is_a_clear_error() -> None:
    e = env(BadJoust(), seed=1)
    e.reset()
    with pytest.raises(
        EncodingError,
        match=r"plain-joust duel: observation structure\[0\]: str where a number is declared",
    ):
        e.observe("seat_0")


class Branch(msgspec.Struct):
    children: list[Branch]


def test_a_type_that_contains_itself_is_refused() -> None:
    with pytest.raises(EncodingError, match="contains itself"):
        build(Branch, {})


def test_remembered_items_give_the_numbers_of_their_value() -> None:
    """Frozen items are encoded once per value (a memo): a changed item gets new numbers, an
    equal one the same. Mutation caught (tried): a memo keyed by the place in the vector."""
    enc = Encoder(build(View, {"guns[]": 2}), "test")
    assert "c" in enc.source and ".get(" in enc.source  # the memo is in use for guns
    base = View(
        name="",
        colour=Colour.RED,
        stage="move",
        fight=None,
        either=None,
        cells=(),
        guns=[],
        kills={},
        seen=frozenset(),
        pair=(0, 0.0),
        score=0.0,
        turn=0,
    )
    names = enc.names()

    def guns(*items: Gun) -> list[float]:
        got = dict(
            zip(names, enc.encode(msgspec.structs.replace(base, guns=list(items))), strict=True)
        )
        return [got[f"guns[{i}].{f}"] for i in (0, 1) for f in ("revealed", "face")]

    hit, miss = Gun(face="hit", revealed=True), Gun(face="miss", revealed=False)
    first = guns(hit, miss)
    assert first == [1, text_code("hit"), 0, text_code("miss")]
    assert guns(miss, hit) == [0, text_code("miss"), 1, text_code("hit")]
    assert guns(Gun(face="hit", revealed=True), miss) == first

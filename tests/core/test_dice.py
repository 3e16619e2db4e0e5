"""Seeded dice: determinism, every roll an event with its purpose, pool operations."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from aerodrome.engine import odds
from aerodrome.engine.dice import Dice, count_successes, derive_seed
from aerodrome.engine.events import DiceRolled, Event
from aerodrome.engine.testing import ScriptedDice


def test_same_seed_same_rolls() -> None:
    a, b = Dice(42), Dice(42)
    assert [a.d(6, "x") for _ in range(50)] == [b.d(6, "x") for _ in range(50)]


def test_every_roll_is_an_event_with_its_purpose() -> None:
    events: list[Event] = []
    dice = Dice(1, events.append)
    dice.d(6, "move")
    dice.roll(3, 6, "pool")
    kept = dice.keep_highest(3, 6, 1, "second attacker")
    assert [e.purpose for e in events if isinstance(e, DiceRolled)] == [
        "move",
        "pool",
        "second attacker",
    ]
    last = events[-1]
    assert isinstance(last, DiceRolled) and last.kept == kept and max(last.faces) == kept[0]


def test_exploding_sixes_add_dice() -> None:
    dice = ScriptedDice([6, 6, 2, 1])
    assert dice.exploding(2, 6, "white pool") == (6, 6, 2, 1)
    assert count_successes((6, 6, 2, 1)) == 3


def test_reroll_only_the_chosen_dice() -> None:
    dice = ScriptedDice([5])
    assert dice.reroll((1, 4), 6, lambda f: f == 1, "twin-linked") == (5, 4)


def test_derive_seed_is_stable_and_spread() -> None:
    assert derive_seed(1, 0) == derive_seed(1, 0)
    assert len({derive_seed(1, i) for i in range(1000)}) == 1000
    assert 0 <= derive_seed(2**70, "x") < 2**63


@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=20))
def test_rolls_stay_on_the_die(seed: int, sides: int) -> None:
    dice = Dice(seed)
    assert all(1 <= f <= sides for f in dice.roll(30, sides, "p"))


def test_exact_highest_of_two_d6() -> None:
    dist = odds.as_fractions(odds.highest_of(2, 6))
    assert dist[6] == Fraction(11, 36) and dist[1] == Fraction(1, 36)
    assert sum(dist.values()) == 1


def test_split_sign() -> None:
    margin = odds.as_fractions(odds.d(6) - odds.d(6))
    split = odds.split_sign(margin)
    assert split == {"win": Fraction(15, 36), "draw": Fraction(6, 36), "loss": Fraction(15, 36)}


def test_exploding_successes_matches_exploding() -> None:
    events: list[Event] = []
    for seed in range(200):
        faces = Dice(seed).exploding(7, 6, "pool")
        expected = count_successes(faces)
        assert Dice(seed).exploding_successes(7, 6, "pool", success={1, 6}) == expected
        recorded = Dice(seed, events.append)
        assert recorded.exploding_successes(7, 6, "pool", success={1, 6}) == expected
        last = events[-1]
        assert isinstance(last, DiceRolled) and last.faces == faces
    quiet = Dice(1)
    quiet.exploding_successes(5, 6, "pool", success={1, 6})
    loud = Dice(1)
    loud.exploding(5, 6, "pool")
    assert quiet.getstate() == loud.getstate()  # the same random numbers were used


def test_opposed_pools_white_explodes_black_does_not() -> None:
    from aerodrome.engine.dice import opposed

    dice = ScriptedDice([6, 2, 1, 6, 3])  # white 6, 2 then the 6's extra die 1; black 6, 3
    assert opposed(dice, 2, 2, "squadron roll") == (2, 1)  # white: 6 and the extra 1
    assert dice.remaining == 0
    both = ScriptedDice([1, 6, 2, 1])  # black's 6 explodes into one more die when asked
    assert opposed(both, 1, 2, "x", explode_black=(6,)) == (1, 2)


def test_no_dice_no_roll() -> None:
    events: list[Event] = []
    dice = Dice(3, events.append)
    before = dice.getstate()
    assert dice.exploding_successes(0, 6, "empty pool", success={1, 6}) == 0
    assert events == [] and dice.getstate() == before


def test_a_purpose_function_is_called_only_when_somebody_records() -> None:
    """Mutation caught: Dice building the purpose sentence for an unrecorded roll."""
    calls: list[str] = []

    def purpose() -> str:
        calls.append("built")
        return "lazy"

    quiet = Dice(3)
    quiet.d(6, purpose)
    quiet.exploding_successes(3, 6, purpose, success={6})
    assert calls == []
    seen: list[Event] = []
    loud = Dice(3, seen.append)
    loud.roll(2, 6, purpose)
    assert calls == ["built"] and isinstance(seen[0], DiceRolled) and seen[0].purpose == "lazy"

"""Choosing by the words of the choices (:mod:`aerodrome.ui.choices`): coordinates, facings,
names, beginnings of words; the grouped layout of a long list."""

from __future__ import annotations

from aerodrome.engine.capabilities import ChoiceLabel
from aerodrome.ui.choices import Line, example, group, match, query_words, spoken, words

MOVES = [
    f"YELLOW-1 moves 4 to {square} facing {facing}"
    for square in ("15,2", "14,1", "12,7")
    for facing in "NESW"
]
CREW = [
    "Flt Lt Archibald Penhallow, pilot of Spitfire Mk I (Penhallow): attack Bf 109 E3 (Adler) with 8x .303 Browning",
    "Flt Lt Archibald Penhallow, pilot of Spitfire Mk I (Penhallow): attack Bf 110C (Engel) with 8x .303 Browning",
    "Flt Lt Archibald Penhallow, pilot of Spitfire Mk I (Penhallow): escape the dogfight",
    "Plt Off Ravi Chandrasekhar, pilot/bombardier of Hurricane Mk II (Chandrasekhar): escape the dogfight",
    "End the turn",
]


def test_words_join_coordinates_and_drop_brackets() -> None:
    assert words("to (12, 7) facing North:") == ["to", "12,7", "facing", "n"]
    assert words("pilot/bombardier of Bf 109 E3 (Adler)")[:3] == [
        "pilot/bombardier",
        "pilot",
        "bombardier",
    ]
    assert query_words("12 7 N") == ["12,7", "n"] == query_words("12,7 north")


def test_a_square_and_a_facing_choose_one_move() -> None:
    assert match("12,7 N", MOVES).found == (MOVES.index("YELLOW-1 moves 4 to 12,7 facing N"),)
    assert match("12 7 west", MOVES).found == (MOVES.index("YELLOW-1 moves 4 to 12,7 facing W"),)
    assert len(match("12,7", MOVES).found) == 4  # narrows to the four facings


def test_names_and_beginnings_of_words() -> None:
    assert match("adler", CREW).found == (0,)
    assert match("penhallow esc", CREW).found == (2,)
    assert match("esc", CREW).found == (2, 3)
    assert match("end the turn", CREW).found == (4,)


def test_whole_words_go_before_beginnings() -> None:
    texts = ["fly NE", "check the net"]
    assert match("ne", texts).found == (0,)
    assert match("che", texts).found == (1,)


def test_a_single_letter_is_never_a_beginning() -> None:
    assert match("f", ["fly NE", "fire"]).found == ()


def test_unknown_words_are_named() -> None:
    found = match("adler xyzzy", CREW)
    assert found.found == () and found.unknown == ("xyzzy",)
    both_known = match("adler engel", CREW)  # each word is somewhere, never together
    assert both_known.found == () and both_known.unknown == ()


def test_matching_among_a_narrowed_list_first() -> None:
    among = list(match("12,7", MOVES).found)
    assert match("s", MOVES, among).found == (MOVES.index("YELLOW-1 moves 4 to 12,7 facing S"),)


def test_the_example_picks_its_choice_alone_and_is_never_a_bare_number() -> None:
    assert example(MOVES, 0) == "15,2 N"
    assert example(CREW, 0) == "adler"
    assert example(["go 109", "go 110"], 0) == "go 109"
    for i in range(len(MOVES)):
        query = example(MOVES, i)
        assert query is not None and match(query, MOVES).found == (i,)


MOVE_LABELS = [
    ChoiceLabel(path=("YELLOW-1", f"to {square}"), text=f"facing {facing}", place=square)
    for square in ("15,2", "14,1", "12,7")
    for facing in "NESW"
]
PENHALLOW = "Flt Lt Archibald Penhallow, pilot of Spitfire Mk I (Penhallow)"
CREW_LABELS = [
    ChoiceLabel(path=(PENHALLOW,), text="attack Bf 109 E3 (Adler) with 8x .303 Browning"),
    ChoiceLabel(path=(PENHALLOW,), text="attack Bf 110C (Engel) with 8x .303 Browning"),
    ChoiceLabel(path=(PENHALLOW,), text="escape the dogfight"),
    ChoiceLabel(
        path=("Plt Off Ravi Chandrasekhar, pilot/bombardier of Hurricane Mk II (Chandrasekhar)",),
        text="escape the dogfight",
    ),
    ChoiceLabel(text="End the turn"),
]


def test_a_label_is_said_as_its_path_then_its_text() -> None:
    assert spoken(MOVE_LABELS[0]) == "YELLOW-1 to 15,2 facing N"
    assert spoken(ChoiceLabel(text="End the turn")) == "End the turn"
    assert match("12,7 N", [spoken(m) for m in MOVE_LABELS]).found == (8,)


def test_group_heads_each_group_by_its_path_and_shares_the_innermost_line() -> None:
    """Mutation caught: grouping by words of a sentence instead of the label's path."""
    lines = group(list(enumerate(MOVE_LABELS, 1)))
    assert lines[0] == Line("YELLOW-1", (), 0)
    assert lines[1] == Line(
        "to 15,2", ((1, "facing N"), (2, "facing E"), (3, "facing S"), (4, "facing W")), 1
    )
    assert len(lines) == 4
    texts = [t for line in lines for t in line.texts()]
    assert [t for _, t in texts] == [spoken(m).removeprefix("YELLOW-1 ") for m in MOVE_LABELS]


def test_a_group_of_one_says_its_path_on_the_choices_line() -> None:
    lines = group(list(enumerate(CREW_LABELS, 1)))
    assert lines[0] == Line(PENHALLOW, (), 0)
    assert [n for line in lines for n, _ in line.items] == [1, 2, 3, 4, 5]
    alone = lines[-2]
    assert alone.header.startswith("Plt Off Ravi") and alone.items == ((4, "escape the dogfight"),)
    assert lines[-1] == Line("", ((5, "End the turn"),), 0)


def test_group_without_merging_gives_a_line_per_choice() -> None:
    lines = group(list(enumerate(MOVE_LABELS, 1)), merge=False)
    assert len(lines) == 1 + len(MOVE_LABELS)


ORDERS = [
    f"Fighter 1: {a}; Fighter 2: {b}"
    for a in ("Intercept", "Intercept and ram", "Disengage")
    for b in ("Intercept", "Intercept and ram", "Disengage")
]


def test_words_in_the_order_typed_go_first() -> None:
    found = match("1 intercept 2 disengage", ORDERS).found
    assert found == (ORDERS.index("Fighter 1: Intercept; Fighter 2: Disengage"),)
    assert match("1 disengage 2 intercept", ORDERS).found == (
        ORDERS.index("Fighter 1: Disengage; Fighter 2: Intercept"),
    )


def test_the_plain_choice_goes_before_the_ones_with_words_not_typed() -> None:
    in_no_order = match("2 intercept and ram 1 disengage", ORDERS).found  # both, narrowed
    assert [ORDERS[i] for i in in_no_order] == [
        "Fighter 1: Intercept and ram; Fighter 2: Disengage",
        "Fighter 1: Disengage; Fighter 2: Intercept and ram",
    ]
    assert match("1 disengage 2 intercept and ram", ORDERS).found == (
        ORDERS.index("Fighter 1: Disengage; Fighter 2: Intercept and ram"),
    )
    # "ram" is in several, none of them plainer than the others: the list narrows
    assert len(match("ram", ORDERS).found) == 5

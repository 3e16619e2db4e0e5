"""The choices list says "N more" only when at least two choices are hidden (issue 37,
item 6): a single hidden choice is shown instead, since the "1 more" line takes the row the
choice would. Mutation caught: ``_whole_if_one_left`` returning ``end`` unchanged (the
9-choice list then ends in "1 more")."""

from __future__ import annotations

from aerodrome.engine.capabilities import ChoiceLabel
from aerodrome.ui.choices import group
from aerodrome.ui.cli.prompt import PAGE, _whole_if_one_left


def lines_of(n: int) -> list:  # type: ignore[type-arg]
    return group([(i + 1, ChoiceLabel(path=(f"plane {i}",), text="stay")) for i in range(n)])


def test_a_single_hidden_choice_is_shown_instead_of_one_more() -> None:
    lines = lines_of(PAGE + 1)
    assert sum(len(line.items) for line in lines) == PAGE + 1
    assert _whole_if_one_left(lines, PAGE) == len(lines)


def test_two_hidden_choices_stay_behind_the_more_line() -> None:
    lines = lines_of(PAGE + 2)
    assert _whole_if_one_left(lines, PAGE) == PAGE
    assert _whole_if_one_left(lines, len(lines)) == len(lines)

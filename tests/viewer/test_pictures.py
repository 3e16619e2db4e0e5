"""Pictures stored as runs over shared pieces give back every picture byte for byte."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from aerodrome.runs.viewer.pictures import PictureBook, pieces

ELEMENTS = st.sampled_from(
    ['<rect x="1"/>', '<text x="2">A &amp; B</text>', "<g>", "</g>", "\n", "plain", ">", "<<"]
)
SVGS = st.lists(ELEMENTS, max_size=30).map(lambda parts: "<svg>" + "".join(parts) + "</svg>")


@given(st.lists(SVGS, min_size=1, max_size=12))
def test_every_picture_comes_back_identical(svgs: list[str]) -> None:
    book = PictureBook()
    numbers = [book.add(svg) for svg in svgs]
    for svg, number in zip(svgs, numbers, strict=True):
        assert book.picture(number) == svg
    assert len(book.runs) == len(set(svgs))  # each distinct picture once
    assert len(book.pieces) == len(set(book.pieces))  # each piece once


@given(st.text())
def test_pieces_join_back(text: str) -> None:
    assert "".join(pieces(text)) == text


def test_a_picture_that_changes_one_element_costs_a_few_numbers() -> None:
    board = "".join(f'<polygon points="{i}"/>' for i in range(300))
    book = PictureBook()
    first = book.add(f"<svg>{board}<use x='1'/></svg>")
    second = book.add(f"<svg>{board}<use x='2'/></svg>")
    assert book.runs[first] == [0, 303]
    assert book.runs[second] == [0, 301, 303, 1, 302, 1]  # the board reused, one new piece
    assert book.add(f"<svg>{board}<use x='1'/></svg>") == first

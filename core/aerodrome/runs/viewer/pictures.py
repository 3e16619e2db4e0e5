"""Pictures stored small: each distinct SVG once, split into pieces shared by every picture.

A replay of 1,000 actions with five views draws thousands of SVG pictures that differ in a
few elements (an aircraft moved, a counter changed). :class:`PictureBook` keeps every
distinct picture once, and every picture as *runs* over one table of pieces: an SVG is cut
after each ``>`` (one piece per tag, with the text before it), each distinct piece is stored
once, numbered in order of first appearance, and a picture is a list of
``[first piece, count]`` runs. The board drawn at the start becomes one long run that later
pictures reuse, so a picture that moved one aircraft costs a few numbers. The page joins the
pieces of the picture it shows, when it shows it.
"""

from __future__ import annotations

import re

#: Where a picture is cut: after every ``>`` (the pieces joined give back the picture).
_CUT = re.compile(r"(?<=>)")


def pieces(svg: str) -> list[str]:
    """``svg`` cut after every ``>``: ``"".join(pieces(svg)) == svg``."""
    return [p for p in _CUT.split(svg) if p]


class PictureBook:
    """Distinct pictures as runs over a shared table of pieces (see the module docstring).

    :attr:`pieces` is the table; :attr:`runs` holds, per picture number, the flat list
    ``[start, count, start, count, ...]``: picture ``n`` is the pieces ``start`` to
    ``start + count - 1`` of every run, in order.
    """

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self.runs: list[list[int]] = []
        self._piece: dict[str, int] = {}
        self._picture: dict[str, int] = {}

    def add(self, svg: str) -> int:
        """The number of ``svg`` in this book (added if it is new)."""
        found = self._picture.get(svg)
        if found is not None:
            return found
        number = self._picture[svg] = len(self.runs)
        self.runs.append(self._runs(svg))
        return number

    def _runs(self, svg: str) -> list[int]:
        table, index = self.pieces, self._piece
        runs: list[int] = []
        for piece in pieces(svg):
            n = index.get(piece)
            if n is None:
                n = index[piece] = len(table)
                table.append(piece)
            if runs and runs[-2] + runs[-1] == n:
                runs[-1] += 1
            else:
                runs += (n, 1)
        return runs

    def picture(self, number: int) -> str:
        """Picture ``number`` put back together (what the page's script does)."""
        runs, table = self.runs[number], self.pieces
        return "".join(
            "".join(table[start : start + count])
            for start, count in zip(runs[::2], runs[1::2], strict=True)
        )

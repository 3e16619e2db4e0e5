"""A play screen fits a terminal of 100 columns: every screen of a whole game of every ruleset
(on a pseudo-terminal 100 columns wide, a person against the bot, asking the odds and for
help) takes at most 50 rows, wrapped lines counted; ``?`` leaves its help on the screen (the
question and the choices follow it, not the board); and what the game printed holds no
internal id of a piece and no wrong plural (a scan of every line).

Mutations caught: the full picture on a play screen (``draw`` for ``draw_compact``), every
event printed instead of the last that fit, the board drawn again after ``?``, a page of 12
choices, ``1 Bursts`` in classic's question, df40k's dice naming ``imperial-fighter-2``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from tests.cli.play.games import play

#: The terminal: 100 columns; a screen is at most 50 rows of it.
COLUMNS, ROWS = 100, 50
GAMES = [
    ("classic", "two-player", 10),
    ("df40k", "first-blood", 13),
    ("victoriana", "11-group", 2),
    ("dockfighters", "aerial-dominance", 6),
]
#: An id of a piece (``imperial-fighter-2``, ``ork-heavy-bomber-1``): lower-case words and a
#: number joined by hyphens, which no sentence a person reads needs.
INTERNAL_ID = re.compile(r"\b[a-z]+(?:-[a-z]+)+-\d+\b")
#: A count of one with a plural noun (``1 kills``, ``1 scenarios``, ``1 Bursts``).
WRONG_PLURAL = re.compile(r"(?<![\d.,/+#-])\b1 ([A-Za-z]+(?<!s)s)\b(?! of)")
#: Words ending in s that follow "1" rightly: verbs ("1 takes"), or singular nouns.
RIGHT = {
    "is",
    "was",
    "has",
    "does",
    "makes",
    "takes",
    "wins",
    "fires",
    "begins",
    "intercepts",
    "shows",
    "hits",
    "loses",
    "gets",
    "goes",
    "plus",
    "bonus",
    "status",
    "less",
}


def rows(screen: str) -> int:
    return sum(max(1, -(-cell_len(line) // COLUMNS)) for line in screen.rstrip("\n").split("\n"))


def scan(text: str) -> list[str]:
    """Lines showing an internal id or a count of one with a plural noun."""
    bad = []
    for line in text.split("\n"):
        if INTERNAL_ID.search(line):
            bad.append(line)
        for m in WRONG_PLURAL.finditer(line):
            if m.group(1).lower() not in RIGHT:
                bad.append(line)
    return bad


@pytest.mark.parametrize(("ruleset", "setup", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_every_screen_fits_and_reads_well(
    ruleset: str, setup: str, seed: int, tmp_path: Path
) -> None:
    args = ["play", ruleset, "--setup", setup, "--seed", str(seed)]
    played = play(args, tty=True, seed=seed, look_at=None, odds=True, columns=COLUMNS, helped_at=2)
    assert played.terminal.code == 0, played.text[-3000:]
    assert "▶ Result: " in played.text
    tall = [(rows(s), s) for s in played.screens if rows(s) > ROWS]
    assert not tall, f"{len(tall)} screens over {ROWS} rows; the first:\n{tall[0][1]}"
    (helped,) = played.helped
    assert "How to choose" in helped and "▶ " in helped
    assert "──" not in helped, "? drew the board again: the help scrolls away"
    assert helped.index("How to choose") < helped.index("▶ ")
    bad = scan(played.text)
    assert not bad, "internal ids or wrong plurals:\n" + "\n".join(bad[:20])


def test_the_scan_finds_what_it_looks_for() -> None:
    assert scan("to hit: imperial-fighter-2 lascannon") and scan("imperium: 1 kills")
    assert scan("(4 entries, 1 scenarios)") and scan("RED-1 is attacked (tail, 1 Bursts)")
    assert not scan("Ork fighter 1 takes a hit; 1 success; 1 Burst; RED-1; 11 kills")

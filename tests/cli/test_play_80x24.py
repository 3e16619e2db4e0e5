"""``aerodrome play`` fits a terminal of 80 columns and 24 rows, for every ruleset (issue 37,
item 6): a person against the bot plays a whole game on a pseudo-terminal with ``COLUMNS=80
LINES=24``, and every screen printed before a prompt takes at most 24 rows (wrapped lines
counted), its picture at most 80 columns, and shows the person's own pieces wherever they are
on the board: the compact picture is cut to a window around them, with a line saying so
(``board`` shows the whole picture). The game is then replayed from its save to know, at
each of the person's decisions, how their pieces show (the ruleset's ``own_marks``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len

from aerodrome.engine.capabilities import Presentation, capability
from aerodrome.engine.game import Game
from aerodrome.plugins import load_plugins
from aerodrome.runs.saves import read_save, replay
from tests.cli.play.games import play

COLUMNS, ROWS = 80, 24
GAMES = [
    ("classic", "two-player", 10),
    ("df40k", "first-blood", 13),
    ("victoriana", "11-group", 2),
    ("dockfighters", "aerial-dominance", 6),
]


def rows(screen: str) -> int:
    return sum(max(1, -(-cell_len(line) // COLUMNS)) for line in screen.rstrip("\n").split("\n"))


def picture(screen: str) -> list[str]:
    """The lines of the screen's picture: from the rule (``──``) to the question (``▶``)."""
    lines = screen.split("\n")
    start = next((i for i, line in enumerate(lines) if line.startswith("──")), None)
    if start is None:
        return []
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("▶")), len(lines))
    return lines[start + 1 : end]


def asked_marks(save: Path) -> list[list[str]]:
    """The marks of seat 1's own pieces at each decision asked of it (more than one choice),
    in order, from the game's save played again."""
    game: Any = replay(read_save(save), load_plugins())
    shown: Any = capability(game.ruleset, Presentation)
    out: list[list[str]] = []
    again = Game(game.ruleset, game.setup, seed=game.seed)
    for player, action in game.history:
        if 0 in again.waiting_for() and player == 0 and len(again.legal_actions(0)) > 1:
            out.append(list(shown.own_marks(again.observation(0), 0)))
        again.apply(player, action)
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "setup", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_every_screen_fits_80_by_24_and_shows_your_pieces(
    ruleset: str, setup: str, seed: int, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    args = ["play", ruleset, "--setup", setup, "--seed", str(seed), "--save", str(save)]
    played = play(args, tty=True, seed=seed, look_at=None, columns=COLUMNS, env={"LINES": "24"})
    assert played.terminal.code == 0, played.text[-3000:]
    assert "▶ Result: " in played.text
    screens = played.screens[:-1]  # the last: the end, after the last prompt
    tall = [(rows(s), s) for s in screens if rows(s) > ROWS]
    assert not tall, f"{len(tall)} screens over {ROWS} rows; the first:\n{tall[0][1]}"
    wide = [line for s in screens for line in picture(s) if cell_len(line) > COLUMNS]
    assert not wide, wide[:3]
    marks = asked_marks(save)
    boards = [s for s in screens if picture(s)]  # a decision's first screen (the others:
    assert len(marks) == len(boards), (len(marks), len(boards))  # a narrowed list, more)
    cropped = 0
    for screen, own in zip(boards, marks, strict=True):
        drawn = "\n".join(picture(screen))
        cropped += "⋮ lines" in drawn
        if own:  # the person's pieces on the board: in view
            assert any(m in drawn for m in own), (own, screen)
    assert cropped or ruleset == "victoriana", "no screen was cut to fit: a picture this small?"

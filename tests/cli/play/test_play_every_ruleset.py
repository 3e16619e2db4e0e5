"""A person plays every ruleset to the end in the terminal, against its bot, typing only the
coordinates, names and words the screen shows (never a number of the list).

For each ruleset: a whole game on a pseudo-terminal (a bad answer refused at every decision,
the help, odds, board and log looked at, one decision taken back with ``undo``); and a game
on scripted stdin (pipes) stopped mid-game with ``q`` and finished with ``--resume``. Then:
the result is printed in words, every line of what happened that the person may see was
printed (the last action's too), the save replays byte-identically, and no line outside the
pictures of the board shows ``=``, ``(`` + a field name, ``player 0`` or ``cell 193``.

Set-ups and seeds are picked for short games (measured in the report of issue 14).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aerodrome.engine.capabilities import Odds, capability
from tests.cli.play.driver import scan
from tests.cli.play.games import (
    field_names,
    is_subsequence,
    play,
    printed_events,
    replayed,
    seen_lines,
)
from tests.conftest import PLUGINS

#: (ruleset, set-up, seed): short games against the bot.
GAMES = [
    ("joust", "duel", 4),
    ("victoriana", "skirmish", 1),
    ("df40k", "first-blood", 13),
    ("dockfighters", "aerial-dominance", 6),
    ("classic", "two-player", 10),
]
RULESETS = {name for name, _, _ in GAMES}


def test_every_ruleset_has_a_game_here() -> None:
    """A ruleset registered later needs a short game in GAMES (it would go untested)."""
    assert set(PLUGINS.ruleset_names()) <= RULESETS


def _check(texts: list[str], save: Path, humans: int = 0) -> None:
    data, game = replayed(save)
    assert game.is_over()
    whole = "\n".join(texts)
    assert "▶ Result: " in texts[-1]
    assert "· The game ends after" in texts[-1], "the last action's events were not printed"
    wanted = seen_lines(data, humans)
    assert is_subsequence(wanted, printed_events(whole)), "a line of what happened is missing"
    bad = scan(whole, field_names(game))
    assert not bad, "internal names on screen:\n" + "\n".join(bad[:20])


@pytest.mark.parametrize(("ruleset", "setup", "seed"), GAMES)
def test_a_whole_game_on_a_terminal_with_undo(
    ruleset: str, setup: str, seed: int, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    args = ["play", ruleset, "--setup", setup, "--seed", str(seed), "--save", str(save)]
    played = play(args, tty=True, seed=seed, undo_at=3, odds=True)
    assert played.terminal.code == 0, played.text[-3000:]
    if capability(PLUGINS.ruleset(ruleset), Odds) is not None:  # the joust gives none
        assert played.odds, "no choice of the game showed its odds"
    assert played.undone == 1 and played.refused >= played.decisions - 2
    data, _ = replayed(save)
    assert len(data.undone) == 1 and data.undone[0].actions
    assert data.seats is not None and data.seats[0] == "human" and "human" not in data.seats[1:]
    _check([played.text], save)


@pytest.mark.parametrize(("ruleset", "setup", "seed"), GAMES)
def test_scripted_stdin_stop_mid_game_and_resume(
    ruleset: str, setup: str, seed: int, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    args = ["play", ruleset, "--setup", setup, "--seed", str(seed), "--save", str(save)]
    first = play(args, tty=False, seed=seed + 1, quit_at=2, look_at=None)
    assert first.terminal.code == 0, first.text[-3000:]
    assert "the game is saved in" in first.text
    data, game = replayed(save)
    assert not game.is_over() and data.actions
    second = play(["play", "--resume", str(save)], tty=False, seed=seed + 2, look_at=None)
    assert second.terminal.code == 0, second.text[-3000:]
    assert f"Resuming {save}" in second.text
    _check([first.text, second.text], save)

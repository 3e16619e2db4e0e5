"""``aerodrome play`` on a pseudo-terminal: Ctrl-C keeps the game (the save written after
every action is whole at every prompt), colours are on in a terminal and off with
``NO_COLOR``, and the numbers of a long list are a keystroke away."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli.play.driver import Terminal, coloured, shown
from tests.cli.play.games import replayed


def _victoriana(save: Path, env: dict[str, str] | None = None) -> Terminal:
    args = ["play", "victoriana", "--setup", "skirmish", "--seed", "1", "--save", str(save)]
    return Terminal(args, tty=True, env=env)


def test_ctrl_c_keeps_the_game_and_every_prompt_has_a_whole_save(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    term = _victoriana(save)
    screen = shown(term.screen())
    for query in ("end the turn", "end the turn"):
        _, game = replayed(save)  # the autosave, while the game waits for a person
        assert not game.is_over() and screen.decision
        term.send(query)
        screen = shown(term.screen())
    before, _ = replayed(save)
    term.interrupt()
    assert term.finish() == 130
    assert "Interrupted: the game is saved in" in term.text
    assert f"aerodrome play --resume {save}" in term.text.replace("\n", "")
    after, game = replayed(save)
    assert after.actions == before.actions and len(after.actions) >= 2


def test_colours_in_a_terminal_and_none_with_no_color(tmp_path: Path) -> None:
    for env, expected in (({}, True), ({"NO_COLOR": "1"}, False)):
        term = _victoriana(tmp_path / "g.json", env)
        term.screen()
        term.send("q")
        assert term.finish() == 0
        assert coloured(term.raw) is expected, env


def test_a_long_list_shows_its_rest_on_enter(tmp_path: Path) -> None:
    term = Terminal(
        ["play", "classic", "--seed", "3", "--save", str(tmp_path / "g.json")], tty=True
    )
    first = shown(term.screen())
    found = re.search(r"\((\d+) choices\)$", first.decision)
    assert found is not None and first.more
    count = int(found.group(1))
    assert len(first.choices) < count
    seen = set(first.choices)
    while len(seen) < count:
        term.send("")
        seen |= set(shown(term.screen()).choices)
    assert seen == set(range(1, count + 1))
    term.send("q")
    assert term.finish() == 0

"""Whole games of ``aerodrome play`` for the tests: a :class:`~.driver.Person` answers every
decision on screen (after one bad answer, which must be refused in one line with the question
standing), takes a decision back, looks at the help, the odds, the board and the log, and
stops mid-game (``q`` or Ctrl-C) when told; what the game showed is kept for the checks."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from aerodrome.engine.describe import event_text
from aerodrome.engine.events import Event
from aerodrome.engine.game import Game
from aerodrome.runs.saves import SaveFile, read_save, replay, reseed, restarts, verify
from aerodrome.ui.cli import screen as play_screen
from tests.cli.play.driver import PROMPT_END, Person, Screen, Terminal, shown
from tests.conftest import PLUGINS

#: Bad answers and what the one-line refusal says; one at every decision, in turn.
BAD: tuple[tuple[str, str], ...] = (
    ("xyzzy", "is not a choice: no choice says xyzzy"),
    ("999", "is not a choice: the numbers go from 1 to"),
    ("12,99 qqq", "is not a choice"),
    ("odds xyzzy", "odds xyzzy: no choice matches"),
    ("0", "is not a choice: the numbers go from 1 to"),
)


@dataclass
class Played:
    """What a game showed: every screen, in order, and what the person did."""

    terminal: Terminal
    screens: list[str] = field(default_factory=list)
    decisions: int = 0
    typed: list[str] = field(default_factory=list)
    undone: int = 0
    refused: int = 0
    #: Odds shown, as ``(decision line, choice sentence, chances)``.
    odds: list[tuple[str, str, str]] = field(default_factory=list)
    #: What ``?`` printed (the help, then the question and its choices again).
    helped: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return self.terminal.text


def _answer(term: Terminal, person: Person, first: Screen, played: Played) -> str:
    """Choose on ``first`` by words (narrowing when they match several); the next screen."""
    screen = first
    for _ in range(10):
        number = person.pick(screen)
        query = person.words_for(screen, number)
        assert query is not None, (
            f"choice {number} cannot be told from the others by its words: {screen.choices}"
        )
        term.send(query)
        played.typed.append(query)
        reply = term.screen()
        played.screens.append(reply)
        if "choices match '" in reply and "\n▶ " not in reply and not term.ended:
            screen = shown(reply)
            assert screen.choices, reply
            continue
        return reply
    raise AssertionError(
        f"10 narrowings without a choice: {played.typed[-10:]}\n{played.screens[-1]}"
    )


def _refused(term: Terminal, bad: tuple[str, str], played: Played) -> None:
    term.send(bad[0])
    reply = term.screen()
    played.screens.append(reply)
    assert not term.ended, reply
    assert bad[1] in reply, f"{bad[0]!r} got: {reply!r}"
    assert "▶" not in reply and "·" not in reply.split("\n")[0], reply
    played.refused += 1


def _ask_odds(term: Terminal, current: Screen, played: Played) -> None:
    """``odds``: the chances of the choices that roll dice, next to them (or one line saying
    there are none); the question stands."""
    term.send("odds")
    reply = term.screen()
    played.screens.append(reply)
    assert not term.ended and "▶" not in reply, reply
    found = shown(reply).odds
    assert found or "No odds to show" in reply, reply
    for number, chances in found.items():
        assert number in current.choices or current.more, (number, reply)
        assert chances and "%" in chances, reply
        played.odds.append((current.decision, current.choices.get(number, ""), chances))


def _look_around(term: Terminal, played: Played) -> None:
    """The help (with the board and its legend and the choices again), the odds, the board,
    the log, the whole list and the next page: each answers and the question stands."""
    for command, expect in (
        ("?", "How to choose"),
        ("odds", ""),
        ("board", "──"),
        ("log 5", "lines of what happened"),
        ("list", ""),
        ("", ""),
    ):
        term.send(command)
        reply = term.screen()
        played.screens.append(reply)
        assert not term.ended and expect in reply, f"{command!r} got: {reply!r}"


def play(
    args: Sequence[str],
    *,
    tty: bool,
    seed: int,
    undo_at: int | None = None,
    quit_at: int | None = None,
    interrupt_at: int | None = None,
    look_at: int | None = 2,
    odds: bool = False,
    env: dict[str, str] | None = None,
    columns: int = 120,
    helped_at: int | None = None,
) -> Played:
    """Play ``aerodrome play ARGS`` to its end, or stop at decision ``quit_at`` (``q``) or
    ``interrupt_at`` (Ctrl-C); ``undo`` at decision ``undo_at``; ask the ``odds`` at every
    decision."""
    term = Terminal(args, tty=tty, env=env, columns=columns)
    played = Played(term)
    person = Person(seed)
    text = term.screen()
    played.screens.append(text)
    last_choices: dict[int, str] | None = None
    while not term.ended:
        current = shown(text)
        assert current.decision.startswith("▶ "), f"no decision on screen:\n{text[-2000:]}"
        played.decisions += 1
        k = played.decisions
        if k == quit_at:
            term.send("q")
            played.screens.append(term.screen())
            break
        if k == interrupt_at:
            term.interrupt()
            played.screens.append(term.screen())
            break
        if k == undo_at and last_choices is not None:
            term.send("undo")
            text = term.screen()
            played.screens.append(text)
            assert "↶ Undone" in text, text
            assert shown(text).choices == last_choices, "undo did not go back to the last decision"
            played.undone += 1
            last_choices = None
            continue
        _refused(term, BAD[k % len(BAD)], played)
        if odds:
            _ask_odds(term, current, played)
        if k == look_at:
            _look_around(term, played)
        if k == helped_at:
            term.send("?")
            reply = term.screen()
            played.screens.append(reply)
            played.helped.append(reply)
        last_choices = current.choices
        text = _answer(term, person, current, played)
    term.finish()
    return played


# -- what the game was -------------------------------------------------------------------------
def replayed(save: Path) -> tuple[SaveFile, Game[Any, Any, Any]]:
    """The save read back and replayed; raises unless its event log is byte-identical."""
    data = read_save(save)
    game = replay(data, PLUGINS, str(save))
    verify(data, game)
    return data, game


def seen_lines(data: SaveFile, viewer: int) -> list[str]:
    """The lines ``play`` prints for the kept line of ``data``, as it prints them: after each
    action, the new events ``viewer`` may see, worded with the view of that moment."""
    ruleset = PLUGINS.ruleset(data.ruleset)
    game = Game(ruleset, data.setup, data.seed, position=data.position)
    decode = _decoder(ruleset)
    seeds = restarts(data.undone)
    lines: list[str] = play_screen.event_lines(game, _visible(game.log, viewer), viewer)
    for i, saved in enumerate(data.actions):
        if i in seeds:
            reseed(game, seeds[i])
        before = len(game.log)
        game.apply(saved.player, msgspec.convert(saved.action, decode))
        lines += play_screen.event_lines(game, _visible(game.log[before:], viewer), viewer)
    return lines


def _visible(events: Sequence[Event], viewer: int) -> list[Event]:
    return [e for e in events if e.visible_to(viewer)]


def _decoder(ruleset: Any) -> Any:
    union: Any = ruleset.action_types[0]
    for t in ruleset.action_types[1:]:
        union = union | t
    return union


_EARLIER = re.compile(r"^… (1 earlier line|(\d+) earlier lines): log shows them$")


def printed_events(text: str) -> list[str | None]:
    """The lines of what happened (on pipes a line may follow the prompt it answered); a play
    screen shows the last events that fit, after a line counting the earlier ones (``log``
    shows them): each of those is a ``None`` here."""
    lines = (line.rpartition(PROMPT_END)[2] for line in text.split("\n"))
    out: list[str | None] = []
    for line in lines:
        if not line.startswith("· "):
            continue
        skipped = _EARLIER.match(line[2:])
        if skipped is None:
            out.append(line[2:])
        else:
            out.extend([None] * (int(skipped.group(2)) if skipped.group(2) else 1))
    return out


def is_subsequence(wanted: Sequence[str], got: Sequence[str | None]) -> bool:
    """Whether every line of ``wanted`` is in ``got``, in order (a ``None`` of ``got``: a line
    left out of the screen, standing for any one line)."""
    it = iter(got)
    return all(any(g is None or w == g for g in it) for w in wanted)


def field_names(game: Game[Any, Any, Any]) -> set[str]:
    """The names of the fields of the ruleset's actions, its observation and every event of
    the game: what must never show through as ``(name ...``."""
    names: set[str] = set()
    for t in game.ruleset.action_types:
        names.update(t.__struct_fields__)
    names.update(type(game.observation(None)).__struct_fields__)
    for e in game.log:
        names.update(type(e).__struct_fields__)
    return names


__all__ = ["BAD", "Played", "event_text", "field_names", "play", "printed_events", "replayed"]

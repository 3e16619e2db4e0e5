"""Drive ``aerodrome play`` as a person would: a process on a pseudo-terminal (or on pipes,
for scripted stdin), whose screen is read and answered line by line.

:class:`Terminal` starts the process and reads its output up to each prompt; :func:`shown`
reads the choices a screen shows back into ``{number: sentence}`` (undoing the grouped
layout); :class:`Person` picks a choice and types the fewest of its words that pick it alone
— a coordinate, a name — never its number; :func:`scan` finds internal names, reprs and
indices in every line that is not a picture of the board.
"""

from __future__ import annotations

import codecs
import contextlib
import fcntl
import os
import pty
import random
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PROMPT_END = "› "
#: Seconds a screen may take (a bot thinking, the first import of a ruleset).
TIMEOUT = 120.0

_ANSI = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[=>()][0-9A-Za-z]?"
)
_COLOUR = re.compile(r"\x1b\[[0-9;]*(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])(?:;[0-9;]*)?m")


def clean(text: str) -> str:
    """``text`` without escape sequences and carriage returns (what a person reads)."""
    return _ANSI.sub("", text).replace("\r", "")


def coloured(raw: str) -> bool:
    """Whether ``raw`` output sets a foreground or background colour."""
    return bool(_COLOUR.search(raw))


class Terminal:
    """``aerodrome ARGS`` with the test plugins, on a pseudo-terminal (``tty``) or pipes."""

    def __init__(
        self,
        args: Iterable[str],
        *,
        tty: bool,
        env: dict[str, str] | None = None,
        columns: int = 120,
        rows: int = 50,
    ) -> None:
        command = [sys.executable, "-m", "tests.cli.play.launch", *args]
        environment = dict(os.environ, COLUMNS=str(columns), LINES=str(rows), PYTHONUTF8="1")
        environment.pop("NO_COLOR", None)
        environment.update(env or {})
        self.tty = tty
        self.raw = ""
        self.text = ""
        self._read_to = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.code: int | None = None
        if tty:
            master, slave = pty.openpty()
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
            environment.setdefault("TERM", "xterm-256color")
            self.proc = subprocess.Popen(
                command,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                cwd=ROOT,
                env=environment,
                preexec_fn=_controlling_terminal,
                close_fds=True,
            )
            os.close(slave)
            self.fd = master
        else:
            self.proc = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                cwd=ROOT,
                env=environment,
                preexec_fn=_as_from_a_shell,
            )
            assert self.proc.stdout is not None
            self.fd = self.proc.stdout.fileno()

    # -- reading ----------------------------------------------------------------------------
    def _read(self, timeout: float) -> bool:
        """Read what is there within ``timeout``; ``False`` at the end of the output."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # a pseudo-terminal whose process has gone
            data = b""
        if not data:
            return False
        chunk = self._decoder.decode(data)
        self.raw += chunk
        self.text = clean(self.raw)
        return True

    def screen(self, timeout: float = TIMEOUT) -> str:
        """What appeared since the last screen, up to the next prompt or the end."""
        deadline = time.monotonic() + timeout
        while True:
            new = self.text[self._read_to :]
            if new.endswith(PROMPT_END):
                break
            left = deadline - time.monotonic()
            if left <= 0:
                self.kill()
                raise AssertionError(
                    f"no prompt within {timeout} s; the screen ends:\n{self.text[-3000:]}"
                )
            if not self._read(min(left, 1.0)) and self.proc.poll() is not None:
                while self._read(0.05):
                    if self.proc.poll() is not None and not select.select([self.fd], [], [], 0)[0]:
                        break
                self.code = self.proc.wait()
                break
        out = self.text[self._read_to :]
        self._read_to = len(self.text)
        return out

    @property
    def ended(self) -> bool:
        return self.code is not None

    # -- typing ---------------------------------------------------------------------------
    def send(self, line: str) -> None:
        data = (line + "\n").encode()
        if self.tty:
            os.write(self.fd, data)
        else:
            assert self.proc.stdin is not None
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        # the prompt just answered is not the next one
        self._read_to = len(self.text)

    def close_input(self) -> None:
        if self.tty:
            os.write(self.fd, b"\x04")
        else:
            assert self.proc.stdin is not None
            self.proc.stdin.close()

    def interrupt(self) -> None:
        """Ctrl-C: the terminal sends SIGINT (pipes: the signal itself).

        It waits a moment first: a SIGINT that lands between readline printing its prompt and
        waiting for input is noted by CPython but does not wake the wait (seen here under load:
        the process then sits at its prompt until the next key), a race no person's hand can
        hit but a test that presses Ctrl-C the instant the prompt shows can."""
        time.sleep(0.3)
        if self.tty:
            os.write(self.fd, b"\x03")
        else:
            self.proc.send_signal(signal.SIGINT)

    def finish(self, timeout: float = TIMEOUT) -> int:
        """Wait for the end; the exit code."""
        if self.code is None:
            self.screen(timeout)
            if self.code is None:
                self.kill()
                raise AssertionError(f"still running; the screen ends:\n{self.text[-3000:]}")
        self._close()
        return self.code

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            self.proc.kill()
        self.proc.wait()
        self._close()

    def _close(self) -> None:
        if self.tty:
            with contextlib.suppress(OSError):
                os.close(self.fd)
        elif self.proc.stdin is not None and not self.proc.stdin.closed:
            with contextlib.suppress(BrokenPipeError):
                self.proc.stdin.close()
        if self.proc.stdout is not None:
            self.proc.stdout.close()


def _as_from_a_shell() -> None:  # pragma: no cover - runs in the child
    """Ctrl-C as a person's shell leaves it: SIGINT handled by default and not blocked. A
    test run inherits whatever started it (a CI script run in the background ignores
    SIGINT; a pytest worker may hold it blocked), and both pass to the child through exec."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _controlling_terminal() -> None:  # pragma: no cover - runs in the child
    _as_from_a_shell()
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


# -- reading a screen back -------------------------------------------------------------------
_ITEM = re.compile(r"^( +)(\d+) (.*)$")
_ALTERNATIVE = re.compile(r"(\d+) (.+)")


@dataclass
class Screen:
    """A screen read back: the decision line (``▶ ...``), the choices shown, the odds shown,
    whether more choices are a keystroke away, and the lines of what happened."""

    decision: str = ""
    choices: dict[int, str] = field(default_factory=dict)
    odds: dict[int, str] = field(default_factory=dict)
    more: bool = False
    events: list[str] = field(default_factory=list)


def _depth(line: str, number: str | None = None) -> int:
    """The group depth of a laid-out line (see :func:`aerodrome.ui.cli.screen.choice_lines`): a
    heading is indented 2 + 3 per depth; a choice's number (right-aligned in 3 columns) by 2
    at depth 0, 5 at depth 1, 3 more per depth after."""
    lead = len(line) - len(line.lstrip(" "))
    if number is None:
        return max(0, (lead - 2) // 3)
    prefix = lead + len(number) - 3
    return 0 if prefix <= 2 else 1 + max(0, (prefix - 5) // 3)


def _item(line: str, headers: list[str]) -> list[tuple[int, str]]:
    """The choices of one line, each said whole: the headings above it, then its text (a line
    of alternatives ``to 14,1 facing N · 2 facing E`` gives each alternative the words of
    the line's own group: those before the first choice's text, which has as many words as
    every alternative's)."""
    m = _ITEM.match(line)
    assert m is not None
    first_number, rest = int(m.group(2)), m.group(3)
    prefix = " ".join(headers)
    prefix = f"{prefix} " if prefix else ""
    parts = rest.split(" · ")
    alternatives = [_ALTERNATIVE.fullmatch(p) for p in parts[1:]]
    if parts[1:] and all(alternatives):
        size = len(alternatives[0].group(2).split()) if alternatives[0] else 1
        head = " ".join(parts[0].split()[:-size])
        found = [(first_number, prefix + parts[0])]
        found += [
            (int(a.group(1)), f"{prefix}{head} {a.group(2)}".strip()) for a in alternatives if a
        ]
        return found
    return [(first_number, prefix + rest)]


def shown(text: str) -> Screen:
    """The screen in ``text`` read back (the choices of the last decision shown in it)."""
    screen = Screen()
    headers: list[str] = []
    odds = False
    for line in text.split("\n"):
        line = line.split(PROMPT_END)[-1] if PROMPT_END in line else line
        if line.startswith("▶ "):
            screen.decision, screen.choices, screen.more = line, {}, False
            headers = []
            continue
        if line.startswith("· "):
            screen.events.append(line[2:])
            continue
        if line.startswith("Exact chances"):
            odds = True
            continue
        m = _ITEM.match(line)
        if line.startswith("  ") and line.endswith(" …") and not line.lstrip().startswith("…"):
            depth = _depth(line)
            headers = [*headers[:depth], line.strip()[:-2]]
        elif m and odds:
            screen.odds[int(m.group(2))] = m.group(3).rpartition(" — ")[2]
        elif m:
            depth = _depth(line, m.group(2))
            headers = headers[:depth]
            screen.choices.update(_item(line, headers))
        else:
            odds = False
            if line.lstrip().startswith("… ") and "more" in line:
                screen.more = True
    return screen


# -- a person ---------------------------------------------------------------------------------
def _words(text: str) -> list[str]:
    return [w for w in (raw.strip("()[]:;,.!?\"'").lower() for raw in text.split()) if w]


def _rank(word: str) -> int:
    """Coordinates first, then names and other words; bare numbers last."""
    if any(c.isdigit() for c in word) and "," in word:
        return 0
    if word.isdigit():
        return 2
    return 1


def _in_order(typed: list[str], text: list[str]) -> bool:
    k = 0
    for word in text:
        if k < len(typed) and typed[k] == word:
            k += 1
    return k == len(typed)


class Person:
    """Picks among the choices on screen and types the fewest of the chosen sentence's words
    (as shown, in its order) that no other shown choice holds in that order — or, when no
    few words do, the whole sentence; never a number of the list."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def pick(self, screen: Screen, prefer: Callable[[str], bool] | None = None) -> int:
        numbers = sorted(screen.choices)
        liked = [n for n in numbers if prefer is not None and prefer(screen.choices[n])]
        return self.rng.choice(liked or numbers)

    def words_for(self, screen: Screen, number: int) -> str | None:
        """What to type for choice ``number``; ``None`` when another shown choice reads the
        same (a person could not tell them apart)."""
        sentence = screen.choices[number]
        own = _words(sentence)
        others = [_words(t) for n, t in screen.choices.items() if n != number]
        if any(o == own for o in others):
            return None
        counts = {w: sum(1 for o in others if w in o) for w in own}
        chosen: list[str] = []
        for word in sorted(dict.fromkeys(own), key=lambda w: (_rank(w), counts[w], own.index(w))):
            chosen.append(word)
            ordered = sorted(chosen, key=own.index)
            if not any(_in_order(ordered, o) for o in others):
                query = " ".join(ordered)
                return query if not query.isdigit() else sentence
        return sentence


# -- what must never be on screen ------------------------------------------------------------
def board_free(text: str) -> list[str]:
    """The lines of ``text`` that are not pictures of the board: a picture starts at a rule
    (``────``) and ends before the next line starting with ``▶``."""
    out: list[str] = []
    in_board = False
    for line in text.split("\n"):
        if line.startswith("──"):
            in_board = True
        elif line.startswith("▶ "):
            in_board = False
        if not in_board:
            out.append(line)
    return out


def forbidden(fields: Iterable[str]) -> re.Pattern[str]:
    """``=``, ``(`` followed by a field name and something more (``(player None``,
    ``(craft 0``; a word in brackets, ``(white)`` or ``(side, 2 Bursts)``, is English),
    ``player 0`` and ``cell 193``."""
    names = "|".join(sorted((re.escape(f) for f in set(fields)), key=len, reverse=True))
    parts = [r"=", r"\bplayer (?:\d|None)", r"\bcell \d"]
    if names:
        parts.append(rf"\(\s*(?:{names})\b(?![),])")
    return re.compile("|".join(parts))


def scan(text: str, fields: Iterable[str]) -> list[str]:
    """Every line (not of a board) with something a person should never read."""
    pattern = forbidden(fields)
    return [line for line in board_free(text) if pattern.search(line)]

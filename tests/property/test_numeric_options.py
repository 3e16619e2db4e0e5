"""Property (issue 27): every numeric option of every command, given any value, ends the
command with exit 0 or with one line ``aerodrome: error: ...`` and never a traceback; a value
outside the option's bounds (declared with ``typer.Option(min=, max=)``, or checked by the
command itself: :data:`CHECKED_BY_THE_COMMAND`) is refused by a line naming the option.

The options are found by walking the CLI's typer apps (plugins' commands included), so a new
numeric option is tested as soon as it exists, and :func:`test_every_numeric_option_is_bounded`
fails for one without bounds. The other arguments of each command make it stop soon after
its options are parsed (an unknown ruleset, a missing file or folder), so an accepted value
costs no long work."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.models import ArgumentInfo, OptionInfo

from tests.property.support import budget, tried
from tests.robustness.conftest import Outcome, cli_plugins, run_cli

#: Bounds a command checks itself (its domain depends on other options or specs).
CHECKED_BY_THE_COMMAND = {
    ("odds dockfighters attack", "--dice"): (0, 60),
    ("odds dockfighters attack", "--need"): (1, 12),
    ("odds classic attack", "--cards"): (0, 20),
    ("odds classic attack", "--burst"): (1, 5),
}
#: In-range values kept small where an accepted value means real work (exact odds of
#: exploding pools of 200 dice take seconds).
CHEAP = {"odds victoriana test": 12, "odds victoriana squadron-roll": 12}


@dataclass(frozen=True)
class Numeric:
    command: str
    option: str
    low: float | None
    high: float | None
    floating: bool

    def __str__(self) -> str:
        return f"{self.command} {self.option}"


def _commands(app: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    for c in app.registered_commands:
        yield " ".join((*path, c.name or c.callback.__name__.replace("_", "-"))), c.callback
    for g in app.registered_groups:
        yield from _commands(g.typer_instance, (*path, g.name))


def numeric_options() -> list[Numeric]:
    """Every int or float option of the CLI with its declared bounds."""
    from aerodrome.ui.cli import app, register_plugin_commands

    with cli_plugins():
        register_plugin_commands()
    found = []
    for command, fn in _commands(app):
        hints = typing.get_type_hints(fn, include_extras=True)
        for name in inspect.signature(fn).parameters:
            hint = hints[name]
            base, *meta = (
                typing.get_args(hint) if typing.get_origin(hint) is typing.Annotated else (hint,)
            )
            types = set(typing.get_args(base)) or {base}
            if not types & {int, float} or bool in types:
                continue
            info = next((m for m in meta if isinstance(m, OptionInfo | ArgumentInfo)), None)
            if info is None or not isinstance(info, OptionInfo):
                continue
            decls = [d for d in info.param_decls if d.startswith("--")]
            option = decls[0] if decls else "--" + name.replace("_", "-")
            low, high = CHECKED_BY_THE_COMMAND.get((command, option), (info.min, info.max))
            found.append(Numeric(command, option, low, high, float in types))
    return found


NUMERIC = numeric_options()


def _base(command: str, tmp: Path) -> list[str]:
    """Arguments that make ``command`` stop soon after parsing its options."""
    missing = str(tmp / "missing.json")
    return {
        "play": ["play", "nope"],
        "simulate": ["simulate", "nope"],
        "compare": ["compare", "nope"],
        "tournament": ["tournament", "nope"],
        "sweep": ["sweep", "nope", "--param", "x=1..2"],
        "sensitivity": ["sensitivity", "nope"],
        "train": ["train", "nope", "--out", str(tmp / "policy.json")],
        "replay": ["replay", missing],
        "campaign new": ["campaign", "new", str(tmp / "sq.json"), "--faction", "nope",
                         *["--pilot", "A"] * 4],
        "campaign scenario": ["campaign", "scenario", missing, "--against", missing],
        "campaign challenge": ["campaign", "challenge", missing, "2"],
        "campaign simulate": ["campaign", "simulate", "--out", str(tmp / "no" / "folder")],
        "odds df40k dogfight": ["odds", "df40k", "dogfight", "--attacker-df", "0",
                                "--defender-df", "0"],
        "odds victoriana test": ["odds", "victoriana", "test", "--white", "1", "--black", "1"],
        "odds victoriana squadron-roll": ["odds", "victoriana", "squadron-roll", "--white", "1",
                                          "--black", "1"],
        "odds dockfighters attack": ["odds", "dockfighters", "attack", "--dice", "1"],
        "odds classic attack": ["odds", "classic", "attack"],
        # a games folder under a file: refused before anything is served
        "serve": ["serve", "--games", str(Path(__file__) / "games")],
    }[command]  # fmt: skip


def test_every_numeric_option_is_found_and_bounded() -> None:
    """Mutation caught: a numeric option without bounds (``compare --ladder-games``, the
    campaign's seeds and ``replay --until`` had none: ``campaign new --seed 10**30`` wrote
    a squadron file that could not be read back)."""
    names = {str(n) for n in NUMERIC}
    assert {"simulate --games", "odds classic attack --cards", "campaign simulate --seed"} <= names
    unbounded = [str(n) for n in NUMERIC if n.low is None or n.high is None]
    assert not unbounded, unbounded
    for n in NUMERIC:  # every command has arguments that stop it early
        _base(n.command, Path("t"))


def _values(n: Numeric) -> st.SearchStrategy[str]:
    low, high = int(n.low or 0), int(n.high or 0)
    cheap = min(high, low + CHEAP[n.command]) if n.command in CHEAP else high
    edges = [low - 1, low, high, high + 1, -(10**30), 10**30, 2**63, -(2**63) - 1]
    texts = ["", "x", "1e9", "0x10", " 3", "nan", "inf", "-inf", "1.5", "[/b]", "\x1b[31m"]
    return st.one_of(
        st.sampled_from(edges).map(str),
        st.integers(low, cheap).map(str),
        st.integers(-(10**22), 10**22).map(str),
        st.sampled_from(texts),
        st.floats(allow_nan=True).map(repr) if n.floating else st.nothing(),
    )


def _outside(n: Numeric, text: str) -> bool:
    try:
        value = float(text) if n.floating else int(text)
    except ValueError:
        return False
    assert n.low is not None and n.high is not None
    return not n.low <= value <= n.high


def _settled(result: Outcome) -> None:
    assert "Traceback" not in result.err, result.err
    errors = [e for e in result.err.splitlines() if not e.startswith("aerodrome: warning: ")]
    assert result.code == 0 or (len(errors) == 1 and errors[0].startswith("aerodrome: error: "))
    assert "\x1b" not in result.err + result.out


@pytest.mark.parametrize("numeric", NUMERIC, ids=str)
def test_any_value_of_a_numeric_option(numeric: Numeric, tmp_path: Path) -> None:
    @budget(10)
    @given(_values(numeric))
    def check(value: str) -> None:
        tried(str(numeric))
        with cli_plugins():
            result = run_cli(*_base(numeric.command, tmp_path), numeric.option, value)
        _settled(result)
        if _outside(numeric, value):
            assert result.code != 0, (value, result.out[-300:])
            assert numeric.option in result.err, (value, result.err)

    check()

"""Robustness tests run the CLI in-process (``aerodrome.cli.main``) with the test plugins and
check what a user sees: an exit code and one line on stderr, never a traceback."""

from __future__ import annotations

import io
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass

import pytest

import aerodrome.plugins as plugins_module
from tests.conftest import PLUGINS


@dataclass
class Outcome:
    code: int
    out: str
    err: str

    def one_line_error(self, *fragments: str) -> None:
        """The run failed with one line on stderr naming every fragment, no traceback."""
        assert self.code != 0, self.out
        assert "Traceback" not in self.err, self.err
        lines = self.err.splitlines()
        assert len(lines) == 1, self.err
        assert lines[0].startswith("aerodrome: error: "), self.err
        for f in fragments:
            assert f in lines[0], (f, lines[0])


def run_cli(*args: str) -> Outcome:
    """``aerodrome ARGS`` in this process (unexpected exceptions propagate to the test)."""
    from aerodrome.cli import main

    out, err = io.StringIO(), io.StringIO()
    path, show = list(sys.path), warnings.showwarning
    try:
        with redirect_stdout(out), redirect_stderr(err), warnings.catch_warnings():
            try:
                main(list(args))
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.path[:] = path
        warnings.showwarning = show
    return Outcome(code, out.getvalue(), err.getvalue())


@contextmanager
def cli_plugins() -> Iterator[None]:
    """The test plugins (with the example ruleset) as the CLI's plugins, for a while."""
    saved = plugins_module._default
    plugins_module._default = PLUGINS
    try:
        yield
    finally:
        plugins_module._default = saved


@pytest.fixture(autouse=True)
def _test_plugins() -> Iterator[None]:
    with cli_plugins():
        yield

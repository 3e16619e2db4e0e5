"""Robustness tests run the CLI in-process (``aerodrome.ui.cli.main``) with the test plugins and
check what a user sees: an exit code and one line on stderr, never a traceback."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

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
    from aerodrome.ui.cli import main

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


def _openssl(*args: str) -> None:
    subprocess.run(["openssl", *args], check=True, capture_output=True, timeout=60)


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Two CAs, a server and a client certificate signed by the first (openssl)."""
    if shutil.which("openssl") is None:
        pytest.skip("no openssl here")
    d = tmp_path_factory.mktemp("pki")
    files: dict[str, Path] = {}
    for ca in ("ca", "other-ca"):
        files[ca], files[f"{ca}-key"] = d / f"{ca}.pem", d / f"{ca}.key"
        _openssl(
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", f"/CN={ca}",
            "-keyout", str(files[f"{ca}-key"]), "-out", str(files[ca]),
        )  # fmt: skip
    for name in ("server", "client"):
        key, csr, pem = d / f"{name}.key", d / f"{name}.csr", d / f"{name}.pem"
        _openssl(
            "req", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN={name}",
            "-keyout", str(key), "-out", str(csr),
        )  # fmt: skip
        _openssl(
            "x509", "-req", "-in", str(csr), "-CA", str(files["ca"]), "-CAkey",
            str(files["ca-key"]), "-CAcreateserial", "-out", str(pem), "-days", "2",
        )  # fmt: skip
        files[name], files[f"{name}-key"] = pem, key
    return files

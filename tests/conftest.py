"""Shared fixtures: the loaded plugins (every registered ruleset plus the example plugin)."""

from __future__ import annotations

import os
import random
import secrets
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import settings
from typer.testing import CliRunner

from aerodrome.engine.ruleset import Ruleset
from aerodrome.plugins import Plugins, load_plugins

# The suite never writes outside temporary folders: caches (classic's walk tables) go to one
# made for this run.
os.environ.setdefault("AERODROME_CACHE_DIR", tempfile.mkdtemp(prefix="aerodrome-test-cache-"))

# Hypothesis's 200 ms deadline is a timed test, which a loaded machine fails (a hex line took
# 433 ms once in CI, 0.14 ms again): speed is measured by the benchmarks, so no property test
# has a deadline. `nox` (the test command of README.md and CI) runs pytest with
# --hypothesis-profile=ci: every property test tries the same examples on every run, so CI
# never fails on a case no change brought. A hand-run `pytest` explores new examples each time
# (how the flaw of the df40k lock-step secrecy test was found).
settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True)
settings.load_profile("dev")

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "aerodrome-joust"
#: The second example, with a secret (docs/plugins.md, "A game with a secret").
SECRET_EXAMPLE = ROOT / "docs" / "examples" / "aerodrome-clouds"


def stderr_apart() -> CliRunner:
    """A CLI runner whose ``result.stdout`` holds stdout alone on every supported click: click
    before 8.2 (typer 0.15.4's, `nox -s minimums`) mixes stderr into it unless told not to,
    and has no ``result.stderr`` then; click 8.2 removed the option and always keeps both."""
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg, unused-ignore]
    except TypeError:
        return CliRunner()


def example_module() -> ModuleType:
    """The registration module of the example third-party ruleset ``aerodrome_joust``
    (docs/examples; the module its entry point names), importable; ``.Joust`` is its
    ruleset class."""
    if str(EXAMPLE) not in sys.path:
        sys.path.append(str(EXAMPLE))
    import aerodrome_joust.plugin

    return aerodrome_joust.plugin


def _plugins() -> Plugins:
    from aerodrome.plugins import entry_points

    installed = any(ep.name == "joust" for ep in entry_points())
    return load_plugins(extra=[] if installed else [("joust", example_module())])


PLUGINS = _plugins()

#: The modules of the suite's longest tests (5 to 65 s each on an idle machine:
#: ``pytest -n 2 --durations=40``), collected first: ``-n auto`` hands tests out in
#: collection order, so these start at once and the run never ends on one worker alone with
#: a page's commands (docs/compare.md's: 65 s; tests/test_docs_commands.py came last before).
LONG_FIRST = (
    "tests/test_docs_commands.py",
    "tests/browser/test_table_browser.py",
    "tests/cli/test_plugin_guide.py",
    "tests/core/test_verdicts.py",
    "tests/test_benchmarks.py",
    "tests/cli/test_sensitivity.py",
)


def long_rank(nodeid: str) -> int:
    """Where the test ``nodeid`` goes in the run: its module's place in :data:`LONG_FIRST`,
    after them all for any other module."""
    path = nodeid.partition("::")[0]
    return LONG_FIRST.index(path) if path in LONG_FIRST else len(LONG_FIRST)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of :data:`LONG_FIRST` first, in that order; the rest as collected."""
    items.sort(key=lambda item: long_rank(item.nodeid))


@pytest.fixture(autouse=True)
def fresh_seeds_from_a_fixed_stream(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A game a test starts without a seed (``play`` without ``--seed``, a table ``serve``
    starts, a learning environment reset without one) plays a seed drawn from a stream fixed
    for each test instead of the operating system's entropy, and the global ``random`` (and
    NumPy's global generator, once NumPy is imported) start each test from a fixed seed:
    what a library draws from them unseen (PettingZoo 1.24's ``parallel_api_test`` picks
    its actions with ``random.choice``) is the same on every run (issue 38;
    ``tests/test_unseeded.py``). Only the draws of the test's own process: a command run in a
    process of its own draws its own. The global generators are given back as they were."""
    stream = random.Random(38)
    monkeypatch.setattr(secrets, "randbelow", lambda n: stream.randrange(n))
    monkeypatch.setattr(secrets, "randbits", lambda k: stream.getrandbits(k))
    state = random.getstate()
    random.seed(38)
    numpy = sys.modules.get("numpy")
    saved = numpy.random.get_state() if numpy is not None else None
    if numpy is not None:
        numpy.random.seed(38)
    yield
    random.setstate(state)
    if numpy is not None:
        numpy.random.set_state(saved)


@pytest.fixture(scope="session")
def plugins() -> Plugins:
    return PLUGINS


#: Every ruleset the tests reach: the built-in ones and the example, by name.
RULESET_NAMES = tuple(PLUGINS.ruleset_names())


@pytest.fixture(params=RULESET_NAMES)
def ruleset(request: pytest.FixtureRequest) -> Ruleset[Any, Any, Any]:
    """Each ruleset in turn (a test taking ``ruleset`` runs once per ruleset, its id the
    ruleset's name): the one way a test that needs "a ruleset" reaches one, the instance
    the loaded plugins made (with its hooks, as a command gets it)."""
    found: Ruleset[Any, Any, Any] = PLUGINS.ruleset(request.param)
    return found

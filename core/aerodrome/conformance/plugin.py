"""The pytest plugin of the conformance kit (entry point ``pytest11``: ``aerodrome``).

``pytest --aerodrome-conformance=RULESET`` adds the kit's tests (:mod:`aerodrome.conformance.suite`)
to the run, parametrised over every set-up of RULESET (repeat the option, or give a comma
list; ``all`` means every registered ruleset). Options:

- ``--aerodrome-conformance-seeds=N``: play N seeds per check (default: 3 for the random
  playouts, 2 for the contracts, 1 for the rest);
- ``--aerodrome-conformance-tests=DIR``: the test folders read for clause coverage (default:
  ``testpaths`` of the pytest configuration, else the root folder).

A test module can run the kit itself: ``from aerodrome.conformance.suite import *`` and set
``AERODROME_CONFORMANCE`` (ruleset names or ``["all"]``), optionally ``AERODROME_PLUGINS``
(a :class:`~aerodrome.plugins.Plugins`, default: the installed plugins) and
``AERODROME_TESTS`` (test folders). The plugin also registers the ``clause`` marker.

Nothing here imports aerodrome's engine unless the kit runs: pytest loads this module in
every run of an environment where aerodrome is installed.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from aerodrome.plugins import Plugins

SUITE = Path(__file__).with_name("suite.py")
OPTION = "--aerodrome-conformance"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("aerodrome", "aerodrome conformance kit")
    group.addoption(
        OPTION,
        action="append",
        default=[],
        metavar="RULESET",
        help="run aerodrome's conformance kit over RULESET (repeatable or comma-separated; "
        "'all': every registered ruleset)",
    )
    group.addoption(
        "--aerodrome-conformance-seeds",
        type=int,
        default=None,
        metavar="N",
        help="seeds played per check of the kit (default: 3 for random playouts, 2 for "
        "contracts, 1 for the rest)",
    )
    group.addoption(
        "--aerodrome-conformance-tests",
        action="append",
        default=[],
        metavar="DIR",
        help="test folder read for the kit's clause coverage (repeatable; default: "
        "testpaths, else the root folder)",
    )


def requested(config: pytest.Config) -> list[str]:
    """The ruleset names given with ``--aerodrome-conformance``."""
    values: list[str] = config.getoption("aerodrome_conformance") or []
    return [n.strip() for v in values for n in v.split(",") if n.strip()]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "clause(*ids): the rule clause(s) of a rulebook this test checks"
    )
    if requested(config) and str(SUITE) not in config.args:
        config.args.append(str(SUITE))


def plugins_of(module: ModuleType | None) -> Plugins:
    """The plugins the kit checks: the module's ``AERODROME_PLUGINS``, else the installed."""
    found = getattr(module, "AERODROME_PLUGINS", None)
    if found is not None:
        return found  # type: ignore[no-any-return]
    from aerodrome.plugins import default_plugins

    return default_plugins()


def test_folders(config: pytest.Config, module: ModuleType | None) -> list[Path]:
    """The folders read for clause coverage."""
    given = getattr(module, "AERODROME_TESTS", None) or config.getoption(
        "aerodrome_conformance_tests"
    )
    if given:
        return [Path(p) for p in given]
    paths = [config.rootpath / p for p in config.getini("testpaths")]
    return [p for p in paths if p.is_dir()] or [config.rootpath]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    names = set(metafunc.fixturenames)
    if not names & {"aerodrome_case", "aerodrome_ruleset"}:
        return
    from aerodrome.conformance.playouts import cases
    from aerodrome.engine.errors import AerodromeError

    rulesets = getattr(metafunc.module, "AERODROME_CONFORMANCE", None) or requested(metafunc.config)
    plugins = plugins_of(metafunc.module)
    try:
        found = cases(plugins, rulesets)
    except AerodromeError as exc:
        raise pytest.UsageError(f"{OPTION}: {exc}") from None
    if "aerodrome_case" in names:
        metafunc.parametrize("aerodrome_case", found, ids=[c.id for c in found])
    else:
        rnames = list(dict.fromkeys(c.ruleset for c in found))
        metafunc.parametrize("aerodrome_ruleset", rnames)
    if "aerodrome_seed" in names:
        count = metafunc.config.getoption("aerodrome_conformance_seeds")
        if count is None:
            count = getattr(metafunc.function, "aerodrome_seeds", 1)
        metafunc.parametrize("aerodrome_seed", range(1, count + 1), ids=lambda s: f"seed{s}")


@pytest.fixture
def aerodrome_plugins(request: pytest.FixtureRequest) -> Any:
    """The :class:`~aerodrome.plugins.Plugins` whose rulesets the kit checks."""
    return plugins_of(request.module)


@pytest.fixture
def aerodrome_tests(request: pytest.FixtureRequest) -> list[Path]:
    """The test folders read for clause coverage."""
    return test_folders(request.config, request.module)

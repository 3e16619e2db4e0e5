"""Options shared by ``simulate``, ``compare`` and the other commands, with their bounds.

Bounds (documented in ``docs/security.md``): ``--games`` at most
:data:`~aerodrome.runs.parallel.MAX_GAMES` per configuration, ``--seed`` a signed 64-bit integer,
``--workers`` at most four per core, and a ``--dask`` address checked with its security
options by :func:`aerodrome.runs.cluster.dask_target` before any game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aerodrome.engine.data import ParamValue
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.overrides import MAX_SET_CHARS, MAX_SETS
from aerodrome.engine.parameters import spec_sets
from aerodrome.plugins import Plugins
from aerodrome.runs.cluster import DEFAULT_TIMEOUT, DaskTarget, dask_target
from aerodrome.runs.parallel import MAX_GAMES, max_workers

SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1

#: Games per configuration at most (see :data:`aerodrome.runs.parallel.MAX_GAMES`).
GAMES_MAX = MAX_GAMES
#: Seconds without any worker before a Dask run gives up (see :mod:`aerodrome.runs.cluster`).
TIMEOUT = DEFAULT_TIMEOUT

Seed = Annotated[
    int,
    typer.Option(min=SEED_MIN, max=SEED_MAX, help="Run seed; game i is seeded from (seed, i)."),
]
Workers = Annotated[
    int | None,
    typer.Option(
        "--workers",
        "-w",
        min=1,
        max=max_workers(),
        help="Worker processes (default: all cores; 1: this process).",
        show_default=False,
    ),
]
Dask = Annotated[
    str | None,
    typer.Option(
        "--dask",
        help="Run on a Dask cluster: tls://host:port (tcp:// only on this machine, or with "
        "--dask-insecure), or 'local' for a local one. A cluster runs code here: trust it "
        "(docs/security.md).",
        show_default=False,
    ),
]
DaskCa = Annotated[
    Path | None,
    typer.Option(
        "--dask-tls-ca-file",
        help="CA certificate to check the scheduler (PEM).",
        show_default=False,
    ),
]
DaskCert = Annotated[
    Path | None,
    typer.Option(
        "--dask-tls-cert", help="This client's TLS certificate (PEM).", show_default=False
    ),
]
DaskKey = Annotated[
    Path | None,
    typer.Option("--dask-tls-key", help="This client's TLS private key (PEM).", show_default=False),
]
DaskInsecure = Annotated[
    bool,
    typer.Option(
        "--dask-insecure",
        help="Accept a tcp:// scheduler on another machine (no encryption, no authentication).",
    ),
]
DaskTimeout = Annotated[
    float,
    typer.Option(
        "--dask-timeout",
        min=1,
        max=86_400,
        help="Give up when the cluster has had no worker for this many seconds.",
    ),
]


def dask_option(
    dask: str | None,
    ca: Path | None,
    cert: Path | None,
    key: Path | None,
    insecure: bool,
    timeout: float,
) -> DaskTarget | None:
    """The checked Dask target of the command's options (None: no Dask)."""
    if dask is None:
        tls = (("--dask-tls-ca-file", ca), ("--dask-tls-cert", cert), ("--dask-tls-key", key))
        for option, value in tls:
            if value is not None or insecure:
                raise AerodromeError(f"{option if value else '--dask-insecure'}: needs --dask")
        return None
    return dask_target(
        dask, tls_ca_file=ca, tls_cert=cert, tls_key=key, insecure=insecure, timeout=timeout
    )


SpecSet = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        metavar="PATH=VALUE",
        help="Change a number of the ruleset's spec files for this run, by its path: "
        "tables.base_to_hit=5, 'aircraft\\[name=\"Fw-802 E-1 Hawk\"].yellow=3', "
        "...reroll_hits=true, ...agility=high, or a named group of them: "
        "fighter-structure=150 (repeatable, "
        f"at most {MAX_SETS}, {MAX_SET_CHARS} characters each). Checked against the spec's "
        "types and "
        "bounds; recorded with every game and save. See docs/user-guide.md, "
        "'Changing spec numbers'.",
        show_default=False,
    ),
]


def with_sets(plugins: Plugins, ruleset: str, sets: list[str] | None) -> Plugins:
    """``plugins`` with the checked ``--set`` values of ``ruleset`` plugged in (its spec files
    read with them by its games, which record them); ``plugins`` itself without ``--set``."""
    values = spec_overrides(plugins, ruleset, sets)
    if not values:
        return plugins
    from aerodrome.plugins import load_plugins
    from aerodrome.runs.parallel import extra_plugins

    return load_plugins(extra_plugins(plugins), parameters=[(ruleset, v) for v in values])


def with_ruleset_sets(plugins: Plugins, sets: list[str] | None) -> Plugins:
    """``plugins`` with ``--set RULESET:PATH=VALUE`` values plugged in, for a command that
    plays every ruleset (``serve``); ``plugins`` itself without ``--set``."""
    if not sets:
        return plugins
    if len(sets) > MAX_SETS:
        raise AerodromeError(f"--set: given {len(sets)} times, at most {MAX_SETS}")
    by_ruleset: dict[str, list[str]] = {}
    for text in sets:
        ruleset, colon, rest = text.partition(":")
        if not colon or ruleset not in plugins.ruleset_names():
            raise AerodromeError(
                f"--set {text[:MAX_SET_CHARS]!r}: write RULESET:PATH=VALUE (e.g. "
                f"dockfighters:tables.base_to_hit=5); the rulesets: "
                + ", ".join(plugins.ruleset_names())
            )
        by_ruleset.setdefault(ruleset, []).append(rest)
    values = [(r, v) for r, texts in by_ruleset.items() for v in spec_overrides(plugins, r, texts)]
    from aerodrome.plugins import load_plugins
    from aerodrome.runs.parallel import extra_plugins

    return load_plugins(extra_plugins(plugins), parameters=values)


def spec_overrides(
    plugins: Plugins, ruleset: str, sets: list[str] | None
) -> tuple[ParamValue, ...]:
    """The checked ``--set`` values of ``ruleset`` (parameters named by spec paths, sorted);
    a one-line error naming the path and what is allowed otherwise."""
    if not sets:
        return ()
    return spec_sets(plugins.parameters(), ruleset, sets)

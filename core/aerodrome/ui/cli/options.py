"""Options shared by ``simulate`` and ``compare``, with their bounds.

Bounds (documented in ``docs/security.md``): ``--games`` at most
:data:`~aerodrome.runs.parallel.MAX_GAMES` per configuration, ``--seed`` a signed 64-bit integer,
``--workers`` at most four per core, and a ``--dask`` address checked with its security
options by :func:`aerodrome.runs.cluster.dask_target` before any game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aerodrome.engine.errors import AerodromeError
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

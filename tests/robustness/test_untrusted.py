"""Issue 19: untrusted code. Worker processes (the pool and ``--dask local``) never import a
module from the current directory, ``python -m aerodrome.ui.cli`` never loads a plugin from a
``*.dist-info`` there, and a Dask cluster that loses its only worker ends the run with a
one-line error naming the games not played (which a re-run then plays)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from aerodrome.engine.errors import AerodromeError
from aerodrome.plugins import Plugins
from aerodrome.runs.cluster import clean_start, dask_target
from aerodrome.runs.parallel import Config, Engine
from aerodrome.runs.results import ResultsFile

#: A module that shadows a standard one: it notes which process imported it, then hands over
#: to the real module (so that a process that does import it still works).
SHADOW = """
import os, sys
with open(os.environ["AERODROME_TEST_MARK"], "a") as f:
    f.write(f"{os.getpid()}\\n")
del sys.modules[__name__]
_here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here]
import importlib
_real = importlib.import_module(__name__)
sys.path.insert(0, _here)
sys.modules[__name__] = _real
globals().update(vars(_real))
"""


def _booby_trapped(folder: Path) -> dict[str, str]:
    for name in ("selectors", "pickle", "socket", "threading"):
        (folder / f"{name}.py").write_text(SHADOW)
    info = folder / "evil-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: evil\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[aerodrome]\nevil = evil_plugin\n")
    (folder / "evil_plugin.py").write_text(
        'import os\nopen(os.environ["AERODROME_TEST_MARK"], "a").write("plugin\\n")\n'
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSAFEPATH")}
    env["AERODROME_TEST_MARK"] = str(folder / "mark")
    return env


def _importers(folder: Path) -> list[str]:
    mark = folder / "mark"
    return mark.read_text().split() if mark.exists() else []


@pytest.mark.parametrize("backend", [["-w", "2"], ["-w", "2", "--dask", "local"]])
def test_workers_start_without_the_current_directory(tmp_path: Path, backend: list[str]) -> None:
    if "--dask" in backend:
        pytest.importorskip("distributed")
    env = _booby_trapped(tmp_path)
    proc = subprocess.Popen(
        [sys.executable, "-m", "aerodrome.ui.cli", "simulate", "df40k", "--agents", "random",
         "-n", "40", "-q", *backend],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    _out, err = proc.communicate(timeout=240)
    assert proc.returncode == 0, err
    # `python -m` itself puts the directory first while the interpreter starts (Python's
    # behaviour; `python -P` or the `aerodrome` script avoid it): only the main process may
    # have been fooled, never a worker.
    assert set(_importers(tmp_path)) <= {str(proc.pid)}, "a worker imported from the cwd"


def test_a_dist_info_in_the_current_directory_is_no_plugin(tmp_path: Path) -> None:
    env = _booby_trapped(tmp_path)
    proc = subprocess.run(
        [sys.executable, "-m", "aerodrome.ui.cli", "rulesets", "--json"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert '"evil"' not in proc.stdout and "plugin" not in _importers(tmp_path)


def test_clean_start_restores_the_path_and_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("PYTHONSAFEPATH", raising=False)
    before = list(sys.path)
    with clean_start():
        assert str(tmp_path) not in sys.path and "" not in sys.path
        assert os.environ["PYTHONSAFEPATH"] == "1"
    assert sys.path == before and "PYTHONSAFEPATH" not in os.environ


# -- a dead cluster ------------------------------------------------------------------------------
def test_a_cluster_that_loses_its_only_worker_times_out_naming_the_games(
    plugins: Plugins, tmp_path: Path
) -> None:
    distributed = pytest.importorskip("distributed")
    out = tmp_path / "games.jsonl"
    config = Config(
        ruleset="df40k", setup="first-blood", agents=("random", "random"), games=3_000, seed=3
    )
    with distributed.LocalCluster(
        n_workers=0, dashboard_address=":0", processes=True, host="127.0.0.1"
    ) as cluster:
        worker = subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", cluster.scheduler_address,
             "--nworkers", "1", "--nthreads", "1", "--no-nanny", "--no-dashboard"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            engine = Engine(
                plugins, workers=2, dask=dask_target(cluster.scheduler_address, timeout=3)
            )
            records = engine.run([config], out)
            got = [next(records) for _ in range(60)]  # the worker plays
            worker.send_signal(signal.SIGKILL)
            start = time.monotonic()
            with pytest.raises(
                AerodromeError,
                match=r"(no worker|no answer) for 3 s[^;]*; games not played: df40k first-blood "
                r"random,random games \d+–\d+",
            ):
                for rec in records:
                    got.append(rec)
            assert time.monotonic() - start < 60
        finally:
            worker.kill()
            worker.wait()
    assert 60 <= len(got) < config.games
    # resumable: every game yielded is in the file, sealed, once; a re-run plays the others
    with ResultsFile(out) as results:
        kept = sorted(r.index for r in results.records())
    assert kept == sorted(r.index for r in got) and len(set(kept)) == len(kept)


# -- the pool ------------------------------------------------------------------------------------
def test_a_pool_worker_warms_up_the_rulesets_of_the_run(plugins: Plugins) -> None:
    from aerodrome.runs.parallel import _WORKER_PLUGINS, Environment, plugin_sources, warm_worker

    env = Environment(sources=plugin_sources(plugins))
    _WORKER_PLUGINS.clear()
    warm_worker(
        env, (("joust", ((), ())), ("no-such-ruleset", ((), ())))
    )  # a bad name: no error here
    warmed = _WORKER_PLUGINS[(env.sources, ((), ()))]
    assert "joust" in warmed._instances  # built before the first chunk


def test_chunks_are_cut_per_configuration() -> None:
    from aerodrome.runs.parallel import Done, chunks

    slow = Config(ruleset="classic", setup="two-player", agents=("bot", "bot"), games=100, seed=1)
    fast = Config(ruleset="joust", setup="duel", agents=("random", "random"), games=10_000, seed=1)
    cut = list(chunks([slow, fast], Done([slow, fast]), None, 2))
    sizes = {c.config.ruleset: c.stop - c.start for c in cut}
    assert sizes == {"classic": 4, "joust": 50}  # 100 slow games: 25 chunks, not 2
    assert sum(c.stop - c.start for c in cut) == 10_100

"""Agent strength for issue 23: every pairing the issue asks for, >= 100 games over both
seatings on paired seeds, with won-lost-drawn, the share of decided games and its Wilson
95 % interval.

Run it niced in the background (it is long), writing the figures to a file::

    nice -n 10 python -m benchmarks.strength --out strength.json [--games 50] [--seed 2026]
        [--only df40k,victoriana] [--pairs search-bot,search-random,bot-bot,ladder]
        [--agent search:4800steps]

Pairings, in every built-in ruleset: ``search`` (its default budget) against the ruleset's
``bot`` and against ``random``; the bot against itself (its draws, for Dockfighters'
target); the skill ladder's adjacent pairs at compare's default (random → bot → the ladder's
search rung, :mod:`aerodrome.studies.ladder`). ``--games`` is games per seating: each pairing plays
the agent on every side in turn from the same game seeds (``derive_seed(seed, i)``), so the
two seatings are paired game by game. Draws and unfinished games are left out of the share.

The figures go to ``--out`` after every pairing (written whole, through a temporary file),
so a run stopped early keeps what it finished; a pairing already in the file is not played
again. ``--seed`` defaults to a range not used when the defaults were tuned (seeds 11 and 1):
figures reported from the tuning seeds would flatter the defaults.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.bench_search import BUILT_IN, _match

#: Report seeds (not those the defaults were tuned on).
SEED = 2026
#: Games per seating by default (100 a pairing).
GAMES = 50
PAIRS = ("search-bot", "search-random", "bot-bot", "ladder")


def pairings(
    name: str, pairs: tuple[str, ...], agent: str = "search"
) -> list[tuple[str, str, str]]:
    """(key, agent, other) for ruleset ``name``: the agent plays each side in turn;
    ``agent`` is the one the ``search-*`` pairings measure."""
    from aerodrome.studies.ladder import rungs

    out: list[tuple[str, str, str]] = []
    if "search-bot" in pairs:
        out.append((f"{agent} v bot", agent, "bot"))
    if "search-random" in pairs:
        out.append((f"{agent} v random", agent, "random"))
    if "bot-bot" in pairs:
        out.append(("bot v bot", "bot", "bot"))
    if "ladder" in pairs:
        ladder = rungs(True)
        for lower, upper in itertools.pairwise(ladder):
            out.append((f"ladder {lower.label}→{upper.label}", upper.name, lower.name))
    return out


def _write(path: Path, figures: dict[str, Any]) -> None:
    from aerodrome.engine.files import write_atomic

    write_atomic(path, json.dumps(figures, indent=1, sort_keys=True) + "\n", "--out")


HEADER = (
    "| ruleset | pairing (first agent on each side in turn) | games | won–lost–drawn "
    "| share of decided games [Wilson 95 %] | reading | wall s |\n|---|---|---|---|---|---|---|"
)


def line(name: str, key: str, f: dict[str, Any]) -> str:
    from aerodrome.engine.metrics import Estimate
    from aerodrome.studies.metrics.ladder import verdict

    share = f["decided_share"]
    reading = verdict(
        None
        if share is None
        else Estimate(
            value=share,
            low=f["interval"][0],
            high=f["interval"][1],
            n=f["wins"] + f["losses"],
            method="wilson",
        )
    )
    text = "—" if share is None else f"{share:.2f} [{f['interval'][0]:.2f}, {f['interval'][1]:.2f}]"
    n = f["wins"] + f["losses"] + f["draws"] + f["unfinished"]
    return (
        f"| {name} | {key} | {n} | {f['wins']}–{f['losses']}–{f['draws'] + f['unfinished']} "
        f"| {text} | {reading} | {f.get('wall_seconds', 0):.0f} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.strength")
    parser.add_argument("--out", type=Path, required=True, help="the figures (JSON)")
    parser.add_argument("--games", type=int, default=GAMES, help="games per seating")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--only", default=",".join(BUILT_IN), help="rulesets, by commas")
    parser.add_argument("--pairs", default=",".join(PAIRS), help="pairings, by commas")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--agent", default="search", help="the agent of the search-* pairings (default: search)"
    )
    parser.add_argument(
        "--table", action="store_true", help="print the figures of --out as a table, play nothing"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 100_000:
        parser.error("--games: 1 to 100,000 games per seating")
    from aerodrome.engine.errors import AerodromeError
    from aerodrome.engine.files import check_output

    try:
        out = check_output(args.out, "--out", regular=True, update=True)
    except AerodromeError as exc:
        parser.error(str(exc))
    figures: dict[str, Any] = json.loads(out.read_text()) if out.exists() else {}
    if args.table:
        print(HEADER)
        for tag, f in figures.items():
            name, key, *_ = tag.split(" | ")
            print(line(name, key, f))
        return 0
    pairs = tuple(p.strip() for p in args.pairs.split(",") if p.strip())
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    from aerodrome.plugins import load_plugins

    plugins = load_plugins()
    for name in names:  # a bad ruleset or agent is named before any game is played
        try:
            plugins.ruleset(name)
            plugins.agent(name, args.agent)
        except AerodromeError as exc:
            parser.error(f"--only {name} --agent {args.agent}: {exc}")
    for name in names:
        for key, agent, other in pairings(name, pairs, args.agent):
            tag = f"{name} | {key} | {args.games} | {args.seed}"
            if tag in figures:
                continue
            start = time.time()
            # a mirror's two seatings are one configuration: play it twice as long
            games = args.games * (2 if agent == other else 1)
            f = _match(name, agent, other, games, args.workers, args.seed)
            f["wall_seconds"] = round(time.time() - start, 1)
            figures[tag] = f
            _write(out, figures)
            print(line(name, key, f), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmarks of the df40k ruleset: full battles per second, odds queries, and the table of
set-ups in docs/rules/df40k.md (bot-vs-bot results of every set-up, 1,000 seeded battles
each, under the ruleset's reading and the ``fixed-first-player`` variant).

``nox -s bench`` calls every ``bench_*`` function and reports the figures it returns.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import Any

from aerodrome.engine.agents import agent_seed
from aerodrome.engine.dice import derive_seed
from aerodrome.plugins import load_plugins
from aerodrome.runs.sim import play_game

SETUP = "first-blood"


def _ruleset() -> Any:
    plugins = load_plugins()
    return plugins, plugins.ruleset("df40k")


def bench_bot_battles(
    battles: int = 2000, setup: str = SETUP, seed: int = 1, chunks: int = 4
) -> dict[str, float]:
    """Full battles, the rules-based bot on both sides, on one core (no event log kept).

    The battles run in ``chunks``; like ``timeit``, the figure is the best chunk's rate in
    CPU seconds of this process, which other processes' load disturbs least. The mean
    over all chunks (CPU and wall clock) is reported too.
    """
    plugins, ruleset = _ruleset()
    bot = plugins.agent("df40k", "bot")
    chosen = ruleset.setup(setup)
    per_chunk = max(1, battles // chunks)
    decisions = 0
    rates: list[float] = []
    start, cpu_start = time.perf_counter(), time.process_time()
    for c in range(chunks):
        cpu = time.process_time()
        for i in range(c * per_chunk, (c + 1) * per_chunk):
            game_seed = derive_seed(seed, i)
            agents = [bot.factory(ruleset, p, agent_seed(game_seed, p)) for p in (0, 1)]
            _, n = play_game(ruleset, chosen, game_seed, agents)
            decisions += n
        rates.append(per_chunk / max(time.process_time() - cpu, 1e-9))
    played = per_chunk * chunks
    return {
        "battles_per_second": round(max(rates), 1),
        "mean_battles_per_second": round(played / (time.process_time() - cpu_start), 1),
        "wall_battles_per_second": round(played / (time.perf_counter() - start), 1),
        "decisions_per_battle": round(decisions / played, 2),
        "battles": played,
    }


def bench_odds_queries(queries: int = 2000) -> dict[str, float]:
    """Exact dogfight odds: the first query of a situation (icepool) and a cached repeat."""
    from aerodrome_df40k import odds

    odds.margin_distribution.cache_clear()
    odds.outcome.cache_clear()
    start = time.perf_counter()
    odds.outcome(6, 7, 2)
    first_ms = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    for i in range(queries):
        odds.outcome(2 + i % 8, 2 + (i // 8) % 8, 1 + i % 3)
    per_query_ms = (time.perf_counter() - start) * 1000 / queries
    return {"first_query_ms": round(first_ms, 3), "mean_query_ms": round(per_query_ms, 4)}


DOC = Path(__file__).resolve().parent.parent / "docs" / "rules" / "df40k.md"
BEGIN, END = "<!-- bench_df40k.bench_setups: begin -->", "<!-- bench_df40k.bench_setups: end -->"


def setup_results(
    setup: str, games: int, seed: int = 1, variants: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Bot-vs-bot results of ``games`` seeded battles of ``setup`` (battle i seeded from
    (seed, setup, i))."""
    plugins = load_plugins(variants=variants)
    ruleset = plugins.ruleset("df40k")
    bot = plugins.agent("df40k", "bot")
    chosen = ruleset.setup(setup)
    sides = chosen.sides
    wins = dict.fromkeys(sides, 0)
    draws = capped = fought = dogfights = 0
    for i in range(games):
        game_seed = derive_seed(seed, setup, i)
        agents = [bot.factory(ruleset, p, agent_seed(game_seed, p)) for p in (0, 1)]
        game, _ = play_game(ruleset, chosen, game_seed, agents)
        result = game.result()
        capped += not result.finished
        for side in result.winners:
            wins[side] += 1
        draws += not result.winners
        n = result.engagements or 0
        dogfights += n
        fought += n > 0
    decided = sum(wins.values())
    return {
        "setup": setup,
        "sides": sides,
        "wins": [wins[s] for s in sides],
        "draws": draws,
        "capped": capped,
        "dogfights_per_battle": dogfights / games,
        "battles_with_dogfights": fought / games,
        "first_side_share": wins[sides[0]] / decided if decided else 0.5,
        "games": games,
    }


def table(rows: list[dict[str, Any]], fixed: dict[str, dict[str, Any]], printed: set[str]) -> str:
    """The markdown table of docs/rules/df40k.md."""
    out = [
        "| set-up | forces | side 1 wins | side 2 wins | draws | round cap | dogfights / battle "
        "| battles with a dogfight | side 1 share of decided | same, `fixed-first-player` |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        kind = "printed" if r["setup"] in printed else "stand-in"
        share, other = r["first_side_share"], fixed[r["setup"]]["first_side_share"]
        out.append(
            f"| `{r['setup']}` | {kind} | {r['sides'][0]} {r['wins'][0]} | {r['sides'][1]} {r['wins'][1]} "
            f"| {r['draws']} | {r['capped']} | {r['dogfights_per_battle']:.2f} "
            f"| {r['battles_with_dogfights']:.0%} | {share:.1%} | {other:.1%} |"
        )
    return "\n".join(out)


def write_table(text: str, doc: Path = DOC) -> None:
    """Put ``text`` between the markers of ``doc`` (written atomically)."""
    page = doc.read_text()
    head, rest = page.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    fd, tmp = tempfile.mkstemp(dir=doc.parent, prefix=".df40k-", suffix=".md")
    with os.fdopen(fd, "w") as f:
        f.write(f"{head}{BEGIN}\n{text}\n{END}{tail}")
    os.replace(tmp, doc)


def bench_setups(games: int = 1000, seed: int = 1, write: bool = True) -> dict[str, Any]:
    """Every set-up, ``games`` bot-vs-bot battles each, under the ruleset's reading and
    the ``fixed-first-player`` variant; writes the table of docs/rules/df40k.md."""
    from aerodrome_df40k.specs import builtin

    names = [s.name for s in builtin().setups]
    printed = {s.name for s in builtin().setups if not s.assumed}
    start = time.perf_counter()
    rows = [setup_results(n, games, seed) for n in names]
    fixed = {n: setup_results(n, games, seed, ("fixed-first-player",)) for n in names}
    elapsed = time.perf_counter() - start
    if write:
        write_table(table(rows, fixed, printed))
    figures: dict[str, Any] = {
        "games_per_setup": games,
        "battles_per_second": round(2 * games * len(names) / elapsed),
    }
    for r in rows:
        figures[f"{r['setup']}_side1_share"] = round(r["first_side_share"], 3)
        figures[f"{r['setup']}_draws"] = r["draws"]
        figures[f"{r['setup']}_dogfights"] = round(r["dogfights_per_battle"], 2)
    return figures


if __name__ == "__main__":
    print(bench_bot_battles())
    print(bench_odds_queries())
    print(bench_setups())

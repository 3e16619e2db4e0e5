"""Victoriana: full squadron battles per second with the bot on both sides, the exact odds of
the worked example's Squadron Roll (14 white against 15 black dice), and the balance table of
every set-up (bot against bot, 1,000 seeded games each) written into docs/rules/victoriana.md.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from aerodrome.engine.agents import agent_seed
from aerodrome.engine.dice import derive_seed
from aerodrome.plugins import load_plugins
from aerodrome.runs.sim import play_game


def _battles(setup_name: str, games: int) -> dict[str, Any]:
    from aerodrome_victoriana.bot import VictorianaBot

    ruleset = load_plugins().ruleset("victoriana")
    setup = ruleset.setup(setup_name)

    def run(start: int, n: int) -> tuple[int, int]:
        rounds = decisions = 0
        for i in range(start, start + n):
            seed = derive_seed(1, i)
            agents = [VictorianaBot(agent_seed(seed, p)) for p in (0, 1)]
            game, d = play_game(ruleset, setup, seed, agents)
            rounds += game.result().rounds
            decisions += d
        return rounds, decisions

    run(10_000, 100)  # warm the bot's cached odds
    gc.collect()  # start from a collected heap (garbage left by earlier benchmarks)
    start, cpu = time.perf_counter(), time.process_time()
    rounds, decisions = run(0, games)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "setup": setup_name,
        "games": games,
        "battles_per_second": round(games / elapsed),  # wall clock
        "battles_per_cpu_second": round(games / cpu),  # this process's CPU time
        "cpu_us_per_battle": round(cpu / games * 1e6),
        "mean_rounds": round(rounds / games, 2),
        "mean_decisions": round(decisions / games, 1),
        "decisions_per_cpu_second": round(decisions / cpu),
    }


def bench_bot_battles() -> dict[str, Any]:
    """Full squadron battles (the worked example's 9 against 12 aircraft, no named
    characters: the Squadron Roll decides everything), bot against bot, one core."""
    return _battles("11-group-squadrons", 1000)


def bench_bot_battles_with_characters() -> dict[str, Any]:
    """The worked example with PCs and NPCs acting in the Combat Phase (issue #18's target:
    at least 150 battles/s)."""
    return _battles("11-group", 1000)


def bench_odds_14_15() -> dict[str, Any]:
    """`aerodrome odds victoriana squadron-roll --white 14 --black 15`, cold and cached."""
    from aerodrome_victoriana import odds

    cold = []
    for _ in range(5):
        odds.clear_caches()
        start = time.perf_counter()
        result = odds.squadron_roll(14, 15)
        cold.append(time.perf_counter() - start)
    start = time.perf_counter()
    for _ in range(1000):
        odds.squadron_roll(14, 15)
    cached = (time.perf_counter() - start) / 1000
    return {
        "cold_ms": round(min(cold) * 1000, 2),
        "cold_ms_median": round(sorted(cold)[2] * 1000, 2),
        "cached_us": round(cached * 1e6, 3),
        "white_wins": round(result.white_wins, 6),
        "black_wins": round(result.black_wins, 6),
        "tie": round(result.tie, 6),
        "truncated_mass": result.truncated_mass,
    }


# -- the balance table of docs/rules/victoriana.md (issue #13) -------------------------------
DOC = Path(__file__).resolve().parent.parent / "docs" / "rules" / "victoriana.md"
BEGIN, END = (
    "<!-- balance table: begin (bench_victoriana.bench_balance) -->",
    "<!-- balance table: end -->",
)
BALANCE_GAMES = 1000


def balance(setup_name: str, games: int = BALANCE_GAMES) -> dict[str, Any]:
    """Bot against bot over ``games`` seeded games of one set-up: wins per side, draws,
    round-cap endings (the sortie's range and ammunition, or the set-up's round limit),
    engagements (Squadron Rolls and attacks) and rounds per game."""
    from aerodrome_victoriana.bot import VictorianaBot

    ruleset = load_plugins().ruleset("victoriana")
    setup = ruleset.setup(setup_name)
    sides = setup.sides
    wins = dict.fromkeys(sides, 0)
    draws = capped = engagements = rounds = 0
    for i in range(games):
        seed = derive_seed(1, i)
        agents = [VictorianaBot(agent_seed(seed, p)) for p in (0, 1)]
        game, _ = play_game(ruleset, setup, seed, agents)
        result = game.result()
        if result.winners:
            wins[result.winners[0]] += 1
        else:
            draws += 1
        capped += (not result.finished) or result.reason.startswith("out of range")
        engagements += result.engagements or 0
        rounds += result.rounds
    return {
        "setup": setup_name,
        "games": games,
        **{f"{side}_wins": n for side, n in wins.items()},
        "draws": draws,
        "round_cap": capped,
        "engagements_per_game": round(engagements / games, 1),
        "rounds_per_game": round(rounds / games, 2),
    }


def balance_table(rows: list[dict[str, Any]]) -> str:
    """The markdown table (stand-in set-ups are checked against 40-60 % per side)."""
    from aerodrome_victoriana import specs

    stand_in = {s.name: s.assumed for s in specs.setup_specs()}
    lines = [
        f"Bot against bot, {BALANCE_GAMES:,} seeded games per set-up "
        "(`python -m benchmarks victoriana.balance`, part of `nox -s bench`).",
        "",
        "| set-up | kind | first side wins | second side wins | draws | round-cap endings "
        "| engagements / game | rounds / game |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in rows:
        games = row["games"]
        first, second = (k for k in row if k.endswith("_wins"))
        share = [row[first] / games, row[second] / games]
        kind = "printed"
        if stand_in[row["setup"]]:
            matched = all(0.40 <= x <= 0.60 for x in share)
            kind = "stand-in, " + ("matched" if matched else "NOT matched (40-60 %)")
        lines.append(
            f"| `{row['setup']}` | {kind} "
            f"| {first.removesuffix('_wins')} {row[first]} ({share[0]:.1%}) "
            f"| {second.removesuffix('_wins')} {row[second]} ({share[1]:.1%}) "
            f"| {row['draws']} | {row['round_cap']} | {row['engagements_per_game']} "
            f"| {row['rounds_per_game']} |"
        )
    return "\n".join(lines)


def write_between_markers(path: Path, text: str) -> None:
    """Replace what lies between the balance-table markers of ``path``, atomically."""
    doc = path.read_text(encoding="utf-8")
    head, sep, rest = doc.partition(BEGIN)
    _, sep2, tail = rest.partition(END)
    if not (sep and sep2):
        raise SystemExit(f"{path}: the balance-table markers are missing")
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(f"{head}{BEGIN}\n{text}\n{END}{tail}")
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def bench_balance() -> dict[str, Any]:
    """Every set-up, bot against bot, 1,000 seeded games each; rewrites the balance table
    of docs/rules/victoriana.md."""
    from aerodrome_victoriana import specs

    rows = [balance(s.name) for s in specs.setup_specs()]
    write_between_markers(DOC, balance_table(rows))
    return {row["setup"]: {k: v for k, v in row.items() if k != "setup"} for row in rows}


def bench_bot_battles_cold() -> dict[str, Any]:
    """The first 100 battles of `11-group` in a fresh process (what a worker pays before its
    tables are warm), CPU seconds."""
    code = (
        "import time\n"
        "from aerodrome.engine.agents import agent_seed\n"
        "from aerodrome.engine.dice import derive_seed\n"
        "from aerodrome.plugins import load_plugins\n"
        "from aerodrome.runs.sim import play_game\n"
        "from aerodrome_victoriana.bot import VictorianaBot\n"
        "rs = load_plugins().ruleset('victoriana'); setup = rs.setup('11-group')\n"
        "start = time.process_time()\n"
        "for i in range(100):\n"
        "    seed = derive_seed(1, i)\n"
        "    play_game(rs, setup, seed, [VictorianaBot(agent_seed(seed, p)) for p in (0, 1)])\n"
        "print(time.process_time() - start)\n"
    )
    runs = []
    for _ in range(3):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
        runs.append(float(out.stdout.strip()))
    return {
        "setup": "11-group",
        "games": 100,
        "cpu_seconds_min": round(min(runs), 3),
        "battles_per_cpu_second_cold": round(100 / min(runs)),
    }

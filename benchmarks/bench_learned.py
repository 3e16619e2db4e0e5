"""Learned policies against the bot (issue 41, item 4): for each ruleset, ``aerodrome train``
on a step budget, then the policy against the ruleset's bot over ``games`` games, half in
each seating on the same game seeds (paired: game ``i`` of one seating has the dice of game
``i`` of the other). Reported: the steps and wall minutes of training, the policy's wins,
losses and draws (an unfinished game is a draw), and its share of the decided games with
Wilson's 95 % interval. The issue's goal: the interval's lower bound above ½ in every
ruleset, and at least 0.75 of decided games in Dogfight 40,000.

A step budget, not minutes, so that a run is the same policy on any machine (training is
seeded and single-threaded); the wall minutes say what the budget cost here. Needs the learn
group (sb3-contrib and PyTorch): without it the benchmark says it skipped.

``python -m benchmarks learned`` runs every ruleset (tens of minutes on 2 cores);
``AERODROME_LEARNED=df40k`` (comma-separated) keeps some.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Ruleset → (set-up, training steps). The budgets: docs/performance.md, "Learned policies".
BUDGETS: dict[str, tuple[str, int]] = {
    "df40k": ("first-blood", 200_000),
    "victoriana": ("", 100_000),
    "classic": ("", 50_000),
    "dockfighters": ("", 50_000),
}
#: Games against the bot per ruleset (half in each seating).
GAMES = 400
SEED = 1
#: The seed of the measured games (not the training seed: other games than it trained on).
PLAY_SEED = 101


@dataclass
class Duel:
    """The policy's results against the bot."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    seat_wins: tuple[int, ...] = ()
    seat_losses: tuple[int, ...] = ()

    @property
    def decided(self) -> int:
        return self.wins + self.losses


def duel(ruleset: Any, setup: Any, policy: str, games: int, seed: int = PLAY_SEED) -> Duel:
    """``policy`` (a policy file) against the bot in ``games`` games: ``games / seats`` in
    each seating of a two-seat set-up, the same game seeds in each."""
    from aerodrome.plugins import default_plugins
    from aerodrome.runs.sim import run_games

    plugins = default_plugins()
    seats = len(setup.seats)
    per_seat = -(-games // seats)
    out = Duel()
    wins = [0] * seats
    losses = [0] * seats
    for seat in range(seats):
        agents = ["bot"] * seats
        agents[seat] = f"policy:{policy}"
        side = setup.seats[seat].side
        for record in run_games(plugins, ruleset, setup, agents, per_seat, seed):
            result = record.result
            if not result.finished or not result.winners:
                out.draws += 1
            elif side in result.winners:
                out.wins += 1
                wins[seat] += 1
            else:
                out.losses += 1
                losses[seat] += 1
    out.seat_wins, out.seat_losses = tuple(wins), tuple(losses)
    return out


def measure(
    name: str,
    setup_name: str,
    steps: int,
    *,
    games: int = GAMES,
    seed: int = SEED,
    hyper: Any = None,
) -> dict[str, Any]:
    """Train ``name`` for ``steps`` and play the policy against the bot (see the module)."""
    from aerodrome.bridges.rl.train import Budget, Hyper, train
    from aerodrome.engine.metrics import wilson
    from aerodrome.plugins import default_plugins

    plugins = default_plugins()
    ruleset = plugins.ruleset(name)
    setup = ruleset.setup(setup_name or None)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / f"{name}.json"
        start = time.perf_counter()
        result = train(
            plugins,
            ruleset,
            setup,
            out=out,
            budget=Budget(steps=steps),
            seed=seed,
            hyper=hyper if hyper is not None else Hyper(),
        )
        minutes = (time.perf_counter() - start) / 60
        start = time.perf_counter()
        found = duel(ruleset, setup, str(out), games)
        play = time.perf_counter() - start
    share = wilson(found.wins, found.decided)
    steps_done = int(result.trained["steps"])
    return {
        "setup": setup.name,
        "steps": steps_done,
        "shaping": float(result.trained["shaping"]),
        "train_minutes": round(minutes, 1),
        # what a 10-minute budget buys on this machine now (the goal is 10 minutes)
        "steps_per_second": round(steps_done / max(minutes * 60, 1e-9), 1),
        "games": found.wins + found.losses + found.draws,
        "wins": found.wins,
        "losses": found.losses,
        "draws": found.draws,
        "seat_wins": list(found.seat_wins),
        "seat_losses": list(found.seat_losses),
        "share": None if share is None else round(share.value, 3),
        "low": None if share is None else round(share.low, 3),
        "high": None if share is None else round(share.high, 3),
        "play_seconds": round(play, 1),
    }


def bench_learned(*, games: int = GAMES) -> dict[str, Any]:
    """Every ruleset of :data:`BUDGETS` (or those ``AERODROME_LEARNED`` names)."""
    try:
        import sb3_contrib  # noqa: F401
        import torch  # noqa: F401
    except ImportError as exc:
        return {"skipped": f"the learn group is not installed ({exc.name}): docs/howto-rl.md"}
    from aerodrome.engine.errors import AerodromeError

    keep = [n for n in os.environ.get("AERODROME_LEARNED", "").split(",") if n]
    out: dict[str, Any] = {}
    for name, (setup, steps) in BUDGETS.items():
        if keep and name not in keep:
            continue
        try:
            out[name] = measure(name, setup, steps, games=games)
        except AerodromeError as exc:  # one ruleset's failure does not lose the others'
            out[name] = {"failed": str(exc)}
        print(f"learned {name}: {out[name]}", file=sys.stderr, flush=True)
    return out


def render_learned(figures: dict[str, Any]) -> str:
    if "skipped" in figures:
        return f"learned: {figures['skipped']}"
    lines = [
        "| ruleset | set-up | steps | wall minutes | games | W-L-D | share of decided [95 %] |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, f in figures.items():
        if not isinstance(f, dict):
            continue
        if "failed" in f:
            lines.append(f"| {name} | failed: {f['failed']} | | | | | |")
            continue
        share = "-" if f["share"] is None else f"{f['share']:.2f} [{f['low']:.2f}, {f['high']:.2f}]"
        lines.append(
            f"| {name} | {f['setup']} | {f['steps']:,} | {f['train_minutes']} | {f['games']} | "
            f"{f['wins']}-{f['losses']}-{f['draws']} | {share} |"
        )
    return "\n".join(lines)

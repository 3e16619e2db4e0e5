"""Decision quality against the bot: how much win chance an agent's choices add, position by
position, measured far more finely than by whole games.

A whole game turns on dozens of decisions and many dice, so 100 games tell two agents apart
only by several points. This benchmark looks at single decisions instead, in two steps:

``positions``
    plays bot-against-bot games of a ruleset's set-up and, at a share of the decisions with
    two legal actions or more, values the search's candidates there (the bot's ranking, its
    choice first: :func:`aerodrome.search.ranking.candidates`). Each candidate is played in
    the same ``--worlds`` worlds (the position determinised, the other players' answers to a
    simultaneous decision given by the bot), then every player is the bot to the end of the
    game: a candidate's *value* is the share of those games its side wins (draws: an even
    share). Positions where the first 20 worlds give every candidate the same result (a game
    already decided, or choices that change nothing) are left out.
``score``
    replays the bot games to each position and asks an agent ``--reps`` times (seeded
    apart) what it plays. Its *gain* is the value of its choice minus the value of the bot's
    choice, in win chance; the mean over positions comes with its standard error. The
    *oracle* is the mean of the best candidate's value minus the bot's: an upper bound, raised
    by the noise of the values.

By the performance difference lemma, an agent's gain over the bot in a whole game is the sum
of its gains along the game (advantages under the bot's play after it), so a mean gain per
position orders agents as their games would, with far fewer CPU seconds::

    cd /tmp && PYTHONPATH=/path/to/aerodrome python -m benchmarks.decision_gain positions \\
        --ruleset victoriana --games 6 --seed 9301 --out a.json    # games 0-5; and beside it
    ... positions --ruleset victoriana --games 6 --first 6 --seed 9301 --out b.json
    cd /tmp && PYTHONPATH=/path/to/aerodrome python -m benchmarks.decision_gain score \\
        a.json b.json --agent search --agent search:4800steps

Both write or print JSON; ``positions`` rewrites its file (through a temporary file) after
every game, so a stopped run keeps the games it finished.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from aerodrome.engine.agents import Agent, AgentFactory, PlayerView, agent_seed
from aerodrome.engine.dice import derive_seed
from aerodrome.engine.driver import drive
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.files import check_output, write_atomic
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Ruleset
from aerodrome.plugins import Plugins, load_plugins
from aerodrome.search.evaluation import rewards
from aerodrome.search.ranking import candidates

#: Candidates valued at each position (the search's default).
CANDIDATES = 8
#: Worlds after which a position whose candidates never differed is left out.
SCREEN = 20
MAX_GAMES = 10_000
MAX_WORLDS = 100_000


def _bots(
    ruleset: Ruleset[Any, Any, Any], bot: AgentFactory, n: int, game_seed: int
) -> list[Agent]:
    return [bot(ruleset, p, agent_seed(game_seed, p)) for p in range(n)]


def _bot_game(
    ruleset: Ruleset[Any, Any, Any], setup: Any, bot: AgentFactory, game_seed: int
) -> Iterator[tuple[int, PlayerView[Any, Any], Sequence[Any]]]:
    """The decisions of the bot-against-bot game of ``game_seed``, numbered: each is
    yielded (its step, the view of the player asked, the legal actions) before the bot
    answers it. Both commands replay the same games this way."""
    game = Game(ruleset, setup, game_seed)
    agents = _bots(ruleset, bot, len(setup.seats), game_seed)
    step = 0
    while not game.is_over():
        for p in game.waiting_for():
            view = PlayerView(game, p)
            legal = game.legal_actions(p)
            yield step, view, legal
            game.apply(p, agents[p].choose(view, legal))
            step += 1


def _world(
    view: PlayerView[Any, Any],
    ruleset: Ruleset[Any, Any, Any],
    bot: AgentFactory,
    seed: int,
) -> Game[Any, Any, Any]:
    """The position determinised, with the other players' answers to a simultaneous decision
    given by the bot."""
    game = view.determinised(seed, record=False)
    for p in game.waiting_for():
        if p != view.player:
            other = bot(ruleset, p, derive_seed(seed, "answer", p))
            game.apply(p, other.choose(PlayerView(game, p), game.legal_actions(p)))
    return game


def _value(
    world: Game[Any, Any, Any],
    ruleset: Ruleset[Any, Any, Any],
    bot: AgentFactory,
    player: int,
    action: Any,
    seed: int,
) -> float:
    game = world.clone()
    game.apply(player, action)
    drive(game, _bots(ruleset, bot, len(game.setup.seats), seed))
    return rewards(game)[player]


def positions(
    plugins: Plugins,
    name: str,
    setup_name: str | None,
    games: range,
    seed: int,
    worlds: int,
    share: float,
    out: Path,
) -> list[dict[str, Any]]:
    """Value the candidates at a ``share`` of the decisions of the bot games numbered
    ``games`` (see the module docstring); the positions are written to ``out`` after every
    game."""
    ruleset = plugins.ruleset(name)
    setup = ruleset.setup(setup_name) if setup_name else ruleset.setup()
    bot = plugins.agent(name, "bot").factory
    rows: list[dict[str, Any]] = []
    for g in games:
        pick = random.Random(derive_seed(seed, "positions", g))
        for step, view, legal in _bot_game(ruleset, setup, bot, derive_seed(seed, g)):
            if len(legal) > 1 and pick.random() < share:
                row = _position(view, legal, ruleset, bot, pick, worlds)
                if row is not None:
                    p = view.player
                    row.update(game=g, step=step, player=p, side=setup.seats[p].side)
                    rows.append(row)
        data = {"ruleset": name, "setup": setup.name, "seed": seed, "positions": rows}
        write_atomic(out, json.dumps(data, indent=1) + "\n", "--out")
        print(
            f"game {g} ({games.start}-{games.stop - 1}): {len(rows)} positions",
            file=sys.stderr,
            flush=True,
        )
    return rows


def _position(
    view: PlayerView[Any, Any],
    legal: Sequence[Any],
    ruleset: Ruleset[Any, Any, Any],
    bot: AgentFactory,
    pick: random.Random,
    worlds: int,
) -> dict[str, Any] | None:
    ranker = bot(ruleset, view.player, pick.getrandbits(62))
    found = candidates(ranker, view, legal, pick, CANDIDATES)
    if len(found) < 2:
        return None
    values: list[list[float]] = [[] for _ in found]
    for w in range(worlds):
        seed = pick.getrandbits(62)
        world = _world(view, ruleset, bot, seed)
        for c, action in enumerate(found):
            values[c].append(_value(world, ruleset, bot, view.player, action, seed))
        if w + 1 == SCREEN and all(len({v[i] for v in values}) == 1 for i in range(SCREEN)):
            return None  # every candidate alike in every world: nothing to choose
    return {
        "kind": str(view.decision.kind) if view.decision is not None else "",
        "candidates": [repr(a) for a in found],
        "values": [sum(v) / len(v) for v in values],
        "worlds": len(values[0]),
    }


def score(plugins: Plugins, data: dict[str, Any], agent: str, reps: int) -> dict[str, Any]:
    """The mean gain of ``agent``'s choices over the bot's at the positions of ``data``."""
    name, seed = data["ruleset"], data["seed"]
    ruleset = plugins.ruleset(name)
    setup = ruleset.setup(data["setup"])
    bot = plugins.agent(name, "bot").factory
    factory = plugins.agent(name, agent).factory
    by_game: dict[int, dict[int, dict[str, Any]]] = {}
    for row in data["positions"]:
        by_game.setdefault(row["game"], {})[row["step"]] = row
    gains: list[float] = []  # one per position: the mean over the reps
    oracle: list[float] = []
    off = outside = asked = 0
    for g, wanted in sorted(by_game.items()):
        last = max(wanted)
        for step, view, legal in _bot_game(ruleset, setup, bot, derive_seed(seed, g)):
            row = wanted.get(step)
            if row is not None:
                values = row["values"]
                index = {text: i for i, text in enumerate(row["candidates"])}
                oracle.append(max(values) - values[0])
                got = []
                for r in range(reps):
                    me = factory(ruleset, view.player, derive_seed(seed, "score", g, step, r))
                    i = index.get(repr(me.choose(view, legal)))
                    asked += 1
                    if i is None:
                        outside += 1
                        continue
                    off += i != 0
                    got.append(values[i] - values[0])
                if got:
                    gains.append(sum(got) / len(got))
            if step >= last:
                break
    n = len(gains)
    mean = sum(gains) / n if n else 0.0
    error = math.sqrt(sum((x - mean) ** 2 for x in gains) / (n - 1) / n) if n > 1 else math.inf
    return {
        "agent": agent,
        "positions": n,
        "mean_gain": round(mean, 5),
        "standard_error": round(error, 5),
        "oracle": round(sum(oracle) / len(oracle), 5) if oracle else 0.0,
        "off_the_bot": round(off / asked, 3) if asked else 0.0,
        "outside_the_candidates": outside,
    }


FIELDS = ("ruleset", "setup", "seed", "positions")


def _read(parser: argparse.ArgumentParser, paths: Sequence[Path]) -> dict[str, Any]:
    """The positions of ``paths`` together (files of one ruleset, set-up and seed, e.g. two
    ranges of games); a file that is not one is a usage error naming it."""
    merged: dict[str, Any] | None = None
    for path in paths:
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError) as exc:
            parser.error(f"{path}: not a positions file ({exc})")
        if not isinstance(data, dict) or any(f not in data for f in FIELDS):
            parser.error(f"{path}: not a positions file (fields {', '.join(FIELDS)})")
        if merged is None:
            merged = data
        elif any(data[f] != merged[f] for f in FIELDS[:3]):
            parser.error(f"{path}: another ruleset, set-up or seed than {paths[0]}")
        else:
            merged["positions"] = merged["positions"] + data["positions"]
    assert merged is not None
    return merged


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.decision_gain")
    sub = parser.add_subparsers(dest="command", required=True)
    pos = sub.add_parser("positions", help="value the candidates at positions of bot games")
    pos.add_argument("--ruleset", required=True)
    pos.add_argument("--setup", default=None, help="default: the ruleset's default set-up")
    pos.add_argument("--games", type=int, default=12)
    pos.add_argument("--first", type=int, default=0, help="the first game's number")
    pos.add_argument("--seed", type=int, default=9301)
    pos.add_argument("--worlds", type=int, default=300, help="worlds a position")
    pos.add_argument("--share", type=float, default=0.3, help="share of decisions valued")
    pos.add_argument("--out", type=Path, required=True)
    sc = sub.add_parser("score", help="an agent's mean gain over the bot at those positions")
    sc.add_argument("positions", type=Path, nargs="+", help="files of one ruleset and seed")
    sc.add_argument("--agent", action="append", required=True, help="repeat for several")
    sc.add_argument("--reps", type=int, default=3, help="choices asked a position")
    args = parser.parse_args(argv)
    plugins = load_plugins()
    try:
        if args.command == "positions":
            if not 1 <= args.games <= MAX_GAMES or not 0 <= args.first <= MAX_GAMES:
                parser.error(f"--games: 1 to {MAX_GAMES:,}; --first: 0 to {MAX_GAMES:,}")
            if not SCREEN <= args.worlds <= MAX_WORLDS:
                parser.error(f"--worlds: {SCREEN} to {MAX_WORLDS:,}")
            if not 0 < args.share <= 1:
                parser.error("--share: above 0, at most 1")
            out = check_output(args.out, "--out", regular=True, update=True)
            positions(
                plugins,
                args.ruleset,
                args.setup,
                range(args.first, args.first + args.games),
                args.seed,
                args.worlds,
                args.share,
                out,
            )
            return 0
        if not 1 <= args.reps <= 1000:
            parser.error("--reps: 1 to 1,000")
        data = _read(parser, args.positions)
        for agent in args.agent:
            plugins.agent(data["ruleset"], agent)  # every name checked before any work
        for agent in args.agent:
            print(json.dumps(score(plugins, data, agent, args.reps)), flush=True)
    except AerodromeError as exc:
        parser.error(str(exc))
    return 0


if __name__ == "__main__":
    sys.exit(main())

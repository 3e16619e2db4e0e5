"""Golden games: digests of seeded games per ruleset, set-up and agent pairing, and
perft-style legal-action counts of every position file.

A refactor or an optimisation must play identical games: same actions, same ruleset events,
same dice, same result. ``python -m tests.golden`` rewrites ``games.json``; do that only in a
commit that changes the rules (or an agent) on purpose, and say so in its message.

The digest leaves out the core's sequencing events (round and phase markers), so that the
turn sequencer can change without changing "the game"; everything a rule decides is in it,
with every answer as the log holds it: the typed action and who may see it (``seen_by``,
from the decision's ``reveal``). Until issue 22 the answers were sentences and were left
out; they went in when the log became typed (see CHANGELOG.md).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import msgspec

from aerodrome.engine.agents import agent_seed
from aerodrome.engine.driver import drive
from aerodrome.engine.events import PhaseStarted, RoundStarted
from aerodrome.engine.game import Game
from aerodrome.plugins import Plugins

FILE = Path(__file__).with_name("games.json")
PERFT_FILE = Path(__file__).with_name("perft.json")
ROOT = Path(__file__).resolve().parents[2]
#: perft goes one decision deeper while the count stays within this many leaves.
PERFT_LEAVES = 5000
SEEDS = (1, 2)
#: Agent pairings played for every set-up (a ruleset without a ``bot`` plays random only).
PAIRINGS = ("random", "bot")
_SKIP = (RoundStarted, PhaseStarted)


def digest(game: Game) -> str:
    """The SHA-256 of what the rules decided in ``game``."""
    h = hashlib.sha256()
    enc = msgspec.json.encode
    for player, action in game.history:
        h.update(b"A%d:" % player + enc(action) + b"\n")
    for event in game.log:
        if not isinstance(event, _SKIP):
            h.update(enc(event) + b"\n")
    h.update(enc(game.result()))
    return h.hexdigest()


def play(plugins: Plugins, ruleset: str, setup: str, agent: str, seed: int) -> Game:
    rs = plugins.ruleset(ruleset)
    spec = plugins.agent(ruleset, agent)
    seats = rs.setup(setup)
    game = Game(rs, seats.with_bots(range(len(seats.seats)) if spec.bot_rules else ()), seed)
    agents = [spec.factory(rs, p, agent_seed(seed, p)) for p in range(len(game.setup.seats))]
    drive(game, agents)
    return game


def cases(plugins: Plugins) -> list[tuple[str, str, str, int]]:
    out = []
    for name in plugins.ruleset_names():
        agents = plugins.agents_for(name)
        for setup in plugins.ruleset(name).setups():
            for agent in PAIRINGS:
                if agent in agents:
                    out.extend((name, setup.name, agent, seed) for seed in SEEDS)
    return out


def key(case: tuple[str, str, str, int]) -> str:
    return "/".join(map(str, case))


def compute(plugins: Plugins) -> dict[str, str]:
    return {key(c): digest(play(plugins, *c)) for c in cases(plugins)}


def position_files() -> list[Path]:
    """Every position file shipped with the project (specs and docs examples)."""
    return sorted(ROOT.glob("specs/*/positions/*.toml")) + sorted(
        ROOT.glob("docs/examples/positions/*.toml")
    )


def perft(game: Game, depth: int) -> int:
    """Leaves of the decision tree ``depth`` answers deep (chess's perft; one owing player
    answers at a time; dice follow the game's seed)."""
    if depth == 0 or game.is_over():
        return 1
    player = game.waiting_for()[0]
    total = 0
    for action in game.legal_actions(player):
        child = game.clone()
        child.apply(player, action)
        total += perft(child, depth - 1)
    return total


def perft_counts(plugins: Plugins, path: Path, depths: int | None = None) -> list[int]:
    """perft at depth 1, 2, ... (``depths`` of them, or until a count exceeds
    :data:`PERFT_LEAVES`)."""
    from aerodrome.runs.saves import game_from_position, read_position

    game = game_from_position(read_position(path), plugins, str(path))
    counts: list[int] = []
    while depths is None or len(counts) < depths:
        if (
            depths is None
            and counts
            and (counts[-1] * counts[0] > PERFT_LEAVES or len(counts) >= 4)
        ):
            break  # the next depth would be too slow for the test suite
        counts.append(perft(game, len(counts) + 1))
    return counts


def perft_key(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def main() -> int:
    from tests.conftest import PLUGINS

    FILE.write_text(json.dumps(compute(PLUGINS), indent=1, sort_keys=True) + "\n")
    perfts = {perft_key(p): perft_counts(PLUGINS, p) for p in position_files()}
    PERFT_FILE.write_text(json.dumps(perfts, indent=1, sort_keys=True) + "\n")
    print(f"wrote {FILE} and {PERFT_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

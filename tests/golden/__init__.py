"""Golden games: digests of seeded games per ruleset, set-up and agent pairing.

A refactor or an optimisation must play identical games: same actions, same ruleset events,
same dice, same result. ``python -m tests.golden`` rewrites ``games.json``; do that only in a
commit that changes the rules (or an agent) on purpose, and say so in its message.

The digest leaves out the core's sequencing events (round and phase markers) and the
action sentences, so that the turn sequencer and the descriptions can change without
changing "the game"; everything a rule decides is in it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import msgspec

from aerodrome.agents import agent_seed, play_out
from aerodrome.events import ActionTaken, DecisionCommitted, PhaseStarted, RoundStarted
from aerodrome.game import Game
from aerodrome.plugins import Plugins

FILE = Path(__file__).with_name("games.json")
SEEDS = (1, 2)
#: Agent pairings played for every set-up (a ruleset without a ``bot`` plays random only).
PAIRINGS = ("random", "bot")
_SKIP = (RoundStarted, PhaseStarted, ActionTaken, DecisionCommitted)


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
    game = Game(rs, setup, seed)
    spec = plugins.agent(ruleset, agent)
    agents = [spec.factory(rs, p, agent_seed(seed, p)) for p in range(len(game.setup.seats))]
    play_out(game, agents)
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


def main() -> int:
    from tests.conftest import PLUGINS

    FILE.write_text(json.dumps(compute(PLUGINS), indent=1, sort_keys=True) + "\n")
    print(f"wrote {FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A sample game of each column of ``aerodrome compare --report``, as a viewer page.

The sample is game 0 of the column's first matchup (the bot against itself, or random
agents where the ruleset has no bot), played again with the run's seed and the column's
variants and parameters: the same game as the first record of that matchup in the run. Its page goes to
``games/`` beside the report's ``index.html``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import msgspec

from aerodrome.engine.agents import agent_seed
from aerodrome.engine.dice import derive_seed
from aerodrome.engine.files import make_folder
from aerodrome.plugins import Plugins
from aerodrome.runs.parallel import PluginSet, game_setup
from aerodrome.runs.sim import play_game
from aerodrome.runs.viewer.page import write_page
from aerodrome.runs.viewer.record import record_game
from aerodrome.studies.compare.plan import ColumnPlan

#: The folder of the sample pages, inside the report's folder.
FOLDER = "games"
#: Game of the run shown (its index in the column's first matchup).
GAME = 0


class Sample(msgspec.Struct, frozen=True, kw_only=True):
    """A column's sample page: ``href`` relative to the report, the agents of each seat and
    the game's seed."""

    href: str
    agents: tuple[str, ...]
    seed: int


def file_name(number: int, column: str) -> str:
    """``03-classic+hold-fire.html``: a safe file name for a column's page."""
    return f"{number:02d}-{re.sub(r'[^A-Za-z0-9_.+-]+', '_', column)}.html"


def write_samples(plugins: Plugins, plans: Sequence[ColumnPlan], report: Path) -> dict[str, Sample]:
    """Play the sample game of every column and write its page; column name → sample."""
    folder = report / FOLDER
    make_folder(folder, "--report")
    sets = PluginSet(plugins)
    samples: dict[str, Sample] = {}
    for number, plan in enumerate(plans, 1):
        config, _ = plan.configs[0]
        with_variants = sets.of(config)
        ruleset, setup = game_setup(with_variants, config)
        specs = [with_variants.agent(ruleset.name, name) for name in config.agents]
        # as the run plays it (aerodrome.runs.sim.run_games): the bot-rules agents' seats are bots
        setup = setup.with_bots(p for p, spec in enumerate(specs) if spec.bot_rules)
        seed = derive_seed(config.seed, GAME)
        agents = [spec.factory(ruleset, p, agent_seed(seed, p)) for p, spec in enumerate(specs)]
        game, _ = play_game(ruleset, setup, seed, agents)
        title = ruleset.title + "".join(f" + {v}" for v in config.variants)
        title += "".join(f", {n} {v:g}" for n, v in config.params)
        recording = record_game(ruleset, setup, seed, game.history, title=title)
        href = f"{FOLDER}/{file_name(number, plan.column.name)}"
        write_page(recording, report / href, "--report")
        samples[plan.column.name] = Sample(href=href, agents=config.agents, seed=seed)
    return samples

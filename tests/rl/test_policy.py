"""A policy file as an agent (issue 41, item 2): ``policy:PATH`` plays wherever an agent is
named, deterministically; a file is numbers only, checked on reading; a policy trained on
other rules is refused in one line.

Mutations caught (each tried): ``PolicyAgent.choose`` taking the first legal action (the
preferred-action test fails); ``differences`` ignoring the plugged variants (the variant
test passes a policy it should refuse); ``_decode_array`` not checking the count (a short
array gets through).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.rl.conftest import require_rl

require_rl()

import numpy as np  # noqa: E402

from aerodrome.bridges.rl.layout import find_layout  # noqa: E402
from aerodrome.bridges.rl.policy import (  # noqa: E402
    ARCHITECTURE,
    FORMAT,
    Dense,
    PolicyError,
    PolicyFile,
    SeatPolicy,
    encode_array,
    read_policy,
    rules_of,
    write_policy,
)
from aerodrome.bridges.rl.translate import Translator  # noqa: E402
from aerodrome.engine.game import Game  # noqa: E402
from aerodrome.plugins import Plugins, load_plugins  # noqa: E402
from aerodrome.runs.sim import play_game  # noqa: E402
from tests.conftest import PLUGINS, stderr_apart  # noqa: E402

RULESET, SETUP = "df40k", "first-blood"


def one_layer(layout: Any, seat: int, prefer: int) -> SeatPolicy:
    """A network of one dense layer that rates action number ``prefer`` highest, then
    lower numbers above higher ones."""
    weights = np.zeros((layout.actions, layout.observation), dtype=np.float32)
    bias = -np.arange(layout.actions, dtype=np.float32) / layout.actions
    bias[prefer] = 10.0
    layer = Dense(
        inputs=layout.observation,
        outputs=layout.actions,
        weights=encode_array(weights),
        bias=encode_array(bias),
    )
    return SeatPolicy(seat=seat, layers=[layer])


def policy_file(path: Path, prefer: dict[int, int], plugins: Plugins = PLUGINS) -> Path:
    ruleset = plugins.ruleset(RULESET)
    setup = ruleset.setup(SETUP)
    layout = find_layout(ruleset, setup)
    data = PolicyFile(
        format=FORMAT,
        rules=rules_of(ruleset, setup),
        layout=layout,
        architecture=ARCHITECTURE,
        seats=[one_layer(layout, s, a) for s, a in prefer.items()],
    )
    return write_policy(path, data)


def test_the_agent_plays_the_legal_action_it_rates_highest(tmp_path: Path) -> None:
    ruleset = PLUGINS.ruleset(RULESET)
    game = Game(ruleset, SETUP, 3)
    (player,) = game.waiting_for()[:1]
    legal = game.legal_actions(player)
    translator = Translator(ruleset, game.setup, find_layout(ruleset, game.setup))
    numbers = sorted(translator.index(a, legal) for a in legal)
    wanted = numbers[-1]  # the highest-numbered legal action: not the default order's first
    path = policy_file(tmp_path / "p.json", {0: wanted, 1: wanted})
    agent = PLUGINS.agent(RULESET, f"policy:{path}").factory(ruleset, player, 1)
    from aerodrome.engine.agents import PlayerView

    chosen = agent.choose(PlayerView(game, player), legal)
    assert translator.index(chosen, legal) == wanted
    # and with the preferred number illegal, the best-rated legal one (the lowest here)
    path = policy_file(tmp_path / "q.json", {0: 119, 1: 119})
    agent = PLUGINS.agent(RULESET, f"policy:{path}").factory(ruleset, player, 1)
    if 119 not in numbers:
        assert translator.index(agent.choose(PlayerView(game, player), legal), legal) == numbers[0]


def test_a_policy_plays_whole_games_deterministically(tmp_path: Path) -> None:
    path = policy_file(tmp_path / "p.json", {0: 0, 1: 0})
    spec = PLUGINS.agent(RULESET, f"policy:{path}")
    bot = PLUGINS.agent(RULESET, "bot")
    ruleset = PLUGINS.ruleset(RULESET)
    setup = ruleset.setup(SETUP)
    games = []
    for _ in range(2):
        agents = [spec.factory(ruleset, 0, 1), bot.factory(ruleset, 1, 2)]
        game, _ = play_game(ruleset, setup, 7, agents, record=True)
        games.append((game.history, game.result()))
    assert games[0] == games[1] and games[0][0]


def test_simulate_and_tournament_take_a_policy_by_path(tmp_path: Path) -> None:
    from aerodrome.ui.cli import app

    path = policy_file(tmp_path / "p.json", {0: 0, 1: 0})
    runner = stderr_apart()
    r = runner.invoke(
        app,
        ["simulate", RULESET, "--setup", SETUP, "--games", "4", "--agents", f"policy:{path},bot"],
    )
    assert r.exit_code == 0, r.output
    r = runner.invoke(
        app,
        ["tournament", RULESET, "--setup", SETUP, "--games", "2", "--agents", f"bot,policy:{path}"],
    )
    assert r.exit_code == 0, r.output


def test_a_policy_trained_on_other_rules_is_refused(tmp_path: Path) -> None:
    path = policy_file(tmp_path / "p.json", {0: 0, 1: 0})
    varied = load_plugins(variants=["fixed-first-player"])
    with pytest.raises(PolicyError) as caught:
        varied.agent(RULESET, f"policy:{path}").factory(varied.ruleset(RULESET), 0, 1)
    message = str(caught.value)
    assert "trained on other rules" in message and "fixed-first-player" in message
    assert "\n" not in message
    # another set-up: refused at the first decision
    ruleset = PLUGINS.ruleset(RULESET)
    other = next(s for s in ruleset.setups() if s.name != SETUP)
    agent = PLUGINS.agent(RULESET, f"policy:{path}").factory(ruleset, 0, 1)
    game = Game(ruleset, other, 1)
    from aerodrome.engine.agents import PlayerView

    with pytest.raises(PolicyError, match=f"set-up '{SETUP}', not '{other.name}'"):
        agent.choose(PlayerView(game, 0), game.legal_actions(0))
    # a seat without a network
    one_seat = policy_file(tmp_path / "one.json", {0: 0})
    with pytest.raises(PolicyError, match="no network for seat 1"):
        PLUGINS.agent(RULESET, f"policy:{one_seat}").factory(ruleset, 1, 1)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda t: t.replace('"format":"aerodrome-policy/1"', '"format":"x"'), "not a policy"),
        (lambda t: t.replace('"architecture":"mlp-tanh"', '"architecture":"cnn"'), "not a"),
        (lambda t: t[: len(t) // 2], "not JSON"),
        (lambda t: t.replace('"weights":"', '"weights":"' + "A" * 16, 1), "numbers, expected"),
        (lambda t: t.replace('"weights":"', '"weights":"!', 1), "not base64"),
        (lambda t: t.replace('"inputs":157', '"inputs":150', 1), "inputs, expected"),
    ],
)
def test_a_broken_policy_file_is_one_line_naming_it(
    tmp_path: Path, change: Any, words: str
) -> None:
    path = policy_file(tmp_path / "p.json", {0: 0, 1: 0})
    path.write_text(change(path.read_text()))
    with pytest.raises(PolicyError) as caught:
        read_policy(path)
    message = str(caught.value)
    assert message.startswith(str(path)) and words in message and "\n" not in message


def test_a_number_that_is_not_finite_is_refused(tmp_path: Path) -> None:
    ruleset = PLUGINS.ruleset(RULESET)
    setup = ruleset.setup(SETUP)
    layout = find_layout(ruleset, setup)
    seat = one_layer(layout, 0, 0)
    bias = np.zeros(layout.actions, dtype=np.float32)
    bias[3] = np.nan
    broken = SeatPolicy(
        seat=0,
        layers=[
            Dense(
                inputs=layout.observation,
                outputs=layout.actions,
                weights=seat.layers[0].weights,
                bias=encode_array(bias),
            )
        ],
    )
    data = PolicyFile(
        format=FORMAT,
        rules=rules_of(ruleset, setup),
        layout=layout,
        architecture=ARCHITECTURE,
        seats=[broken],
    )
    with pytest.raises(PolicyError, match="not finite"):
        write_policy(tmp_path / "nan.json", data)
    assert not (tmp_path / "nan.json").exists()


def test_the_plain_name_and_a_missing_file_are_one_line_errors(tmp_path: Path) -> None:
    import subprocess
    import sys

    COMMAND = [sys.executable, "-m", "aerodrome.ui.cli", "simulate", RULESET, "--games", "1"]

    def run(agents: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*COMMAND, "--agents", agents],
            capture_output=True,
            text=True,
            timeout=120,
        )

    r = run("policy")
    assert r.returncode == 1 and "policy:PATH" in r.stderr and "Traceback" not in r.stderr
    missing = tmp_path / "nope.json"
    r = run(f"policy:{missing}")
    assert r.returncode == 1 and str(missing) in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1

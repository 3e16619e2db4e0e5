"""The how-to's training script (docs/howto-rl.md), with a tiny budget."""

from __future__ import annotations

from tests.conftest import PLUGINS
from tests.rl.conftest import require_rl

require_rl()

from aerodrome.bridges.rl import reinforce  # noqa: E402


def test_the_script_trains_and_reports_with_a_tiny_budget(capsys: object) -> None:
    figures = reinforce.run(episodes=20, games=10, plugins=PLUGINS)
    for name in ("trained", "random"):
        assert figures[name].games == 10
    text = reinforce.report(figures)
    assert "df40k first-blood, seat 0 against random opponents, 20 training games" in text
    assert text.splitlines()[2].startswith("trained") and text.splitlines()[3].startswith("random")


def test_a_short_training_already_beats_the_random_policy() -> None:
    """1,500 games of df40k's first-blood (seconds): the greedy trained policy wins more of
    300 seeded games than uniformly random play from the same seat. Mutation caught: a
    gradient with the wrong sign (``grad = p - onehot``) loses to random."""
    figures = reinforce.run(episodes=1500, games=300, plugins=PLUGINS)
    assert figures["trained"].win_rate > figures["random"].win_rate + 0.1, figures

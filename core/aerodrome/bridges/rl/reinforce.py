"""A tiny policy-gradient agent, trained against the random agent (the how-to's code).

``python -m aerodrome.bridges.rl.reinforce`` trains a linear softmax policy over the legal actions
with REINFORCE (Williams 1992): after each game, every action the learning seat took is made
more likely in proportion to how much better than usual the game ended (the return minus a
running mean of returns). Observations are standardised with running means and deviations.
Then the greedy policy (the likeliest legal action) and a uniformly random policy play the
same seeded games from the same seat against the same opponents, and their results are
printed side by side. Only NumPy; a few minutes on one core with the defaults.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from aerodrome.bridges.rl.single import SeatEnv
from aerodrome.plugins import Plugins

Array = npt.NDArray[np.float64]


class LinearPolicy:
    """Softmax over ``W·x + b`` restricted to the legal actions (``x``: the standardised
    observation)."""

    def __init__(self, observation: int, actions: int) -> None:
        self.weights = np.zeros((actions, observation))
        self.bias = np.zeros(actions)
        self.count = 0
        self.mean = np.zeros(observation)
        self.squares = np.zeros(observation)

    def standardise(self, observation: Array, learn: bool) -> Array:
        """``observation`` in standard units (running mean and deviation, clipped to ±5)."""
        if learn:  # Welford's running variance
            self.count += 1
            delta = observation - self.mean
            self.mean += delta / self.count
            self.squares += delta * (observation - self.mean)
        deviation = np.sqrt(self.squares / max(self.count, 1)) + 1e-6
        return np.asarray(np.clip((observation - self.mean) / deviation, -5.0, 5.0))

    def probabilities(self, x: Array, mask: npt.NDArray[Any]) -> Array:
        logits = self.weights @ x + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return np.asarray(p / p.sum())


@dataclass
class Training:
    """What a training run measured: the return of each game."""

    returns: list[float] = field(default_factory=list)


def train(
    env: SeatEnv, episodes: int, *, learning_rate: float = 0.02, seed: int = 1
) -> tuple[LinearPolicy, Training]:
    """REINFORCE with a running-mean baseline over ``episodes`` games of ``env``."""
    rng = np.random.default_rng(seed)
    policy = LinearPolicy(env.layout.observation, env.layout.actions)
    log = Training()
    baseline = 0.0
    for episode in range(episodes):
        obs, _ = env.reset(seed=seed * 1_000_003 + episode)
        steps: list[tuple[Array, Array, int]] = []
        total, done = 0.0, env.game.is_over()
        while not done:
            x = policy.standardise(obs["observation"].astype(np.float64), learn=True)
            p = policy.probabilities(x, obs["action_mask"])
            action = int(rng.choice(len(p), p=p))
            steps.append((x, p, action))
            obs, reward, terminated, truncated, _ = env.step(action)
            total += float(reward)
            done = terminated or truncated
        advantage = total - baseline
        baseline += 0.05 * (total - baseline)
        for x, p, action in steps:
            grad = -p
            grad[action] += 1.0  # d log p(action) / d logits
            policy.weights += learning_rate * advantage * np.outer(grad, x)
            policy.bias += learning_rate * advantage * grad
        log.returns.append(total)
    return policy, log


@dataclass(frozen=True)
class Score:
    """Games won, drawn (or unfinished) and lost."""

    won: int
    drawn: int
    lost: int

    @property
    def games(self) -> int:
        return self.won + self.drawn + self.lost

    @property
    def win_rate(self) -> float:
        return self.won / self.games if self.games else 0.0


def evaluate(env: SeatEnv, policy: LinearPolicy | None, games: int, *, seed: int = 2) -> Score:
    """``games`` seeded games: the greedy ``policy`` (``None``: uniformly random legal actions)."""
    rng = np.random.default_rng(seed)
    won = drawn = lost = 0
    for game in range(games):
        obs, _ = env.reset(seed=seed * 1_000_003 + game)
        total, done = 0.0, env.game.is_over()
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            if policy is None:
                action = int(rng.choice(legal))
            else:
                x = policy.standardise(obs["observation"].astype(np.float64), learn=False)
                action = int(np.argmax(policy.probabilities(x, obs["action_mask"])))
            obs, reward, terminated, truncated, _ = env.step(action)
            total += float(reward)
            done = terminated or truncated
        if total > 0:
            won += 1
        elif total < 0:
            lost += 1
        else:
            drawn += 1
    return Score(won, drawn, lost)


def run(
    ruleset: str = "df40k",
    setup: str | None = "first-blood",
    *,
    seat: int = 0,
    opponents: str = "random",
    episodes: int = 20000,
    games: int = 1000,
    seed: int = 1,
    plugins: Plugins | None = None,
) -> dict[str, Any]:
    """Train, then evaluate the trained and the random policy; the figures as a dict."""
    env = SeatEnv(ruleset, setup, seat=seat, opponents=opponents, plugins=plugins)
    policy, log = train(env, episodes, seed=seed)
    trained = evaluate(env, policy, games, seed=seed + 1)
    random_play = evaluate(env, None, games, seed=seed + 1)
    tail = log.returns[-max(1, episodes // 10) :]
    return {
        "ruleset": env.ruleset.name,
        "setup": env.setup.name,
        "seat": seat,
        "opponents": opponents,
        "episodes": episodes,
        "last_tenth_mean_return": sum(tail) / len(tail),
        "trained": trained,
        "random": random_play,
    }


def report(figures: dict[str, Any]) -> str:
    """The figures of :func:`run` as a small table."""
    lines = [
        f"{figures['ruleset']} {figures['setup']}, seat {figures['seat']} against "
        f"{figures['opponents']} opponents, {figures['episodes']} training games "
        f"(mean return of the last tenth {figures['last_tenth_mean_return']:+.2f})",
        f"{'policy':<16}{'games':>7}{'won':>6}{'drawn':>7}{'lost':>6}{'win rate':>10}",
    ]
    for name in ("trained", "random"):
        s: Score = figures[name]
        lines.append(f"{name:<16}{s.games:>7}{s.won:>6}{s.drawn:>7}{s.lost:>6}{s.win_rate:>10.1%}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m aerodrome.bridges.rl.reinforce", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--ruleset", default="df40k")
    parser.add_argument("--setup", default="first-blood")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument(
        "--opponents", default="random", help="a registered agent for the other seats"
    )
    parser.add_argument("--episodes", type=int, default=20000, help="training games")
    parser.add_argument("--games", type=int, default=1000, help="evaluation games of each policy")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.episodes < 0 or args.games < 1:
        parser.error("--episodes must be 0 or more and --games at least 1")
    figures = run(
        args.ruleset,
        args.setup,
        seat=args.seat,
        opponents=args.opponents,
        episodes=args.episodes,
        games=args.games,
        seed=args.seed,
    )
    print(report(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())

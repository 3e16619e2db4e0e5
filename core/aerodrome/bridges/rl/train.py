"""``aerodrome train``: a policy for each seat of a set-up, learned by maskable PPO.

Training goes in rounds. In each round every seat learns for its share of the budget on the
single-seat environment (:class:`~aerodrome.bridges.rl.single.SeatEnv`, flat observations,
the action mask), against an opponent drawn for each game from a pool: the named agents
(``bot`` by default) and, with the league on, the snapshots of the policies of earlier rounds
(self-play that does not overfit one opponent; only when every seat is trained, since a
snapshot plays the other seats). After every round the policies of all seats
are written as one policy file (:mod:`aerodrome.bridges.rl.policy`) in the checkpoint folder,
with each seat's learner (network, value head and optimizer, as tensors only) so that
``--resume`` goes on from there. The result is the last round's policy file.

The learner is sb3-contrib's ``MaskablePPO`` with its default ``MlpPolicy`` (two tanh
layers of 64 for the policy, as :data:`~aerodrome.bridges.rl.policy.ARCHITECTURE` declares);
the ``learn`` extra installs it (install PyTorch's CPU build first: docs/howto-rl.md).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import gymnasium
import msgspec
import numpy as np

from aerodrome.bridges.rl.layout import Layout, find_layout
from aerodrome.bridges.rl.policy import (
    ARCHITECTURE,
    FORMAT,
    Dense,
    PolicyFile,
    SeatPolicy,
    encode_array,
    read_policy,
    rules_of,
    write_policy,
)
from aerodrome.bridges.rl.single import SeatEnv
from aerodrome.engine.dice import derive_seed
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.files import make_folder, read_limited, write_atomic
from aerodrome.engine.ruleset import Ruleset, Setup
from aerodrome.plugins import Plugins

#: Rounds of training (each seat learns once a round); at least one.
ROUNDS = 4
STATE = "train-state.json"


@dataclass(frozen=True)
class Hyper:
    """How PPO learns (measured on Dogfight 40,000: docs/performance.md, "Learned policies").

    ``n_steps`` is the rollout per environment between updates and ``batch`` the minibatch
    (both cut to a round's share of a seat's budget when the budget is smaller, so that a
    small ``--steps`` is exactly what is played); ``epochs`` passes over each rollout;
    ``width`` the two hidden layers of the policy and value networks; ``warmup`` the share of
    the budget spent against the named opponents alone before the league's snapshots join
    (the bot teaches faster than a weak earlier self); ``shaping`` the material shaping of
    the reward (:mod:`aerodrome.bridges.rl.rewards`: 0, the result alone)."""

    n_steps: int = 1024
    batch: int = 256
    epochs: int = 5
    learning_rate: float = 1e-3
    ent_coef: float = 0.01
    gamma: float = 0.99
    width: int = 64
    warmup: float = 0.5
    shaping: float = 0.0

    def sized(self, steps_a_round: int | None, workers: int) -> Hyper:
        """These settings with the rollout no longer than ``steps_a_round`` decisions (a
        round's share of one seat; None: no step budget)."""
        if steps_a_round is None:
            return self
        n_steps = max(16, min(self.n_steps, steps_a_round // workers))
        return replace(self, n_steps=n_steps, batch=min(self.batch, n_steps * workers))


@dataclass
class Budget:
    """When training stops: after ``minutes`` of wall time or ``steps`` decisions of the
    learning seats in all (whichever is given; both: the first reached)."""

    minutes: float | None = None
    steps: int | None = None

    def __post_init__(self) -> None:
        if self.minutes is None and self.steps is None:
            raise AerodromeError("train: give --minutes or --steps")


@dataclass
class Progress:
    """What a run has done, for the progress bar and ``--resume``."""

    steps: int = 0
    rounds: int = 0
    seconds: float = 0.0
    per_seat: dict[int, int] = field(default_factory=dict)


def _learn_imports() -> tuple[Any, Any, Any]:
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.vec_env import DummyVecEnv
    except ImportError as exc:
        raise AerodromeError(
            f"aerodrome train needs the learn extra ({exc.name} is missing): install "
            "PyTorch's CPU build, then pip install 'aerodrome[learn]' (docs/howto-rl.md)"
        ) from None
    return torch, MaskablePPO, DummyVecEnv


class LeagueEnv(gymnasium.Wrapper[Any, Any, Any, Any]):
    """A :class:`SeatEnv` whose other seats are played, game by game, by an agent drawn from
    ``pool`` (seeded: the same draws on every run): one of the named opponents in half the
    games and one of the league's snapshots in the other half (all named opponents when
    the league has none yet)."""

    def __init__(
        self,
        env: SeatEnv,
        pool: Sequence[str],
        plugins: Plugins,
        seed: int,
        league: Sequence[str] = (),
    ) -> None:
        super().__init__(env)
        self.seat_env = env
        self.pool = list(pool)
        self.league = list(league)
        self.plugins = plugins
        self.rng = random.Random(seed)

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        env = self.seat_env
        names = self.league if self.league and self.rng.random() < 0.5 else self.pool
        name = names[self.rng.randrange(len(names))]
        spec = self.plugins.agent(env.ruleset.name, name)
        env.opponents = {p: spec for p in env.opponents}
        return env.reset(**kwargs)

    def action_masks(self) -> Any:
        return self.seat_env.action_masks()


def _export(model: Any, layout: Layout, seat: int) -> SeatPolicy:
    """The policy network of a MaskablePPO ``MlpPolicy`` as numbers."""
    net = model.policy
    linears = [m for m in net.mlp_extractor.policy_net if hasattr(m, "weight")]
    linears.append(net.action_net)
    layers = []
    width = layout.observation
    for linear in linears:
        w = linear.weight.detach().cpu().numpy().astype(np.float32)
        b = linear.bias.detach().cpu().numpy().astype(np.float32)
        outputs, inputs = w.shape
        if inputs != width:
            raise AerodromeError(f"train: the network's layers do not chain ({inputs}, {width})")
        layers.append(
            Dense(inputs=inputs, outputs=outputs, weights=encode_array(w), bias=encode_array(b))
        )
        width = outputs
    return SeatPolicy(seat=seat, layers=layers)


def train(
    plugins: Plugins,
    ruleset: Ruleset[Any, Any, Any],
    setup: Setup,
    *,
    out: Path,
    budget: Budget,
    seats: Sequence[int] | None = None,
    opponents: Sequence[str] = ("bot",),
    league: bool = True,
    seed: int = 1,
    workers: int = 1,
    checkpoints: Path | None = None,
    resume: bool = False,
    rounds: int = ROUNDS,
    hyper: Hyper = Hyper(),
    progress: Callable[[Progress, float], None] | None = None,
) -> PolicyFile:
    """Train and write the policy file ``out`` (see the module docstring). ``progress`` is
    called after every chunk of learning with what is done and the share of the budget
    spent (0 to 1)."""
    torch, MaskablePPO, DummyVecEnv = _learn_imports()
    every = list(range(len(setup.seats)))
    chosen = list(every if seats is None else seats)
    bad = [s for s in chosen if s not in every]
    if bad or not chosen:
        raise AerodromeError(
            f"train: --seat {bad[0] if bad else ''}: {setup.name} has seats 0 to {len(every) - 1}"
        )
    for name in opponents:
        plugins.agent(ruleset.name, name)  # an unknown agent: one line, before any work
    if rounds < 1:
        raise AerodromeError("train: rounds must be at least 1")
    folder = checkpoints if checkpoints is not None else out.with_name(out.stem + "-checkpoints")
    make_folder(folder, "--checkpoints")
    layout = find_layout(ruleset, setup)
    rules = rules_of(ruleset, setup)
    share = None if budget.steps is None else budget.steps // (rounds * len(chosen))
    hyper = hyper.sized(share, workers)
    torch.manual_seed(seed)
    torch.set_num_threads(1)

    done = Progress(per_seat={s: 0 for s in chosen})
    state_file = folder / STATE
    if resume and state_file.is_file():
        raw = read_limited(state_file, "a training state", 64 * 1024)
        try:
            done = msgspec.json.decode(raw, type=Progress)
        except msgspec.DecodeError as exc:  # ValidationError included
            raise AerodromeError(f"--resume: {state_file} is not a training state: {exc}") from None
        if sorted(done.per_seat) != sorted(chosen):
            raise AerodromeError(
                f"train --resume: {state_file} trained seats {sorted(done.per_seat)}, "
                f"not {sorted(chosen)}"
            )

    models: dict[int, Any] = {}
    snapshots: list[str] = []
    if done.rounds:
        snapshots = [str(folder / f"round-{r}.json") for r in range(1, done.rounds + 1)]
    start = time.monotonic() - done.seconds

    def spent() -> float:
        shares = []
        if budget.minutes is not None:
            shares.append((time.monotonic() - start) / (budget.minutes * 60))
        if budget.steps is not None:
            shares.append(done.steps / budget.steps)
        return min(1.0, max(shares))

    def model_for(seat: int, pool: Sequence[str]) -> Any:
        named = [n for n in pool if n in opponents]
        snaps = [n for n in pool if n not in opponents]
        envs = [
            (
                lambda i=i: LeagueEnv(
                    SeatEnv(
                        ruleset,
                        setup,
                        derive_seed(seed, "train", seat, i, done.rounds),
                        seat=seat,
                        opponents=opponents[0],
                        layout=layout,
                        flat=True,
                        plugins=plugins,
                        shaping=hyper.shaping,
                    ),
                    named,
                    plugins,
                    derive_seed(seed, "league", seat, i, done.rounds),
                    snaps,
                )
            )
            for i in range(workers)
        ]
        vec = DummyVecEnv(envs)
        model = models.get(seat)
        if model is None:
            width = [hyper.width, hyper.width]
            model = MaskablePPO(
                "MlpPolicy",
                vec,
                n_steps=hyper.n_steps,
                batch_size=hyper.batch,
                n_epochs=hyper.epochs,
                learning_rate=hyper.learning_rate,
                ent_coef=hyper.ent_coef,
                gamma=hyper.gamma,
                policy_kwargs={"net_arch": {"pi": width, "vf": width}},
                seed=derive_seed(seed, "ppo", seat) % 2**31,
                verbose=0,
                device="cpu",
            )
            saved = folder / f"seat-{seat}.pt"
            if resume and saved.is_file():
                weights = torch.load(saved, weights_only=True)  # tensors only: no code
                model.policy.load_state_dict(weights["policy"])
                model.policy.optimizer.load_state_dict(weights["optimizer"])
            models[seat] = model
        else:
            model.set_env(vec)
        return model

    result: PolicyFile | None = None
    while spent() < 1.0:  # rounds past ``rounds`` (a resumed, larger budget) take the rest
        # the league: the last rounds' policies play the other seats (all seats trained)
        selfplay = league and sorted(chosen) == every and spent() >= hyper.warmup
        pool = [*opponents, *([f"policy:{s}" for s in snapshots[-3:]] if selfplay else [])]
        for k, seat in enumerate(chosen):
            model = model_for(seat, pool)
            # this seat's share of the budget ends here (at least one chunk a round)
            # (a resumed run past its rounds: the rest of the budget, never past it)
            seat_end = min(1.0, (done.rounds + (k + 1) / len(chosen)) / rounds)
            first = True
            while first or spent() < seat_end:
                first = False
                chunk = hyper.n_steps * workers
                model.learn(total_timesteps=chunk, reset_num_timesteps=False)
                done.steps += chunk
                done.per_seat[seat] += chunk
                if progress is not None:
                    progress(done, spent())
            if spent() >= 1.0 and all(done.per_seat[s] for s in chosen):
                break  # the budget is spent, and every seat has a network
        done.rounds += 1
        done.seconds = time.monotonic() - start
        result = PolicyFile(
            format=FORMAT,
            rules=rules,
            layout=layout,
            architecture=ARCHITECTURE,
            seats=[_export(models[s], layout, s) for s in chosen],
            trained={
                "steps": done.steps,
                "rounds": done.rounds,
                "seconds": round(done.seconds, 1),
                "opponents": ",".join(opponents),
                "league": "on" if league else "off",
                "seed": seed,
                "workers": workers,
                "n_steps": hyper.n_steps,
                "batch": hyper.batch,
                "epochs": hyper.epochs,
                "learning_rate": hyper.learning_rate,
                "ent_coef": hyper.ent_coef,
                "width": hyper.width,
                "gamma": hyper.gamma,
                "shaping": hyper.shaping,
            },
        )
        snapshot = folder / f"round-{done.rounds}.json"
        write_policy(snapshot, result, "--checkpoints")
        snapshots.append(str(snapshot))
        for seat in chosen:
            torch.save(
                {
                    "policy": models[seat].policy.state_dict(),
                    "optimizer": models[seat].policy.optimizer.state_dict(),
                },
                folder / f"seat-{seat}.pt.tmp",
            )
            (folder / f"seat-{seat}.pt.tmp").replace(folder / f"seat-{seat}.pt")
        write_atomic(state_file, msgspec.json.encode(done), "--checkpoints")
    if result is None:
        last = folder / f"round-{done.rounds}.json"
        if not last.is_file():
            raise AerodromeError("train: nothing to train: the budget was spent already")
        result = read_policy(last).data
    write_policy(out, result, "--out")
    return result

"""The Gymnasium single-seat environment, pictures and the shaped reward."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from aerodrome import AerodromeError, UnknownNameError
from tests.conftest import PLUGINS
from tests.rl.conftest import layout_of, require_rl

require_rl()

import gymnasium  # noqa: E402
from gymnasium.utils import env_checker, passive_env_checker  # noqa: E402

from aerodrome.bridges.rl import SeatEnv, env  # noqa: E402
from aerodrome.bridges.rl.rewards import Shaping  # noqa: E402
from aerodrome.engine.ruleset import Seat  # noqa: E402


def seat_env(ruleset: str, setup: str | None = None, **options: Any) -> SeatEnv:
    name = setup or PLUGINS.ruleset(ruleset).setups()[0].name
    return SeatEnv(ruleset, name, plugins=PLUGINS, layout=layout_of(ruleset, name), **options)


def play(e: SeatEnv, seed: int) -> tuple[float, dict[str, Any], int]:
    """Random masked actions to the end: (return, last info, steps)."""
    obs, info = e.reset(seed=seed)
    rng = e.np_random
    total, steps, done = 0.0, 0, e.game.is_over()
    while not done:
        assert e.observation_space.contains(obs)
        assert (obs["action_mask"] == e.action_masks()).all()
        legal = obs["action_mask"].nonzero()[0]
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(legal)))
        total += reward
        steps += 1
        done = terminated or truncated
    return total, info, steps


@pytest.mark.parametrize(
    ("ruleset", "setup", "seat", "opponents"),
    [
        ("df40k", "first-blood", 0, "random"),
        ("df40k", "eldar-vs-orks", 1, "bot"),
        ("victoriana", "11-group-squadrons", 1, "bot"),
        ("dockfighters", "duel", 0, "bot"),
        ("classic", "three-player", 1, {0: "bot", 2: "random"}),
        ("joust", "duel", 1, "random"),
    ],
)
def test_a_seat_plays_against_registered_agents(
    ruleset: str, setup: str, seat: int, opponents: Any
) -> None:
    e = seat_env(ruleset, setup, seat=seat, opponents=opponents)
    total, info, steps = play(e, seed=7)
    result = e.game.result()
    side = e.setup.seats[seat].side
    expected = (
        (1.0 if side in result.winners else -1.0) if result.winners and result.finished else 0.0
    )
    assert total == expected and info["winners"] == result.winners
    learner_moves = sum(1 for p, _ in e.game.history if p == seat)
    assert learner_moves == steps > 0  # the opponents played every other decision


def test_gymnasium_env_checker_accepts_it() -> None:
    """Gymnasium's checks of reset (seeding, options, return types) and of a step. Its
    ``check_env`` steps an unmasked random action, which this environment refuses when it
    is illegal, so the step is checked with a legal one."""
    e = seat_env("df40k", "first-blood", opponents="bot")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # unbounded Box: the numbers are not rescaled
        # (named check_reset_seed before Gymnasium 1.0)
        seeding = getattr(env_checker, "check_reset_seed_determinism", None)
        (seeding or env_checker.check_reset_seed)(e)
        env_checker.check_reset_options(e)
        env_checker.check_reset_return_type(e)
        env_checker.check_reset_return_info_deprecation(e)
        e.reset(seed=1)
        passive_env_checker.env_step_passive_checker(e, int(e.action_masks().nonzero()[0][0]))


def test_bad_seats_and_agent_names_are_clear_errors() -> None:
    with pytest.raises(UnknownNameError, match="unknown agent for df40k 'alphazero'"):
        seat_env("df40k", opponents="alphazero")
    with pytest.raises(AerodromeError, match="seat must be from 0 to 1"):
        seat_env("df40k", seat=2)
    with pytest.raises(AerodromeError, match="for every seat but 0"):
        seat_env("classic", "three-player", opponents={1: "bot"})


def test_render_draws_the_ruleset_picture_and_the_svg() -> None:
    joust = PLUGINS.ruleset("joust")  # no Presentation: the view pretty-printed, no SVG
    text = env(joust, seed=1, render_mode="ansi")
    text.reset()
    assert "structure" in text.render() and "rounds" in text.render()
    with pytest.raises(AerodromeError, match="draws no SVG"):
        blind = env(joust, seed=1, render_mode="svg")
        blind.reset()
        blind.render()
    rules = PLUGINS.ruleset("df40k")
    svg = env(rules, layout=layout_of("df40k", "first-blood"), render_mode="svg")
    svg.reset(seed=1)
    assert svg.render() == rules.draw_svg(svg.game.observation(None))
    df = env(rules, layout=layout_of("df40k", "first-blood"), render_mode="ansi")
    df.reset(seed=1)
    assert isinstance(df.render(), str) and df.render()
    with pytest.raises(AerodromeError, match="render_mode must be one of human, ansi, svg"):
        env(joust, render_mode="rgb_array")


def test_shaping_is_off_by_default_and_a_difference_of_potentials() -> None:
    """Off: only the last step pays. On: every step pays the change of the material
    potential, so an episode's shaping adds up to weight × (φ_end − φ_start)."""
    plain = seat_env("df40k", "first-blood")
    shaped = seat_env("df40k", "first-blood", shaping=0.5)
    for e in (plain, shaped):
        e.reset(seed=3)
    rewards: dict[str, list[float]] = {"plain": [], "shaped": []}
    done = False
    while not done:
        legal = plain.action_masks().nonzero()[0]
        a = int(legal[0])
        _, r0, t0, u0, _ = plain.step(a)
        _, r1, _, _, _ = shaped.step(a)
        rewards["plain"].append(r0)
        rewards["shaped"].append(r1)
        done = t0 or u0
    assert all(r == 0 for r in rewards["plain"][:-1])
    start = Shaping(
        plain.setup.seats,
        PLUGINS.ruleset("df40k").material(type(plain.game)(plain.ruleset, plain.setup, 3).state),
    )
    phi = start.potentials(plain.ruleset.material(shaped.game.state))[0]
    assert sum(rewards["shaped"]) - sum(rewards["plain"]) == pytest.approx(0.5 * phi)
    assert any(r != 0 for r in rewards["shaped"][:-1])


def test_potentials_compare_each_side_with_the_mean_of_the_others() -> None:
    seats = (Seat(name="a", side="x"), Seat(name="b", side="y"), Seat(name="c", side="z"))
    shaping = Shaping(seats, {"x": 4, "y": 2, "z": 0})
    assert shaping.potentials({"x": 2, "y": 2, "z": 0}) == [0.5 - 0.5, 1.0 - 0.25, 0.0 - 0.75]


def test_gymnasium_spaces_are_the_aec_ones() -> None:
    e = seat_env("victoriana", "skirmish")
    assert isinstance(e.action_space, gymnasium.spaces.Discrete)
    assert e.action_space.n == layout_of("victoriana", "skirmish").actions

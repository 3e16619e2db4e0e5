"""Learning agents: a PettingZoo AEC environment and a Gymnasium single-seat environment for
any registered ruleset (the optional extra ``rl``: ``pip install 'aerodrome[rl]'``).

``aerodrome.bridges.rl.env("classic", "two-player", seed=1)`` is a PettingZoo AEC environment
(:class:`~aerodrome.bridges.rl.aec.AerodromeEnv`), ``aerodrome.bridges.rl.parallel_env("df40k")`` a Parallel
one (:class:`~aerodrome.bridges.rl.parallel.ParallelAerodromeEnv`: simultaneous decisions answered in
one step); ``aerodrome.bridges.rl.SeatEnv("df40k", seat=0,
opponents="bot")`` a Gymnasium one. Actions are numbers with a mask of the legal ones,
observations vectors of numbers: the ruleset's own (``action_id``/``action_from_id``,
``observation_vector``) where it has them, else a generic fallback with sizes probed per
set-up (:mod:`aerodrome.bridges.rl.layout`, :mod:`aerodrome.bridges.rl.encoding`). See docs/howto-rl.md.

NumPy, Gymnasium and PettingZoo are imported here only: the core never needs them.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # type: ignore[import-untyped]  # noqa: F401
except ModuleNotFoundError as exc:  # pragma: no cover - depends on the install
    raise ModuleNotFoundError(
        f"aerodrome.bridges.rl needs the 'rl' extra ({exc.name} is missing): pip install 'aerodrome[rl]'",
        name=exc.name,
    ) from None

from typing import Any

from aerodrome.bridges.rl.aec import AerodromeEnv, agent_name
from aerodrome.bridges.rl.checks import masked_choice, parallel_seed_check
from aerodrome.bridges.rl.encoding import EncodingError
from aerodrome.bridges.rl.layout import ActionSpaceError, Layout, find_layout
from aerodrome.bridges.rl.parallel import ParallelAerodromeEnv
from aerodrome.bridges.rl.single import SeatEnv
from aerodrome.engine.ruleset import Ruleset, Setup
from aerodrome.plugins import Plugins, default_plugins

__all__ = [
    "ActionSpaceError",
    "AerodromeEnv",
    "EncodingError",
    "Layout",
    "ParallelAerodromeEnv",
    "SeatEnv",
    "agent_name",
    "env",
    "find_layout",
    "masked_choice",
    "parallel_env",
    "parallel_seed_check",
]


def env(
    ruleset: Ruleset[Any, Any, Any] | str,
    setup: Setup | str | None = None,
    seed: int | None = None,
    *,
    layout: Layout | None = None,
    shaping: float = 0.0,
    overflow: str = "error",
    render_mode: str | None = None,
    render_seat: int | None = None,
    flat: bool = False,
    plugins: Plugins | None = None,
) -> AerodromeEnv:
    """The PettingZoo AEC environment of ``ruleset`` (a registered name or an instance) ×
    ``setup`` (default: the ruleset's first). ``seed``: the first game's seed (then a stream
    derived from it; random when ``None``). ``layout``: the sizes, probed when not given
    (:func:`find_layout`). ``shaping``: weight of the material shaping reward (0: off).
    ``overflow``: ``"error"`` or ``"truncate"`` for a legal list longer than the generic
    action space. ``render_mode``: ``"ansi"``, ``"human"`` or ``"svg"``. ``flat``: the ``Box``
    observation alone, the mask in ``infos[agent]["action_mask"]``."""
    plugins = plugins if plugins is not None else default_plugins()
    rules = plugins.ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return AerodromeEnv(
        rules,
        setup,
        seed,
        layout=layout,
        shaping=shaping,
        overflow=overflow,
        render_mode=render_mode,
        render_seat=render_seat,
        flat=flat,
    )


def parallel_env(
    ruleset: Ruleset[Any, Any, Any] | str,
    setup: Setup | str | None = None,
    seed: int | None = None,
    *,
    layout: Layout | None = None,
    overflow: str = "error",
    render_mode: str | None = None,
    render_seat: int | None = None,
    illegal: str = "raise",
    penalty: float = -1.0,
    flat: bool = False,
    plugins: Plugins | None = None,
) -> ParallelAerodromeEnv:
    """The PettingZoo Parallel environment of ``ruleset`` × ``setup``: each step resolves the
    current decision, a simultaneous one with all its seats' answers at once
    (:mod:`aerodrome.bridges.rl.parallel`; the other arguments as :func:`env`)."""
    plugins = plugins if plugins is not None else default_plugins()
    rules = plugins.ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return ParallelAerodromeEnv(
        rules,
        setup,
        seed,
        layout=layout,
        overflow=overflow,
        render_mode=render_mode,
        render_seat=render_seat,
        illegal=illegal,
        penalty=penalty,
        flat=flat,
    )

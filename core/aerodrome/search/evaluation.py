"""What a searched game is worth to each seat: the evaluation every search agent scores its
rollouts with.

A game the rules have ended is worth its result: 1 to a winning side (shared among the
winning sides), 0 to a losing one, an even share each for a draw. A game cut off before its
end (a rollout stopped at its horizon, or a game at its round cap) is worth each side's share
of the material on the table (:meth:`aerodrome.engine.capabilities.Analysis.material`: aircraft alive,
weighted by value): ``material(side) / Σ material``, an even share each when no side has any.

``material`` (the default) has no jump on one kill: in a battle of six aircraft a side, one
aircraft lost moves that side's share from 0.5 to 5/11 = 0.45, two lost to 0.40, so a search
weighing rollouts cut at different moments does not read one lucky kill as a won game.
``result`` (kept for ``mcts:…:eval=result``, the scoring before issue 23) averages the
material share with what :meth:`~aerodrome.engine.ruleset.Ruleset.result` says so far: the verdict
if the game ended now and each side's share of the aircraft destroyed, which does jump, from
½ to 1, on the first kill.
"""

from __future__ import annotations

from typing import Any

from aerodrome.engine.capabilities import material_of
from aerodrome.engine.game import Game

#: The evaluations a search agent accepts (``eval=NAME``).
EVALUATIONS = ("material", "result")
#: The default evaluation of a cut-off game.
DEFAULT_EVALUATION = "material"


def rewards(game: Game[Any, Any, Any], evaluation: str = DEFAULT_EVALUATION) -> list[float]:
    """Each seat's reward in [0, 1] (see the module docstring): the result of a game the
    rules ended, else the seat's side's share of the material (``material``), or the mean of
    that share, the verdict so far and the share of the aircraft destroyed (``result``)."""
    setup = game.setup
    sides = setup.sides
    n = len(sides)
    result = None
    if game.is_over():
        result = game.result()
        if result.finished:
            if result.winners:
                won = 1.0 / len(result.winners)
                by_side = {s: (won if s in result.winners else 0.0) for s in sides}
            else:
                by_side = dict.fromkeys(sides, 1.0 / n)
            return [by_side[seat.side] for seat in setup.seats]
    parts: list[dict[str, float]] = []
    material = material_of(game.ruleset, game.state)
    total = sum(max(0.0, material.get(s, 0.0)) for s in sides)
    if total > 0:
        parts.append({s: max(0.0, material.get(s, 0.0)) / total for s in sides})
    if evaluation == "result":
        if result is None:
            result = game.result()
        if result.winners and len(result.winners) < n:
            won = 1.0 / len(result.winners)
            parts.append({s: (won if s in result.winners else 0.0) for s in sides})
        lost = sum(result.losses.get(s, 0) for s in sides)
        good = {s: result.kills.get(s, 0) + lost - result.losses.get(s, 0) for s in sides}
        destroyed = sum(good.values())
        if destroyed > 0:
            parts.append({s: good[s] / destroyed for s in sides})
    if not parts:
        return [1.0 / n] * len(setup.seats)
    return [sum(p[seat.side] for p in parts) / len(parts) for seat in setup.seats]

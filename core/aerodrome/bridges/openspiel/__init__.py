"""OpenSpiel games of every installed ruleset (the optional extra ``openspiel``).

``import aerodrome.bridges.openspiel`` registers each installed ruleset as the pyspiel Python game
``aerodrome_<ruleset>``; then ``pyspiel.load_game("aerodrome_df40k", {"setup":
"first-blood", "seed": 3})`` is a game for OpenSpiel's algorithms (MCTS, ISMCTS, CFR...).
See docs/howto-openspiel.md.
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401
    import pyspiel  # type: ignore[import-not-found,unused-ignore]  # noqa: F401
except ModuleNotFoundError as exc:  # pragma: no cover - depends on the install
    raise ModuleNotFoundError(
        f"aerodrome.bridges.openspiel needs the 'openspiel' extra ({exc.name} is missing): "
        "pip install 'aerodrome[openspiel]'",
        name=exc.name,
    ) from None

from aerodrome.bridges.openspiel.games import AerodromeGame, AerodromeState, game_name, register
from aerodrome.bridges.openspiel.play import PARAMETERS

__all__ = ["PARAMETERS", "AerodromeGame", "AerodromeState", "game_name", "register"]

register()

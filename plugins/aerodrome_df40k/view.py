"""Dogfight 40,000's observation: what one player sees, a frozen value (the plugin
skeleton's ``view.py``; the ruleset's ``observation`` builds it from the state)."""

from __future__ import annotations

import msgspec

from aerodrome_df40k.state import Dogfight, Revealed


class FightView(msgspec.Struct, frozen=True, kw_only=True):
    """The dogfight being resolved, as everybody sees it (see :class:`Fight`)."""

    attacker: str
    defender: str
    declared: str
    attacker_df: int
    defender_df: int
    dice: int
    bonus: int
    attacker_roll: int
    defender_roll: int
    margin: int
    ram: bool = False
    awaiting_gargoyles: bool = False


class FlyerView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    type: str
    player: int
    alive: bool
    lost: tuple[int, ...]
    spent: tuple[int, ...]
    fired: tuple[int, ...]
    no_intercept: bool
    crew_hit: bool
    attacked: int
    order: str | None  # None: not known to the viewer (secret) or not given
    escort: str
    ram: bool
    orders_given: int
    disengaged: int


class Df40kView(msgspec.Struct, frozen=True, kw_only=True):
    """What one player sees (``player`` None: the referee): everything but the other
    side's orders before the reveal (df40k.orders.1). A frozen value."""

    player: int | None
    sides: tuple[str, ...]
    turn: int
    turns: int
    first_player: int
    revealed: bool
    flyers: tuple[FlyerView, ...]
    gargoyles: tuple[int, ...]
    kills: tuple[int, ...]
    ground_runs: tuple[int, ...]
    fight: FightView | None
    last_turn: int
    last_orders: tuple[Revealed, ...]
    dogfights: tuple[Dogfight, ...]
    over: bool

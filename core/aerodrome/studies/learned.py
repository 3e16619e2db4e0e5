"""What a learned policy does differently from the bot, at the same positions (issue 41).

The policy plays games against the bot, on each side in turn with the same game seeds; at
every decision of the policy's seat with a choice (two legal actions or more) the bot is
asked what it would have chosen there, from the same view, and its answer is noted but not
played (the game goes on with the policy's choice). Each decision so gives a pair: the
policy's action and the bot's, at one position. Per decision kind (the ruleset's ``kind``:
``orders``, ``move``...) and per **action kind** (:func:`action_kind`: the action's class
and the categorical values it carries, such as an order or a manoeuvre, not the ids of the
pieces it names), the table gives how often each chose that kind, and the paired
difference of the shares (policy minus bot) with a 95 % interval. The interval treats the
games as the independent units (a ratio estimator's variance over games: decisions of one
game are not independent), by the normal approximation; it is wide on few games.

An action kind the policy prefers more often than the bot is a strategy the learner found
(or a habit it fell into): :func:`style` lists, per decision kind, the kinds with the
largest differences. The bot is consulted at positions it did not reach by itself, and a
bot that plans over several decisions sees its plan overruled: the comparison is of the
choices at these positions, not of two whole strategies.
"""

from __future__ import annotations

import enum
import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

import msgspec

from aerodrome.engine.agents import Agent, PlayerView, agent_seed
from aerodrome.engine.data import Action
from aerodrome.engine.dice import derive_seed
from aerodrome.engine.metrics import Z95
from aerodrome.engine.ruleset import Ruleset, Setup
from aerodrome.plugins import Plugins
from aerodrome.runs.sim import play_game

#: Action kinds shown per decision kind (the largest differences, either way).
SHOWN = 4
#: The most categorical values an action kind names (the rest are left out).
MOST_VALUES = 6


class Preference(msgspec.Struct, frozen=True, kw_only=True):
    """One action kind at one decision kind: how often each agent chose it among the
    ``decisions`` of that kind, and the paired difference of the shares (policy minus bot)
    with its 95 % interval over games."""

    action: str
    policy: int
    bot: int
    difference: float
    low: float
    high: float


class KindStyle(msgspec.Struct, frozen=True, kw_only=True):
    """One decision kind: the policy's decisions of that kind (with a choice) and the action
    kinds whose shares differ most, largest first."""

    kind: str
    decisions: int
    games: int
    preferences: list[Preference]


class PolicyStyle(msgspec.Struct, frozen=True, kw_only=True):
    """What a policy does differently from the bot in one column of a comparison."""

    column: str
    ruleset: str
    setup: str
    policy: str
    seed: int
    games: int
    decisions: int
    kinds: list[KindStyle]


#: The fields :func:`_fields` found, per action class (a handful of classes a ruleset).
_FIELDS: dict[type[object], tuple[tuple[str, str], ...]] = {}


def _fields(cls: type[object]) -> tuple[tuple[str, str], ...]:
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = _read_fields(cls)
    return found


def _read_fields(cls: type[object]) -> tuple[tuple[str, str], ...]:
    """The fields of a Struct class an action kind reads, with what they hold: ``enum`` or
    ``literal`` (a categorical value), ``bool``, ``struct`` or ``structs`` (values inside),
    ``literals`` (a tuple of categorical values)."""
    info = msgspec.inspect.type_info(cls)
    if not isinstance(info, msgspec.inspect.StructType):
        return ()
    out: list[tuple[str, str]] = []
    for f in info.fields:
        t = f.type
        if isinstance(t, msgspec.inspect.UnionType):
            kinds = [x for x in t.types if not isinstance(x, msgspec.inspect.NoneType)]
            t = kinds[0] if len(kinds) == 1 else t
        if isinstance(t, msgspec.inspect.EnumType | msgspec.inspect.LiteralType):
            out.append((f.name, "value"))
        elif isinstance(t, msgspec.inspect.BoolType):
            out.append((f.name, "bool"))
        elif isinstance(t, msgspec.inspect.StructType):
            out.append((f.name, "struct"))
        elif isinstance(t, msgspec.inspect.TupleType | msgspec.inspect.VarTupleType):
            items = t.item_type if isinstance(t, msgspec.inspect.VarTupleType) else None
            if isinstance(items, msgspec.inspect.StructType):
                out.append((f.name, "structs"))
            elif isinstance(items, msgspec.inspect.EnumType | msgspec.inspect.LiteralType):
                out.append((f.name, "values"))
    return tuple(out)


def _values(value: Any) -> list[str]:
    out: list[str] = []
    kind: type[object] = type(value)
    for name, holds in _fields(kind):
        v = getattr(value, name)
        if holds == "value" and v is not None:
            out.append(str(v.value if isinstance(v, enum.Enum) else v))
        elif holds == "bool" and v is True:
            out.append(name)
        elif holds == "struct" and v is not None:
            out += _values(v)
        elif holds == "structs":
            for item in v:
                out += _values(item)
        elif holds == "values":
            out += [str(x.value if isinstance(x, enum.Enum) else x) for x in v]
    return out


def action_kind(action: Action) -> str:
    """The kind of an action: its class's name and the categorical values it carries
    (enumerations, literals, flags that are set, in nested actions too), but not the
    numbers and names of the pieces it is about: ``GiveOrders tail+intercept``,
    ``ChooseManoeuvre defend``, ``Move``."""
    values = _values(action)[:MOST_VALUES]
    name = type(action).__name__
    return f"{name} {'+'.join(values)}" if values else name


class _Shadow:
    """The policy's agent, with the bot asked at each of its decisions (see the module)."""

    def __init__(self, policy: Agent, bot: Agent, notes: list[tuple[str, str, str]]) -> None:
        self.policy = policy
        self.bot = bot
        self.notes = notes

    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Action:
        chosen = self.policy.choose(view, legal)
        if len(legal) > 1:
            other = self.bot.choose(view, legal)
            decision = view.decision
            kind = "" if decision is None else str(decision.kind)
            self.notes.append((kind, action_kind(chosen), action_kind(other)))
        return chosen


def _interval(per_game: Sequence[tuple[int, int]], total: int) -> tuple[float, float, float]:
    """The ratio ``Σ d / Σ n`` over games (``d``: the game's paired differences, ``n``: its
    decisions) and its 95 % interval (the ratio estimator's variance over games)."""
    diff = sum(d for d, _ in per_game) / total
    games = len(per_game)
    if games < 2:
        return diff, -1.0, 1.0
    spread = sum((d - diff * n) ** 2 for d, n in per_game) * games / (games - 1)
    half = Z95 * math.sqrt(spread) / total
    return diff, max(-1.0, diff - half), min(1.0, diff + half)


def style(
    plugins: Plugins,
    ruleset: Ruleset[Any, Any, Any],
    setup: Setup,
    policy: str,
    games: int,
    seed: int,
    *,
    column: str = "",
    shown: int = SHOWN,
) -> PolicyStyle:
    """Play ``policy`` (an agent name, ``policy:PATH``) against the bot in ``games`` games,
    half on each side with the same game seeds, and compare its choices with the bot's at
    its decisions (see the module docstring)."""
    spec = plugins.agent(ruleset.name, policy)
    bot = plugins.agent(ruleset.name, "bot")
    seats = len(setup.seats)
    per_seat = max(1, -(-games // seats))
    # per decision kind: per game, the (policy kind, bot kind) pairs
    found: dict[str, list[list[tuple[str, str]]]] = defaultdict(list)
    played = 0
    for seat in range(seats):
        for index in range(per_seat):
            game_seed = derive_seed(seed, "style", index)
            notes: list[tuple[str, str, str]] = []
            agents: list[Agent] = [
                bot.factory(ruleset, p, agent_seed(game_seed, p)) for p in range(seats)
            ]
            agents[seat] = _Shadow(
                spec.factory(ruleset, seat, agent_seed(game_seed, seat)),
                bot.factory(ruleset, seat, agent_seed(game_seed, seat)),
                notes,
            )
            play_game(ruleset, setup, game_seed, agents)
            played += 1
            by_kind: dict[str, list[tuple[str, str]]] = defaultdict(list)
            for kind, mine, theirs in notes:
                by_kind[kind].append((mine, theirs))
            for kind, pairs in by_kind.items():
                found[kind].append(pairs)
    kinds = [_kind_style(kind, per_game, shown) for kind, per_game in sorted(found.items())]
    return PolicyStyle(
        column=column or ruleset.name,
        ruleset=ruleset.name,
        setup=setup.name,
        policy=policy,
        seed=seed,
        games=played,
        decisions=sum(k.decisions for k in kinds),
        kinds=kinds,
    )


def _kind_style(kind: str, per_game: list[list[tuple[str, str]]], shown: int) -> KindStyle:
    total = sum(len(g) for g in per_game)
    mine = Counter(m for g in per_game for m, _ in g)
    theirs = Counter(t for g in per_game for _, t in g)
    preferences = []
    for action in sorted(set(mine) | set(theirs)):
        sums = [(sum((m == action) - (t == action) for m, t in g), len(g)) for g in per_game]
        diff, low, high = _interval(sums, total)
        preferences.append(
            Preference(
                action=action,
                policy=mine[action],
                bot=theirs[action],
                difference=round(diff, 4),
                low=round(low, 4),
                high=round(high, 4),
            )
        )
    preferences.sort(key=lambda p: (-abs(p.difference), p.action))
    return KindStyle(
        kind=kind, decisions=total, games=len(per_game), preferences=preferences[:shown]
    )

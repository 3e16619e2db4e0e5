"""Who plays each seat of ``aerodrome play``: a person, or an agent by name.

``--seat 2=bot`` gives seat 2 to the ruleset's bot, ``--seat 1=human`` to a person,
``--seat 2=bot:konrad`` to the agent ``konrad`` flying the seat by the rulebook's bot rules.
Seats count from 1 on the command line. A save records the seats as their specs
(``"human"``, ``"bot"``, ``"bot:konrad"``), so ``--resume`` seats the same players.

A seat is a bot seat (:attr:`aerodrome.engine.ruleset.Seat.bot`: the rulebook's rules for bots apply
to it) when its agent plays by those rules (:attr:`aerodrome.engine.agents.AgentSpec.bot_rules`, as
``simulate`` marks them) or when the command line says so with ``bot:NAME``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from aerodrome.engine.agents import Agent, agent_seed
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.game import Game
from aerodrome.plugins import Plugins

HUMAN = "human"
#: ``bot:NAME``: the agent NAME flies the seat by the rulebook's bot rules.
RULEBOOK_BOT = "bot:"


@dataclass(frozen=True)
class SeatPlan:
    """Who plays a seat: ``agent`` (``"human"`` or an agent's name) and whether the seat is
    flown by the rulebook's bot rules (``rulebook_bot``, from ``bot:NAME``)."""

    agent: str
    rulebook_bot: bool = False

    @property
    def human(self) -> bool:
        return self.agent == HUMAN

    @property
    def spec(self) -> str:
        """The seat as the command line and a save spell it."""
        return f"{RULEBOOK_BOT}{self.agent}" if self.rulebook_bot else self.agent


def plan_of(spec: str, where: str) -> SeatPlan:
    """A seat spec (``human``, ``bot``, ``bot:konrad``) as a plan; ``where`` names it in errors."""
    kind = spec.strip()
    if kind.startswith(RULEBOOK_BOT):
        name = kind[len(RULEBOOK_BOT) :].strip()
        if not name or name == HUMAN:
            raise AerodromeError(f"{where}: bot: needs the name of a bot, e.g. bot:konrad")
        return SeatPlan(name, rulebook_bot=True)
    if not kind:
        raise AerodromeError(f"{where}: expected SEAT=AGENT, e.g. --seat 2=bot")
    return SeatPlan(kind)


def parse_seats(
    specs: Sequence[str], seats: int, default: str, saved: Sequence[str] | None = None
) -> list[SeatPlan]:
    """``["1=human", "2=bot"]`` → one plan per seat. Without a spec a seat keeps what the
    save gave it (``saved``), else seat 1 is a person and the others ``default``."""
    if saved is not None and len(saved) == seats:
        plans = [plan_of(s, "the save's seats") for s in saved]
    else:
        plans = [SeatPlan(HUMAN)] + [SeatPlan(default)] * (seats - 1)
    for spec in specs:
        number, sep, kind = spec.partition("=")
        if not sep or not number.strip().isdigit() or not kind.strip():
            raise AerodromeError(f"--seat {spec!r}: expected SEAT=AGENT, e.g. --seat 2=bot")
        seat = int(number)
        if not 1 <= seat <= seats:
            raise AerodromeError(f"--seat {spec!r}: this setup has seats 1 to {seats}")
        plans[seat - 1] = plan_of(kind, f"--seat {spec!r}")
    return plans


def check_agents(plugins: Plugins, ruleset: str, plans: Sequence[SeatPlan]) -> list[SeatPlan]:
    """The plans with every agent checked: fail now (one line, with the names there are) on
    an agent the ruleset does not have. ``bot:NAME`` names the agent NAME flying by the bot
    rules; when there is no agent NAME it is the agent ``bot`` given the parameters NAME
    (agent names take parameters after a colon, ``mcts:500``)."""
    checked: list[SeatPlan] = []
    for plan in plans:
        if plan.rulebook_bot and plan.agent.partition(":")[0] not in plugins.agents_for(ruleset):
            plan = SeatPlan(f"{RULEBOOK_BOT}{plan.agent}")
        if not plan.human:
            plugins.agent(ruleset, plan.agent)
        checked.append(plan)
    return checked


def bot_seats(plugins: Plugins, ruleset: str, plans: Sequence[SeatPlan]) -> tuple[int, ...]:
    """The players whose seats are flown by the rulebook's bot rules: ``bot:NAME``, or an
    agent that plays by them."""
    return tuple(
        p
        for p, plan in enumerate(plans)
        if plan.rulebook_bot or (not plan.human and plugins.agent(ruleset, plan.agent).bot_rules)
    )


def agents(
    plugins: Plugins, game: Game[Any, Any, Any], plans: Sequence[SeatPlan]
) -> list[Agent | None]:
    """One agent per seat, ``None`` for a person; each seeded from the game's seed and its
    seat (the same seat in the same game always gets the same agent)."""
    out: list[Agent | None] = []
    for player, plan in enumerate(plans):
        if plan.human:
            out.append(None)
        else:
            spec = plugins.agent(game.ruleset.name, plan.agent)
            out.append(spec.factory(game.ruleset, player, agent_seed(game.seed, player)))
    return out

"""Dogfight 40,000 Revised (George Spiggott): air combat between Warhammer 40,000 flyers
through secret simultaneous orders and opposed Dogfight-skill rolls.

There is no board: a battle is a series of 40K game turns in which every flyer is given a
secret order (Intercept, Ground support, Escort, Disengage), the orders are revealed
together and interceptors dogfight their chosen targets. See docs/rules/df40k.md.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from aerodrome.data import Action, Record
from aerodrome.errors import SpecError
from aerodrome.ruleset import Capabilities, Result, Ruleset, Seat, Setup
from aerodrome.specs import builtin_specs, convert
from aerodrome.turns import Context, Decision, TurnSequence
from aerodrome_df40k import orders
from aerodrome_df40k.battle import Battle, enemies
from aerodrome_df40k.specs import RULESET, SPEC_TYPES, Specs, builtin
from aerodrome_df40k.state import (
    ACTION_TYPES,
    ChooseTarget,
    CommitGargoyles,
    Df40kState,
    Df40kView,
    FlyerState,
    FlyerView,
    GiveOrder,
    GiveOrders,
)

if TYPE_CHECKING:
    from rich.console import RenderableType


class PositionFlyer(Record, frozen=True, kw_only=True):
    """A flyer of a position file; ``lost``/``spent`` name weapons (one slot each)."""

    type: str
    player: int
    id: str = ""
    lost: tuple[str, ...] = ()
    spent: tuple[str, ...] = ()
    no_intercept: bool = False
    orders_given: int = 0
    disengaged: int = 0
    alive: bool = True


class Position(Record, frozen=True, kw_only=True):
    """The ``[position]`` table of a df40k position file."""

    flyers: tuple[PositionFlyer, ...]
    turn: int = 2
    turns: int = 6
    first_player: int = 0
    gargoyles: tuple[int, int] = (0, 0)
    ground_runs: tuple[int, int] = (0, 0)


def disengaged_throughout(f: FlyerState) -> bool:
    """Given Disengage every turn it had orders: counts as destroyed [df40k.resolution.6]."""
    return f.alive and f.orders_given > 0 and f.disengaged == f.orders_given


class Df40k(Ruleset[Df40kState]):
    name = RULESET
    title = "Dogfight 40,000 Revised"
    rulebook = "rulebooks/dogfight-40000-revised.txt (George Spiggott)"
    capabilities = Capabilities(hidden_information=True, simultaneous=True)
    action_types = ACTION_TYPES

    def __init__(self, hook: Any = None, specs: Specs | None = None) -> None:
        super().__init__(hook)
        self.specs = specs if specs is not None else builtin()
        self._battle = Battle(self.specs)

    # -- description -------------------------------------------------------------------
    def specs_dir(self) -> Path:
        return builtin_specs(RULESET)

    def spec_types(self) -> Mapping[str, type[Any]]:
        return SPEC_TYPES

    def setups(self) -> Sequence[Setup]:
        turns = self.specs.rules.battle.turns
        out = []
        for s in self.specs.setups:
            t = s.turns or turns
            out.append(
                Setup(
                    name=s.name,
                    title=s.title,
                    description=s.description,
                    seats=tuple(Seat(name=f"{side} player", side=side) for side in s.sides),
                    options={
                        "forces": [list(f) for f in s.forces],
                        "gargoyles": list(s.gargoyles),
                        "turns": t,
                    },
                    max_rounds=t + 2,
                )
            )
        return out

    # -- the game ------------------------------------------------------------------------
    def sequence(self) -> TurnSequence[Df40kState]:
        return self._battle.sequence()

    def _new_state(
        self, setup: Setup, flyers: list[FlyerState], gargoyles: Sequence[int], turns: int
    ) -> Df40kState:
        return Df40kState(
            setup=setup.name,
            sides=[s.side for s in setup.seats],
            turns=turns,
            flyers=flyers,
            gargoyles=list(gargoyles),
        )

    def initial_state(self, setup: Setup, ctx: Context) -> Df40kState:
        """Both sides field at least one flyer [df40k.intro.2]; the first seat has the first
        turn of every game turn [df40k.frame.5]."""
        forces = setup.options["forces"]
        flyers: list[FlyerState] = []
        counts: dict[str, int] = {}
        for player, force in enumerate(forces):
            if not force:
                raise SpecError(f"setup {setup.name}: side {player + 1} has no flyer (df40k.intro.2)")
            for ftype in force:
                counts[ftype] = counts.get(ftype, 0) + 1
                flyers.append(FlyerState(id=f"{ftype}-{counts[ftype]}", type=ftype, player=player))
        return self._new_state(setup, flyers, setup.options["gargoyles"], setup.options["turns"])

    def position_state(
        self, setup: Setup, position: Mapping[str, Any], source: str
    ) -> Df40kState:
        pos = convert(dict(position), Position, source)
        flyers: list[FlyerState] = []
        for i, pf in enumerate(pos.flyers):
            where = f"{source}: $.position.flyers[{i}]"
            if pf.type not in self.specs.flyers:
                raise SpecError(f"{where}.type: unknown flyer {pf.type!r}")
            if pf.player not in (0, 1):
                raise SpecError(f"{where}.player: must be 0 or 1, got {pf.player}")
            mounts = self.specs.mounts[pf.type]
            slots: dict[str, list[int]] = {"lost": [], "spent": []}
            for field in ("lost", "spent"):
                for name in getattr(pf, field):
                    free = [
                        s for s, m in enumerate(mounts)
                        if m.weapon == name and s not in slots["lost"] and s not in slots["spent"]
                    ]
                    if not free:
                        raise SpecError(f"{where}.{field}: {pf.type} has no (more) {name!r}")
                    slots[field].append(free[0])
            fid = pf.id or f"{pf.type}-{i + 1}"
            if any(f.id == fid for f in flyers):
                raise SpecError(f"{where}.id: flyer id {fid!r} used twice")
            if pf.disengaged > pf.orders_given:
                raise SpecError(f"{where}.disengaged: more than orders_given ({pf.orders_given})")
            flyers.append(
                FlyerState(
                    id=fid, type=pf.type, player=pf.player, lost=slots["lost"],
                    spent=slots["spent"], no_intercept=pf.no_intercept,
                    orders_given=pf.orders_given, disengaged=pf.disengaged, alive=pf.alive,
                    destroyed_by=-1 if pf.alive else 1 - pf.player,
                )
            )
        for p in (0, 1):
            if not any(f.player == p and f.alive for f in flyers):
                raise SpecError(
                    f"{source}: $.position.flyers: player {p} has no flyer left (df40k.intro.2)"
                )
        if not 1 <= pos.turn <= pos.turns:
            raise SpecError(f"{source}: $.position.turn: must be within 1..{pos.turns}")
        if pos.turns - pos.turn + 1 > setup.max_rounds:
            raise SpecError(
                f"{source}: $.position.turns: {pos.turns - pos.turn + 1} turns to play exceed "
                f"the setup's cap of {setup.max_rounds} rounds"
            )
        if pos.first_player not in (0, 1):
            raise SpecError(f"{source}: $.position.first_player: must be 0 or 1")
        state = self._new_state(setup, flyers, pos.gargoyles, pos.turns)
        state.turn, state.first_player = pos.turn, pos.first_player
        state.ground_runs = list(pos.ground_runs)
        for f in flyers:  # a flyer shot down earlier counts for the other side
            if not f.alive:
                state.kills[f.destroyed_by] += 1
        return state

    def legal_actions(
        self, state: Df40kState, decision: Decision, player: int
    ) -> Sequence[Action]:
        if decision.kind == "orders":
            queue = state.to_order[player]
            if not queue:
                return ()
            if state.combined[player]:
                return orders.order_sets(state, self.specs, player) or ()
            return orders.legal_orders(state, self.specs, state.flyer(queue[0]))
        if decision.kind == "intercept":
            f = state.flyer(state.queue[0])
            return [ChooseTarget(flyer=f.id, target=g.id) for g in enemies(state, f)]
        if decision.kind == "gargoyles" and state.fight is not None:
            fight = state.fight
            loser = fight.defender if fight.margin > 0 else fight.attacker
            return [
                CommitGargoyles(flyer=loser, count=n) for n in range(state.gargoyles[player] + 1)
            ]
        return ()

    def observation(self, state: Df40kState, player: int | None) -> Df40kView:
        """Everything is public except the other side's orders before the reveal
        [df40k.orders.1]."""
        views = []
        for f in state.flyers:
            known = state.revealed or player is None or f.player == player
            views.append(
                FlyerView(
                    id=f.id, type=f.type, player=f.player, alive=f.alive,
                    lost=tuple(f.lost), spent=tuple(f.spent), fired=tuple(f.fired),
                    no_intercept=f.no_intercept, crew_hit=f.crew_hit, attacked=f.attacked,
                    order=(f.order or None) if known else None,
                    escort=f.escort if known else "", ram=f.ram if known else False,
                    orders_given=f.orders_given,
                    disengaged=f.disengaged,
                )
            )
        fight = msgspec.structs.replace(state.fight) if state.fight is not None else None
        return Df40kView(
            player=player, turn=state.turn, turns=state.turns, first_player=state.first_player,
            stage=state.stage, revealed=state.revealed, flyers=tuple(views),
            gargoyles=tuple(state.gargoyles), kills=tuple(state.kills),
            ground_runs=tuple(state.ground_runs), fight=fight, queue=tuple(state.queue),
        )

    def determinise(self, state: Df40kState, player: int, rng: random.Random) -> Df40kState:
        """The other player's unrevealed orders drawn again (see
        :mod:`aerodrome_df40k.determinise`)."""
        from aerodrome_df40k.determinise import determinise

        return determinise(state, self.specs, player, rng)

    def is_over(self, state: Df40kState) -> bool:
        return state.over

    def losses(self, state: Df40kState) -> list[int]:
        """Flyers lost per player: destroyed, or Disengaged every turn [df40k.resolution.6]."""
        return [
            sum(1 for f in state.flyers if f.player == p and (not f.alive or disengaged_throughout(f)))
            for p in (0, 1)
        ]

    def result(self, state: Df40kState, rounds: int) -> Result:
        """Flyers destroyed decide, then ground-support runs made [df40k.frame.4]."""
        sides = state.sides
        lost = self.losses(state)
        kills = [lost[1], lost[0]]
        runs = state.ground_runs
        if kills[0] != kills[1]:
            best = 0 if kills[0] > kills[1] else 1
            winners: tuple[str, ...] = (sides[best],)
            reason = "more enemy flyers destroyed"
        elif runs[0] != runs[1]:
            best = 0 if runs[0] > runs[1] else 1
            winners = (sides[best],)
            reason = "as many flyers destroyed; more ground-support runs"
        else:
            winners, reason = (), "as many flyers destroyed and ground-support runs"
        disengaged = [
            sum(1 for f in state.flyers if f.player == p and disengaged_throughout(f)) for p in (0, 1)
        ]
        stats: dict[str, float] = {}
        for p in (0, 1):
            stats[f"ground_runs_{sides[p]}"] = runs[p]
            stats[f"disengaged_{sides[p]}"] = disengaged[p]
            stats[f"gargoyles_left_{sides[p]}"] = state.gargoyles[p]
        return Result(
            winners=winners,
            reason=reason,
            rounds=rounds,
            finished=state.over,
            kills={sides[p]: kills[p] for p in (0, 1)},
            losses={sides[p]: lost[p] for p in (0, 1)},
            engagements=state.engagements,
            stats=stats,
        )

    # -- services ------------------------------------------------------------------------
    def render(self, state: Df40kState, player: int | None) -> RenderableType:
        from aerodrome_df40k.render import render

        return render(self, state, player)

    def describe_action(self, state: Df40kState, action: Action) -> str:
        if isinstance(action, GiveOrder | GiveOrders):
            return action.explain()
        return action.describe()

    def invariants(self, state: Df40kState) -> list[str]:
        broken: list[str] = []
        ids = [f.id for f in state.flyers]
        if len(set(ids)) != len(ids):
            broken.append("flyer ids are not unique")
        if any(g < 0 for g in state.gargoyles):
            broken.append("negative Gargoyle pool")
        for f in state.flyers:
            n = len(self.specs.mounts[f.type])
            for name in ("lost", "spent", "fired"):
                slots = getattr(f, name)
                if len(set(slots)) != len(slots) or any(not 0 <= s < n for s in slots):
                    broken.append(f"{f.id}: bad {name} slots {slots}")
            if f.disengaged > f.orders_given:
                broken.append(f"{f.id}: disengaged more often than ordered")
            if f.order == "escort" and state.revealed:
                ward = state.flyer(f.escort)
                if ward.player != f.player or (ward.alive and ward.order != "ground-support"):
                    broken.append(f"{f.id}: escorts {f.escort}, not an ally on Ground support")
            if f.order == "intercept" and f.no_intercept:
                broken.append(f"{f.id}: on Intercept after a crew result")
        if sum(state.kills) != sum(1 for f in state.flyers if not f.alive):
            broken.append("kills do not match destroyed flyers")
        return broken

    def material(self, state: Df40kState) -> dict[str, float]:
        out = {s: 0.0 for s in state.sides}
        for f in state.flyers:
            if f.alive:
                out[state.sides[f.player]] += self.specs.flyers[f.type].points
        return out

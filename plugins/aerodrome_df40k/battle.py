"""The game frame: one round is one game turn of the 40K battle (rulebook sections Orders,
Resolution and the Victory bullet on Ground support). Steps: begin, orders, reveal,
dogfights, ground support, end. Clause ids in brackets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aerodrome.data import Action
from aerodrome.errors import IllegalActionError, PluginError
from aerodrome.turns import Context, Decision, Phase, Step, TurnSequence
from aerodrome_df40k import combat, orders
from aerodrome_df40k.specs import Specs
from aerodrome_df40k.state import (
    ChooseTarget,
    CommitGargoyles,
    Df40kState,
    FlyersInReserve,
    FlyerState,
    GiveOrder,
    GiveOrders,
    GroundRun,
)

#: The orders decisions asked so far, by the flyers asked about (a Decision is immutable).
_ORDER_DECISIONS: dict[tuple[tuple[int, ...], tuple[str, ...]], Decision] = {}


def enemies(state: Df40kState, f: FlyerState) -> list[FlyerState]:
    """Opposing flyers ``f`` may intercept: alive and not Disengaging [df40k.orders.5]."""
    return [
        g for g in state.flyers if g.player != f.player and g.alive and g.order != "disengage"
    ]


def sides_alive(state: Df40kState) -> list[int]:
    return [p for p in (0, 1) if any(f.alive and f.player == p for f in state.flyers)]


class Battle:
    """The turn sequence, bound to the specs."""

    def __init__(self, specs: Specs) -> None:
        self.specs = specs
        self._sequence: TurnSequence[Df40kState] | None = None

    def sequence(self) -> TurnSequence[Df40kState]:
        if self._sequence is None:
            self._sequence = self._build()
        return self._sequence

    def _build(self) -> TurnSequence[Df40kState]:
        return TurnSequence(
            phases=(
                Phase(
                    name="game turn",
                    steps=(
                        Step("orders", self.ask_orders, self.take_orders, clause="df40k.orders.1"),
                        Step("dogfights", self.dogfights, self.answer, clause="df40k.resolution.2"),
                        Step("ground support and end", self.finish, clause="df40k.frame.3"),
                    ),
                ),
            )
        )

    # -- begin ---------------------------------------------------------------------------
    def begin(self, state: Df40kState, ctx: Context) -> None:
        """Turn one: flyers are in reserve, no orders are given [df40k.frame.2]."""
        state.stage = "begin"
        state.revealed = False
        if state.turn < self.specs.rules.battle.first_order_turn:
            ctx.emit(FlyersInReserve(turn=state.turn))
            state.stage = "end"
            return None
        state.stage = "orders"
        state.to_order = [
            [f.id for f in state.flyers if f.alive and f.player == p] for p in (0, 1)
        ]
        state.combined = [
            len(state.to_order[p]) > 1 and orders.order_sets(state, self.specs, p) is not None
            for p in (0, 1)
        ]
        return None

    # -- orders --------------------------------------------------------------------------
    def ask_orders(self, state: Df40kState, ctx: Context) -> Decision | None:
        """Both players give each flyer a secret order: all at once when the combinations
        are few, otherwise one flyer at a time [df40k.orders.1]."""
        if state.stage == "begin":
            self.begin(state, ctx)
        if state.stage != "orders":
            return None
        players = tuple(p for p in (0, 1) if state.to_order[p])
        if not players:
            state.stage = "reveal"
            return None
        heads = tuple(
            f"all {state.sides[p]} flyers" if state.combined[p] else state.to_order[p][0]
            for p in players
        )
        decision = _ORDER_DECISIONS.get((players, heads))
        if decision is None:
            decision = _ORDER_DECISIONS[(players, heads)] = Decision(
                players=players,
                kind="orders",
                simultaneous=True,
                prompt="Secret orders for " + " / ".join(heads),
            )
        return decision

    def take_orders(
        self, state: Df40kState, ctx: Context, answers: Mapping[int, Action]
    ) -> bool:
        for player, action in answers.items():
            if isinstance(action, GiveOrders):
                orders.give_all(state, self.specs, ctx, player, action)
            elif isinstance(action, GiveOrder):
                orders.give(state, self.specs, ctx, player, action)
            else:
                raise IllegalActionError(f"{action.describe()} is not an order", clause="df40k.orders.1")
        return True

    # -- reveal --------------------------------------------------------------------------
    def reveal(self, state: Df40kState, ctx: Context) -> None:
        if state.stage != "reveal":
            return None
        orders.reveal(state, self.specs, ctx)
        state.stage = "dogfights"
        return None

    # -- dogfights -----------------------------------------------------------------------
    def dogfights(self, state: Df40kState, ctx: Context) -> Decision | None:
        """Each interceptor in turn chooses an opposing flyer and dogfights it, the player
        whose turn it is first [df40k.resolution.1, df40k.resolution.2]."""
        if state.stage == "reveal":
            self.reveal(state, ctx)
        if state.stage != "dogfights":
            return None
        specs = self.specs
        while True:
            fight = state.fight
            if fight is not None:
                if fight.awaiting_gargoyles:
                    loser = state.flyer(fight.defender if fight.margin > 0 else fight.attacker)
                    return Decision(
                        players=(loser.player,),
                        kind="gargoyles",
                        prompt=f"{loser.id} lost by {abs(fight.margin)}: allocate Gargoyles?",
                    )
                combat.conclude(state, specs, ctx, fight)
                continue
            if not state.queue:
                state.stage = "ground-support"
                return None
            f = state.flyer(state.queue[0])
            if not f.alive:
                state.queue.pop(0)
                continue
            targets = enemies(state, f)
            if len(targets) > 1:
                return Decision(
                    players=(f.player,), kind="intercept", prompt=f"Which flyer does {f.id} intercept?"
                )
            state.queue.pop(0)
            if targets:
                combat.declare(state, specs, ctx, f, targets[0])

    def answer(self, state: Df40kState, ctx: Context, answers: Mapping[int, Action]) -> bool:
        for action in answers.values():
            if isinstance(action, ChooseTarget):
                f = state.flyer(state.queue.pop(0))
                combat.declare(state, self.specs, ctx, f, state.flyer(action.target))
            elif isinstance(action, CommitGargoyles) and state.fight is not None:
                combat.commit_gargoyles(state, self.specs, ctx, state.fight, action.count)
            else:
                raise IllegalActionError(f"{action.describe()} is not expected now")
        return True

    # -- ground support ------------------------------------------------------------------
    def ground_support(self, state: Df40kState, ctx: Context) -> None:
        """Surviving Ground-support flyers without crew results make their attack run (the
        run itself belongs to the ground battle) [df40k.resolution.3-4, df40k.victory.10, df40k.victory.15]."""
        if state.stage != "ground-support":
            return None
        drop = self.specs.rules.battle.ground_run_drops_bombs
        for f in state.flyers:
            if f.alive and f.order == "ground-support" and not f.crew_hit:
                state.ground_runs[f.player] += 1
                bombs: list[str] = []
                if drop:
                    for slot, mount in enumerate(self.specs.mounts[f.type]):
                        kind = self.specs.weapons[mount.weapon].kind
                        if kind in ("bomb", "big-bomb") and slot not in f.spent and slot not in f.lost:
                            f.spent.append(slot)
                            bombs.append(mount.weapon)
                ctx.emit(GroundRun(flyer=f.id, bombs=tuple(bombs)))
        state.stage = "end"
        return None

    def finish(self, state: Df40kState, ctx: Context) -> None:
        self.ground_support(state, ctx)
        self.end(state, ctx)

    # -- end -----------------------------------------------------------------------------
    def end(self, state: Df40kState, ctx: Context) -> None:
        """Crew results bar Intercept next turn [df40k.victory.11]; the battle ends after its
        last turn or when a side has no flyers [df40k.frame.3]. After a turn with orders the
        next is the other player's turn [df40k.frame.5]: the first seat's player has the first
        turn with orders (turn two), the second seat's the next, and so on."""
        for f in state.flyers:
            f.no_intercept = f.crew_hit
            f.crew_hit = False
            f.order, f.escort, f.ram = "", "", False
            f.eject.clear()
            f.fired.clear()
            f.attacked = 0
            f.redirected = False
        state.revealed = False
        state.stage = "begin"
        if state.turn >= state.turns or len(sides_alive(state)) < 2:
            state.over = True
        else:
            if state.turn >= self.specs.rules.battle.first_order_turn:
                state.first_player = next_player_turn(ctx.hook, state.first_player, state.turn)
            state.turn += 1
        return None


def next_player_turn(hook: Any, player: int, turn: int) -> int:
    """Whose turn it is in the next game turn: the other player's, alternating by game turn
    as the players' turns of the 40K battle do [df40k.frame.5, df40k.resolution.1]; a
    variant may change it through ``aerodrome_df40k_next_player_turn``."""
    caller = combat.relay(hook, "aerodrome_df40k_next_player_turn")
    if caller is not None:
        got = caller(player=player, turn=turn)
        if got is not None:
            if got not in (0, 1):
                raise PluginError(
                    f"aerodrome_df40k_next_player_turn returned {got!r}, not a player (0 or 1)"
                )
            return int(got)
    return 1 - player

"""The game frame: one round is one game turn of the 40K battle (rulebook sections Orders,
Resolution and the Victory bullet on Ground support), played as the core's steps:

1. orders: both players give their flyers secret orders at the same time, one
   simultaneous decision revealed to nobody [df40k.orders.1] (none on turn one: the flyers
   are in reserve, df40k.frame.2);
2. reveal: all orders at once, ordnance ejected [df40k.resolution.1, df40k.victory.12];
3. dogfights, for each interceptor in declaring order [df40k.resolution.7]: its
   declaration (and the choice of target), then the result (after the Gargoyles, if the
   Tyranid player commits any);
4. ground support: the attack runs [df40k.victory.10];
5. end of turn: crew results, whose turn it is next, the end of the battle [df40k.frame.3].

Clause ids in brackets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from aerodrome.api import Ask, Context, Decision, ForEach, Phase, Reveal, Step, TurnSequence, listed
from aerodrome_df40k import combat, orders
from aerodrome_df40k.rules import Rules
from aerodrome_df40k.state import (
    ChooseTarget,
    CommitGargoyles,
    Df40kState,
    FlyersInReserve,
    FlyerState,
    GiveOrder,
    GiveOrders,
    GroundRun,
    Kind,
)

Orders = GiveOrder | GiveOrders


def enemies(state: Df40kState, f: FlyerState) -> list[FlyerState]:
    """Opposing flyers ``f`` may intercept: alive and not Disengaging [df40k.orders.5]."""
    return [g for g in state.flyers if g.player != f.player and g.alive and g.order != "disengage"]


def sides_alive(state: Df40kState) -> list[int]:
    return [p for p in (0, 1) if any(f.alive and f.player == p for f in state.flyers)]


class Battle:
    """The turn sequence, bound to the rules of one ruleset instance. Decisions and target
    lists asked before are kept here, keyed by what they ask."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.specs = rules.specs
        self.first_order_turn = rules.specs.rules.battle.first_order_turn
        self._sequence: TurnSequence[Df40kState] | None = None
        self._decisions: dict[object, Decision] = {}
        self._targets: dict[tuple[str, tuple[str, ...]], tuple[ChooseTarget, ...]] = {}

    def sequence(self) -> TurnSequence[Df40kState]:
        if self._sequence is None:
            self._sequence = TurnSequence(
                phases=(
                    Phase(
                        name="game turn",
                        steps=(
                            Step("orders", self.ask_orders, clause="df40k.orders.1"),
                            Step("reveal", self.reveal, clause="df40k.resolution.1"),
                            ForEach(
                                "dogfights",
                                orders.interceptors,
                                (
                                    Step("declare", self.declare, clause="df40k.resolution.2"),
                                    Step("result", self.result, clause="df40k.dogfight.5"),
                                ),
                                clause="df40k.resolution.7",
                            ),
                            Step("ground support", self.ground_support, clause="df40k.victory.10"),
                            Step("end of turn", self.end, clause="df40k.frame.3"),
                        ),
                    ),
                )
            )
        return self._sequence

    def orders_due(self, turn: int) -> bool:
        """Orders are given from the first turn with orders on [df40k.frame.2]; ``turn`` is
        the game turn (the core's round)."""
        return turn >= self.first_order_turn

    # -- orders --------------------------------------------------------------------------
    def ask_orders(self, state: Df40kState, ctx: Context) -> Ask[Df40kState, Orders] | None:
        """Turn one: the flyers are in reserve, no orders are given [df40k.frame.2].

        Then both players give their flyers' orders in secret, at the same time
        [df40k.orders.1]: one simultaneous decision of both, each answering with all its
        flyers' orders at once (:class:`GiveOrders`; a single flyer's order), revealed to
        nobody; the reveal step shows them all together [df40k.resolution.1]. When a side's
        combined orders are too many to list (:data:`orders.MAX_COMBINED`), both give them
        flyer by flyer instead: one simultaneous decision per round of flyers (each
        side's next flyer in roster order, a side whose flyers all have orders no longer
        asked), asked again until every flyer has its order. Nothing of an order shows to
        the other side before the reveal, and the questions asked do not depend on it."""
        turn = ctx.round
        if not self.orders_due(turn):
            ctx.emit(lambda: FlyersInReserve(turn=turn))
            return None
        specs = self.specs
        waiting = {p: orders.unordered(state, p) for p in (0, 1)}
        players = tuple(p for p in (0, 1) if waiting[p])
        if not players:
            return None
        together = {
            p: orders.all_at_once(state, specs, p) if len(waiting[p]) > 1 else None for p in players
        }
        at_once = all(together[p] is not None or len(waiting[p]) == 1 for p in players)
        legal_of: dict[int, Sequence[Orders]] = {}
        asked: list[str] = []
        for p in players:
            sets = together[p]
            if at_once and sets is not None:
                legal_of[p], head = sets, ""
            else:
                first = waiting[p][0]
                legal_of[p], head = orders.legal_orders(state, specs, first), first.id
            asked.append(head)
        key = (players, tuple(asked))
        decision = self._decisions.get(key)
        if decision is None:
            decision = self._decisions[key] = Decision(
                players=players,
                kind=Kind.ORDERS,
                subject=tuple(asked),
                simultaneous=True,
                reveal=Reveal.NOBODY,
            )
        return Ask(decision, lambda state, player: legal_of[player], self.take_orders)

    def take_orders(self, state: Df40kState, ctx: Context, answers: Mapping[int, Orders]) -> bool:
        for player, action in answers.items():
            for order in action.orders if isinstance(action, GiveOrders) else (action,):
                orders.give(state, ctx, player, order)
        return True  # ask again until every flyer has its order

    # -- reveal --------------------------------------------------------------------------
    def reveal(self, state: Df40kState, ctx: Context) -> None:
        """Starting with the player whose turn it is, both players reveal their orders
        [df40k.resolution.1]; Disengaging flyers eject ordnance [df40k.victory.12]."""
        if self.orders_due(ctx.round):
            orders.reveal(state, self.specs, ctx)

    # -- dogfights, for each interceptor ---------------------------------------------------
    def declare(self, state: Df40kState, ctx: Context) -> Ask[Df40kState, ChooseTarget] | None:
        """The interceptor chooses an opposing flyer and dogfights it [df40k.resolution.2]; a
        single candidate is declared without asking. An interceptor shot down before its
        turn does nothing."""
        f = state.flyer(str(ctx.item))
        if not f.alive:
            return None
        targets = enemies(state, f)
        if len(targets) > 1:
            key = (f.id, tuple(g.id for g in targets))
            legal = self._targets.get(key)
            if legal is None:
                legal = self._targets[key] = tuple(
                    ChooseTarget(flyer=f.id, target=g) for g in key[1]
                )
            decision = self._decisions.get(key)
            if decision is None:
                decision = self._decisions[key] = Decision(
                    players=(f.player,), kind=Kind.INTERCEPT, subject=f.id
                )
            return Ask(decision, listed(legal), self.intercept)
        if targets:
            combat.declare(state, self.rules, ctx, f, targets[0])
        return None

    def intercept(
        self, state: Df40kState, ctx: Context, answers: Mapping[int, ChooseTarget]
    ) -> bool:
        for action in answers.values():
            combat.declare(
                state, self.rules, ctx, state.flyer(action.flyer), state.flyer(action.target)
            )
        return False

    def result(self, state: Df40kState, ctx: Context) -> Ask[Df40kState, CommitGargoyles] | None:
        """The dogfight's result: the winner fires, the loser retaliates, a ram
        [df40k.dogfight.5, df40k.victory.1-8, df40k.victory.13]. When a large Tyranid flyer
        lost, its player first decides how many Gargoyles shield it [df40k.racial.2]."""
        fight = state.fight
        if fight is None:
            return None
        if not fight.awaiting_gargoyles:
            combat.conclude(state, self.rules, ctx, fight)
            return None
        loser = state.flyer(fight.defender if fight.margin > 0 else fight.attacker)
        decision = Decision(players=(loser.player,), kind=Kind.GARGOYLES, subject=loser.id)
        legal = tuple(
            CommitGargoyles(flyer=loser.id, count=n)
            for n in range(state.gargoyles[loser.player] + 1)
        )
        return Ask(decision, listed(legal), self.gargoyles)

    def gargoyles(
        self, state: Df40kState, ctx: Context, answers: Mapping[int, CommitGargoyles]
    ) -> bool:
        """Gargoyles committed [df40k.racial.2, df40k.racial.3], then the result."""
        fight = state.fight
        assert fight is not None
        for action in answers.values():
            combat.commit_gargoyles(state, self.rules, ctx, fight, action.count)
        combat.conclude(state, self.rules, ctx, fight)
        return False

    # -- ground support ------------------------------------------------------------------
    def ground_support(self, state: Df40kState, ctx: Context) -> None:
        """Surviving Ground-support flyers without crew results make their attack run (the
        run itself belongs to the ground battle) [df40k.resolution.3-4, df40k.victory.10,
        df40k.victory.15]."""
        drop = self.specs.rules.battle.ground_run_drops_bombs
        for f in state.flyers:
            if f.alive and f.order == "ground-support" and not f.crew_hit:
                state.ground_runs[f.player] += 1
                bombs: list[str] = []
                if drop:
                    for slot, mount in enumerate(self.specs.mounts[f.type]):
                        kind = self.specs.weapons[mount.weapon].kind
                        if (
                            kind in ("bomb", "big-bomb")
                            and slot not in f.spent
                            and slot not in f.lost
                        ):
                            f.spent.append(slot)
                            bombs.append(mount.weapon)
                ctx.emit(partial(GroundRun, flyer=f.id, bombs=tuple(bombs)))

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
        turn = ctx.round
        if turn >= state.turns or len(sides_alive(state)) < 2:
            state.over = True
        elif self.orders_due(turn):
            state.first_player = self.rules.next_player_turn(state.first_player, turn)

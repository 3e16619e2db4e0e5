"""Dogfight 40,000 Revised (George Spiggott): air combat between Warhammer 40,000 flyers
through secret simultaneous orders and opposed Dogfight-skill rolls.

There is no board: a battle is a series of 40K game turns in which every flyer is given a
secret order (Intercept, Ground support, Escort, Disengage), the orders are revealed
together and interceptors dogfight their chosen targets. See docs/rules/df40k.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar, cast

import msgspec
from msgspec import Meta

from aerodrome.api import (
    Analysis,
    Capabilities,
    ChoiceLabel,
    Context,
    Decision,
    Determinise,
    Numbering,
    Odds,
    Positions,
    Presentation,
    Record,
    Result,
    RuleHooks,
    Ruleset,
    Seat,
    Setup,
    SpecError,
    SpecFiles,
    Turn,
    TurnSequence,
    Vectors,
)
from aerodrome.engine.specs import builtin_specs
from aerodrome_df40k import limits, text
from aerodrome_df40k.battle import Battle
from aerodrome_df40k.limits import GargoylePool, Name, Turns
from aerodrome_df40k.options import Df40kOptions
from aerodrome_df40k.rules import Rules
from aerodrome_df40k.specs import RULESET, SPEC_TYPES, Specs, builtin
from aerodrome_df40k.state import ACTION_TYPES, Df40kAction, Df40kState, FlyerState
from aerodrome_df40k.view import Df40kView, FightView, FlyerView

if TYPE_CHECKING:
    from rich.console import RenderableType

    from aerodrome.api import DiceRolled, Event
    from aerodrome_df40k.numbering import Encoder
    from aerodrome_df40k.numbering import Numbering as ActionNumbers

T = TypeVar("T")


#: A flyer id of a position file: empty (the default id) or a name.
FlyerId = Annotated[str, Meta(max_length=80, pattern=limits.FLYER_ID_PATTERN)]
#: Weapons named in ``lost`` / ``spent``: at most one per mount.
WeaponNames = Annotated[tuple[Name, ...], Meta(max_length=limits.MOUNTS * limits.MOUNTS)]
#: Turns with orders so far (at most one per game turn).
TurnCount = Annotated[int, Meta(ge=0, le=limits.TURNS)]
#: Attack runs so far (at most one per flyer and game turn).
RunCount = Annotated[int, Meta(ge=0, le=limits.TURNS * limits.FLYERS)]


class PositionFlyer(Record, frozen=True, kw_only=True):
    """A flyer of a position file; ``lost``/``spent`` name weapons (one slot each)."""

    type: Name
    player: int
    id: FlyerId = ""
    lost: WeaponNames = ()
    spent: WeaponNames = ()
    no_intercept: bool = False
    orders_given: TurnCount = 0
    disengaged: TurnCount = 0
    alive: bool = True


#: The game turn of a position file that does not say (the first with orders).
POSITION_TURN = 2


class Position(Record, frozen=True, kw_only=True):
    """The ``[position]`` table of a df40k position file (bounds: :mod:`.limits`)."""

    flyers: Annotated[tuple[PositionFlyer, ...], Meta(max_length=2 * limits.FLYERS)]
    turn: Turns = POSITION_TURN
    turns: Turns = 6
    first_player: int = 0
    gargoyles: tuple[GargoylePool, GargoylePool] = (0, 0)
    ground_runs: tuple[RunCount, RunCount] = (0, 0)


def disengaged_throughout(f: FlyerState) -> bool:
    """Given Disengage every turn it had orders: counts as destroyed [df40k.resolution.6]."""
    return f.alive and f.orders_given > 0 and f.disengaged == f.orders_given


class Df40k(
    Ruleset[Df40kState, Df40kView, Df40kAction, Df40kOptions],
    Presentation[Df40kView, Df40kAction],
    Odds[Df40kView, Df40kAction],
    Positions[Df40kState, Df40kOptions],
    SpecFiles,
    Numbering[Df40kAction, Df40kOptions],
    Vectors[Df40kView],
    Determinise[Df40kState],
    Analysis[Df40kState],
):
    name = RULESET
    title = "Dogfight 40,000 Revised"
    rulebook = "rulebooks/dogfight-40000-revised.txt (George Spiggott)"
    capabilities = Capabilities(hidden_information=True, simultaneous=True)
    action_types = ACTION_TYPES
    options_type = Df40kOptions

    def __init__(self, hooks: RuleHooks | None = None, specs: Specs | None = None) -> None:
        super().__init__(hooks)
        self.specs = specs if specs is not None else builtin()
        #: The specs and the variant hooks the rules call (looked up once, here).
        self.rules = Rules(self.specs, self.hooks)
        self._battle = Battle(self.rules)
        self._memory: dict[object, object] = {}
        self._numberings: dict[Df40kOptions, ActionNumbers] = {}
        self._encoder: Encoder | None = None  # the observation vectors' (made on first use)

    def memory(self, kind: Callable[[Df40k], T]) -> T:
        """The one ``kind(self)`` of this ruleset instance, made on first use: where an
        agent keeps what it works out about these rules (memos keyed by values), shared by
        every game of this instance and gone with it."""
        got = self._memory.get(kind)
        if got is None:
            got = self._memory[kind] = kind(self)
        return cast("T", got)

    # -- description -------------------------------------------------------------------
    def specs_dir(self) -> Path:
        return builtin_specs(RULESET)

    def spec_types(self) -> Mapping[str, type[Any]]:
        return SPEC_TYPES

    def setups(self) -> Sequence[Setup[Df40kOptions]]:
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
                    options=Df40kOptions(forces=s.forces, gargoyles=s.gargoyles, turns=t),
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

    def initial_state(self, setup: Setup[Df40kOptions], ctx: Context) -> Df40kState:
        """Both sides field at least one flyer [df40k.intro.2]; the first seat has the first
        turn of every game turn [df40k.frame.5]."""
        options = setup.options
        forces, gargoyles = options.forces, options.gargoyles
        flyers: list[FlyerState] = []
        counts: dict[str, int] = {}
        if len(forces) != 2:
            raise SpecError(f"setup {setup.name}: forces: two sides, got {len(forces)}")
        if len(gargoyles) != 2:
            raise SpecError(f"setup {setup.name}: gargoyles: two sides, got {len(gargoyles)}")
        if not 1 <= options.turns <= limits.TURNS:
            raise SpecError(f"setup {setup.name}: turns: must be within 1..{limits.TURNS}")
        if any(not 0 <= n <= limits.GARGOYLES for n in gargoyles):
            raise SpecError(f"setup {setup.name}: gargoyles: must be within 0..{limits.GARGOYLES}")
        for player, force in enumerate(forces):
            if not force:
                raise SpecError(
                    f"setup {setup.name}: side {player + 1} has no flyer (df40k.intro.2)"
                )
            if len(force) > limits.FLYERS:
                raise SpecError(
                    f"setup {setup.name}: side {player + 1} has more than {limits.FLYERS} flyers"
                )
            for ftype in force:
                if ftype not in self.specs.flyers:
                    raise SpecError(
                        f"setup {setup.name}: side {player + 1}: unknown flyer {ftype!r}"
                    )
                counts[ftype] = counts.get(ftype, 0) + 1
                flyers.append(FlyerState(id=f"{ftype}-{counts[ftype]}", type=ftype, player=player))
        return self._new_state(setup, flyers, gargoyles, options.turns)

    def position_state(
        self, setup: Setup[Df40kOptions], position: Mapping[str, Any], source: str
    ) -> Df40kState:
        try:
            pos = msgspec.convert(position, Position, strict=True)
        except msgspec.ValidationError as exc:  # the table sits at $.position of the file
            where = str(exc).replace("`$", "`$.position", 1)
            raise SpecError(f"{source}: {limits.readable(where)}") from None
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
                        s
                        for s, m in enumerate(mounts)
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
                    id=fid,
                    type=pf.type,
                    player=pf.player,
                    lost=slots["lost"],
                    spent=slots["spent"],
                    no_intercept=pf.no_intercept,
                    orders_given=pf.orders_given,
                    disengaged=pf.disengaged,
                    alive=pf.alive,
                    destroyed_by=-1 if pf.alive else 1 - pf.player,
                )
            )
        for p in (0, 1):
            if not any(f.player == p and f.alive for f in flyers):
                raise SpecError(
                    f"{source}: $.position.flyers: player {p} has no flyer left (df40k.intro.2)"
                )
            if sum(1 for f in flyers if f.player == p) > limits.FLYERS:
                raise SpecError(
                    f"{source}: $.position.flyers: player {p} has more than {limits.FLYERS} flyers"
                )
        if not 1 <= pos.turn <= pos.turns:
            raise SpecError(f"{source}: $.position.turn: must be within 1..{pos.turns}")
        if pos.turns > setup.max_rounds:
            raise SpecError(
                f"{source}: $.position.turns: {pos.turns} turns exceed the setup's cap of "
                f"{setup.max_rounds} rounds"
            )
        if pos.first_player not in (0, 1):
            raise SpecError(f"{source}: $.position.first_player: must be 0 or 1")
        state = self._new_state(setup, flyers, pos.gargoyles, pos.turns)
        state.first_player = pos.first_player  # the turn is the game's round: position_round
        state.ground_runs = list(pos.ground_runs)
        for f in flyers:  # a flyer shot down earlier counts for the other side
            if not f.alive:
                state.kills[f.destroyed_by] += 1
        return state

    def position_round(self, position: Mapping[str, Any]) -> int:
        """The game turn the position is at: the core's clock starts there."""
        return int(position.get("turn", POSITION_TURN))

    def observation(self, state: Df40kState, player: int | None, turn: Turn) -> Df40kView:
        """Everything is public except the other side's orders before the reveal
        [df40k.orders.1]."""
        views = []
        for f in state.flyers:
            known = state.revealed or player is None or f.player == player
            views.append(
                FlyerView(
                    id=f.id,
                    type=f.type,
                    player=f.player,
                    alive=f.alive,
                    lost=tuple(f.lost),
                    spent=tuple(f.spent),
                    fired=tuple(f.fired),
                    no_intercept=f.no_intercept,
                    crew_hit=f.crew_hit,
                    attacked=f.attacked,
                    order=(f.order or None) if known else None,
                    escort=f.escort if known else "",
                    ram=f.ram if known else False,
                    orders_given=f.orders_given,
                    disengaged=f.disengaged,
                )
            )
        fight = state.fight
        return Df40kView(
            player=player,
            sides=tuple(state.sides),
            turn=turn.round,
            turns=state.turns,
            first_player=state.first_player,
            revealed=state.revealed,
            flyers=tuple(views),
            gargoyles=tuple(state.gargoyles),
            kills=tuple(state.kills),
            ground_runs=tuple(state.ground_runs),
            fight=None
            if fight is None
            else FightView(
                attacker=fight.attacker,
                defender=fight.defender,
                declared=fight.declared,
                attacker_df=fight.attacker_df,
                defender_df=fight.defender_df,
                dice=fight.dice,
                bonus=fight.bonus,
                attacker_roll=fight.attacker_roll,
                defender_roll=fight.defender_roll,
                margin=fight.margin,
                ram=fight.ram,
                awaiting_gargoyles=fight.awaiting_gargoyles,
            ),
            last_turn=state.last_turn,
            last_orders=tuple(state.last_orders),
            dogfights=tuple(state.dogfights),
            over=state.over,
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
            sum(
                1
                for f in state.flyers
                if f.player == p and (not f.alive or disengaged_throughout(f))
            )
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
            sum(1 for f in state.flyers if f.player == p and disengaged_throughout(f))
            for p in (0, 1)
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
            # whose turn it was when the first orders were resolved
            first_player=state.opened if state.opened >= 0 else None,
            stats=stats,
        )

    # -- for people: sentences and pictures, from an observation ----------------------------
    def label(self, action: Df40kAction, view: Df40kView) -> ChoiceLabel:
        """An order under its flyer ("Imperial fighter 1" → "Intercept and ram"), a target
        under the interceptor (:mod:`aerodrome_df40k.text`)."""
        return text.label(self.specs, action, view)

    def sentence(self, action: Df40kAction, view: Df40kView) -> str:
        """ "Imperial fighter 1: Intercept and ram", "Ork fighter 1 intercepts Harridan 1"
        (names only: any later view words it the same)."""
        return text.action_text(self.specs, action, view)

    def prompt(self, decision: Decision, view: Df40kView) -> str:
        return text.prompt(self.specs, decision, view)

    def event_text(self, event: Event, view: Df40kView) -> str | None:
        return text.event_text(self.specs, event, view)

    def dice_text(self, event: DiceRolled, view: Df40kView) -> str | None:
        return text.dice_text(self.specs, event, view)

    def action_odds(self, action: Df40kAction, view: Df40kView) -> str | None:
        from aerodrome_df40k.action_odds import action_odds

        return action_odds(self.rules, action, view)

    def draw(self, view: Df40kView) -> RenderableType:
        from aerodrome_df40k.draw import draw

        return draw(self.rules, view)

    def own_marks(self, view: Df40kView, player: int) -> list[str]:
        """How ``player``'s own pieces show in :meth:`draw_compact` (a small terminal's play
        screen shows the window of the picture holding them)."""
        from aerodrome_df40k.draw import own_marks

        return own_marks(view, player)

    def draw_compact(self, view: Df40kView) -> RenderableType:
        from aerodrome_df40k.draw import draw_compact

        return draw_compact(self.rules, view)

    def draw_svg(self, view: Df40kView) -> str:
        from aerodrome_df40k.svg import draw_svg

        return draw_svg(self.specs, view)

    # -- for learning agents ---------------------------------------------------------------
    def action_count(self, setup: Setup[Df40kOptions]) -> int:
        return self._numbering(setup).count

    def action_id(self, action: Df40kAction, setup: Setup[Df40kOptions]) -> int:
        return self._numbering(setup).id_of(action)

    def action_from_id(self, index: int, setup: Setup[Df40kOptions]) -> Df40kAction:
        return self._numbering(setup).action(index)

    def _numbering(self, setup: Setup[Df40kOptions]) -> ActionNumbers:
        """The numbering of the actions of ``setup``'s battle, made on first use."""
        options = setup.options
        got = self._numberings.get(options)
        if got is None:
            from aerodrome_df40k.numbering import Numbering as ActionNumbers

            got = self._numberings[options] = ActionNumbers(
                self.specs, options.forces, options.gargoyles
            )
        return got

    def observation_vector(self, view: Df40kView) -> Sequence[float]:
        """See docs/rules/df40k.md, "The observation as numbers"."""
        encoder = self._encoder
        if encoder is None:
            from aerodrome_df40k.numbering import Encoder

            encoder = self._encoder = Encoder(self.specs)
        return encoder.vector(view)

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

"""Plain sentences for Dockfighters' actions and events, as a player reads them (issue 14).

Everything comes from an observation: aircraft are named as the map shows them (``#3
Fw-802 E-1 Hawk``: the id the map prints after the altitude, and the datasheet), hexes as
the map's coordinates ``column,row`` (``8,16``; position files use the same), facings as
letters (N, NE, SE, S, SW, NW), weapons and loads by name, ground targets by name and hex.
A person can type the coordinates or a name to pick an action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from aerodrome.api import ChoiceLabel, Decision
from aerodrome_dockfighters import combat, rules
from aerodrome_dockfighters import events as ev
from aerodrome_dockfighters.board import FACING_NAMES, board
from aerodrome_dockfighters.movement import (
    IMMELMANN,
    LAND,
    ROLL_DIRECTION,
    STAY,
    TAKE_OFF,
    straight,
    turn_points,
)
from aerodrome_dockfighters.specs import AGILITY, builtin
from aerodrome_dockfighters.state import (
    GROUND,
    Activate,
    Attack,
    ChooseValue,
    Declare,
    Deploy,
    DfAction,
    HoldFire,
    Jettison,
    Kind,
    LayMine,
    Manoeuvre,
    Place,
    PlaceToken,
    Plan,
    Release,
    Repair,
    Undock,
)
from aerodrome_dockfighters.view import DfView, Scene

#: The map's id of an aircraft: 0-9 then a-z (the last character of its map glyph).
ID_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"
ROMAN = ("", "I", "II", "III")
LATERAL = {
    ".": "straight on",
    "L": "turn left",
    "R": "turn right",
    "FL": "barrel roll forward left",
    "FR": "barrel roll forward right",
    "RL": "barrel roll back left",
    "RR": "barrel roll back right",
}
VERTICAL = {".": "", "+": " and climb", "-": " and dive"}


def tag(aircraft: int) -> str:
    """The aircraft's id as the map prints it."""
    return ID_CHARS[aircraft % len(ID_CHARS)]


def where(view: Scene, cell: int) -> str:
    """A hex as the map labels it: ``column,row``."""
    return f"{cell % view.width},{cell // view.width}"


def label(view: Scene, aircraft: int) -> str:
    """``#3 Fw-802 E-1 Hawk``: the aircraft's map id and its datasheet."""
    if 0 <= aircraft < len(view.aircraft):
        return f"#{tag(aircraft)} {view.aircraft[aircraft].datasheet}"
    return f"aircraft #{tag(aircraft)}"


def ground_name(view: DfView, target: int) -> str:
    """``the Small building at 9,12``."""
    if 0 <= target < len(view.ground):
        g = view.ground[target]
        return f"the {g.name} at {where(view, g.cell)}" if g.cell >= 0 else f"the {g.name}"
    return "a ground target"


def objective_name(view: DfView, objective: int) -> str:
    if 0 <= objective < len(view.objectives) and view.objectives[objective].cell >= 0:
        return f"the objective at {where(view, view.objectives[objective].cell)}"
    return "an objective"


def target_name(view: DfView, target: int) -> str:
    return ground_name(view, target - GROUND) if target >= GROUND else label(view, target)


def count(n: int, thing: str, many: str = "") -> str:
    """``1 die``, ``3 dice``; ``1 hit``, ``2 hits``."""
    return f"{n} {thing if n == 1 else many or thing + 's'}"


def first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def listing(names: Iterable[str]) -> str:
    """``light machine gun, 2 × AB 250 bomb and SD 250 cluster bomb``."""
    counted = [f"{n} × {name}" if n > 1 else name for name, n in Counter(names).items()]
    if len(counted) <= 1:
        return "".join(counted)
    return ", ".join(counted[:-1]) + " and " + counted[-1]


# -- actions --------------------------------------------------------------------------------------
def action_text(action: DfAction, view: DfView) -> str:
    """A short sentence for ``action`` as the player whose observation is ``view`` reads it."""
    describe = _ACTIONS.get(type(action))
    return describe(action, view) if describe is not None else action.describe()


def _place(x: Any, view: DfView) -> str:
    return f"set {label(view, x.aircraft)} up on {where(view, x.cell)}"


def _deploy(x: Any, view: DfView) -> str:
    return f"{label(view, x.aircraft)}: set up on {where(view, x.cell)} at altitude {x.altitude}, speed {x.speed}"


def _token(x: Any, view: DfView) -> str:
    if x.kind == "cloud":
        hand = [c for c in view.clouds if c.col < 0 and not c.cells]
        what = f"a cloud of {hand[0].size} hexes" if hand else "a cloud"
    elif x.kind == "ground":
        rolled = [g for g in view.ground if g.cell < 0]
        what = f"the {rolled[0].name}" if rolled else "the ground target"
    else:
        what = "an objective"
    return f"place {what} on {where(view, x.cell)}"


def _value(x: Any, view: DfView) -> str:
    return f"a value {ROMAN[x.value]} ground target, a d6 picks which"


def _declare(x: Any, view: DfView) -> str:
    return f"{label(view, x.aircraft)} flies the mission as the {x.role} aircraft"


def _activate(x: Any, view: DfView) -> str:
    return f"{label(view, x.aircraft)} {'fires' if view.fire_mark >= 0 else 'moves'} next"


def _plan(x: Any, view: DfView) -> str:
    name = label(view, x.aircraft)
    if x.template >= 0:
        text = f"{name}: speed {x.speed}, {AGILITY[x.template]} template"
        a = view.aircraft[x.aircraft]
        if x.template > rules.agility(a, rules.sheet(a)):
            text += ", above its agility: a pilot check"
        return text
    if x.template == -1:
        way = "climbing" if x.climb > 0 else "diving"
        return f"{name}: Immelmann {way} {abs(x.climb)} at speed {x.speed}"
    if x.template == -2:
        return f"{name}: land at speed {x.speed}"
    if x.template == -3:
        return f"{name}: take off at speed {x.speed}"
    if x.template == -4:
        return f"{name}: {'stay docked' if view.aircraft[x.aircraft].status == 'docked' else 'stay where it is'}"
    return f"{name}: fire the Tesla coil and fly straight on at speed {x.speed}"


def _manoeuvre(x: Any, view: DfView) -> str:
    return f"{label(view, x.aircraft)}: {LATERAL[x.lateral]}{VERTICAL[x.vertical]}"


def _load(loads: tuple[str, ...], index: int) -> str:
    """The load at ``index`` (a log read later may find it released: then "a load")."""
    return loads[index] if 0 <= index < len(loads) else "load"


def _attack(x: Any, view: DfView) -> str:
    a = view.aircraft[x.aircraft]
    guns = rules.mounts(a)
    weapons = listing([guns[i].weapon for i in x.mounts] + [_load(a.loads, j) for j in x.loads])
    dice, need = combat.summary(view, x)
    return (
        f"{label(view, x.aircraft)}: fire {weapons} at {target_name(view, x.target)}, "
        f"{count(dice, 'die', 'dice')} hitting on {need}+"
    )


def _hold(x: Any, view: DfView) -> str:
    return f"{label(view, x.aircraft)}: hold fire"


def _repair(x: Any, view: DfView) -> str:
    return f"{label(view, x.aircraft)}: the crew repairs instead of firing"


def _release(x: Any, view: DfView) -> str:
    return (
        f"{label(view, x.aircraft)}: release the {_load(view.aircraft[x.aircraft].loads, x.load)}"
    )


def _jettison(x: Any, view: DfView) -> str:
    return f"{label(view, x.aircraft)}: jettison all external loads, {listing(view.aircraft[x.aircraft].loads)}"


def _undock(x: Any, view: DfView) -> str:
    return f"{label(view, x.aircraft)}: undock onto {where(view, x.cell)}"


def _lay(x: Any, view: DfView) -> str:
    return f"{label(view, x.aircraft)}: lay an air mine on {where(view, x.cell)}"


_ACTIONS: dict[type, Callable[[Any, DfView], str]] = {
    Place: _place,
    Deploy: _deploy,
    PlaceToken: _token,
    ChooseValue: _value,
    Declare: _declare,
    Activate: _activate,
    Plan: _plan,
    Manoeuvre: _manoeuvre,
    Attack: _attack,
    HoldFire: _hold,
    Repair: _repair,
    Release: _release,
    Jettison: _jettison,
    Undock: _undock,
    LayMine: _lay,
}


# -- choices, the log's sentences, questions ------------------------------------------------------
#: Actions offered under their aircraft (their sentence is "<aircraft>: <what it does>").
_UNDER_AIRCRAFT = (
    Deploy,
    Plan,
    Manoeuvre,
    Attack,
    HoldFire,
    Repair,
    Release,
    Jettison,
    Undock,
    LayMine,
)


def _plan_stop(action: Plan, view: DfView) -> int | None:
    """The hex where ``action`` takes its aircraft before its next choice: its first turn
    point, or the end of the move when it has none (clauses move.6-7); the hex ahead for an
    Immelmann (immelmann.1), its own hex when it stays, the end of a take-off or a landing
    run (move.10-11). ``None`` off the board."""
    a = view.aircraft[action.aircraft]
    b = board(view.width, view.height)
    cell, facing = a.cell, a.facing
    if action.template == TAKE_OFF and a.status == "grounded" and view.runway:
        cell, facing = view.runway[0], view.runway_facing  # mission.airstrip.2
    if cell < 0:
        return None
    if action.template == STAY:
        return cell
    if action.template == IMMELMANN:
        ahead = b.step[cell * 6 + facing]
        return ahead if ahead >= 0 else None
    hexes = abs(action.speed)
    if action.template >= 0:
        points = turn_points(action.speed, builtin().templates[AGILITY[action.template]])
        hexes = points[0] if points else hexes
    elif action.template == LAND:
        hexes = action.speed
    end = straight(b, cell, facing, hexes if action.speed >= 0 else -hexes, None)
    return end if end >= 0 else None


def _manoeuvre_stop(action: Manoeuvre, view: DfView) -> int | None:
    """The hex where ``action``, made at the present turn point of its aircraft's move, takes
    it: a barrel roll's side step (barrel.1), then straight on to the next turn point or the
    end of the move (move.7); ``None`` off the board or when the view's move is another's."""
    move = view.move
    if move is None or move.aircraft != action.aircraft:
        return None
    b = board(view.width, view.height)
    cell, facing = move.cell, move.facing
    if action.lateral in ROLL_DIRECTION:
        cell = b.step[cell * 6 + (facing + ROLL_DIRECTION[action.lateral]) % 6]
        if cell < 0:
            return None
    elif action.lateral == "L":
        facing = (facing + 1) % 6
    elif action.lateral == "R":
        facing = (facing + 5) % 6
    nxt = move.index + 1
    target = move.points[nxt] if nxt < len(move.points) else abs(move.speed)
    hexes = target - move.moved
    end = straight(b, cell, facing, hexes if move.speed >= 0 else -hexes, None)
    return end if end >= 0 else None


def destination(action: DfAction, view: DfView) -> int | None:
    """Where a movement answer (a :class:`Plan` or a :class:`Manoeuvre`) takes its aircraft
    before the next choice (the hex a person clicks to choose it), from ``view``, the
    observation of the moment it is offered; ``None`` for other answers, or off the board."""
    if isinstance(action, Plan):
        return _plan_stop(action, view)
    if isinstance(action, Manoeuvre):
        return _manoeuvre_stop(action, view)
    return None


def choice_label(action: DfAction, view: DfView) -> ChoiceLabel:
    """``action`` as a choice: what an aircraft does under the aircraft ("#3 Fw-802 E-1
    Hawk" → "speed 4, gentle template"); a hex chosen names it as ``place``, and so does a
    movement answer: the hex it flies to before the next choice (:func:`destination`), so
    that a move is chosen by clicking where it goes, the answers ending in one hex told
    apart by a second choice (the template, a climb or a dive)."""
    cell = getattr(action, "cell", None)
    if isinstance(action, Plan | Manoeuvre):
        cell = destination(action, view)
    place = where(view, cell) if isinstance(cell, int) and cell >= 0 else None
    said = action_text(action, view)
    if isinstance(action, _UNDER_AIRCRAFT):
        head = label(view, action.aircraft)
        if place is None:
            place = f"piece:{action.aircraft}"
        return ChoiceLabel(path=(head,), text=said.removeprefix(f"{head}: "), place=place)
    if isinstance(action, Place | Declare | Activate) and place is None:
        place = f"piece:{action.aircraft}"
    return ChoiceLabel(text=said, place=place)


def sentence(action: DfAction, view: DfView) -> str:
    """``action`` as the log tells it: from the action's fields and names only, so that any
    later view words it alike (the dice of an attack, a plan's pilot check, a load released,
    whether an activated aircraft moves or fires are told by the events or the phase)."""
    if isinstance(action, Attack):
        target = action.target
        if target >= GROUND:  # a ground target by its name alone: some drive on
            g = target - GROUND
            named = f"the {view.ground[g].name}" if 0 <= g < len(view.ground) else "a ground target"
        else:
            named = label(view, target)
        return f"{label(view, action.aircraft)}: fire at {named}"
    if isinstance(action, Plan) and action.template >= 0:
        return (
            f"{label(view, action.aircraft)}: speed {action.speed}, "
            f"{AGILITY[action.template]} template"
        )
    if isinstance(action, Release):
        return f"{label(view, action.aircraft)}: release a load"
    if isinstance(action, Jettison):
        return f"{label(view, action.aircraft)}: jettison all external loads"
    if isinstance(action, PlaceToken):
        return f"place a {action.kind} token on {where(view, action.cell)}"
    if isinstance(action, Activate):
        return f"{label(view, action.aircraft)} is activated"
    if isinstance(action, Plan) and action.template == -4:
        return f"{label(view, action.aircraft)}: stay"
    return action_text(action, view)


def prompt(decision: Decision, view: DfView) -> str:
    """The question of ``decision``, from its kind and subject (an aircraft's id, or what a
    token is)."""
    kind, subject = decision.kind, decision.subject
    if isinstance(subject, int):
        name = label(view, subject)
        if kind == Kind.PLACE:
            return f"Where does {name} set up?"
        if kind == Kind.DEPLOY:
            cell = view.aircraft[subject].cell if 0 <= subject < len(view.aircraft) else -1
            return f"Altitude and speed of {name} on {where(view, cell)}?"
        if kind == Kind.PLAN:
            return f"{name}: speed and template?"
        if kind == Kind.MANOEUVRE:
            return f"{name}: turn point"
        if kind == Kind.FIRE:
            return f"{name}: fire?"
    if kind == Kind.ACTIVATE:
        return f"Which aircraft {subject} next?"
    if kind == Kind.TOKEN and isinstance(subject, tuple) and subject:
        what, *rest = subject
        if what == "declare":
            return f"Which aircraft is the {rest[0]} aircraft?"
        if what == "ground":
            return f"Place the {rest[0]}"
        if what == "value":
            return f"Choose the value of a ground target ({rest[0]} points left)"
        if what == "objective":
            return "Place an objective"
        if what == "cloud":
            return f"Place a cloud of {rest[0]} hexes"
    return f"Choose: {kind}"


# -- events ---------------------------------------------------------------------------------------
def event_text(event: Any, view: DfView) -> str | None:
    """A sentence for one of Dockfighters' events; ``None`` for an event of another ruleset."""
    describe = _EVENTS.get(type(event))
    return describe(event, view) if describe is not None else None


def _fate(e: Any, v: DfView) -> str:
    how = {"bailed out": "bails out", "killed": "is killed"}.get(e.fate, "walks away")
    return f"The pilot of {label(v, e.aircraft)} {how}."


def _destroyed(e: Any, v: DfView) -> str:
    by = f", credited to {label(v, e.by)}" if e.by >= 0 else ""
    return f"{label(v, e.aircraft)} is destroyed: {e.why}{by}."


def _repaired(e: Any, v: DfView) -> str:
    what = f"repairs the {e.critical} critical" if e.critical else "mends a structure point"
    return f"The crew of {label(v, e.aircraft)} {what}."


def _left(e: Any, v: DfView) -> str:
    home = "returns home" if e.fate == "returned" else "is missing"
    return f"{label(v, e.aircraft)} leaves the board over the {e.edge} edge and {home}."


def _checked(e: Any, v: DfView) -> str:
    result = "passed" if e.passed else "failed"
    return f"{label(v, e.aircraft)}: pilot check for {e.why}, {e.need}+ needed, rolled {e.roll}: {result}."


def _hit(e: Any, v: DfView) -> str:
    return (
        f"{label(v, e.aircraft)} hits {target_name(v, e.target)} with the {e.weapon}: "
        f"{count(e.dice, 'die', 'dice')}, {count(e.hits, 'hit')}, {count(e.damage, 'damage point')}."
    )


def _damaged(e: Any, v: DfView) -> str:
    return f"{label(v, e.aircraft)} takes {e.points} damage, {e.damage} of its {e.structure} structure points gone."


def _identified(e: Any, v: DfView) -> str:
    return f"{first_upper(objective_name(v, e.objective))} is {'' if e.meeting_point else 'not '}the meeting point."


def _released(e: Any, v: DfView) -> str:
    at = f" at {where(v, e.cell)}" if e.cell >= 0 else " off the board"
    return f"{label(v, e.aircraft)} releases a {e.weapon}{at}."


def _smoke(e: Any, v: DfView) -> str:
    around = f" around {where(v, e.cells[0])}" if e.cells else ""
    return f"{label(v, e.aircraft)} lays smoke over {len(e.cells)} hexes{around}."


_EVENTS: dict[type, Callable[[Any, DfView], str]] = {
    ev.RoleDeclared: lambda e, v: f"{label(v, e.aircraft)} is the {e.role} aircraft.",
    ev.GroundTargetRolled: lambda e, v: (
        f"A value {ROMAN[e.value]} ground target: the d6 shows {e.roll}, a {e.target}."
    ),
    ev.WeatherSet: lambda e, v: (
        f"The weather is {e.weather}; the wind blows the clouds {FACING_NAMES[e.wind]}, "
        f"{count(e.cloud_speed, 'hex', 'hexes')} a turn."
    ),
    ev.WeatherChanged: lambda e, v: f"The weather turns from {e.was} to {e.weather}.",
    ev.TurnsExtended: lambda e, v: (
        f"The mission's airship is still on the map: {count(e.turns, 'more turn')}, "
        f"the last is turn {e.last_turn}."
    ),
    ev.MoveEnded: lambda e, v: (
        f"{label(v, e.aircraft)} ends its move at {where(v, e.cell)}, heading "
        f"{FACING_NAMES[e.facing]}, altitude {e.altitude}, speed {e.speed}."
    ),
    ev.Immelmann: lambda e, v: (
        f"{label(v, e.aircraft)} flies an Immelmann to {where(v, e.cell)}, altitude "
        f"{e.altitude}, speed {e.speed}."
    ),
    ev.TookOff: lambda e, v: f"{label(v, e.aircraft)} takes off from {where(v, e.cell)}.",
    ev.Landed: lambda e, v: f"{label(v, e.aircraft)} lands on {where(v, e.cell)}.",
    ev.LeftBoard: _left,
    ev.AirshipDescended: lambda e, v: f"{label(v, e.aircraft)} sinks to altitude {e.altitude}.",
    ev.Punched: lambda e, v: (
        f"{label(v, e.airship)} pushes {label(v, e.aircraft)} out of its way to {where(v, e.cell)}."
    ),
    ev.Docked: lambda e, v: (
        f"{label(v, e.aircraft)} docks on the {e.side} of {label(v, e.airship)}."
    ),
    ev.Undocked: lambda e, v: (
        f"{label(v, e.aircraft)} undocks from {label(v, e.airship)} onto {where(v, e.cell)}."
    ),
    ev.PilotChecked: _checked,
    ev.Fired: lambda e, v: (
        f"{label(v, e.aircraft)} fires at {target_name(v, e.target)}, hitting on {e.need}+."
    ),
    ev.Hit: _hit,
    ev.Damaged: _damaged,
    ev.CriticalDamage: lambda e, v: (
        f"{label(v, e.aircraft)} takes a critical, {e.effect}: {e.text}"
    ),
    ev.Overspeed: lambda e, v: (
        f"{label(v, e.aircraft)} is over its maximum speed and takes {e.damage} damage."
    ),
    ev.Destroyed: _destroyed,
    ev.PilotFate: _fate,
    ev.AmmunitionSpent: lambda e, v: (
        f"The {e.weapon} of {label(v, e.aircraft)} is down to {e.ammo} ammunition."
    ),
    ev.Repaired: _repaired,
    ev.Jettisoned: lambda e, v: (
        f"{label(v, e.aircraft)} jettisons {listing(e.loads) or 'nothing'}."
    ),
    ev.SmokeLaid: _smoke,
    ev.GroundTargetDamaged: lambda e, v: (
        f"{first_upper(ground_name(v, e.target))} takes {e.points} damage, "
        f"{e.damage} of its {e.structure} structure points gone."
    ),
    ev.GroundTargetDestroyed: lambda e, v: (
        f"{first_upper(ground_name(v, e.target))} is destroyed"
        + (f" by {label(v, e.by)}." if e.by >= 0 else ".")
    ),
    ev.TeslaFired: lambda e, v: f"{label(v, e.airship)} fires its Tesla coil.",
    ev.MineLaid: lambda e, v: f"{label(v, e.airship)} lays an air mine on {where(v, e.cell)}.",
    ev.MineExploded: lambda e, v: f"An air mine explodes on {where(v, e.cell)}.",
    ev.AcmReleased: _released,
    ev.AcmGone: lambda e, v: f"A {e.weapon} is gone: it {e.why}.",
    ev.AcmDetonated: lambda e, v: f"A {e.weapon} detonates on {where(v, e.cell)}.",
    ev.ObjectiveIdentified: _identified,
    ev.AgentDelivered: lambda e, v: (
        f"{label(v, e.aircraft)} delivers the agent at {objective_name(v, e.objective)}."
    ),
    ev.AgentOnTrain: lambda e, v: (
        f"{label(v, e.aircraft)} drops the agent on the ale train: it stops in "
        f"{count(e.stops_in, 'turn')}."
    ),
    ev.TrainStopped: lambda e, v: "The ale train stops: the agent has it.",
    ev.TrainLeft: lambda e, v: "The ale train leaves the board.",
    ev.Photographed: lambda e, v: (
        f"{label(v, e.aircraft)} photographs {objective_name(v, e.objective)}."
    ),
    # the campaign (issue 10): the squadron leader's skills, the ace challenges
    ev.LeaderSkillUsed: lambda e, v: (
        f"The squadron leader's skill for {label(v, e.aircraft)}: {e.skill}."
    ),
    ev.Reinforcements: lambda e, v: (
        f"The League sends {listing([label(v, a) for a in e.aircraft])}."
    ),
    ev.MugTaken: lambda e, v: f"{label(v, e.aircraft)} has the silver beer mug.",
    ev.PushedIntoMountains: lambda e, v: (
        f"{label(v, e.aircraft)} crosses the {e.edge} edge into the mountains."
    ),
    ev.Serviced: lambda e, v: (
        f"{label(v, e.aircraft)} is repaired and re-armed on the landing strip."
    ),
}

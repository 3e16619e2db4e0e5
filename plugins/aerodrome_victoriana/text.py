"""Plain sentences for Victoriana's actions and events, from a player's observation: aircraft
by their labels ("Bf 109 E3 #2", "Spitfire Mk I (Penhallow)"), characters by name, weapons by
the datasheet's armament line; never an index."""

from __future__ import annotations

from aerodrome.api import ChoiceLabel, Decision, DiceRolled, Event
from aerodrome.engine.describe import dice_sentence
from aerodrome_victoriana import specs
from aerodrome_victoriana.common import jobs_of, spec_of
from aerodrome_victoriana.events import (
    BombsDropped,
    CraftDamaged,
    CraftLeft,
    CrewHit,
    ParachuteLanded,
    SquadronRolled,
    TaskRolled,
)
from aerodrome_victoriana.squadron import costs
from aerodrome_victoriana.state import (
    Attack,
    BailOut,
    CharacterAction,
    Chase,
    ChooseManoeuvre,
    DamageRoll,
    Defend,
    DropBomb,
    EmergencyLanding,
    EndTurn,
    Escape,
    FreeAttack,
    Kind,
    LeaveBattle,
    RemoveFighter,
    Repair,
    SpendOnFighters,
    Spot,
    Tactical,
    VictorianaAction,
)
from aerodrome_victoriana.table import side_name
from aerodrome_victoriana.view import DogfightView


def manoeuvre_text(manoeuvre: str) -> str:
    """What a squadron manoeuvre does (victoriana.squadron.8-14), with the book's costs."""
    if manoeuvre == "attack":
        fighter, special = costs("attack")
        return (
            f"Attack: {_every(fighter)} an enemy fighter, "
            f"or {special} buy a damage roll on a special aircraft"
        )
    if manoeuvre == "defend":
        fighter, special = costs("defend")
        return (
            f"Defend: half the pool again; {_every(fighter)} an enemy fighter, "
            f"or {special} buy a damage roll on a special aircraft"
        )
    if manoeuvre == "escape":
        return "Escape: every net success takes one of your aircraft, not a PC's, out of the battle"
    return "Tactical: the net successes are added to next round's Squadron Roll"


def _every(cost: int) -> str:
    """What removes a fighter: "every net success removes", "every 3 net successes remove"."""
    return "every net success removes" if cost == 1 else f"every {cost} net successes remove"


def craft_name(view: DogfightView, craft: int) -> str:
    return view.crafts[craft].label


def who(view: DogfightView, airman: int) -> str:
    """A character by name, with the station and the aircraft unless the name says them
    (the generated names of unnamed crews do)."""
    a = view.airmen[airman]
    label = view.crafts[a.craft].label
    if a.name.startswith(label):
        return a.name
    job = "/".join(jobs_of(view, a)).lower()
    return f"{a.name}, {job} of {label}"


def weapon_name(view: DogfightView, craft: int, weapon: int) -> str:
    """A weapon by the datasheet's armament line; a second weapon of the same line is told
    apart by its number among them ("1x MG 131 machine gun cockpit rear (11), the 2nd")."""
    weapons = spec_of(view.crafts[craft]).weapons
    name = weapons[weapon].label()
    same = [i for i, w in enumerate(weapons) if w.label() == name]
    if len(same) < 2:
        return name
    nth = same.index(weapon) + 1
    return f"{name}, the {nth}{_ORDINAL.get(nth, 'th')}"


_ORDINAL = {1: "st", 2: "nd", 3: "rd"}


def action_text(action: VictorianaAction, view: DogfightView) -> str:
    """A short sentence for ``action`` (the names a person types to choose it)."""
    if isinstance(action, ChooseManoeuvre):
        return manoeuvre_text(action.manoeuvre)
    if isinstance(action, DamageRoll):
        return (
            f"Damage roll on {craft_name(view, action.target)} with "
            f"{craft_name(view, action.craft)}'s {weapon_name(view, action.craft, action.weapon)}"
        )
    if isinstance(action, SpendOnFighters):
        return "Spend the successes removing enemy fighters"
    if isinstance(action, RemoveFighter):
        craft = view.crafts[action.craft]
        return f"Remove {craft.label}, health {craft.health} of {spec_of(craft).health}"
    if isinstance(action, LeaveBattle):
        return f"{craft_name(view, action.craft)} leaves the battle"
    if isinstance(action, EndTurn):
        return "End the turn"
    if isinstance(action, FreeAttack):
        target = (
            view.crafts[view.free_attack_on].label if view.free_attack_on >= 0 else "the fugitive"
        )
        return (
            f"Free attack on {target} by {craft_name(view, action.craft)} with "
            f"{weapon_name(view, action.craft, action.weapon)}"
        )
    return f"{who(view, action.airman)}: {_deed(action, view)}"


def label(action: VictorianaAction, view: DogfightView) -> ChoiceLabel:
    """``action`` as a choice, grouped by character: "Flt Lt Archibald Penhallow, pilot of
    Spitfire Mk I (Penhallow)" → "attack Bf 109 E3 (Adler) with 8x .303 Browning"."""
    if isinstance(action, CharacterAction):
        craft = view.airmen[action.airman].craft
        return ChoiceLabel(
            path=(who(view, action.airman),),
            text=_deed(action, view),
            place=f"piece:{view.crafts[craft].id}",
        )
    return ChoiceLabel(text=action_text(action, view))


def sentence(action: VictorianaAction, view: DogfightView) -> str:
    """``action`` as the log tells it: names only, so that any later view words it alike
    (a fighter's Health and the fugitive of a free attack are not named: they change)."""
    if isinstance(action, RemoveFighter):
        return f"Remove {craft_name(view, action.craft)}"
    if isinstance(action, FreeAttack):
        return (
            f"Free attack by {craft_name(view, action.craft)} with "
            f"{weapon_name(view, action.craft, action.weapon)}"
        )
    return action_text(action, view)


def prompt(decision: Decision, view: DogfightView) -> str:
    """The question of ``decision``, from its kind and subject (see the steps asking it)."""
    kind, subject = decision.kind, decision.subject
    if kind == Kind.MANOEUVRE:
        return "Choose the squadron manoeuvre: attack, defend, escape or tactical."
    if kind == Kind.ESCAPE:
        return f"Choose {subject} of your aircraft to leave the battle."
    if kind == Kind.REMOVE:
        return f"Remove {subject} of your fighters from the dogfight."
    if kind == Kind.SPEND and isinstance(subject, tuple):
        spend, special, fighter = subject
        return (
            f"{spend} successes to spend: a damage roll on a special aircraft costs {special}, "
            f"removing a fighter {fighter}."
        )
    if kind == Kind.FREE_ATTACK and isinstance(subject, int):
        return (
            f"{craft_name(view, subject)} failed to escape: choose the aircraft and weapon of "
            "the free attack on it."
        )
    if kind == Kind.ACT:
        return (
            f"The turn of {side_name(str(subject))}: choose a character's action, or end the turn."
        )
    return f"Choose: {kind}"


def _deed(action: VictorianaAction, view: DogfightView) -> str:
    """What a character does."""
    if isinstance(action, Attack):
        craft = view.airmen[action.airman].craft
        return f"attack {craft_name(view, action.target)} with {weapon_name(view, craft, action.weapon)}"
    if isinstance(action, Defend):
        return f"defend {craft_name(view, action.ward)}"
    if isinstance(action, Escape):
        return "escape the dogfight"
    if isinstance(action, Chase):
        return f"chase {craft_name(view, action.target)}"
    if isinstance(action, Tactical):
        return f"Tactical action with {action.skill.capitalize()}"
    if isinstance(action, DropBomb):
        spec = spec_of(view.crafts[view.airmen[action.airman].craft])
        line = (spec.optional_ordnance if action.optional else spec.ordnance)[action.line]
        bombs = "bomb" if action.count == 1 else "bombs"
        fitted = " of the fitted ordnance" if action.optional else ""
        return f"drop {action.count} {line.weight_lb} lb {bombs}{fitted}"
    if isinstance(action, Repair):
        return "ad hoc repair"
    if isinstance(action, Spot):
        return f"spot for {view.airmen[action.mate].name} with {action.skill.capitalize()}"
    if isinstance(action, EmergencyLanding):
        env = specs.rules().environment_of(view.rules.environment)
        return f"emergency landing on {env.name.lower()}"
    if isinstance(action, BailOut):
        return "bail out"
    raise TypeError(f"victoriana has no action {type(action).__name__}")


_OUTCOMES = {
    "success": "a success",
    "partial": "a partial success",
    "failure": "a failure",
    "foul": "a foul failure",
}

_LEFT = {
    "destroyed": "is destroyed",
    "removed": "is removed from the dogfight",
    "crashed": "goes down",
    "escaped": "escapes the dogfight",
    "chasing": "leaves the dogfight in a chase",
    "landed": "makes an emergency landing",
    "withdrawn": "withdraws from the dogfight",
}


def _dice(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


def _successes(n: int) -> str:
    return "1 success" if n == 1 else f"{n} successes"


def _explodes(purpose: str) -> bool:
    """Whether the roll of ``purpose`` added a die for every 6: white dice always, black dice
    in the Squadron Roll only (victoriana.dice.2-3, victoriana.squadron.5)."""
    return not purpose.endswith("(black)") or purpose.startswith("squadron roll:")


def dice_text(event: DiceRolled, view: DogfightView) -> str | None:
    """A pool that exploded says how many dice it had and how many its 6s added, so that
    its count agrees with the pool the test reports ("13 dice and 4 more for their 6s" where
    the test says "on 13 dice"); ``None``: no 6 added a die (the core's sentence)."""
    purpose = event.purpose
    if purpose.startswith("squadron roll: "):  # the side by its name
        key, _, colour = purpose.removeprefix("squadron roll: ").partition(" ")
        purpose = f"squadron roll: {side_name(key)} {colour}"
    sixes = event.faces.count(6) if event.sides == 6 and _explodes(event.purpose) else 0
    if not sixes:
        return None if purpose == event.purpose else dice_sentence(event, purpose)
    pool = len(event.faces) - sixes
    dice = "a die" if pool == 1 else f"{pool} dice"
    more = "1 more for its 6" if sixes == 1 else f"{sixes} more for their 6s"
    return dice_sentence(event, purpose, dice=f"{dice} and {more}")


def event_text(event: Event, view: DogfightView) -> str | None:
    """A sentence for one of Victoriana's events; ``None`` for an event of another kind."""
    if isinstance(event, SquadronRolled):
        return squadron_roll_text(event)
    if isinstance(event, TaskRolled):
        black = (
            f"{event.black} on {_dice(event.black_dice)} black"
            if event.black_dice
            else "no black dice"
        )
        return (
            f"{who(view, event.airman)}: {event.task}, {_successes(event.white)} on "
            f"{_dice(event.white_dice)} against {black}: "
            f"{_OUTCOMES.get(event.outcome, event.outcome)}."
        )
    if isinstance(event, CraftDamaged):
        craft = view.crafts[event.craft]
        return (
            f"{craft.label} loses {event.pips} Health: {_successes(event.successes)} of "
            f"damage against Armour {event.armour}; Health {event.health} of "
            f"{spec_of(craft).health} left."
        )
    if isinstance(event, CraftLeft):
        return f"{craft_name(view, event.craft)} {_LEFT.get(event.status, event.status)}."
    if isinstance(event, CrewHit):
        hit = craft_name(view, event.craft)
        if event.airman < 0:
            return f"Crew damage on {hit}, a {event.roll}: its vital components are hit."
        return (
            f"Crew damage on {hit}, a {event.roll}: the {event.result}, "
            f"{view.airmen[event.airman].name}, takes {event.pips} pips."
        )
    if isinstance(event, BombsDropped):
        partial = f" on a {event.partial_roll}" if event.partial_roll else ""
        return f"{who(view, event.airman)} drops {event.weight_lb} lb: {event.outcome}{partial}."
    if isinstance(event, ParachuteLanded):
        name = view.airmen[event.airman].name
        fate = f"Health {event.health} left" if event.health else "killed"
        return f"{name} lands by parachute and takes {event.pips} pips: {fate}."
    return None


def squadron_roll_text(event: SquadronRolled) -> str:
    """The Squadron Roll: each side's manoeuvre, dice and successes, and who wins by how many."""
    sides = list(event.pools)
    parts = [
        f"{side_name(side)}, {event.manoeuvres.get(side, 'no manoeuvre')}, "
        f"{_successes(event.successes.get(side, 0))} on {_dice(event.pools[side])}"
        for side in sides
    ]
    outcome = (
        f"{side_name(event.winner)} win by {event.net}"
        if event.winner
        else "a tie, nothing happens"
    )
    return f"Squadron Roll of round {event.round}: {' against '.join(parts)}: {outcome}."

"""What the pictures of a dogfight say, in words, from an observation: the header (round,
phase, this round's Squadron Roll, successes to spend, the Combat Phase order) and each
aircraft's row. The terminal (:mod:`aerodrome_victoriana.draw`) and the SVG
(:mod:`aerodrome_victoriana.svg`) lay out the same lines."""

from __future__ import annotations

from dataclasses import dataclass

from aerodrome_victoriana import specs
from aerodrome_victoriana.common import spec_of
from aerodrome_victoriana.damage import armour_of
from aerodrome_victoriana.state import FLYING, Airman, Craft
from aerodrome_victoriana.view import DogfightView

PHASES = {"squadron": "Squadron Phase", "combat": "Combat Phase"}

STATUS = {
    FLYING: "flying",
    "destroyed": "destroyed",
    "removed": "removed",
    "crashed": "crashed",
    "escaped": "escaped",
    "chasing": "gone chasing",
    "landed": "landed",
    "withdrawn": "withdrawn",
}

#: Marks after a character's name.
ACTED = "*"
CREW_STATUS = {
    "aboard": "",
    "out": " out of action",
    "descending": " under a parachute",
    "down": " landed",
    "dead": " dead",
}

LEGEND = (
    "PC / NPC: the aircraft of a player character / an important NPC (special aircraft; "
    "only their characters act in the Combat Phase when the Squadron Phase is played)",
    "health: Health left of the datasheet's, the bar green above two thirds, yellow above "
    "one third, red below",
    "armour: the Armour Value, plus Defend bonuses until the defender's next turn",
    "handling: +n white dice, or n black dice against the aircraft's own tests",
    f"crew: each character's Health; {ACTED} has acted this round ({ACTED}{ACTED} twice)",
)


def header(view: DogfightView) -> list[str]:
    """The lines above the squadrons."""
    if view.phase == "over":  # (the round may already count the next one: no number)
        return ["The dogfight is over", *_rules(view)]
    lines = [f"Round {view.round}: {PHASES[view.phase]}"]
    if view.rules.skip_squadron:
        lines.append("No Squadron Phase (optional rule): every aircraft acts, in initiative order.")
    elif view.pools:
        lines.append(squadron_roll_line(view))
    elif view.phase == "squadron":
        lines.append("Squadron Roll: both sides are choosing their manoeuvres in secret.")
    if view.to_spend:
        lines.append(
            f"{side_name(view.winner)}: {view.to_spend} net successes of their "
            f"{view.manoeuvre.get(view.winner, '')} to spend."
        )
    if view.to_remove:
        lines.append(f"{view.to_remove} aircraft to take out of the dogfight.")
    if view.order:
        lines.append(f"Combat Phase order: {', then '.join(map(side_name, view.order))}.")
    if view.initiative:
        names = ", ".join(view.crafts[i].label for i in view.initiative)
        lines.append(f"Initiative order: {names}.")
    if view.free_attack_on >= 0:
        lines.append(
            f"{view.crafts[view.free_attack_on].label} failed to escape: "
            "a free attack on it is due."
        )
    for side, n in view.tactical_carry.items():
        lines.append(
            f"{side_name(side)}: {plural(n, 'Tactical success', 'Tactical successes')} "
            "carried into the next Squadron Roll."
        )
    for side, n in view.tactical_dice.items():
        lines.append(
            f"{side_name(side)}: {plural(n, 'Tactical-action die', 'Tactical-action dice')} "
            "for the next Squadron Roll."
        )
    return lines + _rules(view)


def squadron_roll_line(view: DogfightView) -> str:
    """This round's Squadron Roll (the view has one only once it is rolled)."""
    parts = [
        f"{side_name(side)} {view.manoeuvre.get(side, '?')}, "
        f"{plural(view.rolled.get(side, 0), 'success', 'successes')} on "
        f"{plural(view.pools.get(side, 0), 'die', 'dice')}"
        for side in view.sides
    ]
    outcome = (
        f"{side_name(view.winner)} win by {view.net}" if view.winner else "a tie, nothing happens"
    )
    return f"Squadron Roll: {' against '.join(parts)}: {outcome}."


def _rules(view: DogfightView) -> list[str]:
    book = specs.rules()
    rules = view.rules
    shown = []
    if rules.weather != "clear":
        shown.append(book.weather_of(rules.weather).name.lower())
    if rules.night:
        shown.append("night")
    if rules.crew_damage:
        shown.append("crew damage")
    if rules.emergency_landings:
        shown.append(f"emergency landings on {book.environment_of(rules.environment).name.lower()}")
    return [f"Optional rules: {', '.join(shown)}."] if shown else []


def side_name(key: str) -> str:
    """A side as people write it: an acronym in capitals (``RAF``), a name capitalised
    (``Luftwaffe``); the set-ups' side keys are lower case (``raf``)."""
    return key.upper() if len(key) <= 3 else key[:1].upper() + key[1:]


def plural(n: int, one: str, many: str) -> str:
    """ "1 success", "4 successes"."""
    return f"{n} {one}" if n == 1 else f"{n} {many}"


@dataclass(frozen=True, slots=True)
class Row:
    """One aircraft as the pictures show it."""

    label: str
    tag: str  # "PC", "NPC" or ""
    health: int
    full: int
    armour: str
    handling: str
    status: str
    crew: tuple[str, ...]
    flying: bool
    #: The aircraft's id in the observation (the pictures' ``data-place="piece:ID"``).
    id: int = -1

    @property
    def share(self) -> float:
        return self.health / self.full if self.full else 0.0


def handling_text(h: int) -> str:
    return f"{-h} black" if h < 0 else f"+{h}"


def row(view: DogfightView, craft: Craft) -> Row:
    spec = spec_of(craft)
    bonus = armour_of(craft) - spec.armour
    status = [STATUS.get(craft.status, craft.status)]
    if craft.vital_damage:
        status.append("vital components hit")
    bombs = sum(craft.bombs) + sum(craft.optional_bombs)
    if bombs and craft.status == FLYING:
        status.append(f"{bombs} bomb{'s' if bombs > 1 else ''} aboard")
    return Row(
        label=craft.label,
        tag="PC" if craft.pc else "NPC" if craft.named else "",
        health=craft.health,
        full=spec.health,
        armour=f"{spec.armour}+{bonus}" if bonus else str(spec.armour),
        handling=handling_text(craft.handling),
        status=", ".join(status),
        crew=tuple(crew_text(view.airmen[i], craft) for i in craft.crew),
        flying=craft.status == FLYING,
        id=craft.id,
    )


def crew_text(a: Airman, craft: Craft) -> str:
    """A character: the name (the station for an unnamed crew), Health, status, actions."""
    name = a.name.removeprefix(craft.label).strip() if a.name.startswith(craft.label) else a.name
    acted = ACTED * a.actions
    return f"{name} {a.health}{CREW_STATUS.get(a.status, ' ' + a.status)}{acted}"


def squadron(view: DogfightView, side: str) -> tuple[str, list[Row]]:
    """A side's title and its aircraft's rows, in the set-up's order."""
    ids = view.roster.crafts[view.sides.index(side)]
    title = f"{side_name(side)}: {view.left.get(side, 0)} of {len(ids)} aircraft in the dogfight"
    return title, [row(view, view.crafts[i]) for i in ids]

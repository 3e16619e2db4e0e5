"""How a Victoriana dogfight looks at the table: the two squadrons, the crews, the last
Squadron Roll; and a sentence per action for a human choosing one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aerodrome.data import Action
from aerodrome_victoriana.common import handling, spec_of
from aerodrome_victoriana.damage import armour_of
from aerodrome_victoriana.state import (
    FLYING,
    Attack,
    BailOut,
    Chase,
    ChooseManoeuvre,
    DamageRoll,
    Defend,
    DogfightState,
    DropBomb,
    EmergencyLanding,
    EndTurn,
    Escape,
    FreeAttack,
    LeaveBattle,
    RemoveFighter,
    Repair,
    SpendOnFighters,
    Spot,
    Tactical,
)

if TYPE_CHECKING:
    from rich.console import RenderableType

_MANOEUVRE_TEXT = {
    "attack": "Attack: remove enemy fighters per net success, or damage a special aircraft per 3",
    "defend": "Defend: +half the pool; remove fighters per 3 successes, damage specials per 6",
    "escape": "Escape: one friendly aircraft (not a PC's) leaves per net success",
    "tactical": "Tactical: net successes are carried into next round's Squadron Roll",
}


def _handling_text(h: int) -> str:
    return f"{-h} black" if h < 0 else f"+{h}"


def render(state: DogfightState, player: int | None) -> RenderableType:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    parts: list[RenderableType] = []
    head = Text(f"Round {state.round}", style="bold")
    if state.pools:
        a, b = state.sides
        head.append(
            f"   last Squadron Roll: {a} {state.rolled.get(a, 0)} successes on {state.pools.get(a, 0)} dice"
            f" ({state.manoeuvre.get(a, '?')}) vs {b} {state.rolled.get(b, 0)} on {state.pools.get(b, 0)}"
            f" ({state.manoeuvre.get(b, '?')})"
        )
        head.append(f" → {state.winner or 'tie'}" + (f" by {state.net}" if state.winner else ""))
    parts.append(head)
    if state.to_spend:
        parts.append(Text(f"{state.winner}: {state.to_spend} net successes to spend ({state.manoeuvre.get(state.winner)})"))
    if state.to_remove:
        parts.append(Text(f"{state.to_remove} aircraft to take out of the dogfight"))
    if state.order and state.turn < len(state.order):
        parts.append(Text(f"Combat Phase: {' then '.join(state.order)}; now {state.order[state.turn]}"))
    if state.initiative and state.turn < len(state.initiative):
        names = ", ".join(state.crafts[i].label for i in state.initiative)
        parts.append(Text(f"Initiative: {names}; now {state.crafts[state.initiative[state.turn]].label}"))
    if state.free_attack_on >= 0:
        parts.append(Text(f"{state.crafts[state.free_attack_on].label} failed to escape: a free attack on it"))
    for k, v in {**state.tactical_carry}.items():
        parts.append(Text(f"{k}: {v} Tactical successes carried into the next Squadron Roll"))
    for k, v in {**state.tactical_dice}.items():
        parts.append(Text(f"{k}: {v} Tactical-action dice for the next Squadron Roll"))
    for side in state.sides:
        you = " (you)" if player is not None and state.sides[player] == side else ""
        t = Table(title=f"{side}{you}", title_justify="left")
        for col in ("#", "aircraft", "health", "armour", "handling", "status", "crew"):
            t.add_column(col)
        for c in state.crafts:
            if c.side != side:
                continue
            spec = spec_of(c)
            crew = ", ".join(
                f"{state.airmen[i].name}" + ("" if state.airmen[i].status == "aboard" else f" [{state.airmen[i].status}]")
                for i in c.crew
            ) if c.named else ""
            tag = " PC" if c.pc else " NPC" if c.named else ""
            style = "" if c.status == FLYING else "dim"
            t.add_row(
                str(c.id), f"{c.label}{tag}", f"{c.health}/{spec.health}", str(armour_of(c)),
                _handling_text(handling(c)), c.status + (" (vital dmg)" if c.vital_damage else ""),
                crew, style=style,
            )
        parts.append(t)
    if state.stats:
        parts.append(Text("  ".join(f"{k}={v}" for k, v in sorted(state.stats.items())), style="dim"))
    return Group(*parts)


def describe(state: DogfightState, action: Action) -> str:
    c = state.crafts
    m = state.airmen

    def who(i: int) -> str:
        return f"{m[i].name} ({c[m[i].craft].label})"

    def gun(craft: int, w: int) -> str:
        return spec_of(c[craft]).weapons[w].label()

    if isinstance(action, ChooseManoeuvre):
        return _MANOEUVRE_TEXT[action.manoeuvre]
    if isinstance(action, DamageRoll):
        return f"damage roll on {c[action.target].label} with {c[action.craft].label}'s {gun(action.craft, action.weapon)}"
    if isinstance(action, SpendOnFighters):
        return "spend the remaining successes removing enemy fighters"
    if isinstance(action, RemoveFighter):
        return f"remove {c[action.craft].label} (health {c[action.craft].health})"
    if isinstance(action, LeaveBattle):
        return f"{c[action.craft].label} leaves the battle"
    if isinstance(action, Attack):
        return f"{who(action.airman)} attacks {c[action.target].label} with {gun(m[action.airman].craft, action.weapon)}"
    if isinstance(action, Defend):
        return f"{who(action.airman)} defends {c[action.ward].label}"
    if isinstance(action, Escape):
        return f"{who(action.airman)} tries to escape the dogfight"
    if isinstance(action, Chase):
        return f"{who(action.airman)} chases {c[action.target].label}"
    if isinstance(action, Tactical):
        return f"{who(action.airman)} manoeuvres for the squadron ({action.skill})"
    if isinstance(action, DropBomb):
        spec = spec_of(c[m[action.airman].craft])
        line = (spec.optional_ordnance if action.optional else spec.ordnance)[action.line]
        return f"{who(action.airman)} drops {action.count}x {line.weight_lb} lb"
    if isinstance(action, Repair):
        return f"{who(action.airman)} makes an ad hoc repair"
    if isinstance(action, Spot):
        return f"{who(action.airman)} spots ({action.skill}) for {m[action.mate].name}"
    if isinstance(action, EmergencyLanding):
        return f"{who(action.airman)} makes an emergency landing ({state.rules.environment})"
    if isinstance(action, BailOut):
        return f"{who(action.airman)} bails out"
    if isinstance(action, EndTurn):
        return "end the turn"
    if isinstance(action, FreeAttack):
        return f"free attack by {c[action.craft].label} with {gun(action.craft, action.weapon)}"
    return action.describe()

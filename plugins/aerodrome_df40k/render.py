"""A rich picture of a battle as one player sees it (for ``aerodrome play``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

from aerodrome_df40k.combat import skill
from aerodrome_df40k.specs import EJECTABLE

if TYPE_CHECKING:
    from rich.console import RenderableType

    from aerodrome_df40k.ruleset import Df40k
    from aerodrome_df40k.state import Df40kState

ORDER_WORDS = {
    "intercept": "Intercept",
    "ground-support": "Ground support",
    "escort": "Escort",
    "disengage": "Disengage",
}


def render(ruleset: Df40k, state: Df40kState, player: int | None) -> RenderableType:
    view = ruleset.observation(state, player)
    specs = ruleset.specs
    first = state.sides[view.first_player]
    head = Text.assemble(
        (f"Game turn {view.turn} of {view.turns}", "bold"),
        f" — {first} player's turn — stage: {view.stage}",
    )
    table = Table(show_lines=False, expand=False)
    for col in ("flyer", "side", "BS", "I", "armour F/S/R", "weapons", "order", "DF", "status"):
        table.add_column(col)
    for f in view.flyers:
        spec = specs.flyers[f.type]
        mounts = specs.mounts[f.type]
        weapons = []
        for slot, m in enumerate(mounts):
            if slot in f.lost:
                mark = "✗"
            elif slot in f.spent:
                mark = "·"
            elif slot in f.fired:
                mark = "*"
            else:
                mark = ""
            tl = "TL " if m.twin_linked else ""
            weapons.append(f"{tl}{m.weapon}{mark} ({m.facing})")
        order = "—" if f.order is None else ORDER_WORDS.get(f.order, f.order)
        if f.order == "escort":
            order += f" {f.escort}"
        if f.ram:
            order += " + ram"
        carried = tuple(
            k for k in EJECTABLE
            if any(
                specs.weapons[m.weapon].kind == k and s not in f.spent and s not in f.lost
                for s, m in enumerate(mounts)
            )
        )
        df = str(skill(specs, f.type, f.order, carried, ruleset.hook)) if f.order else ""
        status = []
        if not f.alive:
            status.append("DESTROYED")
        if f.crew_hit:
            status.append("crew hit")
        if f.no_intercept:
            status.append("no Intercept")
        if f.attacked:
            status.append(f"attacked ×{f.attacked}")
        a = spec.armour
        table.add_row(
            f"{f.id}" + (" (large)" if spec.large else ""),
            state.sides[f.player],
            str(spec.bs),
            str(spec.initiative),
            f"{a.front}/{a.side}/{a.rear}",
            ", ".join(weapons),
            order,
            df,
            ", ".join(status),
            style="dim" if not f.alive else None,
        )
    foot = Text(
        " | ".join(
            f"{state.sides[p]}: {view.kills[p]} kills, {view.ground_runs[p]} ground runs"
            + (f", {view.gargoyles[p]} Gargoyles" if view.gargoyles[p] else "")
            for p in (0, 1)
        )
    )
    legend = Text("weapons: ✗ destroyed, · spent (one-shot), * fired this turn", style="dim")
    parts: list[RenderableType] = [head, table, legend, foot]
    if view.fight is not None:
        fi = view.fight
        parts.append(
            Text(
                f"Dogfight: {fi.attacker} (DF {fi.attacker_df}, rolled {fi.attacker_roll}"
                f"{f' +{fi.bonus}' if fi.bonus else ''}) against {fi.defender} (DF {fi.defender_df},"
                f" rolled {fi.defender_roll}): margin {fi.margin:+d}",
                style="yellow",
            )
        )
    return Group(*parts)

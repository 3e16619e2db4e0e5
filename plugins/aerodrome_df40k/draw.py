"""The terminal picture of a battle as one player sees it (issue 14): every flyer with its
weapons, damage, order and Dogfight skill, the score, the dogfight under way and the last
turn's orders and dogfights, with a legend. There is no board (the rulebook has none).

Everything comes from the observation; names from specs are printed as plain text, never
as markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from aerodrome_df40k.text import flyer_name, names, order_words

if TYPE_CHECKING:
    from rich.console import RenderableType

    from aerodrome_df40k.rules import Rules
    from aerodrome_df40k.specs import Specs
    from aerodrome_df40k.state import Dogfight, Revealed
    from aerodrome_df40k.view import Df40kView, FlyerView

#: A colour per side (seat 1, seat 2): readable on dark and light terminals.
SIDE_STYLES = ("bold cyan", "bold magenta")
FACINGS = {"front": "F", "rear": "R", "hull": "H"}
LEGEND = (
    "weapons: ✗ destroyed, · spent (one-shot: fired, dropped or ejected), * fired this turn; "
    "TL twin-linked; F front, R rear, H hull: where it points; 2 lascannon: two alike",
    "order: ? secret until the reveal, – none given yet; DF: Dogfight skill on that order",
    "status: crew hit = cannot shoot and makes no attack run this turn; no Intercept = a crew "
    "result last turn; attacked ×n = dogfights fought as the attacked flyer this turn",
)


def weapons_of(specs: Specs, f: FlyerView) -> str:
    """The flyer's weapons with their marks (see :data:`LEGEND`), alike ones counted:
    "2 lascannon F, hellstrike· F, hellstrike F"."""
    words: list[str] = []
    counts: list[int] = []
    for slot, m in enumerate(specs.mounts[f.type]):
        mark = "✗" if slot in f.lost else "·" if slot in f.spent else "*" if slot in f.fired else ""
        weapon = (
            f"{'TL ' if m.twin_linked else ''}{m.weapon}{mark} {FACINGS.get(m.facing, m.facing)}"
        )
        if words and words[-1] == weapon:
            counts[-1] += 1
        else:
            words.append(weapon)
            counts.append(1)
    return ", ".join(w if n == 1 else f"{n} {w}" for n, w in zip(counts, words, strict=True))


def order_of(view: Df40kView, f: FlyerView, named: dict[str, str], due: bool) -> str:
    """The flyer's order as the viewer knows it (``due``: orders are given this turn)."""
    if not f.alive:
        return ""
    if f.order is None:
        mine = view.player is None or f.player == view.player
        return "?" if due and not view.revealed and not view.over and not mine else "–"
    return order_words(f.order, named.get(f.escort, f.escort), f.ram)


def stage(view: Df40kView, due: bool) -> str:
    """Where the turn is, as the view tells."""
    if view.over:
        return "the battle is over"
    if view.revealed:
        return "orders revealed"
    return "orders being given" if due else "flyers in reserve"


def status_of(f: FlyerView) -> str:
    status = []
    if not f.alive:
        status.append("DESTROYED")
    if f.crew_hit:
        status.append("crew hit")
    if f.no_intercept:
        status.append("no Intercept")
    if f.attacked:
        status.append(f"attacked ×{f.attacked}")
    return ", ".join(status)


def revealed_line(r: Revealed, named: dict[str, str]) -> str:
    words = order_words(r.order, named.get(r.escort, r.escort), r.ram, r.eject)
    return f"{named.get(r.flyer, r.flyer)}: {words}"


def dogfight_line(d: Dogfight, named: dict[str, str]) -> str:
    """ "Imperial fighter 1 → Ork heavy bomber 1: Imperial fighter 1 wins by 3"."""
    a, t, dfd = (named.get(x, x) for x in (d.attacker, d.target, d.defender))
    head = f"{a} → {t}" + (f", taken by its escort {dfd}" if d.defender != d.target else "")
    head += " (ramming)" if d.ram else ""
    if d.outcome == "draw":
        return f"{head}: a draw"
    winner = a if d.margin > 0 else dfd
    result = f"{winner} wins by {abs(d.margin)}"
    return f"{head}: {result}" + (", counts as a draw" if d.outcome == "counts as draw" else "")


def draw(rules: Rules, view: Df40kView) -> RenderableType:
    """The picture (see the module)."""
    parts = _parts(rules, view, compact=False)
    parts.append(Text("Legend", style="bold"))
    parts.extend(Text(line) for line in LEGEND)
    return Group(*parts)


def draw_compact(rules: Rules, view: Df40kView) -> RenderableType:
    """The play screen's picture: :func:`draw` without the legend, the table's rules thinner."""
    return Group(*_parts(rules, view, compact=True))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _parts(rules: Rules, view: Df40kView, *, compact: bool) -> list[RenderableType]:
    specs = rules.specs
    named = names(specs, view)
    due = view.turn >= specs.rules.battle.first_order_turn
    sides = view.sides
    whose = "referee's view" if view.player is None else f"view of the {sides[view.player]} player"
    head = Text.assemble(
        (f"Game turn {view.turn} of {view.turns}", "bold"),
        f" — the {sides[view.first_player]} player's turn — {stage(view, due)} — {whose}",
    )
    table = Table(expand=False, box=box.SIMPLE_HEAD if compact else box.HEAVY_HEAD)
    for col in ("flyer", "side", "BS", "I", "armour F/S/R", "weapons", "order", "DF", "status"):
        table.add_column(col)
    for f in view.flyers:
        spec = specs.flyers[f.type]
        a = spec.armour
        df = ""
        if f.alive and f.order:
            carried = specs.carried(f.type, f.spent, f.lost)
            df = str(rules.skill(f.type, f.order, carried))
        table.add_row(
            Text(
                flyer_name(specs, f.id, f.type) + (" (large)" if spec.large else ""),
                style=SIDE_STYLES[f.player % 2],
            ),
            Text(sides[f.player]),
            Text(str(spec.bs)),
            Text(str(spec.initiative)),
            Text(f"{a.front}/{a.side}/{a.rear}"),
            Text(weapons_of(specs, f)),
            Text(order_of(view, f, named, due)),
            Text(df),
            Text(status_of(f), style="bold red" if not f.alive else ""),
        )
    score = Text(
        " | ".join(
            f"{sides[p]}: {_plural(view.kills[p], 'kill')}, "
            f"{_plural(view.ground_runs[p], 'ground run')}"
            + (f", {view.gargoyles[p]} Gargoyles" if view.gargoyles[p] else "")
            for p in range(len(sides))
        )
    )
    parts: list[RenderableType] = [head, table, score]
    if view.fight is not None:
        fi = view.fight
        bonus = f" + {fi.bonus}" if fi.bonus else ""
        parts.append(
            Text(
                f"Dogfight under way: {named.get(fi.attacker, fi.attacker)}, DF {fi.attacker_df}, rolled "
                f"{fi.attacker_roll}{bonus}, against {named.get(fi.defender, fi.defender)}, DF "
                f"{fi.defender_df}, rolled {fi.defender_roll}: margin {fi.margin:+d}",
                style="bold yellow",
            )
        )
    if view.last_turn and not compact:  # the play screen's events tell them
        if not view.revealed:
            shown = [revealed_line(r, named) for r in view.last_orders]
            parts.append(
                Text(f"Orders of game turn {view.last_turn}: " + ("; ".join(shown) or "none"))
            )
        fights = [dogfight_line(d, named) for d in view.dogfights]
        none = "none yet" if view.revealed else "none"
        parts.append(
            Text(f"Dogfights of game turn {view.last_turn}: " + ("; ".join(fights) or none))
        )
    return parts


def own_marks(view: Df40kView, player: int) -> list[str]:
    """The side column of ``player``'s flyers in the compact table (`` imperium ``): a play
    screen on a small terminal keeps the lines holding them."""
    return [f" {view.sides[player]} "] if 0 <= player < len(view.sides) else []

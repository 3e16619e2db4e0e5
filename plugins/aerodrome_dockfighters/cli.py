"""``aerodrome odds dockfighters ...``: exact odds of attacks; ``aerodrome dockfighters svg``:
the picture of a position. Command bodies import what they use (a fast start, issue 18)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

#: Bounds of the odds command: the biggest attack of the game rolls 10 dice (bomb racks); 60
#: is far above it and still answered in a moment. A target number is 6 +/- modifiers.
MAX_DICE = 60
MAX_NEED = 12

app = typer.Typer(
    help="Dockfighters: exact odds of an attack (hits and damage points).", no_args_is_help=True
)
tools = typer.Typer(help="Dockfighters tools: pictures of positions.", no_args_is_help=True)


@app.command("attack")
def attack(
    dice: Annotated[int, typer.Option(help="attack dice after range and clouds")],
    need: Annotated[int, typer.Option(help="target number (6 +/- modifiers)")] = 6,
    weapon: Annotated[
        str, typer.Option(help="a weapon of specs/dockfighters/weapons.toml")
    ] = "light machine gun",
    easy: Annotated[bool, typer.Option(help="bomber or airship target: misses re-rolled")] = False,
    airship: Annotated[bool, typer.Option(help="airship target: damage re-rolled")] = False,
    json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Distribution of the damage points one attack deals."""
    from aerodrome.ui.cli.output import console, fail, print_json, table
    from aerodrome_dockfighters.odds import attack as attack_odds
    from aerodrome_dockfighters.odds import hit_chance
    from aerodrome_dockfighters.specs import builtin

    specs = builtin()
    w = specs.weapons.get(weapon)
    if w is None:
        fail(f"unknown weapon {weapon!r}; known: {', '.join(sorted(specs.weapons))}")
    if not 0 <= dice <= MAX_DICE:
        fail(f"--dice: 0 to {MAX_DICE} (more than any attack of the game can roll), not {dice}")
    if not 1 <= need <= MAX_NEED:
        fail(f"--need: 1 to {MAX_NEED} (6 plus or minus the modifiers), not {need}")
    dist = attack_odds(
        dice, need, w.damage, easy=easy or airship, reroll_hits=w.reroll_hits, airship=airship
    )
    p_hit = hit_chance(need, easy=easy or airship, reroll_hits=w.reroll_hits)
    if json:
        print_json(
            {
                "weapon": weapon,
                "dice": dice,
                "need": need,
                "hit_chance": float(p_hit),
                "damage": {str(k): float(v) for k, v in sorted(dist.items())},
            }
        )
        return
    mean = sum(k * v for k, v in dist.items())
    rows = [(k, f"{float(v):.4f}") for k, v in sorted(dist.items())]
    console.print(
        table(
            f"{weapon}: {dice} dice at {need}+ (hit {float(p_hit):.3f}, mean damage {float(mean):.3f})",
            ["damage points", "probability"],
            rows,
        )
    )


@tools.command("svg")
def svg(
    position: Annotated[
        str, typer.Argument(help="a position file (TOML or JSON) of the dockfighters ruleset")
    ],
    out: Annotated[str, typer.Option(help="the SVG file to write")] = "dockfighters.svg",
) -> None:
    """Draw a position file as an SVG picture (the referee's view)."""
    from aerodrome.api import AerodromeError
    from aerodrome.engine.files import check_output, write_atomic
    from aerodrome.runs.saves import read_position
    from aerodrome.ui.cli.output import fail, say
    from aerodrome_dockfighters.missions import setups
    from aerodrome_dockfighters.positions import from_position
    from aerodrome_dockfighters.ruleset import observe
    from aerodrome_dockfighters.svg import draw_svg

    try:
        check_output(out, "--out")  # before any work
        pos = read_position(Path(position))  # the reader of `aerodrome position`
        if pos.ruleset != "dockfighters":
            raise AerodromeError(f"{position}: $.ruleset is {pos.ruleset!r}, not 'dockfighters'")
        known = {s.name: s for s in setups()}
        setup = known.get(pos.setup or "", setups()[0])
        if pos.setup is not None and pos.setup not in known:
            raise AerodromeError(f"{position}: $.setup: no dockfighters setup {pos.setup!r}")
        state = from_position(setup, pos.position, position)
        write_atomic(out, draw_svg(observe(state, None)), "--out")
    except AerodromeError as exc:
        fail(str(exc))
    say(f"wrote {out}")

"""``aerodrome odds df40k dogfight``: the exact odds of a dogfight (icepool, cached).

Registering the command imports nothing heavy: icepool is imported when the command runs.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

import typer

from aerodrome_df40k.limits import DF_HIGH, DF_LOW, FLYERS

app = typer.Typer(help="Dogfight 40,000: exact dogfight odds.", no_args_is_help=True)


@app.callback()
def df40k() -> None:
    """Dogfight 40,000: exact dogfight odds (icepool, not sampled)."""


def _p(p: Fraction) -> dict[str, Any]:
    return {"fraction": f"{p.numerator}/{p.denominator}", "probability": float(p)}


def odds_report(attacker_df: int, defender_df: int, attackers: int) -> dict[str, Any]:
    """The JSON document of ``aerodrome odds df40k dogfight --json``."""
    from aerodrome_df40k.odds import margin_distribution, outcome

    dist = margin_distribution(attacker_df, defender_df, attackers)
    sign = outcome(attacker_df, defender_df, attackers)
    return {
        "attacker_df": attacker_df,
        "defender_df": defender_df,
        "attackers": attackers,
        "attacker_dice": attackers,
        "attacker_bonus": attackers - 1,
        "margins": [{"margin": m, **_p(p)} for m, p in sorted(dist.items())],
        "win": _p(sign["win"]),
        "draw": _p(sign["draw"]),
        "loss": _p(sign["loss"]),
    }


@app.command("dogfight")
def dogfight(
    attacker_df: Annotated[
        int,
        typer.Option(
            "--attacker-df", min=DF_LOW, max=DF_HIGH, help="the attacker's Dogfight skill"
        ),
    ],
    defender_df: Annotated[
        int,
        typer.Option(
            "--defender-df", min=DF_LOW, max=DF_HIGH, help="the defender's Dogfight skill"
        ),
    ],
    attackers: Annotated[
        int,
        typer.Option(
            "--attackers",
            min=1,
            max=FLYERS,
            help="this attacker's place among the flyers attacking the defender this turn "
            "(1: a single attacker; the n-th rolls n d6, keeps the highest, adds n - 1; "
            f"at most {FLYERS}, the most flyers a side may field)",
        ),
    ] = 1,
    json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Probability of every margin and of win / draw / loss for the attacker, exactly."""
    report = odds_report(attacker_df, defender_df, attackers)
    if json:
        from aerodrome.ui.cli.output import print_json

        print_json(report)
        return
    from rich.console import Console
    from rich.table import Table

    t = Table(
        title=f"DF {attacker_df} (attacker no. {attackers}) vs DF {defender_df}",
        title_justify="left",
    )
    for col in ("margin", "probability", "exact"):
        t.add_column(col, justify="right")
    for row in report["margins"]:
        t.add_row(
            f"{row['margin']:+d}" if row["margin"] else "0",
            f"{row['probability']:.4f}",
            row["fraction"],
        )
    for key in ("win", "draw", "loss"):
        t.add_row(key, f"{report[key]['probability']:.4f}", report[key]["fraction"], style="bold")
    Console().print(t)

"""``aerodrome odds classic attack``: exact odds of a dogfight from the card pack.

Registered at every start-up, so it imports only typer: the odds (icepool) are imported by the
command (issue 18)."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

import typer

app = typer.Typer(help="Dogfight (classic): exact dogfight odds.", no_args_is_help=True)


@app.callback()
def classic() -> None:
    """Dogfight (classic board game): exact dogfight odds from the card pack (icepool)."""


def _p(p: Fraction) -> dict[str, Any]:
    return {"fraction": f"{p.numerator}/{p.denominator}", "probability": float(p)}


def odds_report(position: str, cards: int, burst: int, played: list[str]) -> dict[str, Any]:
    """The JSON document of ``aerodrome odds classic attack --json`` (``ValueError`` naming
    the option for what cannot happen at the table)."""
    from aerodrome_classic.odds import attack_odds, check_request

    check_request(position, cards, burst, played)
    odds = attack_odds(position, cards, burst, played)
    return {
        "position": position,
        "defender_cards": cards,
        "attacker_burst": burst,
        "played": played,
        "outcomes": {k: _p(v) for k, v in odds.items()},
    }


@app.command("attack")
def attack(
    position: Annotated[str, typer.Option(help="side, head-on or tail")] = "tail",
    cards: Annotated[int, typer.Option(min=0, help="cards in the defender's hand")] = 4,
    burst: Annotated[int, typer.Option(help="head on: the attacker's highest Burst")] = 3,
    played: Annotated[
        str, typer.Option(help="cards seen played since the reshuffle, e.g. LP,RO,B5")
    ] = "",
    json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Chance that the defender is shot down, saved, cancels or shoots back."""
    cards_played = [c.strip() for c in played.split(",") if c.strip()]
    try:
        report = odds_report(position, cards, burst, cards_played)
    except ValueError as exc:
        from aerodrome.api import AerodromeError

        raise AerodromeError(str(exc)) from None
    if json:
        from aerodrome.ui.cli.output import print_json

        print_json(report)
        return
    from aerodrome.ui.cli.output import console, table

    rows = [[k, v["fraction"], f"{v['probability']:.1%}"] for k, v in report["outcomes"].items()]
    console.print(
        table(f"{position} attack on {cards} cards", ["outcome", "exact", "chance"], rows)
    )

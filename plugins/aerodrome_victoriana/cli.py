"""``aerodrome odds victoriana ...``: exact odds of the Squadron Roll.

Registered at every start-up, so it imports only typer: the odds (icepool) are imported by the
commands (issue 18)."""

from __future__ import annotations

from typing import Annotated

import typer

app = typer.Typer(
    help="Victoriana: exact odds of Heresy-engine rolls (icepool).", no_args_is_help=True
)


@app.command("test")
def task(
    white: Annotated[int, typer.Option("--white", min=0, max=200, help="the character's dice")],
    black: Annotated[int, typer.Option("--black", min=0, max=200, help="black dice against them")],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """A character's test: success, partial, failure, foul failure, and an attack's hit chance."""
    from aerodrome_victoriana import odds, specs

    book = specs.rules().tests
    result = odds.task_odds(white, black, book.success, book.partial)
    if as_json:
        import sys

        import msgspec

        sys.stdout.write(msgspec.json.format(msgspec.json.encode(result), indent=2).decode() + "\n")
        return
    from rich.console import Console
    from rich.table import Table

    t = Table(title=f"Test: {white} white dice against {black} black dice", title_justify="left")
    for col in ("success", "partial", "failure", "foul failure", "attack hits"):
        t.add_column(col, justify="right")
    t.add_row(
        *(
            f"{p:.4%}"
            for p in (
                result.success,
                result.partial,
                result.failure,
                result.foul,
                result.attack_hits,
            )
        )
    )
    Console().print(t)


@app.command("squadron-roll")
def squadron_roll(
    white: Annotated[
        int, typer.Option("--white", min=0, max=200, help="dice in the friendly (white) pool")
    ],
    black: Annotated[
        int, typer.Option("--black", min=0, max=200, help="dice in the enemy (black) pool")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Who wins the Squadron Roll: white and black pools, both exploding on 6s."""
    import time

    from aerodrome_victoriana import odds

    start = time.perf_counter()
    result = odds.squadron_roll(white, black)
    elapsed = time.perf_counter() - start
    if as_json:
        import sys

        import msgspec

        data = msgspec.to_builtins(result)
        data["net"] = {str(k): v for k, v in sorted(result.net.items())}
        data["seconds"] = round(elapsed, 6)
        sys.stdout.write(msgspec.json.format(msgspec.json.encode(data), indent=2).decode() + "\n")
        return
    from rich.console import Console
    from rich.table import Table

    console = Console()
    summary = Table(
        title=f"Squadron Roll: {white} white dice against {black} black dice", title_justify="left"
    )
    for col in ("white wins", "black wins", "tie"):
        summary.add_column(col, justify="right")
    summary.add_row(*(f"{p:.6%}" for p in (result.white_wins, result.black_wins, result.tie)))
    console.print(summary)
    dist = Table(
        title="net successes (white − black), outcomes of at least 0.01%", title_justify="left"
    )
    dist.add_column("net", justify="right")
    dist.add_column("probability", justify="right")
    dist.add_column("at least", justify="right")
    tail = 1.0
    for n, p in sorted(result.net.items()):
        if p >= 1e-4:
            dist.add_row(str(n), f"{p:.4%}", f"{tail:.4%}")
        tail -= p
    console.print(dist)
    console.print(
        f"exact (icepool); explosion depth {result.explosion_depth}, truncated mass "
        f"{result.truncated_mass:.1e}; {elapsed * 1000:.1f} ms"
    )

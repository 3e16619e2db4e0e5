"""``aerodrome rulesets``, ``rules`` and ``setups``: what is installed and what it covers."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer

from aerodrome.engine.capabilities import specs_folder
from aerodrome.engine.clauses import coverage, load_catalogue, tests_by_clause
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.ruleset import Ruleset
from aerodrome.plugins import default_plugins
from aerodrome.ui.cli.output import console, print_json, say, table

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


def rulesets(json: JsonOpt = False) -> None:
    """List the registered rulesets: what kind of game each is, its setups and agents."""
    plugins = default_plugins()
    rows: list[dict[str, Any]] = []
    for name in plugins.ruleset_names():
        r = plugins.ruleset(name)
        rows.append(
            {
                "name": name,
                "title": r.title,
                "plugin": plugins.owner("ruleset", name),
                "setups": [s.name for s in r.setups()],
                "agents": sorted(plugins.agents_for(name)),
                "capabilities": capability_record(r),
            }
        )
    if json:
        print_json({"rulesets": rows})
        return
    console.print(
        table(
            "Rulesets",
            ["name", "title", "plugin", "kind of game", "setups", "agents"],
            [
                [
                    r["name"],
                    r["title"],
                    r["plugin"],
                    capability_text(r["capabilities"]),
                    ", ".join(r["setups"]),
                    ", ".join(r["agents"]),
                ]
                for r in rows
            ],
        )
    )


def capability_record(ruleset: Ruleset[Any, Any, Any]) -> dict[str, Any]:
    """The ruleset's capabilities with its player counts (fewest and most seats)."""
    seats = [len(s.seats) for s in ruleset.setups()]
    caps = msgspec.to_builtins(ruleset.capabilities)
    return {"players": [min(seats), max(seats)], **caps}


def capability_text(caps: dict[str, Any]) -> str:
    low, high = caps["players"]
    parts = [f"{low} players" if low == high else f"{low}-{high} players"]
    parts.append("hidden information" if caps["hidden_information"] else "perfect information")
    if caps["simultaneous"]:
        parts.append("simultaneous moves")
    parts.append("dice" if caps["chance"] else "no chance")
    return ", ".join(parts)


def _default_tests_dir() -> Path | None:
    for candidate in (Path.cwd() / "tests", Path(__file__).resolve().parents[4] / "tests"):
        if (candidate / "conformance").is_dir():
            return candidate
    return None


def rules(
    ruleset: Annotated[str, typer.Argument(help="Ruleset name (see `aerodrome rulesets`).")],
    coverage_: Annotated[
        bool, typer.Option("--coverage", help="Count the tests citing each clause.")
    ] = False,
    tests: Annotated[
        Path | None, typer.Option(help="Test folder to read for --coverage (default: ./tests).")
    ] = None,
    json: JsonOpt = False,
) -> None:
    """Print the rule clauses of RULESET: id, section, summary and status."""
    r = default_plugins().ruleset(ruleset)
    specs = specs_folder(r)
    path = specs / "clauses.toml" if specs else None
    if path is None or not path.is_file():
        raise AerodromeError(f"ruleset {ruleset!r} has no clause catalogue (clauses.toml)")
    clauses = load_catalogue(path)
    found = None
    if coverage_:
        tests_dir = tests or _default_tests_dir()
        if tests_dir is None or not tests_dir.is_dir():
            raise AerodromeError(
                "--coverage needs the test folder of a source checkout; give it with --tests DIR"
            )
        found = tests_by_clause(tests_dir)
    rows = coverage(clauses, found)
    status = Counter(c.status for c in clauses)
    summary: dict[str, int] = {str(k): v for k, v in status.items()}
    if found is not None:
        summary["untested"] = sum(
            1 for row in rows if row.status != "out-of-scope" and row.tests == 0
        )
    if json:
        print_json({"ruleset": ruleset, "summary": summary, "clauses": rows})
        return
    cols = ["id", "section", "summary", "status"] + (["tests"] if found is not None else [])
    console.print(
        table(
            f"{r.title}: {len(rows)} clauses",
            cols,
            [
                [
                    row.id,
                    row.section,
                    row.summary + (f" ({row.reason})" if row.reason else ""),
                    row.status,
                ]
                + ([row.tests] if found is not None else [])
                for row in rows
            ],
        )
    )
    say(", ".join(f"{k}: {v}" for k, v in summary.items()))


def setups(
    ruleset: Annotated[str, typer.Argument(help="Ruleset name.")], json: JsonOpt = False
) -> None:
    """List the setups of RULESET with their seats."""
    r = default_plugins().ruleset(ruleset)
    items: list[dict[str, Any]] = [
        {
            "name": s.name,
            "title": s.title,
            "description": s.description,
            "seats": [
                {"seat": i + 1, "name": seat.name, "side": seat.side}
                for i, seat in enumerate(s.seats)
            ],
            "max_rounds": s.max_rounds,
        }
        for s in r.setups()
    ]
    if json:
        print_json({"ruleset": ruleset, "setups": items})
        return
    console.print(
        table(
            f"Setups of {r.title} (the first is the default)",
            ["name", "title", "seats", "description"],
            [
                [
                    i["name"],
                    i["title"],
                    "; ".join(f"{s['seat']}={s['name']} ({s['side']})" for s in i["seats"]),
                    i["description"],
                ]
                for i in items
            ],
        )
    )


def register(app: typer.Typer) -> None:
    app.command()(rulesets)
    app.command()(rules)
    app.command()(setups)

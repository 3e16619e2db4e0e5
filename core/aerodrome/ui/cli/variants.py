"""``aerodrome variants [R]``: the installed rule variants and parameters, and what each
changes (``compare --variant`` plays a variant; ``sweep --param`` a parameter)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from aerodrome.plugins import default_plugins
from aerodrome.ui.cli.output import console, literal, print_json, say

if TYPE_CHECKING:
    from aerodrome.engine.parameters import ParameterSpec
    from aerodrome.plugins import Plugins


def variants(
    ruleset: Annotated[
        str | None,
        typer.Argument(help="Only this ruleset's variants and parameters.", show_default=False),
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="Print them as JSON.")] = False,
) -> None:
    """List rule variants (`compare --variant`) and parameters (`sweep --param`)."""
    plugins = default_plugins()
    if ruleset is not None:
        plugins.ruleset(ruleset)  # an unknown name: one line with suggestions
    found = [v for v in plugins.variants().values() if ruleset is None or v.ruleset == ruleset]
    params = [p for p in plugins.parameters().values() if ruleset is None or p.ruleset == ruleset]
    found.sort(key=lambda v: (v.ruleset, v.name))
    params.sort(key=lambda p: (p.ruleset, p.name))
    if json:
        print_json(
            {
                "variants": [
                    {
                        "name": v.name,
                        "ruleset": v.ruleset,
                        "changes": v.summary,
                        "hooks": hooks_of(v.plugin),
                        "plugin": plugins.owner("variant", v.name),
                    }
                    for v in found
                ],
                "parameters": [parameter_json(plugins, p) for p in params],
            }
        )
        return
    where = f" of {ruleset}" if ruleset else ""
    if found:
        console.print(
            listing(
                f"rule variants{where} (aerodrome compare R --variant NAME)",
                ["variant", "ruleset", "what it changes", "through the hooks"],
                [[v.name, v.ruleset, v.summary, ", ".join(hooks_of(v.plugin))] for v in found],
                whole=2,
            )
        )
    else:
        say(f"no rule variants{where} are installed")
    if params:
        console.print(
            listing(
                f"parameters{where} (aerodrome sweep R --param NAME=LOW..HIGH)",
                ["parameter", "ruleset", "bounds", "now", "what it is"],
                [
                    [
                        p.name + (f" (variant {p.variant})" if p.variant else ""),
                        p.ruleset,
                        p.bounds() + (f" {p.unit}" if p.unit else ""),
                        _current(plugins, p),
                        p.summary + (f" [{p.clause}]" if p.clause else ""),
                    ]
                    for p in params
                ],
                whole=4,
            )
        )
    else:
        say(f"no parameters{where} are declared")


def listing(title: str, columns: list[str], rows: list[list[str]], whole: int) -> Table:
    """A table printed literally whose first ``whole`` columns (names, figures) are never
    cut short: a name is typed back on the command line."""
    t = Table(title=literal(title), title_justify="left", show_lines=True)
    for i, c in enumerate(columns):
        if i < whole:
            widest = max([len(c), *(len(r[i]) for r in rows)])
            t.add_column(literal(c), no_wrap=True, min_width=widest)
        else:
            t.add_column(literal(c), overflow="fold")
    for r in rows:
        t.add_row(*(literal(v) for v in r))
    return t


def hooks_of(plugin: object) -> list[str]:
    """The hook implementations of a variant's plugin object (the rules it changes)."""
    names = []
    for name in dir(plugin):
        if name.startswith("aerodrome_") and callable(getattr(plugin, name, None)):
            names.append(name)
    return sorted(names)


def _current(plugins: Plugins, p: ParameterSpec) -> str:
    """The value the ruleset's default set-up plays with."""
    try:
        value = p.current(plugins.ruleset(p.ruleset).setup())
    except Exception:  # a listing never fails on one plugin's reader
        value = p.default
    return "—" if value is None else f"{value:g}"


def parameter_json(plugins: Plugins, p: ParameterSpec) -> dict[str, object]:
    return {
        "name": p.name,
        "ruleset": p.ruleset,
        "variant": p.variant,
        "summary": p.summary,
        "low": p.low,
        "high": p.high,
        "integer": p.integer,
        "unit": p.unit,
        "default": p.default,
        "clause": p.clause,
        "changes": "the set-up" if p.setup is not None else "a rule, through its hooks",
        "plugin": plugins.owner("parameter", f"{p.name} of {p.ruleset}"),
    }


def register(app: typer.Typer) -> None:
    """Add the ``variants`` command to ``app``."""
    app.command()(variants)

"""``aerodrome specs``: validate spec files, export JSON Schemas, list assumptions."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aerodrome.engine import assumptions
from aerodrome.engine.capabilities import spec_types, specs_folder
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.files import check_output_folder, make_folder, write_atomic
from aerodrome.engine.specs import convert, json_schema, read_mapping
from aerodrome.plugins import default_plugins
from aerodrome.ui.cli.output import console, print_json, say, table

specs_app = typer.Typer(
    help="Spec files: validate them, export schemas, list assumptions.", no_args_is_help=True
)


def _names(rulesets: list[str] | None) -> list[str]:
    plugins = default_plugins()
    return rulesets or plugins.ruleset_names()


@specs_app.command()
def validate(
    rulesets: Annotated[list[str] | None, typer.Argument(help="Rulesets (default: all).")] = None,
    file: Annotated[
        Path | None,
        typer.Option(
            help="Validate this file instead, as the spec type of its name (needs one ruleset)."
        ),
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Validate the spec files of RULESETS; errors name the file and the field path."""
    plugins = default_plugins()
    results: list[dict[str, str | None]] = []
    for name in _names(rulesets):
        r = plugins.ruleset(name)
        types = spec_types(r)
        root = specs_folder(r)
        if file is not None:
            if file.name not in types:
                raise AerodromeError(
                    f"{file}: {name} has no spec type for files named {file.name!r} "
                    f"(known: {', '.join(types) or 'none'})"
                )
            try:
                convert(read_mapping(file), types[file.name], str(file))
                results.append({"ruleset": name, "file": str(file), "error": None})
            except AerodromeError as exc:
                results.append({"ruleset": name, "file": str(file), "error": str(exc)})
            continue
        for fname, type_ in types.items():
            assert root is not None
            path = root / fname
            try:
                convert(read_mapping(path), type_, str(path))
                results.append({"ruleset": name, "file": str(path), "error": None})
            except AerodromeError as exc:
                results.append({"ruleset": name, "file": str(path), "error": str(exc)})
    bad = [r for r in results if r["error"]]
    if json:
        print_json({"valid": not bad, "files": results})
    else:
        console.print(
            table(
                "Spec files",
                ["ruleset", "file", "status"],
                [[r["ruleset"], r["file"], r["error"] or "ok"] for r in results],
            )
        )
    if bad:
        raise typer.Exit(1)


@specs_app.command()
def schema(
    ruleset: Annotated[str, typer.Argument(help="Ruleset name.")],
    spec: Annotated[str | None, typer.Argument(help="Spec file name (default: all).")] = None,
    out: Annotated[
        Path | None, typer.Option(help="Write one <file>.schema.json per spec here.")
    ] = None,
) -> None:
    """Print (or write) the JSON Schema of RULESET's spec files, for plugin authors."""
    if out is not None:  # before any work
        check_output_folder(out, "--out")
    r = default_plugins().ruleset(ruleset)
    types = spec_types(r)
    if spec is not None:
        if spec not in types:
            raise AerodromeError(f"{ruleset} has no spec file {spec!r} (known: {', '.join(types)})")
        types = {spec: types[spec]}
    schemas = {name: json_schema(t) for name, t in types.items()}
    if out is None:
        print_json(schemas if spec is None else schemas[spec])
        return
    targets = {name: f"{Path(name).stem}.schema.json" for name in schemas}
    check_output_folder(out, "--out", files=list(targets.values()))  # says what it replaces
    make_folder(out, "--out")
    import msgspec

    for name, sch in schemas.items():
        target = out / targets[name]
        data = msgspec.json.format(msgspec.json.encode(sch), indent=2) + b"\n"
        write_atomic(target, data, "--out")
        say(f"wrote {target}")


@specs_app.command("assumptions")
def assumptions_cmd(
    rulesets: Annotated[list[str] | None, typer.Argument(help="Rulesets (default: all).")] = None,
    markdown: Annotated[bool, typer.Option("--markdown", help="Print the docs page.")] = False,
    json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List every stand-in value and reading (assumed = true) of RULESETS."""
    plugins = default_plugins()
    items = {}
    notes = {}
    for name in _names(rulesets):
        root = specs_folder(plugins.ruleset(name))
        items[name] = assumptions.collect(name, root) if root and root.is_dir() else []
        notes[name] = assumptions.calibration(root) if root and root.is_dir() else ""
    if json:
        print_json(items)
    elif markdown:
        console.out(assumptions.markdown(items, notes), highlight=False)
    else:
        rows = [[a.ruleset, a.where, a.what, a.reason] for found in items.values() for a in found]
        console.print(table("Assumptions", ["ruleset", "where", "what", "reason"], rows))


def register(app: typer.Typer) -> None:
    app.add_typer(specs_app, name="specs")

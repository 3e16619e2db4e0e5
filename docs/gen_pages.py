"""Generate the docs pages that are derived from code and specs.

- docs/hooks.md       every hookspec, from its signature and docstring
- docs/assumptions.md every stand-in of every registered ruleset (specs + clauses)
- docs/coverage.md    the rule-clause coverage of every registered ruleset
- docs/cli.md         every CLI command and option (typer's own `utils docs` generator)

Run `python docs/gen_pages.py` (nox -s docs does); `--check` fails if a page is stale.
"""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from aerodrome.engine import assumptions
from aerodrome.engine.clauses import load_catalogue, tests_by_clause
from aerodrome.plugins import default_plugins

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent


def hooks_page() -> str:
    out = [
        "# Hook reference",
        "",
        "Generated from the live plugin manager: the core's hooks (`aerodrome/engine/hookspecs.py`),",
        "then each ruleset's own hookspecs, through which a variant plugin changes one rule.",
        "Implement a hook with `@aerodrome.hookimpl` in a module registered under the",
        "`aerodrome` entry-point group (see the [plugin author guide](plugins.md)); a ruleset",
        "calls its own hooks through `ruleset.hooks.caller(spec)` (`aerodrome.RuleHooks`).",
        "",
    ]
    specs = default_plugins().hookspecs()
    groups: dict[str, list[object]] = {}
    for h in specs:
        groups.setdefault(h.module, []).append(h)
    for module in sorted(groups, key=lambda m: (m != "aerodrome.engine.hookspecs", m)):
        title = "Core hooks" if module == "aerodrome.engine.hookspecs" else f"`{module}`"
        out += [f"## {title}", ""]
        for h in groups[module]:
            fn = h.function  # type: ignore[attr-defined]
            params = list(inspect.signature(fn).parameters)
            params = [p for p in params if p != "self"]
            flags = [k for k in ("firstresult", "historic") if getattr(h, k)]
            out += [f"### `{h.name}({', '.join(params)})`", ""]  # type: ignore[attr-defined]
            out += [
                f"Returns: `{inspect.signature(fn).return_annotation}`"
                + (f" · {', '.join(flags)}" if flags else ""),
                "",
            ]
            out += [inspect.cleandoc(fn.__doc__ or ""), ""]
    return "\n".join(out)


def assumptions_page() -> str:
    plugins = default_plugins()
    items = {}
    notes = {}
    for name in plugins.ruleset_names():
        root = plugins.ruleset(name).specs_dir()
        items[name] = assumptions.collect(name, root) if root and root.is_dir() else []
        notes[name] = assumptions.calibration(root) if root and root.is_dir() else ""
    return assumptions.markdown(items, notes)


def coverage_page() -> str:
    plugins = default_plugins()
    tested = tests_by_clause(ROOT / "tests")
    out = [
        "# Rules coverage",
        "",
        "Every rule of every rulebook is a clause in `specs/<ruleset>/clauses.toml`. Generated",
        "by `docs/gen_pages.py`; `aerodrome rules RULESET --coverage` prints the same table.",
        "",
    ]
    for name in plugins.ruleset_names():
        root = plugins.ruleset(name).specs_dir()
        path = root / "clauses.toml" if root else None
        if path is None or not path.is_file():
            continue
        clauses = load_catalogue(path)
        counts = Counter(c.status for c in clauses)
        out += [f"## {name}", "", ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())), ""]
        out += ["| clause | section | rule | status | tests |", "|---|---|---|---|---|"]
        for c in clauses:
            note = f" — {c.reason}" if c.reason else ""
            summary = (c.summary + note).replace("|", "\\|")
            out.append(
                f"| `{c.id}` | {c.section} | {summary} | {c.status} | {len(tested.get(c.id, ()))} |"
            )
        out.append("")
    return "\n".join(out)


def cli_page() -> str:
    """Every command and option, by typer's own documentation generator (``typer MODULE
    utils docs``) over the whole command tree, plugin commands included
    (:mod:`aerodrome.ui.cli.reference`)."""
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "typer",
            "aerodrome.ui.cli.reference",
            "utils",
            "docs",
            "--name",
            "aerodrome",
        ],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"},
    )
    if proc.returncode != 0:
        raise SystemExit(f"typer utils docs failed: {proc.stderr.strip()}")
    body = proc.stdout.split("\n", 1)[1]  # typer's title line: ours replaces it
    return "\n".join(
        [
            "# CLI reference",
            "",
            "Every command and option of `aerodrome`, with the commands that the installed",
            "plugins add. Generated from the typer application by typer's own documentation",
            "generator (`python docs/gen_pages.py`; a test keeps it in step). `aerodrome COMMAND",
            "--help` prints the same in a terminal.",
            "",
            "Shell completion: `aerodrome --install-completion` installs it for the current shell",
            "(bash, zsh, fish or PowerShell); `aerodrome --show-completion` prints the script.",
            "",
            "## `aerodrome`",
            body,
        ]
    )


PAGES = {
    "hooks.md": hooks_page,
    "assumptions.md": assumptions_page,
    "coverage.md": coverage_page,
    "cli.md": cli_page,
}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for name, make in PAGES.items():
        text = make().rstrip() + "\n"
        path = DOCS / name
        if check:
            if not path.is_file() or path.read_text() != text:
                stale.append(name)
        else:
            path.write_text(text)
    if stale:
        print(f"stale generated docs: {', '.join(stale)}; run python docs/gen_pages.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

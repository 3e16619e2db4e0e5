"""Every shell command of README.md and docs/*.md runs, on small budgets, and does what is
written beside it (issue 34, item 8).

**Which lines are commands.** In a fenced block marked ``sh``, ``bash`` or ``shell``, every
non-empty line that does not start with ``#`` (a line ending in ``\\`` goes on on the next).
In a ``console`` block, the lines starting with ``$ ``; the lines after such a command, up
to the next ``$ `` or the end of the block, are its output as the page shows it (a line
``...`` leaves some out: the parts around it are printed in that order). Text after
`` # `` on a command's line is a note to the reader, not part of the command. The generated
pages (``docs/gen_pages.py``: cli.md and the rest) hold usage synopses, not commands.

**Marking a command that is not run** (interactive, installs packages, needs a cluster, a
measurement of minutes...): ``<!-- not run: REASON -->`` on the line right above a block's
fence marks every command of the block; a note that says ``not run: REASON`` marks its own
command. A reason is required. Every other command runs, and a command that starts a program
other than ``aerodrome``, ``python``, ``python3``, ``cd``, ``cat`` or ``ls`` must be marked
(so that nothing installs a package or reaches the network by accident).

**How they run.** The commands of a page run in order in one temporary folder (a command may
read what an earlier one of the same page wrote: ``play --save game.json`` then ``replay
game.json``), through bash, with the checkout's ``specs/`` linked in (pages name spec files
by their path in a checkout), and with ``aerodrome``, ``python`` and ``python3`` on ``PATH``
running this interpreter: ``aerodrome`` is a wrapper that appends the caps of :data:`CAPS`
(``--games 2`` to ``compare``...; an option given twice keeps its last value), and
``--workers 1`` to the commands of :data:`ONE_WORKER` that name no ``--workers``. Two kinds
of command run as written, at their own budget: a ``console`` command shown with its output
(the output is checked) and a ``sweep`` with ``--target`` (it must reach the target it
names). Each command may take :data:`CPU_BUDGET` seconds of CPU: a new example that plays
more needs a cap or a smaller budget written on the page.

**What is checked.** Exit status 0 and no traceback; the output a ``console`` block shows
appears in the command's output (whitespace aside); ``--json`` prints JSON (or writes it to
the file its output is redirected to); ``--report DIR`` writes ``DIR/index.html``; ``--out``,
``--save`` and ``--html FILE`` write ``FILE``; ``sweep --target METRIC=VALUE`` claims a
crossing of ``VALUE``; the CPU it took.

Mutations caught: the README's sweep example back on ``--target drawishness=0.2`` (no
crossing claimed); ``replay`` before the ``play --save`` that writes its file; the marker
parser ignoring ``<!-- not run -->`` (the convention test below). About two minutes of CPU
for all pages (the 100-game verdict of docs/compare.md, run once with its ``--detect`` line,
is a sixth of it), so the pages run in the slow set (``-m slow``, part of ``nox -s tests``);
the convention and the collector are checked in the fast set.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The pages read: README.md and every page of docs/ (not the generated ones).
GENERATED = ("cli.md", "hooks.md", "assumptions.md", "coverage.md")
PAGES = ["README.md", *(f"docs/{p.name}" for p in sorted((ROOT / "docs").glob("*.md")))]
PAGES = [p for p in PAGES if Path(p).name not in GENERATED]
#: Programs a command may start (anything else must be marked ``not run``).
PROGRAMS = {"aerodrome", "python", "python3", "cd", "cat", "ls"}
#: Options appended to a command, by its first words: games capped.
CAPS: dict[tuple[str, ...], tuple[str, ...]] = {
    ("compare",): ("--games", "2", "--ladder-budgets", "2", "--ladder-games", "2"),
    ("sweep",): ("--games", "2"),
    ("simulate",): ("--games", "4"),
    ("tournament",): ("--games", "1"),
    ("campaign", "simulate"): ("--scenarios", "2"),
    ("sensitivity",): ("--games", "20", "--max-games", "20"),
    ("-m", "aerodrome.bridges.rl.reinforce"): ("--episodes", "20", "--games", "4"),
}
#: Commands that get ``--workers 1`` when they do not name ``--workers`` (their CPU is then
#: all counted, and two cores shared by other work are not oversubscribed).
ONE_WORKER = ("compare", "sweep", "simulate", "tournament", "sensitivity")
#: CPU seconds a command may take (the dearest, the 100-game verdict of classic's variant in
#: docs/compare.md, takes about 16): a new example past it needs a cap in :data:`CAPS` or a
#: smaller budget written on the page.
CPU_BUDGET = 40.0
#: Seconds of wall time a command may take (the machine may be busy).
TIMEOUT = 300

_FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.S | re.M)
_NOT_RUN = re.compile(r"<!--\s*not run:\s*(\S.*?)\s*-->\s*$")
_NOTE_NOT_RUN = re.compile(r"\bnot run:\s*([^)]*[^)\s])")


@dataclass
class Command:
    """One command of a page: its text (no note), the note, the output the page shows with
    it (``console`` blocks) and why it is not run (``None``: it runs)."""

    page: str
    line: int
    text: str
    note: str = ""
    output: list[str] = field(default_factory=list)
    not_run: str | None = None

    def where(self) -> str:
        return f"{self.page}:{self.line}: {self.text}"


def _split_note(line: str) -> tuple[str, str]:
    """``aerodrome rulesets   # what is installed`` -> the command and the note (a ``#``
    inside quotes stays in the command)."""
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i + 1 :].strip()
    return line.rstrip(), ""


def commands(page: str, text: str | None = None) -> list[Command]:
    """The commands of ``page`` (its text read from the checkout unless given)."""
    text = (ROOT / page).read_text(encoding="utf-8") if text is None else text
    found: list[Command] = []
    for m in _FENCE.finditer(text):
        lang = m.group(1)
        if lang not in ("sh", "bash", "shell", "console"):
            continue
        before = text[: m.start()].rstrip("\n").rsplit("\n", 1)[-1]
        marked = _NOT_RUN.search(before)
        block_reason = marked.group(1) if marked else None
        first = text[: m.start(2)].count("\n") + 1
        lines = m.group(2).splitlines()
        i = 0
        while i < len(lines):
            raw, number = lines[i], first + i
            i += 1
            if lang == "console":
                if not raw.startswith("$ "):
                    if found and found[-1].page == page and found[-1].line >= first:
                        found[-1].output.append(raw)
                    continue
                raw = raw[2:]
            elif not raw.strip() or raw.lstrip().startswith("#"):
                continue
            while raw.rstrip().endswith("\\") and i < len(lines):
                raw = raw.rstrip()[:-1].rstrip() + " " + lines[i].strip()
                i += 1
            command, note = _split_note(raw)
            own = _NOTE_NOT_RUN.search(note)
            reason = block_reason if block_reason is not None else own and own.group(1)
            found.append(Command(page, number, command.strip(), note, [], reason))
    return found


def programs(command: str) -> list[list[str]]:
    """The words of each program a shell line starts (split at ``&&``, ``||``, ``;``,
    ``|``), with leading ``NAME=value`` assignments and redirections left out."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    parts: list[list[str]] = [[]]
    skip = False
    for word in lexer:
        if word in ("&&", "||", ";", "|", "&"):
            parts.append([])
        elif word in (">", ">>", "<", "2>", "&>"):
            skip = True
        elif skip:
            skip = False
        elif not parts[-1] and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", word):
            continue
        else:
            parts[-1].append(word)
    return [p for p in parts if p]


def allowed(command: Command) -> bool:
    """Whether every program ``command`` starts is one the test may start."""
    return all(p[0] in PROGRAMS for p in programs(command.text))


def _wrapper(folder: Path) -> Path:
    """``aerodrome``, ``python`` and ``python3`` for this interpreter, with the caps."""
    bin_dir = folder / ".bin"
    bin_dir.mkdir()
    caps = {" ".join(k): list(v) for k, v in CAPS.items()}
    body = f"""#!{sys.executable}
import os, sys
CAPS = {caps!r}
MODULE = {{"aerodrome": ["-m", "aerodrome.ui.cli"]}}.get(os.path.basename(sys.argv[0]), [])
args = sys.argv[1:]
words = [a for a in args if not a.startswith("--")]
if MODULE and words and words[0] in {ONE_WORKER!r} and "--workers" not in args:
    args = args + ["--workers", "1"]
if os.environ.get("DOCS_CAP") == "1":
    for key, extra in CAPS.items():
        if " ".join(words[: len(key.split())]) == key or " ".join(args[:2]) == key:
            args = args + extra
os.execv(sys.executable, [sys.executable, *MODULE, *args])
"""
    for name in ("aerodrome", "python", "python3"):
        path = bin_dir / name
        path.write_text(body)
        path.chmod(0o755)
    return bin_dir


def _capped(command: Command) -> bool:
    """Whether the caps apply: not to a console command shown with its output, nor to a
    ``sweep --target`` (both run as written)."""
    if any(line.strip() for line in command.output):
        return False
    return not ("aerodrome sweep" in command.text and "--target" in command.text)


def _words(text: str) -> str:
    return " ".join(text.split())


def shown_parts(output: list[str]) -> list[str]:
    """The output a page shows, in the parts a line ``...`` separates (what it leaves out),
    each with its whitespace made single spaces."""
    parts: list[list[str]] = [[]]
    for line in output:
        if line.strip() == "...":
            parts.append([])
        else:
            parts[-1].append(line)
    return [w for w in (_words("\n".join(p)) for p in parts) if w]


def check(command: Command, proc: subprocess.CompletedProcess[str], folder: Path) -> None:
    """The claims written beside ``command``, checked on its run."""
    where = command.where()
    assert proc.returncode == 0, f"{where}: exit {proc.returncode}\n{proc.stderr[-2000:]}"
    assert "Traceback" not in proc.stderr, f"{where}: {proc.stderr[-2000:]}"
    printed, start = _words(proc.stdout), 0
    for shown in shown_parts(command.output):
        found = printed.find(shown, start)
        assert found >= 0, (
            f"{where}: the page shows an output this command does not print (update the page)"
            f"\n--- shown:\n{shown}\n--- printed:\n{printed}"
        )
        start = found + len(shown)
    words = shlex.split(command.text)
    redirected = words[words.index(">") + 1] if ">" in words else None
    if "--json" in words:
        text = (folder / redirected).read_text() if redirected else proc.stdout
        json.loads(text)  # raises with the position of the fault
    for option in ("--report",):
        if option in words:
            target = folder / words[words.index(option) + 1] / "index.html"
            assert target.is_file(), f"{where}: no {target.relative_to(folder)}"
    for option in ("--out", "--save", "--html"):
        if option in words:
            target = folder / words[words.index(option) + 1]
            assert target.is_file() and target.stat().st_size, f"{where}: {option} wrote nothing"
    if "sweep" in words and "--target" in words:
        goal = words[words.index("--target") + 1].partition("=")[2]
        assert re.search(rf"\bcrosses {re.escape(goal)} (upward|downward) between", printed), (
            f"{where}: the sweep claims no crossing of {goal}:\n{proc.stdout[-1500:]}"
        )


def run_page(page: str, folder: Path) -> None:
    bin_dir = _wrapper(folder)
    (folder / "specs").symlink_to(ROOT / "specs")
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "COLUMNS": "120",
        "NO_COLOR": "1",
        "TERM": "dumb",
        "MPLCONFIGDIR": str(folder / ".matplotlib"),
    }
    run = [c for c in commands(page) if c.not_run is None]
    refused = [c.where() for c in run if not allowed(c)]
    assert not refused, f"not run, and not marked `not run: REASON`: {refused}"
    for command in run:
        env["DOCS_CAP"] = "1" if _capped(command) else "0"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.run(
            ["bash", "-c", command.text],
            cwd=folder,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        check(command, proc, folder)
        assert cpu <= CPU_BUDGET, (
            f"{command.where()}: {cpu:.0f} s of CPU, more than {CPU_BUDGET:g}: cap it (CAPS) "
            "or give it a smaller budget on the page"
        )


RUN = [p for p in PAGES if any(c.not_run is None for c in commands(p))]


@pytest.mark.slow
@pytest.mark.parametrize("page", RUN)
def test_every_command_of_the_page_runs(page: str, tmp_path: Path) -> None:
    run_page(page, tmp_path)


def test_every_command_runs_or_says_why_not() -> None:
    """Each command either runs (its programs are ones the test may start) or is marked
    with a reason; and the pages hold commands at all."""
    every = [c for p in PAGES for c in commands(p)]
    assert len([c for c in every if c.not_run is None]) >= 40
    bad = [c.where() for c in every if c.not_run is None and not allowed(c)]
    assert not bad, (
        "commands that would start another program: mark them `# not run: REASON` or put "
        f"<!-- not run: REASON --> above their block: {bad}"
    )


def test_the_convention_is_read_as_documented() -> None:
    """The collector on a page written for it. Mutation caught: the marker above a block
    ignored (its ``pip install`` would run)."""
    page = "\n".join(
        [
            "<!-- not run: installs packages -->",
            "```sh",
            "pip install -e .",
            "```",
            "",
            "```sh",
            "# a comment line",
            "aerodrome rulesets          # what is installed",
            "aerodrome play classic      # you against the bot (not run: interactive)",
            "aerodrome simulate classic \\",
            "    --games 5 --out 'a # b.jsonl'",
            "```",
            "```console",
            "$ aerodrome variants",
            "head-on-ties-kill-both",
            "  more output",
            "$ aerodrome odds df40k --json > odds.json",
            "```",
            "```python",
            "print('not a shell block')",
            "```",
        ]
    )
    found = commands("page.md", page)
    assert [(c.line, c.text, c.not_run) for c in found] == [
        (3, "pip install -e .", "installs packages"),
        (8, "aerodrome rulesets", None),
        (9, "aerodrome play classic", "interactive"),
        (10, "aerodrome simulate classic --games 5 --out 'a # b.jsonl'", None),
        (14, "aerodrome variants", None),
        (17, "aerodrome odds df40k --json > odds.json", None),
    ]
    assert found[1].note == "what is installed"
    assert found[4].output == ["head-on-ties-kill-both", "  more output"]
    assert shown_parts(["a  b", "...", "c", "d", "..."]) == ["a b", "c d"]
    assert not _capped(found[4]) and _capped(found[5])
    assert programs("cd /tmp && PYTHONPATH=x python -m b > out.txt | cat") == [
        ["cd", "/tmp"],
        ["python", "-m", "b"],
        ["cat"],
    ]

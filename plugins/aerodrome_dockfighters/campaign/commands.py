"""The bodies of the ``aerodrome campaign ...`` commands (their options are declared in
:mod:`.cli`, which imports this module only when a command runs: a fast start).

Every command that changes a file works on a copy and writes it atomically only when
everything went well; any error is one line naming the file and the field, and the file is
untouched.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn

import msgspec
import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from aerodrome.api import AerodromeError, derive_seed
from aerodrome.ui.cli.output import console, err_console, fail, print_json
from aerodrome.ui.cli.session import INTERRUPTED, no_interrupt
from aerodrome_dockfighters.campaign import bridge, campaign, files, leadership
from aerodrome_dockfighters.campaign.botleader import BotLeader
from aerodrome_dockfighters.campaign.campaign import Abandoned
from aerodrome_dockfighters.campaign.journal import Pick, Scenario
from aerodrome_dockfighters.campaign.leaders import CliLeader, PersonLeader
from aerodrome_dockfighters.campaign.ledger import earned, spent
from aerodrome_dockfighters.campaign.person import Person
from aerodrome_dockfighters.campaign.sheet import CampaignError, Squadron
from aerodrome_dockfighters.campaign.simulate import earlier_files
from aerodrome_dockfighters.campaign.simulate import simulate as run_simulation
from aerodrome_dockfighters.campaign.specs import tables
from aerodrome_dockfighters.campaign.story import head, story
from aerodrome_dockfighters.campaign.words import plural

#: The factions by their names and adjectives ("--faction bavarian" as the issue writes it).
FACTIONS = {"bavaria": "Bavaria", "bavarian": "Bavaria", "saxony": "Saxony", "saxon": "Saxony"}


@contextlib.contextmanager
def _errors(path: Path | None) -> Iterator[None]:
    """Domain errors as one line ``FILE: field: message`` and exit code 1."""
    try:
        yield
    except AerodromeError as exc:
        msg = str(exc)
        if path is not None and not msg.startswith(str(path)):
            msg = f"{path}: {msg}"
        fail(msg)  # printed literally (names are the user's text)


def _load(path: Path) -> Squadron:
    with _errors(path):
        return files.load(path)
    raise AssertionError  # fail() exits


# -- creating and showing -------------------------------------------------------------------------
def new(
    file: Path,
    faction: str,
    pilot: list[str],
    name: str | None = None,
    seed: int = 1,
    json: bool = False,
) -> None:
    """Found a squadron: 4 standard fighters of the faction, 4 named green pilots, 0 fame."""
    with _errors(file):
        if file.exists():
            raise CampaignError(f"{file}: exists already; a new squadron needs a new file")
        files.check_writable([file])
        if faction.lower() not in FACTIONS:
            raise CampaignError(f"--faction: bavaria (bavarian) or saxony (saxon), not {faction!r}")
        sq = campaign.found(
            name or file.stem, FACTIONS[faction.lower()], list(pilot), seed, secrets.token_hex(8)
        )
        files.save([(file, sq)])
    _show(sq, json)


def show(file: Path, json: bool = False, verify: bool = False) -> None:
    """The squadron sheet: fame, hangar, barracks and personal files, equipment, leader;
    ``verify``: only when the squadron its journal rebuilds is the file (the seal alone
    catches accidents, not a file resealed after an edit)."""
    sq = _load(file)
    if verify:
        with _errors(file):
            files.verify(sq, str(file))
    _show(sq, json)


def sheet_data(sq: Squadron) -> dict[str, Any]:
    """The sheet as plain data (without the journal; its ledger summed)."""
    data: dict[str, Any] = msgspec.to_builtins(sq)
    journal = data.pop("journal")
    data.pop("digest", None)
    books = [line for e in sq.journal for line in e.ledger]
    data["ledger"] = {"earned": earned(books), "spent": spent(books), "entries": len(journal)}
    for p, raw in zip(sq.barracks, data["barracks"], strict=True):
        raw["experience"] = p.experience
    if sq.leader is not None:
        data["leader"]["skills"] = [s.text for s in leadership.skills(sq)]
        data["leader"]["tree_name"] = tables().trees[sq.leader.tree].name
    return data


def _show(sq: Squadron, json: bool) -> None:
    if json:
        print_json(sheet_data(sq))
        return
    books = [line for e in sq.journal for line in e.ledger]
    head = Text(
        f"{sq.name} ({sq.faction})  fame {sq.fame} (earned {earned(books)}, spent {spent(books)})  "
        f"{plural(sq.missions, 'mission')}: won {sq.won}, lost {sq.lost}"
        + (f", drawn into {sq.drawn}" if sq.drawn else "")
        + ("  DISBANDED" if sq.disbanded else "")
    )
    console.print(head, soft_wrap=True)
    hangar = _table("Hangar", ["#", "aircraft", "class", "value", "status"])
    for plane in sq.hangar:
        info = bridge.catalogue()[plane.datasheet]
        hangar.add_row(*_cells(plane.serial, plane.datasheet, info.klass, info.value, plane.status))
    console.print(hangar)
    rows = []
    for p in sq.barracks:
        abilities = ", ".join(
            f"{a.name}" + (" (level 2)" if a.level == 2 else "") for a in p.abilities
        )
        done = ", ".join(map(str, p.challenges)) + (" - club member" if p.club else "")
        rows.append(
            [p.name, p.kind, p.status, p.experience, p.missions, p.victories, abilities, done]
        )
    columns = [
        "name",
        "kind",
        "status",
        "level",
        "missions",
        "victories",
        "ace abilities",
        "challenges",
    ]
    keep = [
        k for k, c in enumerate(columns) if k < 6 or any(row[k] for row in rows)
    ]  # no empty columns
    barracks = _table("Pilots and crews in barracks", [columns[k] for k in keep])
    for row in rows:
        barracks.add_row(*_cells(*(row[k] for k in keep)))
    console.print(barracks)
    console.print(Text(f"equipment: {', '.join(sq.equipment) or 'none unlocked'}"))
    if sq.leader is not None:
        tree = tables().trees[sq.leader.tree]
        skills = "; ".join(s.text for s in leadership.skills(sq)) or "no level unlocked yet"
        console.print(
            Text(f"squadron leader: {sq.leader.pilot}, {tree.name} (d6 {tree.roll}): {skills}")
        )


def _table(title: str, columns: Sequence[str]) -> Table:
    t = Table(title=title, title_justify="left")
    for c in columns:
        t.add_column(c)
    return t


def _cells(*values: object) -> list[Text]:
    """Cells printed literally (names are the user's text, never markup)."""
    return [Text(str(v)) for v in values]


# -- the purse ------------------------------------------------------------------------------------
def _change(file: Path, change: Any, json: bool) -> None:
    sq = _load(file)
    with _errors(file):
        work = campaign.copy_of(sq)
        change(work)
        files.save([(file, work)])
    _show(work, json)


def recruit(
    file: Path,
    name: str,
    kind: str = "pilot",
    rank: str = "",
    json: bool = False,
) -> None:
    """Recruit a pilot or crew for 1 fame (up to 8 pilots, 2 airship crews, 4 bomber crews)."""
    kind = kind.replace("-", " ")
    _change(file, lambda sq: campaign.recruit(sq, name, kind, rank), json)


def buy(
    file: Path,
    items: list[str],
    json: bool = False,
) -> None:
    """Buy aircraft at their point value, or unlock equipment (paid once)."""

    def purchase(sq: Squadron) -> None:
        for item in items:
            if item in tables().depot:
                campaign.equip(sq, item)
            else:
                campaign.buy(sq, item)

    _change(file, purchase, json)


def promote(
    file: Path,
    pilot: str,
    json: bool = False,
) -> None:
    """Promote the squadron leader; a d6 sets his skill tree."""
    _change(file, lambda sq: campaign.promote(sq, pilot), json)


def unlock(file: Path, json: bool = False) -> None:
    """Unlock the next level of the squadron leader's skill tree (one a mission)."""
    _change(file, campaign.unlock, json)


# -- scenarios ------------------------------------------------------------------------------------
def parse_picks(sq: Squadron, send: list[str] | None) -> list[Pick] | None:
    """``--send PILOT=SERIAL[:LOAD,LOAD...]``."""
    if not send:
        return None
    out = []
    for text in send:
        pilot, sep, rest = text.partition("=")
        serial, _, loads = rest.partition(":")
        if not sep or not serial.strip().isdigit():
            raise CampaignError(f"--send {text!r}: PILOT=SERIAL[:LOAD,LOAD], e.g. --send Hans=1")
        out.append(
            Pick(
                pilot=pilot.strip(),
                serial=int(serial),
                loads=tuple(x.strip() for x in loads.split(",") if x.strip()),
            )
        )
    return out


def parse_seats(seats: list[str] | None, count: int) -> list[str]:
    """``--seat 1=human`` (seat 1: the first squadron); the default is Konrad everywhere."""
    kinds = ["konrad"] * count
    for spec in seats or []:
        number, sep, kind = spec.partition("=")
        if not sep or not number.strip().isdigit() or not 1 <= int(number) <= count:
            raise CampaignError(
                f"--seat {spec!r}: SEAT=AGENT with SEAT 1 to {count}, e.g. --seat 1=human"
            )
        kind = kind.strip()
        if kind != campaign.HUMAN and kind not in bridge.agent_names():
            raise CampaignError(
                f"--seat {spec!r}: human or one of {', '.join(bridge.agent_names())}"
            )
        kinds[int(number) - 1] = kind
    return kinds


def scenario(
    file: Path,
    against: Path,
    seat: list[str] | None = None,
    seed: int | None = None,
    mission: str | None = None,
    send: list[str] | None = None,
    bid: int | None = None,
    pay: bool | None = None,
    json: bool = False,
) -> None:
    """Run the scenario set-up, play the mission, and record it in both files."""
    if file.resolve() == against.resolve():
        fail(f"{against}: --against names the same file as {file}")
    mine, theirs = _load(file), _load(against)
    with _errors(None):
        files.check_pair((file, mine), (against, theirs))
    a, b = campaign.copy_of(mine), campaign.copy_of(theirs)
    for path, sq in ((file, a), (against, b)):
        with _errors(path):
            files.check_writable([path])
            _disband_if_grounded(path, sq)
    with _errors(file):
        files.check_writable([file, against])
        agents = parse_seats(seat, 2)
        if json and campaign.HUMAN in agents:
            raise CampaignError(
                "--json: a person's mission is played on the screen; --json is for bot-flown seats"
            )
        the_seed = (
            seed
            if seed is not None
            else derive_seed(a.seed, b.seed, "scenario", len(a.journal), len(b.journal))
        )
        mine_leader = PersonLeader if agents[0] == campaign.HUMAN else CliLeader
        other_leader: BotLeader = BotLeader(derive_seed(the_seed, 2))
        if agents[1] == campaign.HUMAN:  # the other squadron's person decides for it too
            other_leader = PersonLeader(derive_seed(the_seed, 2), None, None, None, None)
        leaders = [mine_leader(the_seed, mission, parse_picks(a, send), bid, pay), other_leader]
        human = Person() if campaign.HUMAN in agents else None
        try:
            ea, eb = campaign.scenario(a, b, leaders, agents, the_seed, human)
        except KeyboardInterrupt:
            _interrupted(file, against)
        except Abandoned:
            _quit(file, against)
        with no_interrupt():  # both files or neither (files.save_pair: one commit)
            files.save_pair((file, a), (against, b), ea.id)
    if json:
        print_json(
            {
                "seed": the_seed,
                "sides": msgspec.to_builtins(ea.sides),
                "initiative": ea.initiative,
                str(file): {
                    "outcome": msgspec.to_builtins(ea.outcome),
                    "ledger": msgspec.to_builtins(ea.ledger),
                    "fame": a.fame,
                },
                str(against): {
                    "outcome": msgspec.to_builtins(eb.outcome),
                    "ledger": msgspec.to_builtins(eb.ledger),
                    "fame": b.fame,
                },
            }
        )
        return
    for line in head(ea):
        console.print(Text(line), soft_wrap=True)
    for sq, entry in ((a, ea), (b, eb)):
        for line in story(sq, entry):
            console.print(Text(line), soft_wrap=True)


def _quit(*paths: Path) -> NoReturn:
    """A person quit on purpose: nothing is recorded, and that is no error (exit 0)."""
    names = " or ".join(str(p) for p in paths)
    console.print(Text(f"Scenario abandoned: nothing is recorded in {names}."), soft_wrap=True)
    raise typer.Exit(0)


def _interrupted(*paths: Path) -> NoReturn:
    """Ctrl-C during a scenario: it is abandoned and nothing is written."""
    names = " or ".join(str(p) for p in paths)
    err_console.print(
        Text(f"Interrupted: the scenario is abandoned; nothing is recorded in {names}."),
        soft_wrap=True,
    )
    raise typer.Exit(INTERRUPTED)


def _disband_if_grounded(path: Path, sq: Squadron) -> None:
    """A squadron that cannot get 2 planes and 2 pilots airborne, not even by recruiting and
    buying with all its fame, is disbanded (clause campaign.sortie.2): its file says so, and
    the scenario is not flown. One that could recover is only told to recruit or buy."""
    if sq.disbanded:
        raise CampaignError(
            f"{path}: disbanded: {sq.name} was disbanded; the campaign is over for it "
            "[dockfighters.campaign.sortie.2]"
        )
    if campaign.can_fly(sq):
        return
    trial = campaign.copy_of(sq)
    BotLeader(sq.seed).spend(trial)  # recruits and buys what it can to get two pairs airborne
    if campaign.can_fly(trial):
        return  # campaign.scenario names what is missing
    campaign.disband(sq, "could not get 2 planes and 2 pilots airborne, nor pay for them")
    files.save([(path, sq)])
    raise CampaignError(
        f"{path}: disbanded: {sq.name} cannot get 2 planes and 2 pilots airborne and has {sq.fame} fame to recruit "
        "or buy with; found a new squadron with 'aerodrome campaign new' [dockfighters.campaign.sortie.2]"
    )


def challenge(
    file: Path,
    number: int,
    ace: str | None = None,
    wingman: str | None = None,
    send: list[str] | None = None,
    seat: str = "konrad",
    seed: int | None = None,
    json: bool = False,
) -> None:
    """Fly one of the League's three ace challenges (Konrad flies the League)."""
    sq = _load(file)
    work = campaign.copy_of(sq)
    with _errors(file):
        files.check_writable([file])
        agent = parse_seats([f"1={seat}"], 1)[0]
        if json and agent == campaign.HUMAN:
            raise CampaignError(
                "--json: a person's mission is played on the screen; --json is for bot-flown seats"
            )
        picks = parse_picks(work, send)
        if picks is None and (ace or wingman):
            picks = _challengers(work, ace, wingman)
        the_seed = (
            seed if seed is not None else derive_seed(work.seed, "challenge", len(work.journal))
        )
        leader = (PersonLeader if agent == campaign.HUMAN else CliLeader)(
            the_seed, None, picks, None, None
        )
        try:
            entry = campaign.challenge(
                work, number, leader, agent, the_seed, Person() if agent == campaign.HUMAN else None
            )
        except KeyboardInterrupt:
            _interrupted(file)
        except Abandoned:
            _quit(file)
        with no_interrupt():
            files.save([(file, work)])
    if json:
        print_json(
            {
                "seed": the_seed,
                "challenge": number,
                "outcome": msgspec.to_builtins(entry.outcome),
                "ledger": msgspec.to_builtins(entry.ledger),
                "fame": work.fame,
            }
        )
        return
    for line in story(work, entry):
        console.print(Text(line), soft_wrap=True)


def _challengers(sq: Squadron, ace: str | None, wingman: str | None) -> list[Pick]:
    bot = BotLeader(sq.seed)._challengers(sq) if ace is None else None
    names = [ace or (bot.picks[0].pilot if bot else "")] + ([wingman] if wingman else [])
    fighters = [
        p
        for p in sq.hangar
        if p.status == "ready"
        and bridge.catalogue()[p.datasheet].klass in ("standard fighter", "advanced fighter")
    ]
    fighters.sort(key=lambda p: (-bridge.catalogue()[p.datasheet].value, p.serial))
    if len(fighters) < len(names):
        raise CampaignError(f"hangar: {len(names)} ready fighters needed for the challenge")
    return [Pick(pilot=n, serial=f.serial) for n, f in zip(names, fighters, strict=False)]


# -- simulating and replaying ---------------------------------------------------------------------
def simulate(
    scenarios: int = 10,
    seed: int = 1,
    out: Path | None = None,
    json: bool = False,
    quiet: bool = False,
) -> None:
    """A campaign between two bot squadrons: fame curves, pilot survival, aces made."""
    if out is not None and not out.is_dir():
        fail(f"--out {out}: the folder does not exist")
    earlier = earlier_files(out) if out is not None else []
    if earlier:  # never overwritten without a word: refused before the campaign is played
        shown = ", ".join(earlier[:3]) + (
            f" and {len(earlier) - 3} more" if len(earlier) > 3 else ""
        )
        fail(
            f"--out {out}: holds squadron files of an earlier campaign ({shown}); this one "
            "would overwrite them: give an empty folder, or remove them"
        )
    progress = Progress(
        TextColumn("campaign"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
        disable=quiet or not err_console.is_terminal,
    )
    with _errors(None), progress:
        task = progress.add_task("scenarios", total=scenarios)
        report = run_simulation(
            scenarios, seed, out=out, progress=lambda n: progress.advance(task, n)
        )
    if json:
        print_json(report)
        return
    t = _table(
        f"Campaign of {report.scenarios} scenarios, seed {report.seed} ({report.scenarios_per_second} scenarios/s)",
        ["", *(s.faction for s in report.sides)],
    )
    rows: list[tuple[str, list[object]]] = [
        ("squadrons (disbanded)", [f"{len(s.squadrons)} ({s.disbanded})" for s in report.sides]),
        ("fame at the end", [s.fame[-1] if s.fame else 0 for s in report.sides]),
        ("fame curve", [_curve(s.fame) for s in report.sides]),
        ("missions won / lost", [f"{s.missions_won} / {s.missions_lost}" for s in report.sides]),
        ("pilots alive / served", [f"{s.pilots_alive} / {s.pilots}" for s in report.sides]),
        (
            "killed, missing, captured",
            [f"{s.killed}, {s.missing}, {s.captured}" for s in report.sides],
        ),
        ("aces made", [s.aces for s in report.sides]),
        (
            "challenges mastered / flown",
            [f"{s.challenges_mastered} / {s.challenges_flown}" for s in report.sides],
        ),
        ("club members", [s.club_members for s in report.sides]),
    ]
    for label, values in rows:
        t.add_row(*_cells(label, *values))
    console.print(t)
    for f in report.files:
        console.print(Text(f"wrote {f}"))


def _curve(fame: list[int]) -> str:
    """The fame after each scenario as a sparkline (at most 40 marks)."""
    if not fame:
        return ""
    marks = "▁▂▃▄▅▆▇█"
    step = max(1, len(fame) // 40)
    points = fame[::step]
    lo, hi = min(points), max(points)
    return (
        "".join(marks[(v - lo) * (len(marks) - 1) // max(1, hi - lo)] for v in points)
        + f" {lo}..{hi}"
    )


def replay(
    file: Path,
    write: Path | None = None,
    json: bool = False,
    until: str | None = None,
) -> None:
    """Rebuild the squadron from its journal (every scenario played again) and compare it
    byte for byte with the file; ``until``: only the entries before the scenario with this
    id (rolling the squadron back to before it, written with ``write``)."""
    with _errors(file):
        if write is not None:
            files.check_writable([write], update=False)  # says so if it replaces a file
        files.recover(file)
        data = files.read(file)
        try:
            journal = msgspec.json.decode(data, type=Squadron).journal
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            raise CampaignError(f"{file}: not a squadron file ({exc})") from None
        if until is not None:
            at = next(
                (n for n, e in enumerate(journal) if isinstance(e, Scenario) and e.id == until),
                None,
            )
            if at is None:
                raise CampaignError(f"--until: no scenario {until!r} in the journal of {file}")
            journal = journal[:at]
        rebuilt = campaign.rebuild(journal, "$.journal")
        same = files.encode(rebuilt) == data
        if write is not None:
            files.save([(write, rebuilt)])
    scenarios = sum(1 for e in rebuilt.journal if type(e).__name__ == "Scenario")
    if until is not None:  # rolled back: not the file, on purpose
        if json:
            print_json(
                {
                    "file": str(file),
                    "until": until,
                    "entries": len(journal),
                    "written": str(write) if write else None,
                }
            )
        else:
            kept = f"{plural(len(journal), 'entry', 'entries')}, {plural(scenarios, 'scenario')}"
            done = f"; wrote {write}" if write is not None else " (give --write to keep it)"
            console.print(
                Text(f"{file}: rebuilt up to before scenario {until} ({kept}){done}"),
                soft_wrap=True,
            )
        return
    if json:
        print_json(
            {"file": str(file), "identical": same, "entries": len(journal), "scenarios": scenarios}
        )
    elif same:
        kept = f"{plural(len(journal), 'entry', 'entries')}, {plural(scenarios, 'scenario')}"
        console.print(Text(f"{file}: rebuilt from its journal ({kept}): identical"), soft_wrap=True)
    if not same:
        if not json:
            try:
                files.decode(data, str(file))
                reason = "the bytes differ"
            except AerodromeError as exc:
                reason = str(exc)
            reason = reason.removeprefix(f"{file}: ")
            err_console.print(
                Text(f"aerodrome: error: {file}: the journal does not rebuild the file: {reason}"),
                soft_wrap=True,
            )
        raise typer.Exit(1)

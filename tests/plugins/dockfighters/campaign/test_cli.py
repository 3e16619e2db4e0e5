"""``aerodrome campaign ...``: every command, and one-line errors that leave the file alone
(an unaffordable purchase, a 15th crew, a third airship, a mission that cannot be flown, a
corrupt file).

Mutations tried: the file written before the purchase is checked (red: the untouched
tests), names printed as rich markup (red: the literal-name test), replay comparing only the
fame (red: the edited-journal replay test).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from aerodrome_dockfighters.campaign import campaign, files
from aerodrome_dockfighters.campaign.cli import app
from aerodrome_dockfighters.campaign.journal import Scenario
from tests.cli.play.driver import Terminal
from tests.plugins.dockfighters.campaign.helpers import squadron

PILOTS = ["--pilot", "Hans", "--pilot", "Fritz", "--pilot", "Sepp", "--pilot", "Alois"]
SAXONS = ["--pilot", "Karl", "--pilot", "Otto", "--pilot", "Paul", "--pilot", "Emil [bold]Red[/]"]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Path, Path]:
    a, b = tmp_path / "jasta.json", tmp_path / "saxons.json"
    assert run("new", str(a), "--faction", "bavaria", *PILOTS)[0] == 0
    assert run("new", str(b), "--faction", "Saxony", *SAXONS, "--seed", "2")[0] == 0
    return a, b


def one_line_error(code: int, out: str, path: Path, field: str) -> None:
    assert code == 1
    lines = [x for x in out.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("aerodrome: error:"), out
    assert str(path) in out.replace("\n", "") and field in out


@pytest.mark.clause("dockfighters.campaign.1")
def test_new_and_show(pair: tuple[Path, Path]) -> None:
    a, b = pair
    code, out = run("show", str(a), "--json")
    data = json.loads(out)
    assert code == 0 and data["faction"] == "Bavaria" and data["fame"] == 0
    assert [p["name"] for p in data["barracks"]] == ["Hans", "Fritz", "Sepp", "Alois"]
    assert all(p["experience"] == "green" for p in data["barracks"]) and len(data["hangar"]) == 4
    code, out = run("show", str(b))
    assert code == 0 and "[bold]" in out  # the name is printed literally, not as markup
    code, out = run("new", str(a), "--faction", "bavaria", *PILOTS)
    one_line_error(code, out, a, "exists already")


@pytest.mark.clause("dockfighters.campaign.recruit.1", "dockfighters.campaign.aircraft.1")
def test_unaffordable_purchases_leave_the_file_untouched(pair: tuple[Path, Path]) -> None:
    a, _ = pair
    before = a.read_bytes()
    for args, field in (
        (("recruit", str(a), "Kurt"), "fame: recruiting Kurt costs 1"),
        (("buy", str(a), "Fw-127 B-2 Royal Harrier"), "fame: a Fw-127 B-2 Royal Harrier costs 2"),
        (("buy", str(a), "Swarm missiles"), "fame: Swarm missiles costs 1"),
        (("buy", str(a), "Sopwith Camel"), "hangar: a Bavaria squadron can buy"),
        (("unlock", str(a)), "leader: the squadron has no active squadron leader"),
    ):
        one_line_error(*run(*args), a, field)
        assert a.read_bytes() == before


@pytest.mark.clause("dockfighters.campaign.recruit.1", "dockfighters.campaign.aircraft.2")
def test_a_fifteenth_crew_and_a_third_airship(tmp_path: Path) -> None:
    sq = squadron(
        fame=40
    )  # fame booked by the test (the file balances; its journal does not replay)
    for n in range(4):
        campaign.recruit(sq, f"P{n}")
    for n in range(2):
        campaign.recruit(sq, f"A{n}", "airship crew")
    for n in range(4):
        campaign.recruit(sq, f"B{n}", "bomber crew")
    campaign.buy(sq, "Albatross")
    campaign.buy(sq, "Albatross")
    path = tmp_path / "full.json"
    files.save([(path, sq)])
    before = path.read_bytes()
    for kind in ("pilot", "airship-crew", "bomber-crew"):
        one_line_error(
            *run("recruit", str(path), "Number 15", "--kind", kind), path, "14 slots in use"
        )
    one_line_error(*run("buy", str(path), "Albatross"), path, "hangar: the squadron has 2 airships")
    assert path.read_bytes() == before


@pytest.mark.clause("dockfighters.campaign.free.1", "dockfighters.setup.9")
def test_a_scenario_between_two_files_then_replay(pair: tuple[Path, Path]) -> None:
    a, b = pair
    code, out = run("scenario", str(a), "--against", str(b), "--seed", "7", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["seed"] == 7 and len(data["sides"]) == 2
    for path in (a, b):
        code, out = run("replay", str(path), "--json")
        assert code == 0 and json.loads(out) == {
            "file": str(path),
            "identical": True,
            "entries": 2,
            "scenarios": 1,
        }
    code, out = run("show", str(a), "--json")
    assert json.loads(out)["missions"] == 1


@pytest.mark.clause("dockfighters.setup.2")
def test_a_mission_that_cannot_be_flown(pair: tuple[Path, Path]) -> None:
    a, b = pair
    before = (a.read_bytes(), b.read_bytes())
    code, out = run(
        "scenario", str(a), "--against", str(b), "--mission", "ace-challenge-1", "--seed", "3"
    )
    one_line_error(code, out, a, "mission: 'ace-challenge-1' (value 0) cannot be flown here")
    assert (a.read_bytes(), b.read_bytes()) == before
    code, out = run(
        "scenario",
        str(a),
        "--against",
        str(b),
        "--send",
        "Nobody=1",
        "--send",
        "Hans=2",
        "--seed",
        "3",
    )
    one_line_error(code, out, a, "send.picks[0]: 'Nobody' is not in the barracks")
    assert (a.read_bytes(), b.read_bytes()) == before
    code, out = run("scenario", str(a), "--against", str(a))
    one_line_error(code, out, a, "--against names the same file")


def test_a_corrupt_file_is_named_and_untouched(pair: tuple[Path, Path]) -> None:
    a, b = pair
    a.write_bytes(a.read_bytes().replace(b'"fame": 0', b'"fame": 3', 1))
    before = a.read_bytes()
    code, out = run("scenario", str(a), "--against", str(b))
    one_line_error(code, out, a, "$.fame: 3, but the journal's fame ledger adds up to 0")
    assert a.read_bytes() == before
    code, out = run("replay", str(a))
    one_line_error(code, out, a, "the journal does not rebuild the file: $.fame: 3")
    assert f"{a}: {a}" not in out  # the file is named once


@pytest.mark.clause("dockfighters.leader.1", "dockfighters.challenge.1")
def test_promote_and_a_challenge_refused(pair: tuple[Path, Path]) -> None:
    a, _ = pair
    code, out = run("promote", str(a), "Sepp", "--json")
    assert code == 0 and json.loads(out)["leader"]["pilot"] == "Sepp"
    before = a.read_bytes()
    code, out = run("challenge", str(a), "1", "--ace", "Hans", "--seed", "2")
    one_line_error(code, out, a, "Hans is green; the challenges are for aces")
    assert a.read_bytes() == before


def test_simulate_prints_the_campaign(tmp_path: Path) -> None:
    code, out = run("simulate", "--scenarios", "2", "--seed", "3", "--json", "--out", str(tmp_path))
    assert code == 0
    data = json.loads(out)
    assert data["scenarios"] == 2 and [len(s["fame"]) for s in data["sides"]] == [2, 2]
    assert data["scenarios_per_second"] > 0 and len(data["files"]) >= 2
    code, out = run("simulate", "--scenarios", "1", "--seed", "3")
    assert code == 0 and "fame curve" in out and "aces made" in out


def test_the_command_is_registered_on_the_aerodrome_cli(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "aerodrome.ui.cli", "campaign", "show", str(tmp_path / "none.json")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("aerodrome: error:") and "none.json" in proc.stderr


def test_a_human_who_quits_records_nothing(pair: tuple[Path, Path]) -> None:
    a, b = pair
    before = (a.read_bytes(), b.read_bytes())
    result = CliRunner().invoke(
        app,
        ["scenario", str(a), "--against", str(b), "--seat", "1=human", "--seed", "4"],
        input="q\n",
    )
    assert result.exit_code == 0 and "nothing is recorded" in result.output  # quit on purpose
    assert "error" not in result.output
    assert (a.read_bytes(), b.read_bytes()) == before


def test_json_is_for_bot_flown_seats(pair: tuple[Path, Path]) -> None:
    """A person's mission on the screen would spoil the JSON on the same output."""
    a, b = pair
    before = (a.read_bytes(), b.read_bytes())
    one_line_error(
        *run("scenario", str(a), "--against", str(b), "--seat", "1=human", "--json"),
        a,
        "--json: a person",
    )
    one_line_error(
        *run("challenge", str(a), "1", "--seat", "human", "--json"), a, "--json: a person"
    )
    assert (a.read_bytes(), b.read_bytes()) == before


def test_an_error_names_are_printed_literally(pair: tuple[Path, Path]) -> None:
    a, _ = pair
    code, out = run("promote", str(a), "[bold]Nobody[/]")
    assert code == 1 and "'[bold]Nobody[/]' is not a pilot" in out


@pytest.mark.clause("dockfighters.challenge.1")
def test_a_challenge_without_an_ace_is_one_line(pair: tuple[Path, Path]) -> None:
    """It was an AssertionError's traceback (the bot's pick of an ace found none)."""
    a, _ = pair
    before = a.read_bytes()
    one_line_error(*run("challenge", str(a), "1"), a, "barracks: no ready ace fighter pilot")
    assert a.read_bytes() == before


@pytest.mark.clause("dockfighters.setup.2")
def test_the_words_of_the_issue_and_a_mission_by_name(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert run("new", str(a), "--faction", "bavarian", *PILOTS)[0] == 0  # as issue 10 writes it
    assert run("new", str(b), "--faction", "saxon", *SAXONS)[0] == 0
    assert files.load(a).faction == "Bavaria" and files.load(b).faction == "Saxony"
    code, out = run("scenario", str(a), "--against", str(b), "--mission", "nonsense", "--seed", "3")
    one_line_error(
        code,
        out,
        a,
        "mission: no mission is called 'nonsense'; this one may be one of aerial-dominance",
    )
    code, out = run("scenario", str(a), "--against", str(b), "--mission", "the duel", "--seed", "3")
    one_line_error(code, out, a, "fame: the mission costs 5")  # The Duel by its name: 5 fame


@pytest.mark.clause("dockfighters.campaign.sortie.2")
def test_a_squadron_that_can_neither_fly_nor_pay_is_disbanded(
    pair: tuple[Path, Path], tmp_path: Path
) -> None:
    """The command line had no way to disband it: every scenario was refused ("recruit or
    buy first") with nothing to pay with, for ever."""
    _, b = pair
    for fame, disbanded in ((0, True), (1, False)):
        sq = squadron(fame=fame)
        for plane in sq.hangar[1:]:
            plane.status = "lost"
        path = tmp_path / f"grounded-{fame}.json"
        files.save([(path, sq)])
        before = (path.read_bytes(), b.read_bytes())
        code, out = run("scenario", str(path), "--against", str(b), "--seed", "3")
        if disbanded:
            one_line_error(
                code, out, path, f"{path}: disbanded: Bavaria test cannot get 2 planes and 2 pilots"
            )
            assert files.load(path).disbanded and b.read_bytes() == before[1]
            one_line_error(*run("scenario", str(path), "--against", str(b)), path, "was disbanded")
            one_line_error(*run("scenario", str(b), "--against", str(path)), path, "was disbanded")
        else:  # 1 fame buys a Hawk: told what is missing, and untouched
            one_line_error(code, out, path, "recruit or buy first")
            assert (path.read_bytes(), b.read_bytes()) == before


@pytest.mark.clause("dockfighters.campaign.free.1")
def test_a_scenario_tells_what_happened(pair: tuple[Path, Path]) -> None:
    a, b = pair
    code, out = run("scenario", str(a), "--against", str(b), "--seed", "7")
    assert code == 0, out
    sq = files.load(a)
    entry = sq.journal[-1]
    assert isinstance(entry, Scenario)
    side = entry.sides[entry.player]
    assert (
        "Initiative: " in out
        and f"{sq.name}: " in out
        and f"after {entry.outcome.turns} turns" in out
    )
    for sent in side.sent:
        assert f"{sent.pilot} (green) in #{sent.serial} {sent.datasheet}" in out
    for name in entry.outcome.pilots_lost:
        p = sq.pilot(name)
        assert p is not None and f"{name} {p.status}" in out
    assert f" -> {sq.fame}: " in out
    for line in entry.ledger:
        assert f"{line.fame:+d} {line.why}" in out


def test_simulate_shows_a_progress_bar_on_a_terminal_only() -> None:
    """Issue 10: "with a progress bar". Mutation caught: the bar disabled (or shown with
    ``--quiet``)."""
    for args, bar in (((), True), (("--quiet",), False)):
        term = Terminal(
            ["campaign", "simulate", "--scenarios", "2", "--seed", "2", *args], tty=True
        )
        term.screen()
        assert term.finish() == 0, term.text
        assert ("campaign" in term.raw and "2/2" in term.raw) is bar, term.raw[:400]
        assert "fame curve" in term.text

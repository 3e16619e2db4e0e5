"""A person flies their squadron's seat of a campaign mission at the terminal (issue 14's
play, issue 10's ``campaign scenario --seat 1=human``), typing only words and squares shown
on screen, never a number of the list.

Checked: a bad answer and ``undo`` are refused in one line and the question stands (``undo``
once ended the whole mission with "None is not among the choices offered"); every line of
what happened that the person may see is printed, in order, the last action's too (the
mission was once played without its log: a person saw no event at all, nor how it ended);
the result in words and the scenario's story (who flew, what was lost, every fame line) are
printed; which pilot flies which aircraft of the map is said before the first decision (the
map and its aircraft table name no pilot); no line shows an internal name; both files replay from their journals byte for byte.

Mutations caught: ``record=False`` for a person's mission (no ``·`` line: red), the end not
shown (``human.ended`` not called: no ``▶ Result``), ``undo`` passed on as an action (the
mission ends with an error: red), no roster (no pilot's name before the first decision).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from aerodrome.engine.game import Game
from aerodrome.ui.cli import screen as play_screen
from aerodrome_dockfighters.campaign import bridge, files
from aerodrome_dockfighters.campaign.campaign import Abandoned, rebuild
from aerodrome_dockfighters.campaign.journal import ChooseMission, Scenario, TakeAbility
from aerodrome_dockfighters.campaign.leaders import PersonLeader
from aerodrome_dockfighters.campaign.sheet import Squadron
from aerodrome_dockfighters.state import ACTIONS
from tests.cli.play.driver import Person, Terminal, scan, shown
from tests.cli.play.games import field_names, is_subsequence, printed_events
from tests.plugins.dockfighters.campaign.helpers import squadron

PILOTS = ["--pilot", "Hans", "--pilot", "Fritz", "--pilot", "Sepp", "--pilot", "Alois"]
SAXONS = ["--pilot", "Karl", "--pilot", "Otto", "--pilot", "Paul", "--pilot", "Emil"]
_ONE: Any = ACTIONS[0]
for _t in ACTIONS[1:]:
    _ONE = _ONE | _t


def _run(*args: str) -> Terminal:
    return Terminal(["campaign", *args], tty=False)


def _squadrons(tmp_path: Path) -> tuple[Path, Path]:
    a, b = tmp_path / "jasta.json", tmp_path / "saxons.json"
    for path, faction, pilots in ((a, "bavarian", PILOTS), (b, "saxony", SAXONS)):
        term = _run("new", str(path), "--faction", faction, *pilots)
        term.screen()
        assert term.finish() == 0, term.text
    return a, b


def _seen(entry: Scenario) -> tuple[list[str], Game[Any, Any, Any]]:
    """The lines the person in ``entry.player``'s seat may see, as play words them, action by
    action (the mission played again from the journal, with its log)."""
    game = bridge.new_game(
        bridge.setup(entry.sides, entry.initiative, entry.bots, challenge=entry.challenge),
        entry.seed,
        record=True,
    )
    viewer = entry.player
    lines = play_screen.event_lines(game, [e for e in game.log if e.visible_to(viewer)], viewer)
    for line in entry.actions:
        player, raw = msgspec.json.decode(line, type=tuple[int, msgspec.Raw])
        before = len(game.log)
        game.apply(player, msgspec.json.decode(raw, type=_ONE))
        lines += play_screen.event_lines(
            game, [e for e in game.log[before:] if e.visible_to(viewer)], viewer
        )
    return lines, game


@pytest.mark.clause("dockfighters.campaign.free.1")
def test_a_person_flies_a_campaign_mission_to_its_end(tmp_path: Path) -> None:
    a, b = _squadrons(tmp_path)
    term = _run("scenario", str(a), "--against", str(b), "--seat", "1=human", "--seed", "7")
    person = Person(7)
    text = term.screen()
    decisions = 0
    offered: list[str] = []
    while not term.ended:
        current = shown(text)
        assert current.decision.startswith("▶ "), text[-2000:]
        decisions += 1
        if decisions == 1:  # the set-up asks the person their mission (0 fame: no bid to ask)
            assert "Choose your mission" in current.decision, current.decision
            offered = list(current.choices.values())
        if decisions in (1, 2, 5):
            term.send("undo" if decisions < 5 else "xyzzy")
            reply = term.screen()
            assert not term.ended, reply
            wanted = (
                "undo is not possible in a campaign mission" if decisions < 5 else "is not a choice"
            )
            assert wanted in reply and "▶" not in reply, reply
        if decisions == 3:  # the help says what quit and undo do here (no --save to resume)
            term.send("?")
            reply = term.screen()
            assert (
                "abandon the mission: nothing is recorded" in reply and "--resume" not in reply
            ), reply
        query = person.words_for(current, person.pick(current))
        assert query is not None, current.choices
        term.send(query)
        text = term.screen()
        while "choices match '" in text and "\n▶ " not in text and not term.ended:
            narrowed = shown(text)
            query = person.words_for(narrowed, person.pick(narrowed))
            assert query is not None, narrowed.choices
            term.send(query)
            text = term.screen()
    assert term.code == 0, term.text[-3000:]
    whole = term.text
    assert "▶ Result: " in whole and "Initiative: " in whole
    assert " in #1 " in whole and "  fame " in whole

    mine = files.load(a).journal[-1]
    assert isinstance(mine, Scenario)
    chosen = bridge.missions()[mine.sides[mine.player].mission]
    assert ChooseMission(mission=chosen.key) in mine.choices and chosen.fame_cost == 0
    assert any(text.startswith(f"{chosen.name}: ") for text in offered)
    for side in mine.sides:  # who flies which aircraft of the map, before the first decision
        for sent in side.sent:
            assert f" by {sent.pilot} (green)" in whole.split("▶ Seat", 1)[0], sent
    wanted, game = _seen(mine)
    assert wanted and is_subsequence(wanted, printed_events(whole)), (
        "a line of what happened is missing"
    )
    bad = scan(whole, field_names(game))
    assert not bad, "internal names on screen:\n" + "\n".join(bad[:20])
    for path in (a, b):
        data = path.read_bytes()
        assert files.encode(rebuild(msgspec.json.decode(data, type=Squadron).journal)) == data


def _reader(*answers: str) -> Callable[[str], str]:
    left = list(answers)

    def read(prompt: str) -> str:
        if not left:
            raise EOFError
        return left.pop(0)

    return read


@pytest.mark.clause(
    "dockfighters.setup.1",
    "dockfighters.setup.2",
    "dockfighters.campaign.return.1",
    "dockfighters.pilot.8",
)
def test_a_persons_decisions_as_squadron_leader() -> None:
    """What the command line does not give is asked: the bid (a number out of range refused),
    the mission (only those the fame pays for), a bailed-out pilot's return, an ace's new
    ability; quit abandons the scenario. Mutation caught: the bot's choice in place of the
    person's (every assertion on an answer)."""
    sq = squadron(fame=5)
    hans = sq.pilot("Hans")
    assert hans is not None

    def leader(*answers: str, **given: object) -> PersonLeader:
        return PersonLeader(
            1,
            given.get("mission"),
            None,
            given.get("bid"),
            given.get("pay"),  # type: ignore[arg-type]
            read=_reader(*answers),
        )

    assert leader("99", "3 fame").bid(sq, 2, 4, None, 5) == 3
    assert leader().bid(sq, 2, 4, None, 0) == 0  # nothing to bid with: not asked
    assert leader("duel").mission(sq, ["duel", "fighter-sweep"], None, 5) == "duel"
    assert leader("sweep").mission(sq, ["duel", "fighter-sweep"], None, 4) == "fighter-sweep"
    with pytest.raises(Abandoned):  # The Duel costs 5: not offered with 4 fame
        leader("duel").mission(sq, ["duel", "fighter-sweep"], None, 4)
    assert leader(mission="bomb-run").mission(sq, ["bomb-run"], None, 5) == "bomb-run"  # --mission
    assert leader("leave").pay_return(sq, hans, 2) is False
    assert leader("pay").pay_return(sq, hans, 2) is True
    assert leader(pay=False).pay_return(sq, hans, 2) is False  # --no-pay
    options = [
        TakeAbility(pilot="Hans", ability="Sharpshooter", level=2),
        TakeAbility(pilot="Hans", ability="Daredevil", level=1),
    ]
    assert leader("daredevil").take_ability(sq, hans, options) == options[1]
    with pytest.raises(Abandoned):
        leader("quit").take_ability(sq, hans, options)


def test_ctrl_c_abandons_the_scenario_and_says_so(tmp_path: Path) -> None:
    """Ctrl-C in the middle of a person's mission: one line saying nothing is recorded, exit
    130, both files untouched (it ended silently). Mutation caught: the interrupt not caught
    (no line)."""
    a, b = _squadrons(tmp_path)
    before = (a.read_bytes(), b.read_bytes())
    term = Terminal(
        ["campaign", "scenario", str(a), "--against", str(b), "--seat", "1=human", "--seed", "7"],
        tty=True,
    )
    first = shown(term.screen())
    term.send(Person(7).words_for(first, min(first.choices)) or "1")  # the mission
    assert "▶ Seat 1" in term.screen()
    term.interrupt()
    assert term.finish() == 130
    assert (
        f"Interrupted: the scenario is abandoned; nothing is recorded in {a} or {b}."
        in term.text.replace("\n", "")
    )
    assert (a.read_bytes(), b.read_bytes()) == before

"""What a scenario came to, in sentences for the command line (``campaign scenario``,
``campaign challenge``): who held the initiative, whose mission each squadron flew, and for
each squadron its mission's result, each aircraft sent with its pilot's victories and what
became of both, and every fame line with the fame before and after.

The words keep the book's distinctions: each squadron flies its own mission and wins or
loses it on its own ("Both squadron leaders can opt for different missions in a scenario");
a squadron drawn into the other's value-5 mission does not win it ("Only the squadron leader
who paid for the mission can ... qualify for its fulfilment"); a victory is "Each
destruction of a ground target or an enemy aircraft", so the victories of the pilots add up
to what the squadron destroyed.
"""

from __future__ import annotations

from collections.abc import Sequence

from aerodrome_dockfighters.campaign import bridge
from aerodrome_dockfighters.campaign.journal import Outcome, Scenario, Side
from aerodrome_dockfighters.campaign.ledger import Line, total
from aerodrome_dockfighters.campaign.sheet import Squadron
from aerodrome_dockfighters.campaign.specs import EXPERIENCE
from aerodrome_dockfighters.campaign.words import plural

#: Aircraft that came back (to the hangar or the workshop).
HOME = ("home", "workshop", "back from the workshop at once")


def _mission(key: str) -> str:
    return bridge.missions()[key].name


def head(entry: Scenario) -> list[str]:
    """The scenario's first lines: the initiative and whose mission each squadron flies."""
    sides = entry.sides
    winner = sides[entry.initiative].squadron if 0 <= entry.initiative < 2 else "nobody"
    roll = ""
    if entry.rolls:
        a, b = entry.rolls[-1]
        roll = f" (d6 {a} against {b})" if a != b else ""
    out = [f"Initiative: {winner}{roll}."]
    first, second = sides
    if first.mission == second.mission and bridge.missions()[first.mission].value >= (
        bridge.max_mission_value()
    ):
        out.append(
            f"Mission: {first.squadron} flies {_mission(first.mission)}; {second.squadron} is drawn "
            "into it (a value-5 mission): only the squadron that chose it can win it."
        )
    else:
        own = "its own " if first.mission == second.mission else ""
        out.append(
            f"Missions: {first.squadron} flies {_mission(first.mission)}; {second.squadron} flies "
            f"{own}{_mission(second.mission)} - each won or lost on its own."
        )
    return out


def _destroyed(out: Outcome) -> str:
    """What the squadron destroyed: its pilots' victories of the mission, all of them."""
    kills, ground = out.kills, out.ground_kills
    if not kills + ground:
        return "destroyed nothing"
    parts = [plural(kills, "aircraft", "aircraft"), plural(ground, "ground target")]
    return f"destroyed {kills + ground} ({', '.join(parts)})"


def _lost(out: Outcome) -> str:
    gone = [f for f in out.flown if f.aircraft not in HOME]
    return f"lost {plural(len(gone), 'aircraft', 'aircraft')}" if gone else "lost nothing"


def _victories(kills: int, ground: int) -> str:
    if not kills + ground:
        return "no victory"
    parts = []
    if kills:
        parts.append(f"{plural(kills, 'aircraft', 'aircraft')} shot down")
    if ground:
        parts.append(plural(ground, "ground target"))
    return f"{plural(kills + ground, 'victory', 'victories')} ({', '.join(parts)})"


def _aircraft(word: str) -> str:
    return {
        "home": "home",
        "workshop": "home, to the workshop",
        "back from the workshop at once": "home, back from the workshop at once",
        "shot down": "shot down",
        "crashed": "crashed",
        "missing": "missing (off the board)",
        "crashed landing": "crashed landing at the base",
        "abandoned": "abandoned over the base",
    }.get(word, word)


def fame_line(before: int, lines: Sequence[Line]) -> str:
    """``fame 5 -> 3: -5 mission cost (The Duel); +3 kill (...)``: before, after and why."""
    after = before + total(lines)
    why = "; ".join(f"{x.fame:+d} {x.why}" + (f" ({x.note})" if x.note else "") for x in lines)
    return f"fame {before} -> {after}: {why or 'no change'}"


def story(sq: Squadron, entry: Scenario) -> list[str]:
    """What the scenario ``entry`` came to for ``sq`` (its file after it)."""
    side: Side = entry.sides[entry.player]
    out = entry.outcome
    turns = plural(out.turns, "turn")
    if entry.challenge:
        result = "mastered" if out.mission_won else "not mastered"
        first = f"{sq.name}: {_mission(side.mission)} {result} after {turns}"
    elif out.drawn:
        chooser = entry.sides[1 - entry.player].squadron
        first = (
            f"{sq.name}: drawn into {chooser}'s {_mission(side.mission)}, not its mission to win; "
            f"{turns}"
        )
    else:
        result = "won" if out.mission_won else "not won"
        first = f"{sq.name}: its {_mission(side.mission)} {result} after {turns}"
    lines = [f"{first} - {_destroyed(out)}, {_lost(out)}."]
    flown = {(f.pilot, f.serial): f for f in out.flown}
    for s in side.sent:
        f = flown.get((s.pilot, s.serial))
        what = f"  {s.pilot} ({EXPERIENCE[s.experience]}) in #{s.serial} {s.datasheet}"
        if s.loads:
            what += f" with {', '.join(s.loads)}"
        if f is None:
            lines.append(what)
            continue
        lines.append(
            f"{what}: {_victories(f.kills, f.ground)}; the aircraft {_aircraft(f.aircraft)}; "
            f"{s.pilot} {f.fate}"
        )
    lines.append("  " + fame_line(sq.fame - total(entry.ledger), entry.ledger))
    return lines


def set_up_lines(names: Sequence[str], books: Sequence[Sequence[Line]]) -> list[str]:
    """Before the mission: each squadron's fame lines of the set-up (bids, the mission's
    cost, extra planes, the inferior bonus) - the fame the game's header shows."""
    out = []
    for name, lines in zip(names, books, strict=True):
        why = "; ".join(f"{x.fame:+d} {x.why}" + (f" ({x.note})" if x.note else "") for x in lines)
        out.append(
            f"{name}: fame this scenario {total(lines):+d} before the mission"
            + (f": {why}" if why else "")
        )
    return out

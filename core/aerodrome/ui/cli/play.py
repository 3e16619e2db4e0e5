"""``aerodrome play``: a game in the terminal, each seat a person, a bot or the random agent.

A person chooses by what the choices say — a square and a facing (``12,7 N``), a name, a word
— or by number (:mod:`aerodrome.ui.cli.prompt`); sees every thing they may see happen, as it
happens, and the result in words (:mod:`aerodrome.ui.cli.screen`). ``--save`` is checked before
the game and written after every action; ``--resume`` goes on with a saved game; ``undo``
takes a decision back (against bots); Ctrl-C keeps the game. Without ``--seed`` the seed is
random, and printed so that the game can be played again.
"""

from __future__ import annotations

import contextlib
import secrets
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

import aerodrome.ui.cli.screen as screen
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.files import check_output
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Ruleset, Setup
from aerodrome.plugins import Plugins, default_plugins
from aerodrome.runs.saves import (
    PositionFile,
    Undo,
    read_position,
    read_save,
    replay,
    ruleset_and_setup,
    verify,
)
from aerodrome.ui.cli.options import SEED_MAX, SEED_MIN, SpecSet, with_sets
from aerodrome.ui.cli.output import say
from aerodrome.ui.cli.paths import output_file
from aerodrome.ui.cli.seats import HUMAN, SeatPlan, agents, bot_seats, check_agents, parse_seats
from aerodrome.ui.cli.session import INTERRUPTED, Session

#: A random seed is drawn below this: short enough to type back.
SEED_RANGE = 10**9

__all__ = ["HUMAN", "parse_seats", "play", "register"]


def _reader() -> Any:
    """``input``, with line editing and history when a person types at a terminal."""
    if sys.stdin is not None and sys.stdin.isatty():
        with contextlib.suppress(ImportError):  # a Python built without readline
            import readline  # noqa: F401  (input() then edits lines and keeps history)
    return input


def _start(
    plugins: Plugins, ruleset: str | None, setup: str | None, position: Path | None
) -> tuple[Ruleset[Any, Any, Any], Setup, PositionFile | None]:
    """The ruleset, set-up and position (if any) of a new game."""
    if position is not None:
        pos = read_position(position)
        if ruleset is not None and pos.ruleset != ruleset:
            raise AerodromeError(f"{position}: $.ruleset is {pos.ruleset!r}, not {ruleset!r}")
        if setup is None:
            rules, chosen = ruleset_and_setup(plugins, pos.ruleset, pos.setup, str(position))
            return rules, chosen, pos
        rules = ruleset_and_setup(plugins, pos.ruleset, None, str(position))[0]
        return rules, rules.setup(setup), pos
    if ruleset is None:
        raise AerodromeError("give a RULESET to play (see `aerodrome rulesets`), or --resume FILE")
    rules = plugins.ruleset(ruleset)
    return rules, rules.setup(setup), None


def _resumed(
    plugins: Plugins, path: Path, ruleset: str | None, others: dict[str, Any]
) -> tuple[Game[Any, Any, Any], tuple[str, ...] | None, list[Undo]]:
    given = [option for option, value in others.items() if value is not None]
    if given:
        raise AerodromeError(f"--resume goes on with the saved game: leave out {given[0]}")
    save = read_save(path)
    if ruleset is not None and save.ruleset != ruleset:
        raise AerodromeError(f"--resume {path}: a game of {save.ruleset!r}, not {ruleset!r}")
    game = replay(save, plugins, str(path))
    verify(save, game)
    return game, save.seats, list(save.undone)


def _same_bots(game: Game[Any, Any, Any], bots: tuple[int, ...]) -> None:
    """A resumed game keeps its bot seats: the bot rules applied from its first action."""
    if bots != game.setup.bots:

        def seats(players: tuple[int, ...]) -> str:
            return ", ".join(f"Seat {p + 1}" for p in players) or "none"

        raise AerodromeError(
            f"--seat: this game's seats flown by the rulebook's bot rules are "
            f"{seats(game.setup.bots)}; they cannot change in the middle of the game "
            f"(asked: {seats(bots)})"
        )


def _plans(
    plugins: Plugins,
    ruleset: str,
    setup: Setup,
    specs: list[str] | None,
    saved: tuple[str, ...] | None,
) -> list[SeatPlan]:
    default = "bot" if "bot" in plugins.agents_for(ruleset) else "random"
    plans = parse_seats(specs or [], len(setup.seats), default, saved)
    return check_agents(plugins, ruleset, plans)


def _seats_note(game: Game[Any, Any, Any], plans: list[SeatPlan]) -> str:
    parts = []
    for p, plan in enumerate(plans):
        who = "you" if plan.human else plan.agent
        if game.setup.seats[p].bot:
            who += ", flying by the rulebook's bot rules"
        parts.append(f"Seat {p + 1} ({game.setup.seats[p].name}): {who}")
    return "; ".join(parts) + "."


def play(
    ruleset: Annotated[
        str | None,
        typer.Argument(help="Ruleset name (see `aerodrome rulesets`); optional with --resume."),
    ] = None,
    setup: Annotated[str | None, typer.Option(help="Setup name (see `aerodrome setups`).")] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            help="SEAT=AGENT, e.g. --seat 1=human --seat 2=bot (seats count from 1); "
            "bot:NAME flies the seat by the rulebook's bot rules. "
            "Default: seat 1 human, the others the ruleset's bot."
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            min=SEED_MIN,
            max=SEED_MAX,
            help="Seed of the game's dice (default: a random one, printed).",
            show_default=False,
        ),
    ] = None,
    position: Annotated[
        Path | None, typer.Option(help="Start from a position file (TOML/JSON).")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            parser=output_file,
            help="Keep the game here: written after every action, and when you quit.",
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(help="Go on with a game saved with --save (saving on into the same file)."),
    ] = None,
    set_: SpecSet = None,
) -> None:
    """Play RULESET in the terminal: choose by squares, names or words; ? for help."""
    plugins = default_plugins()
    undone: list[Undo] = []
    if resume is not None:
        others = {"--setup": setup, "--seed": seed, "--position": position, "--set": set_ or None}
        if save is None:
            save = resume
        check_output(save, "--save", update=save == resume)  # the same game goes on there
        game, saved_seats, undone = _resumed(plugins, resume, ruleset, others)
        plans = _plans(plugins, game.ruleset.name, game.setup, seat, saved_seats)
        _same_bots(game, bot_seats(plugins, game.ruleset.name, plans))
    else:
        if save is not None:  # before the game, not after it
            check_output(save, "--save")
        if set_:
            named = ruleset or (read_position(position).ruleset if position is not None else None)
            if named is None:
                raise AerodromeError("--set: give the RULESET whose spec numbers it changes")
            plugins = with_sets(plugins, named, set_)
        rules, chosen, pos = _start(plugins, ruleset, setup, position)
        plans = _plans(plugins, rules.name, chosen, seat, None)
        chosen = chosen.with_bots(bot_seats(plugins, rules.name, plans))
        if pos is not None:
            source = str(position)
            game = Game(rules, chosen, pos.seed, position=pos.position, position_source=source)
        else:
            game = Game(rules, chosen, seed if seed is not None else secrets.randbelow(SEED_RANGE))
    session = Session(game, plans, agents(plugins, game, plans), save, undone, _reader())
    try:
        _introduce(session, resume, position)
        try:
            finished = session.play() if not game.is_over() else True
        except KeyboardInterrupt:
            _stop(session, interrupted=True)
            raise typer.Exit(INTERRUPTED) from None
        if finished:
            session.write()
            if session.humans:
                session.show_screen_events()
            screen.result(session.game, session.humans, compact=bool(session.humans))
            if save is not None:
                say(f"saved to {save} (replay with `aerodrome replay {save} --verify`)")
            return
        _stop(session, interrupted=False)
    finally:
        session.close()


def _introduce(session: Session, resume: Path | None, position: Path | None) -> None:
    """The notes opening a game (their rows are taken from the first screen's events)."""
    game = session.game
    session.noted = 13 if resume is not None else 5  # the recap, seats and save lines
    if resume is not None:
        played = len(game.history)
        screen.note(
            f"Resuming {resume}: {game.ruleset.title}, set-up {game.setup.title}, seed "
            f"{game.seed}, {played} actions played.",
            screen.HEADING,
        )
        session.recap()
    else:
        session.flush()
        if position is not None:
            screen.note(f"From the position in {position}.")
        else:
            screen.note(f"Play this game again with --seed {game.seed}.")
    screen.note(_seats_note(game, session.plans))
    if session.save is not None:
        screen.note(f"Saving to {session.save} after every action.")
    else:
        screen.note("Add --save FILE to keep the game and resume it later.")
    session.write()


def _stop(session: Session, *, interrupted: bool) -> None:
    """The person stopped (quit, end of input or Ctrl-C): keep the game if it can be kept."""
    why = "Interrupted" if interrupted else "Stopped"
    if session.save is None:
        screen.note(f"{why}: not saved (give --save FILE to keep a game).")
        return
    if session.consistent():
        session.write()
        screen.note(f"{why}: the game is saved in {session.save}.")
    else:  # stopped inside an action: the save after the last whole action stands
        screen.note(f"{why}: {session.save} holds the game up to the last whole action.")
    screen.note(f"Go on with: aerodrome play --resume {session.save}")


def register(app: typer.Typer) -> None:
    app.command()(play)

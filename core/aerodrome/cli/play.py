"""``aerodrome play``: a game in the terminal, each seat a person, a bot or the random agent.

A person chooses by what the choices say — a square and a facing (``12,7 N``), a name, a word
— or by number (:mod:`aerodrome.cli.prompt`); sees every thing they may see happen, as it
happens, and the result in words (:mod:`aerodrome.cli.screen`). ``--save`` is checked before
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

import aerodrome.cli.screen as screen
from aerodrome.cli.output import say
from aerodrome.cli.seats import (
    HUMAN,
    SeatPlan,
    agents,
    check_agents,
    parse_seats,
)
from aerodrome.cli.session import INTERRUPTED, Session
from aerodrome.errors import AerodromeError
from aerodrome.files import check_output
from aerodrome.game import Game
from aerodrome.plugins import Plugins, default_plugins
from aerodrome.saves import Undo, game_from_position, read_position, read_save, replay, verify

#: A random seed is drawn below this: short enough to type back.
SEED_RANGE = 10**9
SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1

__all__ = ["HUMAN", "parse_seats", "play", "register"]


def _reader() -> Any:
    """``input``, with line editing and history when a person types at a terminal."""
    if sys.stdin is not None and sys.stdin.isatty():
        with contextlib.suppress(ImportError):  # a Python built without readline
            import readline  # noqa: F401  (input() then edits lines and keeps history)
    return input


def _new_game(
    plugins: Plugins, ruleset: str | None, setup: str | None, seed: int | None, position: Path | None
) -> Game[Any, Any, Any]:
    if position is not None:
        pos = read_position(position)
        if ruleset is not None and pos.ruleset != ruleset:
            raise AerodromeError(f"{position}: $.ruleset is {pos.ruleset!r}, not {ruleset!r}")
        return game_from_position(pos, plugins, str(position))
    if ruleset is None:
        raise AerodromeError("give a RULESET to play (see `aerodrome rulesets`), or --resume FILE")
    return Game(plugins.ruleset(ruleset), setup, seed if seed is not None else 0)


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


def _seats_note(game: Game[Any, Any, Any], plans: list[SeatPlan]) -> str:
    parts = []
    for p, plan in enumerate(plans):
        who = "you" if plan.human else plan.agent
        if plan.rulebook_bot:
            who += " (by the rulebook's bot rules)"
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
        typer.Option(help="Keep the game here: written after every action, and when you quit."),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(help="Go on with a game saved with --save (saving on into the same file)."),
    ] = None,
) -> None:
    """Play RULESET in the terminal: choose by squares, names or words; ? for help."""
    plugins = default_plugins()
    undone: list[Undo] = []
    saved_seats: tuple[str, ...] | None = None
    if resume is not None:
        others = {"--setup": setup, "--seed": seed, "--position": position}
        if save is None:
            save = resume
        check_output(save, "--save")
        game, saved_seats, undone = _resumed(plugins, resume, ruleset, others)
    else:
        if save is not None:  # before the game, not after it
            check_output(save, "--save")
        if seed is None and position is None:
            seed = secrets.randbelow(SEED_RANGE)
        game = _new_game(plugins, ruleset, setup, seed, position)
    name = game.ruleset.name
    default = "bot" if "bot" in plugins.agents_for(name) else "random"
    plans = parse_seats(seat or [], len(game.setup.seats), default, saved_seats)
    check_agents(plugins, name, plans)
    session = Session(game, plans, agents(plugins, game, plans), save, undone, _reader())
    _introduce(session, resume, position)
    try:
        finished = session.play() if not game.is_over() else True
    except KeyboardInterrupt:
        _stop(session, interrupted=True)
        raise typer.Exit(INTERRUPTED) from None
    if finished:
        session.write()
        screen.result(session.game, session.humans)
        if save is not None:
            say(f"saved to {save} (replay with `aerodrome replay {save} --verify`)")
        return
    _stop(session, interrupted=False)


def _introduce(session: Session, resume: Path | None, position: Path | None) -> None:
    game = session.game
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

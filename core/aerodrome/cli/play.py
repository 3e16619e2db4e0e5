"""``aerodrome play``: a game in the terminal, each seat a human, a bot or the random agent."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer
from rich.panel import Panel

from aerodrome.agents import Agent, PlayerView, agent_seed
from aerodrome.cli.output import console, literal, say, show
from aerodrome.errors import AerodromeError
from aerodrome.events import Event
from aerodrome.files import check_output
from aerodrome.game import Game
from aerodrome.plugins import Plugins, default_plugins
from aerodrome.saves import game_from_position, read_position, write_save

HUMAN = "human"


def parse_seats(specs: list[str], seats: int, default: str) -> list[str]:
    """``["1=human", "2=bot"]`` → one agent name per seat (1-based on the command line)."""
    kinds = [default] * seats
    kinds[0] = HUMAN
    for spec in specs:
        number, sep, kind = spec.partition("=")
        if not sep or not number.strip().isdigit() or not kind.strip():
            raise AerodromeError(f"--seat {spec!r}: expected SEAT=AGENT, e.g. --seat 2=bot")
        seat = int(number)
        if not 1 <= seat <= seats:
            raise AerodromeError(f"--seat {spec!r}: this setup has seats 1 to {seats}")
        kinds[seat - 1] = kind.strip()
    return kinds


def describe_event(event: Event) -> str:
    data = msgspec.to_builtins(event)
    data.pop("seen_by", None)
    kind = data.pop("type", type(event).__name__)
    return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in data.items())


def _agents(plugins: Plugins, game: Game[Any, Any, Any], kinds: list[str]) -> list[Agent | None]:
    agents: list[Agent | None] = []
    for player, kind in enumerate(kinds):
        if kind == HUMAN:
            agents.append(None)
        else:
            spec = plugins.agent(game.ruleset.name, kind)
            agents.append(spec.factory(game.ruleset, player, agent_seed(game.seed, player)))
    return agents


def _ask(game: Game[Any, Any, Any], player: int, legal: list[Any]) -> Any | None:
    r = game.ruleset
    seat = game.setup.seats[player]
    show(r.render(game.state, player))
    decision = game.decision()
    assert decision is not None
    console.print(
        literal(f"Seat {player + 1} — {seat.name} ({seat.side})", "bold")
        + literal(f": {decision.prompt or decision.kind}")
    )
    for i, action in enumerate(legal, 1):
        console.print(
            literal(f"  {i:>3}", "cyan") + literal(f" {r.describe_action(game.state, action)}"),
            highlight=False,
        )
    while True:
        try:
            answer = console.input(f"choose 1–{len(legal)} (q to quit): ").strip()
        except EOFError:
            return None
        if answer.lower() in {"q", "quit", "exit"}:
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        say(f"'{answer}' is not a choice: type a number from 1 to {len(legal)}.", style="red")


def play(
    ruleset: Annotated[str, typer.Argument(help="Ruleset name (see `aerodrome rulesets`).")],
    setup: Annotated[str | None, typer.Option(help="Setup name (see `aerodrome setups`).")] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            help="SEAT=AGENT, e.g. --seat 1=human --seat 2=bot (seats count from 1). "
            "Default: seat 1 human, the others the ruleset's bot."
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the game's dice.")] = 1,
    position: Annotated[
        Path | None, typer.Option(help="Start from a position file (TOML/JSON).")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Write the game (seed + actions) here when it ends or you quit."),
    ] = None,
) -> None:
    """Play RULESET in the terminal."""
    plugins = default_plugins()
    if save is not None:  # before the game, not after it
        check_output(save, "--save")
    if position is not None:
        pos = read_position(position)
        if pos.ruleset != ruleset:
            raise AerodromeError(f"{position}: $.ruleset is {pos.ruleset!r}, not {ruleset!r}")
        game = game_from_position(pos, plugins, str(position))
    else:
        game = Game(plugins.ruleset(ruleset), setup, seed)
    names = plugins.agents_for(ruleset)
    kinds = parse_seats(seat or [], len(game.setup.seats), "bot" if "bot" in names else "random")
    for kind in kinds:
        if kind != HUMAN:
            plugins.agent(ruleset, kind)
    agents = _agents(plugins, game, kinds)
    humans = [p for p, a in enumerate(agents) if a is None]
    seen = 0
    quit_early = False
    while not game.is_over() and not quit_early:
        if humans:
            fresh = [e for e in game.log[seen:] if any(e.visible_to(h) for h in humans)]
            for e in fresh[-30:]:
                say(describe_event(e), style="dim")
            seen = len(game.log)
        for player in game.waiting_for():
            legal = list(game.legal_actions(player))
            agent = agents[player]
            if agent is None:
                action = _ask(game, player, legal)
                if action is None:
                    quit_early = True
                    break
            else:
                action = agent.choose(PlayerView(game, player), legal)
            game.apply(player, action)
    if game.is_over():
        show(game.ruleset.render(game.state, humans[0] if len(humans) == 1 else None))
        result = game.result()
        console.print(
            Panel(
                literal(
                    f"{', '.join(result.winners) or 'No winner'} — {result.reason} after "
                    f"{result.rounds} rounds"
                ),
                title="Result",
            )
        )
    if save is not None:
        write_save(game, save)
        say(f"saved to {save} (replay with `aerodrome replay {save} --verify`)")


def register(app: typer.Typer) -> None:
    app.command()(play)

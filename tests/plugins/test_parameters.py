"""The parameters the four rulesets declare for ``aerodrome sweep``, each changing the rule
it names in a played game (``aerodrome variants`` lists them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
import pytest

from aerodrome import hookimpl
from aerodrome.engine.agents import agent_seed
from aerodrome.engine.driver import drive
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.game import Game
from aerodrome.engine.records import ParamValue
from aerodrome.plugins import Plugins, load_plugins
from aerodrome.runs.parallel import Config, PluginSet, game_setup
from tests.playouts import rounds

BASE = load_plugins()


def played(ruleset: str, params: Sequence[ParamValue], agent: str = "bot", seed: int = 1) -> Any:
    """A game of ``ruleset``'s default set-up with ``params`` set, played to its end."""
    config = Config(
        ruleset=ruleset,
        setup=BASE.ruleset(ruleset).setup().name,
        agents=(agent,),
        games=1,
        seed=seed,
        params=tuple(params),
    )
    plugins: Plugins = PluginSet(BASE).of(config)
    ruleset_, setup = game_setup(plugins, config)
    spec = plugins.agent(ruleset, agent)
    agents = [spec.factory(ruleset_, p, agent_seed(seed, p)) for p in range(len(setup.seats))]
    game = Game(ruleset_, setup.with_bots(range(len(setup.seats)) if spec.bot_rules else []), seed)
    return game, agents


def test_every_ruleset_declares_its_parameters() -> None:
    names = {(p.ruleset, p.name) for p in BASE.parameters().values()}
    assert names >= {
        ("classic", "cards"),
        ("df40k", "turns"),
        ("dockfighters", "turns"),
        ("victoriana", "raf-squadron"),
        ("victoriana", "luftwaffe-squadron"),
    }
    for p in BASE.parameters().values():
        assert p.clause.startswith(p.ruleset + "."), p.name


@pytest.mark.clause("classic.aces.4")
def test_classic_cards_sets_the_hand_at_take_off_and_keeps_the_aces_bonus() -> None:
    game, agents = played("classic", [("cards", 6)], agent="random")
    hook = game.ruleset.hooks.caller(
        __import__("aerodrome_classic.hookspecs").hookspecs.aerodrome_classic_cards_at_take_off
    )
    assert hook is not None
    assert hook(kills=0, standard=4) == 6
    assert hook(kills=1, standard=6) == 8 and hook(kills=2, standard=8) == 10
    seen: set[str] = set()
    before = {n: sq.aloft for n, sq in game.state.squadrons.items()}
    for _ in rounds(game, agents):
        if len(seen) >= 2:
            break
        for n, sq in game.state.squadrons.items():
            if sq.aloft and sq.aloft != before[n] and n not in seen:
                seen.add(n)
                kills = game.state.planes[sq.aloft].kills
                assert len(sq.hand) == 6 + 2 * min(kills, 2), n  # drawn up at take-off
        before = {n: sq.aloft for n, sq in game.state.squadrons.items()}
    assert seen


@pytest.mark.clause("df40k.frame.3")
def test_df40k_turns_sets_the_length_of_the_battle() -> None:
    for turns in (2, 9):
        game, agents = played("df40k", [("turns", turns)])
        assert game.state.turns == turns and game.setup.max_rounds == turns + 2
        drive(game, agents)
        assert game.result().rounds <= turns


@pytest.mark.clause("victoriana.squadron.2")
def test_victoriana_squadron_sizes_the_sides_largest_plain_flight() -> None:
    game, _ = played("victoriana", [("luftwaffe-squadron", 2), ("raf-squadron", 5)])
    count = {
        side: sum(1 for c in game.state.crafts if c.side == side) for side in ("raf", "luftwaffe")
    }
    plain, _ = played("victoriana", [])
    before = {
        side: sum(1 for c in plain.state.crafts if c.side == side) for side in ("raf", "luftwaffe")
    }
    # 11-group: the Luftwaffe's 6 Bf 109s become 2, the RAF's 3 Hurricanes 5
    assert count == {"raf": before["raf"] + 2, "luftwaffe": before["luftwaffe"] - 4}


def test_victoriana_squadron_needs_a_plain_flight() -> None:
    spec = BASE.parameters()[("victoriana", "raf-squadron")]
    assert spec.setup is not None
    setup = BASE.ruleset("victoriana").setup()
    options: Any = setup.options
    raf = options.side[0]
    named_only = msgspec.structs.replace(raf, flight=tuple(f for f in raf.flight if f.pc))
    sides = (named_only, *options.side[1:])
    bare = msgspec.structs.replace(setup, options=msgspec.structs.replace(options, side=sides))
    with pytest.raises(AerodromeError, match="side 'raf' has no flight without named"):
        spec.setup(bare, 3)


@pytest.mark.clause("dockfighters.mission.1")
def test_dockfighters_turns_sets_the_length_of_a_mission() -> None:
    game, agents = played("dockfighters", [("turns", 4)])
    assert game.state.last_turn == 4
    drive(game, agents)
    result = game.result()
    assert result.finished and game.state.turn <= 5
    if game.state.turn == 5:
        assert result.reason == "turn 5 reached"
    long, _ = played("dockfighters", [("turns", 20)])
    assert (
        long.state.last_turn == 20
        and long.setup.max_rounds == BASE.ruleset("dockfighters").setup().max_rounds + 8
    )


class _ShortMissions:
    """A variant of the mission length hook (as a plugin would write it)."""

    @hookimpl
    def aerodrome_dockfighters_mission_turns(self, standard: int) -> int | None:
        return standard // 2


@pytest.mark.clause("dockfighters.mission.1")
def test_the_mission_length_hook_is_asked_with_the_rulebooks_twelve() -> None:
    plugins = load_plugins(extra=[("short", _ShortMissions())])
    ruleset = plugins.ruleset("dockfighters")
    game = Game(ruleset, ruleset.setup(), 1)
    assert game.state.last_turn == 6  # 12 // 2

"""No seat's JSON holds another seat's secrets: games of classic (hands, Hit guns) and df40k
(orders before the reveal) played by persons only (each answered here by the ruleset's bot
through :meth:`Table.act`), every seat's view checked at every version against the other
seats' secrets changed (:mod:`tests.web.secrets_check`). Mutation caught: ``seat_view``
drawing the board from the referee's observation (``game.observation(None)``), or logging
events without ``visible_to``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from aerodrome.engine.agents import PlayerView, agent_seed
from aerodrome.plugins import Plugins
from aerodrome.ui.web.seatview import seat_view, spectator_view
from tests.web.secrets_check import Found, as_json, check, check_spectator
from tests.web.serving import Kept

#: Actions checked per game: enough for hands, guns and two rounds of orders.
ACTIONS = 40


@pytest.mark.parametrize(
    ("name", "setup", "words"),
    [
        ("classic", "two-player", ()),
        ("classic", "three-player", ()),
        ("df40k", "first-blood", ("Intercept", "Escort", "Ground support", "Disengage")),
    ],
)
def test_no_seat_receives_the_other_seats_secrets(
    plugins: Plugins, tmp_path: Path, name: str, setup: str, words: tuple[str, ...]
) -> None:
    tables = Kept(plugins, tmp_path)
    seats = len(plugins.ruleset(name).setup(setup).seats)
    table = tables.start(name, setup, ["friend"] * seats, seed=11)
    bots = [
        plugins.agent(name, "bot").factory(table.game.ruleset, p, agent_seed(11, p))
        for p in range(seats)
    ]
    found = Found()
    for _ in range(ACTIONS):
        if table.game.is_over():
            break
        player = table.waiting()[0]
        for seat in range(seats):
            check(
                tables.versions[table.id, table.version],
                seat,
                as_json(seat_view(table, seat)),
                found,
            )
        legal = table.game.legal_actions(player)
        chosen = bots[player].choose(PlayerView(table.game, player), legal)
        table.act(player, list(legal).index(chosen), table.version)
    assert found.checked >= 10 * seats, found.checked
    assert found.all_hidden(), "no event was hidden from any seat: nothing was tested"
    if words:
        assert any(w in t for w in words for t in found.all_hidden()), "no hidden order"
    else:
        assert found.referee_changed, "the changed secrets never showed to the referee"


@pytest.mark.parametrize(
    ("name", "setup"),
    [("classic", "two-player"), ("df40k", "first-blood"), ("victoriana", "11-group")],
)
def test_a_spectator_receives_no_seats_secrets(
    plugins: Plugins, tmp_path: Path, name: str, setup: str
) -> None:
    """A spectator's JSON at every version: only public events, no board drawn from a seat's
    view, the same whatever any seat's secrets are. Mutation caught: ``spectator_view``
    keeping every event (no ``seen_by`` filter), or drawing the referee's board."""
    tables = Kept(plugins, tmp_path)
    seats = len(plugins.ruleset(name).setup(setup).seats)
    table = tables.start(name, setup, ["friend"] * seats, seed=11)
    assert table.watch is not None and tables.spectator(table.watch) is table
    assert tables.spectator(table.tokens[0] or "") is None  # a seat's token is not a spectator's
    bots = [
        plugins.agent(name, "bot").factory(table.game.ruleset, p, agent_seed(11, p))
        for p in range(seats)
    ]
    found = Found()
    for _ in range(ACTIONS):
        if table.game.is_over():
            break
        check_spectator(
            tables.versions[table.id, table.version], as_json(spectator_view(table)), found
        )
        player = table.waiting()[0]
        legal = table.game.legal_actions(player)
        chosen = bots[player].choose(PlayerView(table.game, player), legal)
        table.act(player, list(legal).index(chosen), table.version)
    assert found.checked >= 10
    assert found.hidden.get(-1), "no event was hidden from the seats: nothing was tested"
    hidden = table.game.ruleset.capabilities.hidden_information
    assert (spectator_view(table)["board"] is None) == hidden  # a board only if none is


def test_a_public_event_worded_apart_for_each_seat_is_told_by_its_seat_alone(
    plugins: Plugins, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ruleset words an event from its reader's view: where the seats would read a public
    event differently, the spectator gets "Seat N (...) acts." and neither wording. Mutation
    caught: wording the spectator's events from the referee's view."""
    from aerodrome.engine.events import ActionTaken
    from aerodrome.ui.web import seatview

    tables = Kept(plugins, tmp_path)
    table = tables.start("df40k", "first-blood", ["friend", "friend"], seed=11)
    while not any(isinstance(e, ActionTaken) and e.seen_by is None for e in table.game.log):
        player = table.waiting()[0]
        table.act(player, 0, table.version)
    worded = seatview.event_text

    def apart(ruleset: Any, setup: Any, event: Any, view: Any) -> str | None:
        if isinstance(event, ActionTaken):
            return f"a secret of seat {view.player}"
        return worded(ruleset, setup, event, view)

    monkeypatch.setattr(seatview, "event_text", apart)
    text = msgspec.json.encode(spectator_view(table)).decode()
    assert "a secret of seat" not in text
    assert "acts." in text

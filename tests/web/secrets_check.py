"""Whether what a seat's page received holds anything of the other seats' secrets.

A page's JSON at a version is checked against the table as it stood then (kept by
:class:`tests.web.serving.Kept`): it must be exactly what :func:`seat_view` computes for that
seat, and stay exactly the same when the other seats' secrets in the state are changed
(other cards in their hands, their hidden guns turned over, other orders: the changes of
:mod:`tests.viewer.test_secrets`); no sentence of an event hidden from the seat may be in it.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

import msgspec

from aerodrome.engine.describe import event_text, svg
from aerodrome.ui.web.seatview import seat_view
from aerodrome.ui.web.tables import Table
from tests.viewer.test_secrets import _other_cards, _other_orders

#: How the other seats' secrets are changed, per ruleset.
CHANGES: dict[str, Callable[[Any, int], Any]] = {
    "classic": _other_cards,
    "df40k": _other_orders,
}


def as_json(data: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(data))


@dataclasses.dataclass
class Found:
    """What the checks saw: how many JSONs, how often the change showed in the referee's
    picture (the secret was real and drawn), and the hidden sentences looked for."""

    checked: int = 0
    referee_changed: int = 0
    hidden: dict[int, set[str]] = dataclasses.field(default_factory=dict)

    def all_hidden(self) -> set[str]:
        return {text for texts in self.hidden.values() for text in texts}


def check(table: Table, seat: int, received: Any, found: Found) -> None:
    """``received``: what ``seat``'s page got from the server for ``table`` (at its version)."""
    expected = as_json(seat_view(table, seat))
    assert received == expected, f"seat {seat + 1} at version {table.version}"
    game = table.game
    change = CHANGES[game.ruleset.name]
    other = copy.deepcopy(game)
    other.state = change(game.state, seat)
    changed = dataclasses.replace(table, game=other)
    assert as_json(seat_view(changed, seat)) == expected, (
        f"seat {seat + 1}'s page changes with the other seats' secrets (version {table.version})"
    )
    if svg(game.ruleset, other.observation(None)) != svg(game.ruleset, game.observation(None)):
        found.referee_changed += 1
    referee = game.observation(None)
    text = msgspec.json.encode(received).decode()
    for event in game.log:
        if not event.visible_to(seat):
            hidden = event_text(game.ruleset, game.setup, event, referee)
            if hidden:
                assert hidden not in text, (seat, hidden)
                found.hidden.setdefault(seat, set()).add(hidden)
    found.checked += 1

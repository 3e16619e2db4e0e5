"""Whether what a seat's page received holds anything of the other seats' secrets.

A page's JSON at a version is checked against the table as it stood then (kept by
:class:`tests.web.serving.Kept`): it must be exactly what :func:`seat_view` computes for that
seat, and stay exactly the same when the other seats' secrets in the state are changed
(other cards in their hands, their hidden guns turned over, other orders: the changes of
:mod:`tests.viewer.test_secrets`, for the rulesets that have one); no sentence of an event
hidden from the seat may be in it.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

import msgspec

from aerodrome.engine.describe import event_text, svg
from aerodrome.ui.web.seatview import seat_view, spectator_view
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
    change = CHANGES.get(game.ruleset.name)
    if change is not None:
        other = copy.deepcopy(game)
        other.state = change(game.state, seat)
        changed = dataclasses.replace(table, game=other)
        assert as_json(seat_view(changed, seat)) == expected, (
            f"seat {seat + 1}'s page changes with the other seats' secrets "
            f"(version {table.version})"
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


def check_spectator(table: Table, received: Any, found: Found) -> None:
    """``received``: what a spectator's page got for ``table`` (at its version): exactly
    :func:`spectator_view`, the same whatever any seat's secrets are, no question or choice,
    and no sentence of an event some seat did not see."""
    expected = as_json(spectator_view(table))
    assert received == expected, f"spectator at version {table.version}"
    assert received["choices"] == [] and received["prompt"] is None and received["mine"] == []
    game = table.game
    change = CHANGES.get(game.ruleset.name)
    if change is not None:
        other = copy.deepcopy(game)
        for seat in range(len(game.setup.seats)):
            other.state = change(other.state, seat)
        changed = dataclasses.replace(table, game=other)
        assert as_json(spectator_view(changed)) == expected, (
            f"the spectator's page changes with the seats' secrets (version {table.version})"
        )
    referee = game.observation(None)
    text = msgspec.json.encode(received).decode()
    for event in game.log:
        if event.seen_by is not None:
            hidden = event_text(game.ruleset, game.setup, event, referee)
            if hidden:
                assert hidden not in text, ("spectator", hidden)
                found.hidden.setdefault(-1, set()).add(hidden)
    found.checked += 1

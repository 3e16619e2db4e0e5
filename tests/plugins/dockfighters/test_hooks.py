"""The ruleset's hookspecs let a variant plugin change one rule.

The variant is a real plugin registered through ``load_plugins(extra=...)``; the ruleset looks
its hooks up once (``Dockfighters.variants``) and hands them to its rules in every step's
context. Mutation caught (tried): ``Variants`` ignoring its hooks (``self.to_hit = None``)
turns the first test red; a step building its context without the ruleset's variants
(``DfContext(core)``) turns the second red.
"""

from __future__ import annotations

from typing import Any

import pytest

from aerodrome import Game, hookimpl
from aerodrome.engine.agents import agent_seed
from aerodrome.engine.driver import drive
from aerodrome.plugins import load_plugins
from aerodrome_dockfighters import combat, rules
from aerodrome_dockfighters.bot import Konrad
from aerodrome_dockfighters.events import PilotChecked
from tests.plugins.dockfighters.helpers import plane, scripted, state


class EasyMode:
    """A variant: every air-to-air attack hits one better; a bail-out always needs a 2."""

    @hookimpl
    def aerodrome_dockfighters_to_hit(
        self, state: Any, attacker: Any, target: Any, need: int
    ) -> int:
        return need - 1

    @hookimpl
    def aerodrome_dockfighters_pilot_check(
        self, state: Any, aircraft: Any, need: int, why: str
    ) -> int | None:
        return 2 if why == "bail out" else None


@pytest.mark.clause("dockfighters.hit.1", "dockfighters.check.1")
def test_variant_hooks_change_to_hit_and_pilot_checks() -> None:
    ruleset = load_plugins(extra=[("easy-mode", EasyMode())]).ruleset("dockfighters")
    variants = ruleset.variants  # type: ignore[attr-defined]
    assert variants.to_hit is not None and variants.pilot_check is not None
    s = state(
        plane("Do-335 L-3 Arrow", 0, 8, 20, facing="N"),
        plane("Fw-802 E-1 Hawk", 1, 9, 18, facing="SE"),
    )
    assert combat.to_hit_air(s, *s.aircraft, scripted([], variants=variants)) == 5
    assert combat.to_hit_air(s, *s.aircraft) == 6  # without the variant
    assert rules.pilot_check(
        s, s.aircraft[1], scripted([2], variants=variants), "bail out"
    )  # a green pilot passing on 2
    assert not rules.pilot_check(s, s.aircraft[1], scripted([2], variants=variants), "flying low")
    book = load_plugins().ruleset("dockfighters").variants  # type: ignore[attr-defined]
    assert book.to_hit is None and book.pilot_check is None  # nobody plugged in: the book's rules


@pytest.mark.clause("dockfighters.check.1")
def test_a_variant_plugin_changes_the_games_it_plays() -> None:
    """Every bail-out of a game under the variant needs a 2: the steps hand their rules the
    ruleset's variants."""
    ruleset = load_plugins(extra=[("easy-mode", EasyMode())]).ruleset("dockfighters")
    needs: set[int] = set()
    for seed in range(6):
        game = Game(ruleset, "mixed-squadrons", seed)
        drive(game, [Konrad(p, agent_seed(seed, p)) for p in (0, 1)])
        needs |= {e.need for e in game.log if isinstance(e, PilotChecked) and e.why == "bail out"}
    assert needs == {2}

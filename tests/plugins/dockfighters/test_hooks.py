"""The ruleset's hookspecs let a variant plugin change one rule."""

from __future__ import annotations

from typing import Any

import pluggy
import pytest

from aerodrome import hookimpl
from aerodrome.hookspecs import PROJECT
from aerodrome.testing import scripted_context
from aerodrome_dockfighters import combat, hookspecs, rules
from tests.plugins.dockfighters.helpers import plane, state


class EasyMode:
    @hookimpl
    def aerodrome_dockfighters_to_hit(self, state: Any, attacker: Any, target: Any, need: int) -> int:
        return need - 1

    @hookimpl
    def aerodrome_dockfighters_pilot_check(self, state: Any, aircraft: Any, need: int, why: str) -> int | None:
        return 2 if why == "bail out" else None


@pytest.mark.clause("dockfighters.hit.1", "dockfighters.check.1")
def test_variant_hooks_change_to_hit_and_pilot_checks() -> None:
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(EasyMode())
    s = state(plane("Do-335 L-3 Arrow", 0, 8, 20, facing="N"), plane("Fw-802 E-1 Hawk", 1, 9, 18, facing="SE"))
    ctx = scripted_context([2], hook=pm.hook)
    assert combat.to_hit_air(s, *s.aircraft, ctx) == 5
    assert combat.to_hit_air(s, *s.aircraft) == 6  # without the variant
    assert rules.pilot_check(s, s.aircraft[1], ctx, "bail out")  # a green pilot passing on 2
    assert not rules.pilot_check(s, s.aircraft[1], scripted_context([2], hook=pm.hook), "flying low")

"""Builders for Victoriana tests: small battles and scripted dice."""

from __future__ import annotations

from typing import Any

from aerodrome.engine.events import Event
from aerodrome.engine.testing import scripted_context
from aerodrome.engine.turns import Context
from aerodrome.plugins import load_plugins
from aerodrome_victoriana import specs
from aerodrome_victoriana.forces import build_state
from aerodrome_victoriana.hooks import Variants
from aerodrome_victoriana.options import VictorianaOptions
from aerodrome_victoriana.state import DogfightState


def flight(aircraft: str, count: int = 1, **kw: Any) -> specs.Flight:
    return specs.Flight(aircraft=aircraft, count=count, **kw)


def battle(raf: list[specs.Flight], luftwaffe: list[specs.Flight], **rules: Any) -> DogfightState:
    """A state with the RAF as the friendly (white) side and the Luftwaffe as the enemy."""
    options = VictorianaOptions(
        rules=specs.OptionalRules(**rules),
        side=(
            specs.SideSpec(key="raf", seat="RAF", flight=tuple(raf)),
            specs.SideSpec(key="luftwaffe", seat="Luftwaffe", flight=tuple(luftwaffe)),
        ),
    )
    return build_state(options, "<test>")


#: The rulebook's rules: no variant plugged in.
BOOK = Variants()


def dice(faces: list[int], events: list[Event] | None = None, *, round: int = 1) -> Context:
    return scripted_context(faces, events=events, round=round)


def variants(*plugins: object) -> Variants:
    """The variant hooks of a ruleset built with ``plugins`` registered (real pluggy
    plugins, as a variant plugin is)."""
    loaded = load_plugins(extra=[(f"variant-{i}", p) for i, p in enumerate(plugins)])
    return Variants.of(loaded.rule_hooks())


def pool(n: int, successes: int) -> list[int]:
    """``n`` faces with exactly ``successes`` successes and no 6 (nothing explodes)."""
    assert successes <= n
    return [1] * successes + [3] * (n - successes)


def blanks(n: int) -> list[int]:
    return [3] * n

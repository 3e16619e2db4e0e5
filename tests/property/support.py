"""What the property tests of the readers and the command line share: a bounded budget
(derandomized: the same cases on every run, in the fast subset) and the CLI run in-process
with the test plugins (``joust`` included)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

#: ``AERODROME_PROPERTY_EXAMPLES=1000`` tries more cases, at random instead of the same ones.
LONG = int(os.environ.get("AERODROME_PROPERTY_EXAMPLES", "0"))
#: Cases tried in this run, per property (``tests/property/conftest.py`` prints the sum).
TRIED: dict[str, int] = {}


def tried(name: str) -> None:
    """Count one case of the property ``name`` (called first by every property's body)."""
    TRIED[name] = TRIED.get(name, 0) + 1


def budget(examples: int) -> settings:
    """Hypothesis settings of ``examples`` cases (or the long run's), no deadline."""
    return settings(
        max_examples=LONG or examples,
        deadline=None,
        derandomize=not LONG,
        database=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.function_scoped_fixture,
        ],
    )

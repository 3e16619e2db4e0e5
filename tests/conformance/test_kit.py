"""The conformance kit over every registered ruleset and the example plugin.

These are the SAME tests a third-party plugin runs with ``pytest
--aerodrome-conformance=RULESET`` (:mod:`aerodrome.conformance`, shipped in the wheel): random
playouts to the end with invariants and round trips at every step, determinism and clone
independence, replay identity, refusal of illegal actions, observation isolation,
hidden-information and capability contracts, and the clause catalogue's coverage (read from
this repository's tests and the example's). Each check's docstring names the mutation it
catches; ``test_kit_can_fail.py`` breaks a ruleset on purpose and watches each go red.
"""

from __future__ import annotations

from aerodrome.conformance.suite import *  # noqa: F403  (the kit's tests, collected here)
from tests.conftest import EXAMPLE, PLUGINS, ROOT

AERODROME_CONFORMANCE = ["all"]
AERODROME_PLUGINS = PLUGINS
AERODROME_TESTS = [ROOT / "tests", EXAMPLE / "tests"]

"""The contracts the kit checks, by name, and the failure that names the one broken.

Every check of the kit fails with :class:`BrokenContract`, an :class:`AssertionError` whose
message starts ``contract '<name>' broken:`` and whose :attr:`~BrokenContract.contract` is
the :class:`Contract`: a plugin author reads which promise of the Game API the ruleset does
not keep, never an unrelated error of the kit's own play.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NoReturn


class Contract(StrEnum):
    """The promises of a ruleset that the kit checks (the value is the name printed)."""

    ENDS = "every game ends"
    PLAYABLE = "every legal action can be played"
    DATA = "actions, observations and states are data"
    INVARIANTS = "the ruleset's invariants hold"
    DETERMINISM = "the same seed and actions give the same game"
    REPLAY = "a save replays to the same game"
    INDEPENDENT = "clones and determinisations share no state"
    REFUSED = "an illegal action is refused and changes nothing"
    FROZEN = "an observation cannot change the game"
    PERFECT = "perfect information shows everybody the same"
    COMMITMENT = "a secret commitment stays secret until the reveal"
    HIDDEN = "observation hides what the player cannot see"
    RESAMPLED = "determinise resamples what is hidden"
    ANSWERED_STATE = "legal actions are read from the state they are answered in"
    CAPABILITIES = "the declared capabilities match play"
    CLAUSES_TESTED = "every clause has a test"
    CLAUSES_KNOWN = "tests cite only catalogued clauses"


class BrokenContract(AssertionError):
    """A ruleset breaks ``contract``; the message says where and how."""

    def __init__(self, contract: Contract, where: str, detail: str) -> None:
        super().__init__(f"contract '{contract}' broken: {where}: {detail}")
        self.contract = contract


def broken(contract: Contract, where: str, detail: str) -> NoReturn:
    """Fail the check: ``where`` (the ruleset, set-up and seed) breaks ``contract``."""
    raise BrokenContract(contract, where, detail)


def require(held: Any, contract: Contract, where: str, detail: str) -> None:
    """Fail the check unless ``held``."""
    if not held:
        raise BrokenContract(contract, where, detail)

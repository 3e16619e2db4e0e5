"""What one finished game leaves behind: :class:`GameRecord`, a line of a results file.

The bottom layer of simulation and measurement: the engine (:mod:`aerodrome.runs.parallel`) writes
records, the metrics (:mod:`aerodrome.engine.metrics`) read them, and neither needs the other. This
module imports nothing of aerodrome but the ruleset's :class:`~aerodrome.engine.ruleset.Result`.
"""

from __future__ import annotations

import msgspec

from aerodrome.engine.data import ParamValue
from aerodrome.engine.ruleset import Result

__all__ = ["GameDetail", "GameRecord", "ParamValue", "RecordKey", "Tick"]


class Tick(msgspec.Struct, frozen=True, array_like=True):
    """The game as a round starts (and once more at its end): material per side (in the
    order of ``Setup.sides``, from :meth:`Ruleset.material`) and kills so far (all sides)."""

    round: int
    material: tuple[float, ...]
    kills: int


class GameDetail(msgspec.Struct, frozen=True, kw_only=True):
    """Per-game data for the comparison metrics (see :mod:`aerodrome.engine.metrics`).

    :param choices: decisions with more than one legal action (real choices).
    :param legal: legal actions summed over every decision (branching = legal / decisions).
    :param first_player: the seat that acted first: ``Result.first_player`` when the
        ruleset reports it (e.g. who won the initiative), else the seat of the first decision
        that is not simultaneous; ``None`` when every decision was simultaneous.
    :param ticks: material and kills at the start of every round and at the end.
    """

    choices: int
    legal: int
    first_player: int | None
    ticks: tuple[Tick, ...]


class GameRecord(msgspec.Struct, frozen=True, kw_only=True):
    """One finished game of a simulation run (a line of ``--out`` JSON Lines)."""

    index: int
    seed: int
    ruleset: str
    setup: str
    agents: tuple[str, ...]
    sides: tuple[str, ...]
    result: Result
    decisions: int
    #: Rule variants plugged in for this game (``aerodrome compare --variant``).
    variants: tuple[str, ...] = ()
    #: What the comparison metrics need beyond the result (``None`` unless asked for).
    detail: GameDetail | None = None
    #: Distribution → version of aerodrome and of the plugins that played (see
    #: :mod:`aerodrome.runs.versions`; empty in records written before versions were recorded).
    versions: dict[str, str] = {}
    #: The declared parameters set for this game (``aerodrome sweep``), sorted by name; empty:
    #: the rulebook's values.
    params: tuple[ParamValue, ...] = ()

    @property
    def key(self) -> RecordKey:
        """What identifies the configuration that played this game (see
        :attr:`aerodrome.runs.parallel.Config.key`)."""
        return (self.ruleset, self.setup, self.agents, self.variants, self.params)


#: ruleset, setup, agents, variants, parameters: the configuration of a game.
RecordKey = tuple[str, str, tuple[str, ...], tuple[str, ...], tuple[ParamValue, ...]]

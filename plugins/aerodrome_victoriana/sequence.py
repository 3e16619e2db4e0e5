"""The round of a dogfight as the core's turn sequence: the Squadron Phase, then the Combat
Phase (victoriana.turn.1-2).

- Squadron Phase (victoriana.squadron.1): both sides choose their manoeuvre in secret and
  the Squadron Roll is made; the winner of Attack or Defend spends its successes; the
  aircraft they (or an Escape) take out leave.
- Combat Phase (victoriana.combat.1): the order of the turns; for each turn (a side, or an
  aircraft without the Squadron Phase) its start and its characters' actions; the end of
  the round.

The steps belong to one ruleset instance: they carry its variant hooks.
"""

from __future__ import annotations

from aerodrome.api import ForEach, Phase, Step, TurnSequence
from aerodrome_victoriana.combat import CombatPhase, turns
from aerodrome_victoriana.hooks import Variants
from aerodrome_victoriana.squadron import SquadronPhase
from aerodrome_victoriana.state import DogfightState


def build(variants: Variants) -> TurnSequence[DogfightState]:
    squadron = SquadronPhase(variants)
    combat = CombatPhase(variants)
    return TurnSequence(
        phases=(
            Phase(
                name="Squadron Phase",
                clause="victoriana.squadron.1",
                steps=(
                    Step(
                        "manoeuvres and the Squadron Roll",
                        squadron.manoeuvre,
                        clause="victoriana.squadron.7",
                    ),
                    Step("spend the successes", squadron.spend, clause="victoriana.squadron.8"),
                    Step("take out aircraft", squadron.remove, clause="victoriana.squadron.8"),
                ),
            ),
            Phase(
                name="Combat Phase",
                clause="victoriana.combat.1",
                steps=(
                    Step("order", combat.order, clause="victoriana.combat.2"),
                    ForEach(
                        "turns",
                        turns,
                        (
                            Step("start of the turn", combat.start, clause="victoriana.pilot.2"),
                            Step("actions", combat.act, clause="victoriana.combat.4"),
                        ),
                        clause="victoriana.combat.4",
                    ),
                    Step("end of the round", combat.end, clause="victoriana.turn.2"),
                ),
            ),
        )
    )

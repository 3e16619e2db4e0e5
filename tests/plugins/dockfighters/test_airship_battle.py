"""The airship-battle set-up (issue 36): both airships can shoot at the other side's fighters.

The set-up is ours, not the book's. With an artillery turret as its only weapon the Lance
could not fire at a fighter (clause airship.11: artillery hits agility medium or lower;
the fighters are high) and Konrad's Bavarians won about 85 % of the decided games; the
set-up's balance is measured in docs/rules/dockfighters.md (Calibration, the airship
battle).
"""

from __future__ import annotations

import pytest

from aerodrome import Game
from aerodrome_dockfighters import combat, rules
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.specs import builtin


@pytest.mark.clause("dockfighters.airship.10", "dockfighters.airship.11")
def test_each_airship_of_the_airship_battle_has_a_gun_for_the_enemy_fighters(plugins) -> None:  # type: ignore[no-untyped-def]
    s = Game(plugins.ruleset("dockfighters"), "airship-battle", 1).state
    specs = builtin()
    b = board(s.width, s.height)
    ships = [a for a in s.aircraft if specs.aircraft[a.datasheet].klass == "airship"]
    assert sorted(a.datasheet for a in ships) == ["Albatross", "Lance"]
    for ship in ships:
        fighters = [
            a
            for a in s.aircraft
            if a.player != ship.player and specs.aircraft[a.datasheet].klass == "standard fighter"
        ]
        assert len(fighters) == 2
        ship.cell, ship.altitude, ship.facing = b.cell(9, 12), 3, 0
        target = fighters[0]
        target.altitude = 3
        reach = []
        for cell in b.within(ship.cell, 3):
            target.cell = cell
            if cell != ship.cell and any(
                combat.mount_dice(s, ship, i, target) > 0 for i in range(len(rules.mounts(ship)))
            ):
                reach.append(cell)
        # some hex round the airship at its altitude lies under one of its guns
        assert reach, f"the {ship.datasheet} has no gun that can fire at a {target.datasheet}"

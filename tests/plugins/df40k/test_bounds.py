"""Bounds on every df40k input (issue 19): spec files, position files and the odds command
refuse numbers out of range and blank names with one line naming the file and the field
(or the option), instead of exhausting memory or raising IndexError deep in a battle.
Bounds and their reasons: aerodrome_df40k.limits and docs/rules/df40k.md."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import msgspec
import pytest
from typer.testing import CliRunner

from aerodrome import Game
from aerodrome.engine.errors import SpecError
from aerodrome_df40k import limits, odds
from aerodrome_df40k.options import Df40kOptions
from aerodrome_df40k.specs import Specs, builtin
from tests.plugins.df40k.helpers import RULESET, flyer, state


def edited(tmp_path: Path, file: str, pattern: str, replacement: str) -> Path:
    """A copy of the built-in specs with one regex replacement in ``file``."""
    root = tmp_path / "df40k"
    shutil.copytree(builtin().root, root)
    text = (root / file).read_text()
    changed = re.sub(pattern, replacement, text, count=1)
    assert changed != text, pattern
    (root / file).write_text(changed)
    return root


def refused(root: Path) -> str:
    with pytest.raises(SpecError) as info:
        Specs(root)
    message = str(info.value)
    assert "\n" not in message and str(root) in message
    return message


def test_ten_thousand_flyers_in_a_setup_are_refused(tmp_path: Path) -> None:
    """10,000 flyers took 5 GB in order enumeration (every flyer may escort every ally)."""
    force = json.dumps(["imperial-fighter"] * 10_000)
    root = edited(tmp_path, "setups.toml", r'\["imperial-fighter", "imperial-fighter"\]', force)
    message = refused(root)
    assert "setups.toml" in message and "$.setup[0].forces[0]" in message
    assert f"<= {limits.FLYERS}" in message


def test_too_many_flyers_in_a_position_or_a_setup_built_in_code_are_refused() -> None:
    many = [flyer("imperial-fighter", 0, f"imp-{i}") for i in range(limits.FLYERS + 1)]
    with pytest.raises(
        SpecError, match=rf"\$\.position\.flyers: player 0 has more than {limits.FLYERS}"
    ):
        state(*many, flyer("ork-fighter", 1))
    with pytest.raises(SpecError, match=r"<= 40 - at `\$\.position\.flyers`"):
        state(*[flyer("imperial-fighter", 0, f"i{i}") for i in range(10_000)])
    setup = RULESET.setup("first-blood")
    big = msgspec.structs.replace(
        setup, options=Df40kOptions(forces=(("imperial-fighter",) * 10_000, ("ork-fighter",)))
    )
    with pytest.raises(SpecError, match=rf"side 1 has more than {limits.FLYERS} flyers"):
        Game(RULESET, big, 1)


@pytest.mark.clause("df40k.racial.2", "df40k.racial.4")
def test_a_huge_gargoyle_pool_is_refused(tmp_path: Path) -> None:
    """2**63 Gargoyles: one legal action per number committed exhausted memory."""
    root = edited(tmp_path, "setups.toml", r"gargoyles = \[0, 4\]", f"gargoyles = [0, {2**63 - 1}]")
    assert f"<= {limits.GARGOYLES} - at `$.setup[2].gargoyles[1]`" in refused(root)
    with pytest.raises(SpecError, match=r"<= 60 - at `\$\.position\.gargoyles\[0\]`"):
        state(flyer("harridan", 0), flyer("ork-fighter", 1), gargoyles=[2**63 - 1, 0])
    with pytest.raises(SpecError, match=r">= 0 - at `\$\.position\.gargoyles\[1\]`"):
        state(flyer("harridan", 0), flyer("ork-fighter", 1), gargoyles=[0, -5])
    with pytest.raises(ValueError, match="gargoyles: 0 to 60"):
        odds.gargoyle_shift(10**6)


@pytest.mark.parametrize(("field", "value"), [("initiative", 22), ("bs", 22), ("bs", -1)])
def test_characteristics_beyond_the_40k_range_are_refused(
    tmp_path: Path, field: str, value: int
) -> None:
    root = edited(tmp_path, "flyers.toml", rf"{field} = 3", f"{field} = {value}")
    message = refused(root)
    assert "flyers.toml: Expected `int`" in message
    assert f"at `$.flyer.imperial-fighter.{field}`" in message  # the entry is named


@pytest.mark.parametrize(
    ("file", "pattern", "replacement", "where"),
    [
        ("weapons.toml", r"shots = 3", "shots = 1000000000", "$.weapon.heavy-bolter.shots"),
        ("weapons.toml", r"strength = 9", "strength = 99", "$.weapon.lascannon.strength"),
        ("flyers.toml", r"front = 10", "front = 1000", "$.flyer.imperial-fighter.armour.front"),
        (
            "flyers.toml",
            r"count = 2",
            "count = 1000000",
            "$.flyer.imperial-fighter.weapons[0].count",
        ),
        ("rules.toml", r"to_hit = \[6, 6, 5, 4, 3, 2\]", "to_hit = []", "$.shooting.to_hit"),
        ("rules.toml", r"die = 6", "die = 0", "$.dogfight.die"),
        (
            "rules.toml",
            r"extra_attacker_dice = 1",
            "extra_attacker_dice = 100000",
            "$.dogfight.extra_attacker_dice",
        ),
        ("rules.toml", r"success = 4", "success = 7", "$.dogfight.gargoyles.success"),
        ("rules.toml", r"hit_faces = \[5, 6\]", "hit_faces = [5, 60]", "$.scatter.hit_faces[1]"),
        ("rules.toml", r"turns = 6", "turns = 1000000000", "$.battle.turns"),
        ("rules.toml", r"first_order_turn = 2", "first_order_turn = 9", "$.battle"),
        (
            "setups.toml",
            r"turns|\n\[\[setup\]\]\nname = \"first-blood\"",
            '\n[[setup]]\nturns = 0\nname = "first-blood"',
            "$.setup[0].turns",
        ),
    ],
)
def test_spec_numbers_out_of_bounds_are_one_line_errors(
    tmp_path: Path, file: str, pattern: str, replacement: str, where: str
) -> None:
    message = refused(edited(tmp_path, file, pattern, replacement))
    assert file in message and where in message


@pytest.mark.parametrize(
    ("file", "pattern", "replacement", "where"),
    [
        ("setups.toml", r'name = "first-blood"', 'name = ""', "$.setup[0].name"),
        ("setups.toml", r'name = "first-blood"', 'name = "  "', "$.setup[0].name"),
        (
            "setups.toml",
            r'sides = \["imperium", "orks"\]',
            'sides = ["imperium", ""]',
            "$.setup[0].sides[1]",
        ),
        (
            "setups.toml",
            r'sides = \["imperium", "orks"\]',
            'sides = ["orks", "orks"]',
            "$.setup[0]",
        ),
        (
            "setups.toml",
            r'"imperial-fighter", "imperial-fighter"\]',
            '"imperial-fighter", " "]',
            "$.setup[0].forces[0][1]",
        ),
        ("flyers.toml", r"\[flyer\.imperial-fighter\]", '[flyer." "]', "`key` in `$.flyer`"),
        (
            "flyers.toml",
            r'title = "Imperial fighter"',
            'title = ""',
            "$.flyer.imperial-fighter.title",
        ),
        ("weapons.toml", r"\[weapon\.lascannon\]", '[weapon.""]', "`key` in `$.weapon`"),
    ],
)
def test_blank_names_are_refused(
    tmp_path: Path, file: str, pattern: str, replacement: str, where: str
) -> None:
    message = refused(edited(tmp_path, file, pattern, replacement))
    assert file in message and where in message


def test_position_numbers_and_names_out_of_bounds_are_refused() -> None:
    pair = (flyer("imperial-fighter", 0), flyer("ork-fighter", 1))
    cases: list[tuple[dict[str, Any], str]] = [
        ({"turns": 10**9, "turn": 10**9 - 3}, r"<= 20 - at `\$\.position\.turns`"),
        ({"ground_runs": [-5, 0]}, r">= 0 - at `\$\.position\.ground_runs\[0\]`"),
    ]
    for extra, match in cases:
        with pytest.raises(SpecError, match=match):
            state(*pair, **extra)
    with pytest.raises(
        SpecError, match=r"not blank, no spaces around it\) - at `\$\.position\.flyers\[0\]\.id`"
    ):
        state(flyer("imperial-fighter", 0, " "), flyer("ork-fighter", 1))
    with pytest.raises(SpecError, match=r"length >= 1 - at `\$\.position\.flyers\[0\]\.type`"):
        state(flyer("", 0, "x"), flyer("ork-fighter", 1))
    with pytest.raises(SpecError, match=r">= 0 - at `\$\.position\.flyers\[0\]\.orders_given`"):
        state(flyer("imperial-fighter", 0, orders_given=-3), flyer("ork-fighter", 1))


@pytest.mark.clause("df40k.victory.9")
def test_odds_sizes_are_bounded() -> None:
    """``--attackers 100000`` took minutes and ended in a traceback: the n-th attacker is one
    of the enemy's flyers, so n is at most the most flyers a side may field."""
    from aerodrome_df40k.cli import app

    runner = CliRunner()
    base = ["dogfight", "--attacker-df", "6", "--defender-df", "7"]
    result = runner.invoke(app, [*base, "--attackers", "100000"])
    assert result.exit_code == 2 and "--attackers" in result.output
    assert isinstance(result.exception, SystemExit)  # a usage error, no traceback
    result = runner.invoke(app, ["dogfight", "--attacker-df", str(10**12), "--defender-df", "7"])
    assert result.exit_code == 2 and "--attacker-df" in result.output
    result = runner.invoke(app, [*base, "--attackers", str(limits.FLYERS)])
    assert result.exit_code == 0, result.output
    with pytest.raises(ValueError, match="1 to 20"):
        odds.margin_distribution(6, 7, 100_000)


@pytest.mark.parametrize(
    ("action", "where"),
    [
        (
            {"type": "CommitGargoyles", "flyer": "harridan-1", "count": 2**63},
            "<= 60 - at `$.count`",
        ),
        ({"type": "CommitGargoyles", "flyer": "harridan-1", "count": -1}, ">= 0 - at `$.count`"),
        (
            {"type": "GiveOrder", "flyer": "x", "order": "disengage", "eject": ["lasers"]},
            "at `$.eject[0]`",
        ),
        (
            {"type": "GiveOrders", "orders": [{"flyer": "x", "order": "intercept"}] * 21},
            "<= 20 - at `$.orders`",
        ),
        ({"type": "ChooseTarget", "flyer": "x", "target": "y" * 10_000}, "at `$.target`"),
    ],
)
def test_a_saves_actions_decode_within_bounds(action: dict[str, Any], where: str) -> None:
    """A save's actions are decoded with their types and bounds (issue 19): a Gargoyle
    count of 2**63 or an order set of more flyers than a side may field is refused while
    decoding, with the action's place, before the game is asked."""
    from aerodrome.engine.specs import convert

    union: Any = RULESET.action_types[0]
    for kind in RULESET.action_types[1:]:
        union = union | kind
    with pytest.raises(SpecError) as info:
        convert(action, union, "save.json: $.actions[3]")
    message = str(info.value)
    assert (
        message.startswith("save.json: $.actions[3]: ") and where in message and "\n" not in message
    )

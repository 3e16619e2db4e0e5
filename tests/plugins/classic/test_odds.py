"""Exact attack odds (icepool decks) and the `aerodrome odds classic attack` command."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb

import pytest
from typer.testing import CliRunner

from aerodrome_classic.bot import p_none
from aerodrome_classic.cli import app
from aerodrome_classic.odds import attack_odds


@pytest.mark.clause("classic.strategy.1", "classic.tail.2", "classic.side.2")
def test_tail_attacks_succeed_more_than_side_attacks() -> None:
    tail = attack_odds("tail", 4)
    side = attack_odds("side", 4)
    assert tail["defender_down"] == Fraction(comb(18, 4), comb(20, 4))  # 2 Loops of 20
    assert side["defender_down"] == Fraction(comb(16, 4), comb(20, 4))  # 4 Roll Outs
    assert tail["defender_down"] > side["defender_down"]
    assert tail["defender_down"] + tail["saved"] == 1


@pytest.mark.clause("classic.headon.2", "classic.headon.3")
def test_head_on_odds_add_up_and_match_the_bot() -> None:
    odds = attack_odds("head-on", 4, burst=4)
    assert sum(odds.values()) == 1
    assert odds["attacker_down"] == 1 - Fraction(comb(19, 4), comb(20, 4))  # the one 5 Bursts
    assert float(odds["defender_down"]) == pytest.approx(p_none(20, 3, 4))


@pytest.mark.clause("classic.strategy.2")
def test_cards_seen_played_change_the_odds() -> None:
    assert attack_odds("tail", 4, played=["LP", "LP"])["defender_down"] == 1
    assert attack_odds("head-on", 3, burst=5, played=["B5"])["attacker_down"] == 0


def test_odds_command_json_and_errors() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["attack", "--position", "side", "--cards", "4", "--json"])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)
    assert doc["outcomes"]["defender_down"]["fraction"] == f"{Fraction(comb(16, 4), comb(20, 4))}"
    bad = runner.invoke(app, ["attack", "--position", "loop"])
    assert bad.exit_code != 0

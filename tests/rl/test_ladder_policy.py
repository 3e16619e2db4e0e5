"""The skill ladder's learned rung (issue 41, item 3): ``compare --ladder-policy
RULESET=PATH`` puts a trained policy above the other rungs, and the output (terminal, --json,
the HTML report) says what it does differently from the bot at the same positions; a policy
trained on other rules, or for a ruleset not compared, is refused before any game.

The policy is trained here on a few hundred steps (the learn group: skipped without it, an
error where ``AERODROME_LEARN`` says the session installed it). It shows the rung and its
table, not the policy's strength (docs/performance.md).

Mutation caught (tried): the bot's answer noted as the policy's in ``_Shadow`` (every
difference 0: the table test fails).
"""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest

from tests.rl.conftest import require_rl

require_rl()
if importlib.util.find_spec("sb3_contrib") is None:
    if os.environ.get("AERODROME_LEARN"):
        pytest.fail("the learn group is not installed (sb3-contrib)", pytrace=False)
    pytest.skip("the learn group is not installed (sb3-contrib)", allow_module_level=True)

from aerodrome.bridges.rl.train import Budget, train  # noqa: E402
from aerodrome.engine.errors import AerodromeError  # noqa: E402
from aerodrome.studies.ladder import LadderStudy, parse_policies  # noqa: E402
from aerodrome.studies.learned import action_kind  # noqa: E402
from aerodrome.ui.cli import app  # noqa: E402
from tests.conftest import PLUGINS, stderr_apart  # noqa: E402

COMPARE = ["compare", "df40k", "--quick", "--games", "6", "--workers", "1", "--quiet"]


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A df40k policy trained for 512 steps (both seats, against the bot)."""
    folder = tmp_path_factory.mktemp("policy")
    ruleset = PLUGINS.ruleset("df40k")
    out = folder / "df40k.json"
    train(PLUGINS, ruleset, ruleset.setup("first-blood"), out=out, budget=Budget(steps=512))
    return out


def invoke(*args: str) -> tuple[int, str]:
    result = stderr_apart().invoke(app, [*COMPARE, *args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout


def test_the_learned_rung_is_on_the_ladder_with_what_it_does_differently(
    trained: Path, tmp_path: Path
) -> None:
    code, said = invoke("--ladder-policy", f"df40k={trained}", "--json")
    assert code == 0, said
    found = json.loads(said)
    (column,) = found["columns"]
    assert column["column"]["ladder"][-1] == "policy"
    parts = column["metrics"]["skill-ladder"]["parts"]
    assert "bot→policy" in parts and parts["bot→policy"]["n"] > 0
    (style,) = found["styles"]
    assert style["policy"] == f"policy:{trained}" and style["games"] == 40
    kinds = {k["kind"]: k for k in style["kinds"]}
    assert "orders" in kinds  # df40k's orders are a choice in every game
    orders = kinds["orders"]
    assert (
        orders["decisions"] == sum(p["policy"] for p in orders["preferences"])
        or len(orders["preferences"]) == 4
    )  # every kind chosen is listed, or the four that differ most
    for p in orders["preferences"]:
        assert p["action"].startswith("GiveOrder")
        assert p["low"] <= p["difference"] <= p["high"]
        share = (p["policy"] - p["bot"]) / orders["decisions"]
        assert p["difference"] == pytest.approx(share, abs=1e-4)
    # the bot's choices are the bot's: a policy of 512 steps is not the bot
    assert any(p["difference"] != 0 for k in style["kinds"] for p in k["preferences"])

    code, said = invoke("--ladder-policy", f"df40k={trained}")
    assert code == 0, said
    flat = " ".join(said.split())
    assert "bot→policy" in flat and "learned rung, df40k" in flat and "orders" in flat


def test_the_report_has_the_learned_rung(trained: Path, tmp_path: Path) -> None:
    report = tmp_path / "report"
    code, said = invoke("--ladder-policy", f"df40k={trained}", "--report", str(report))
    assert code == 0, said
    page = (report / "index.html").read_text()
    assert "Learned rung, df40k" in page and "<td>orders<small>" in page
    assert "bot→policy" in page


def test_a_policy_on_other_rules_or_rulesets_is_refused(trained: Path) -> None:
    with pytest.raises(AerodromeError, match="trained on other rules: ruleset 'df40k'") as caught:
        stderr_apart().invoke(
            app,
            [
                "compare",
                "victoriana",
                "--quick",
                "--ladder-policy",
                f"victoriana={trained}",
            ],
            catch_exceptions=False,
        )
    assert "\n" not in str(caught.value)
    with pytest.raises(AerodromeError, match="trained on other rules: set-up 'first-blood'"):
        from aerodrome.studies.ladder import check_policies

        check_policies(PLUGINS, {"df40k": str(trained)}, ["df40k"], setup="imperium-vs-eldar")
    with pytest.raises(AerodromeError, match="classic is not compared"):
        invoke("--ladder-policy", f"classic={trained}")
    with pytest.raises(AerodromeError, match="write RULESET=PATH"):
        parse_policies([str(trained)])
    with pytest.raises(AerodromeError, match="the ladder is off"):
        invoke("--ladder-policy", f"df40k={trained}", "--no-ladder")


def test_a_variant_column_has_no_learned_rung() -> None:
    study = LadderStudy((), 4, {"df40k": "p.json"})
    assert study.policy_for("df40k") == "p.json"
    assert study.policy_for("df40k", ("fixed-first-player",)) is None
    assert study.policy_for("df40k", (), (("x", 1),)) is None
    assert study.labels(True, study.policy_for("df40k")) == ("random", "bot", "policy")


def test_an_action_kind_names_its_categories_not_its_pieces() -> None:
    from aerodrome_df40k.state import ChooseTarget, GiveOrder, GiveOrders

    order = GiveOrder(flyer="imperial-fighter-1", order="intercept")
    other = GiveOrder(flyer="imperial-fighter-2", order="escort", ram=True)
    assert action_kind(GiveOrders(orders=(order, other))) == "GiveOrders intercept+escort+ram"
    assert action_kind(order) == action_kind(GiveOrder(flyer="ork-fighter-1", order="intercept"))
    assert action_kind(ChooseTarget(flyer="a", target="b")) == "ChooseTarget"

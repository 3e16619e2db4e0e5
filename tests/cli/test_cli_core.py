"""The core commands of the CLI, driven through typer with the example ruleset `joust`."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from aerodrome.ui.cli import app
from tests.saves import save_data


def run(runner: CliRunner, *args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


def test_rulesets_lists_the_example_plugin(runner: CliRunner) -> None:
    code, out = run(runner, "rulesets", "--json")
    assert code == 0
    names = {r["name"]: r for r in json.loads(out)["rulesets"]}
    assert names["joust"]["setups"] == ["duel"]
    assert "random" in names["joust"]["agents"]


def test_setups_json(runner: CliRunner) -> None:
    code, out = run(runner, "setups", "joust", "--json")
    assert code == 0
    seats = json.loads(out)["setups"][0]["seats"]
    assert [s["side"] for s in seats] == ["red", "blue"]


def test_simulate_json_is_deterministic(runner: CliRunner, tmp_path: Path) -> None:
    args = ["simulate", "joust", "--games", "40", "--seed", "9", "--json", "-q"]
    code1, out1 = run(runner, *args, "--out", str(tmp_path / "a.jsonl"))
    code2, out2 = run(runner, *args)
    assert code1 == code2 == 0
    assert out1 == out2
    summary = json.loads(out1)
    assert summary["games"] == 40 and summary["seed"] == 9 and summary["ruleset"] == "joust"
    assert sum(summary["wins"].values()) + summary["draws"] + summary["unfinished"] == 40
    assert set(summary) >= {"wins", "draws", "unfinished", "mean_rounds", "max_rounds", "kills"}
    lines = (tmp_path / "a.jsonl").read_text().splitlines()
    assert len(lines) == 40 and json.loads(lines[0])["index"] == 0


def test_unknown_ruleset_suggests_names(runner: CliRunner) -> None:
    result = runner.invoke(app, ["simulate", "jost"])
    assert result.exit_code != 0
    assert "Did you mean 'joust'" in str(result.exception) or "joust" in result.output


def test_bad_agents_count_is_a_clear_error(runner: CliRunner) -> None:
    result = runner.invoke(app, ["simulate", "joust", "--agents", "random,random,random"])
    assert result.exit_code != 0
    assert "2 seats" in str(result.exception)


def test_play_human_against_random_then_replay_verify(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    answers = "x\n9\n" + "1\n" * 20  # bad input first: a clear message, then a re-prompt
    code, out = run(
        runner,
        "play",
        "joust",
        "--seat",
        "2=random",
        "--seed",
        "4",
        "--save",
        str(save),
        input=answers,
    )
    assert code == 0, out
    assert "'x' is not a choice" in out and "'9' is not a choice" in out
    assert "Result" in out
    code, out = run(runner, "replay", str(save), "--verify", "--json")
    assert code == 0, out
    assert json.loads(out)["verified"] is True


def test_replay_detects_a_tampered_log(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run(
        runner,
        "play",
        "joust",
        "--seat",
        "1=random",
        "--seat",
        "2=random",
        "--seed",
        "1",
        "--save",
        str(save),
    )
    data = save_data(save)
    data["seed"] += 1
    save.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(save), "--verify"])
    assert result.exit_code != 0
    assert "replay produced" in str(result.exception) or "not a legal" in str(result.exception)


def test_bad_seat_option(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "joust", "--seat", "3=bot"])
    assert "seats 1 to 2" in str(result.exception)


EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "positions"


def test_position_file_shows_the_next_decision(runner: CliRunner) -> None:
    code, out = run(runner, "position", str(EXAMPLES / "df40k-last-turn.toml"), "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["decision"]["kind"] == "orders" and data["decision"]["simultaneous"]
    assert data["observation"]["turn"] == 6  # the position's round starts the game's clock
    assert set(data["legal"]) == {"1", "2"}


def test_play_on_from_a_position(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "p.json"
    code, out = run(
        runner,
        "play",
        "df40k",
        "--position",
        str(EXAMPLES / "df40k-last-turn.toml"),
        "--seat",
        "1=random",
        "--seat",
        "2=random",
        "--save",
        str(save),
    )
    assert code == 0, out
    assert "Result" in out
    code, out = run(runner, "replay", str(save), "--verify")
    assert code == 0 and "identical" in out


def test_bad_position_names_file_and_field(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('ruleset = "df40k"\n[position]\nturn = 99\nflyers = []\n')
    result = runner.invoke(app, ["position", str(bad)])
    assert result.exit_code != 0
    assert str(bad) in str(result.exception) and "position.turn" in str(result.exception)
    # a ruleset without the Positions capability refuses position files in one line
    bad.write_text('ruleset = "joust"\n[position]\nstructure = [1, 1]\n')
    result = runner.invoke(app, ["position", str(bad)])
    assert result.exit_code != 0
    assert f"{bad}: ruleset 'joust' does not support position files" == str(result.exception)


def test_svg_of_a_position(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "x.svg"
    result = runner.invoke(
        app, ["position", str(EXAMPLES / "df40k-last-turn.toml"), "--svg", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert out.read_text().startswith("<svg")


def test_replay_until_stops_early(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    run(
        runner,
        "play",
        "joust",
        "--seat",
        "1=random",
        "--seat",
        "2=random",
        "--seed",
        "1",
        "--save",
        str(save),
    )
    code, out = run(runner, "replay", str(save), "--until", "2", "--json")
    assert code == 0, out
    assert json.loads(out)["events"] < len(save_data(save)["actions"]) * 10
    result = runner.invoke(app, ["replay", str(save), "--until", "2", "--verify"])
    assert "leave out --until" in str(result.exception)


def test_simulate_is_the_same_on_two_workers_and_resumes(runner: CliRunner, tmp_path: Path) -> None:
    args = ["simulate", "joust", "--games", "30", "--seed", "4", "--json", "-q"]
    code1, one = run(runner, *args)
    out = tmp_path / "games.jsonl"
    code2, two = run(runner, *args, "--workers", "2", "--out", str(out))
    assert code1 == code2 == 0, two
    assert one == two
    lines = out.read_text().splitlines()
    assert len(lines) == 30
    out.write_text("\n".join(lines[:10]) + "\n")  # an interrupted run: 10 games kept
    code3, three = run(runner, *args, "--out", str(out))
    assert code3 == 0 and three == one
    assert len(out.read_text().splitlines()) == 30

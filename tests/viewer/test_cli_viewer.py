"""``replay --html``, and ``--svg`` pictures of any viewer for ``replay`` and ``position``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from aerodrome.plugins import Plugins
from aerodrome.runs.saves import write_save
from aerodrome.ui.cli import app
from tests.conftest import stderr_apart
from tests.viewer.games import short_game

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "positions"


def _save(plugins: Plugins, tmp_path: Path, name: str = "joust", actions: int = 40) -> Path:
    path = tmp_path / f"{name}.json"
    write_save(short_game(plugins, name, actions=actions), path)
    return path


def test_replay_html_writes_the_page_and_still_verifies(plugins: Plugins, tmp_path: Path) -> None:
    save = _save(plugins, tmp_path)
    page = tmp_path / "game.html"
    result = stderr_apart().invoke(
        app, ["replay", str(save), "--verify", "--html", str(page), "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["verified"] is True  # "wrote" goes to stderr with --json
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>") and 'id="viewer-data"' in text
    assert text.count("<option") == 3  # the referee and two seats


def test_replay_html_until_records_the_first_actions(plugins: Plugins, tmp_path: Path) -> None:
    save = _save(plugins, tmp_path)
    page = tmp_path / "game.html"
    result = CliRunner().invoke(app, ["replay", str(save), "--until", "3", "--html", str(page)])
    assert result.exit_code == 0, result.output
    data = json.loads(page.read_text().split('id="viewer-data">')[1].split("</script>")[0])
    assert len(data["rounds"]) == 4


def test_replay_html_into_a_missing_folder_fails_before_the_replay(
    plugins: Plugins, tmp_path: Path
) -> None:
    save = _save(plugins, tmp_path)
    result = CliRunner().invoke(
        app, ["replay", str(save), "--html", str(tmp_path / "no" / "x.html")]
    )
    assert result.exit_code != 0
    assert "--html" in str(result.exception) and "does not exist" in str(result.exception)


@pytest.mark.parametrize("viewer", ["referee", "1", "2"])
def test_replay_svg_draws_the_chosen_viewers_observation(
    plugins: Plugins, tmp_path: Path, viewer: str
) -> None:
    save = _save(plugins, tmp_path, "victoriana", actions=12)
    out = tmp_path / "v.svg"
    args = ["replay", str(save), "--until", "7", "--svg", str(out), "--viewer", viewer]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    game = short_game(plugins, "victoriana", actions=7)
    seat = None if viewer == "referee" else int(viewer) - 1
    assert out.read_text() == game.ruleset.draw_svg(game.observation(seat))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--svg", "{out}", "--viewer", "3"], "expected 'referee' or a seat from 1 to 2"),
        (["--svg", "{out}", "--viewer", "0"], "expected 'referee' or a seat from 1 to 2"),
        (["--viewer", "1"], "give --svg too"),
    ],
)
def test_a_bad_viewer_is_a_one_line_error(
    plugins: Plugins, tmp_path: Path, args: list[str], message: str
) -> None:
    out = str(tmp_path / "x.svg")
    filled = [a.replace("{out}", out) for a in args]
    for command in (
        ["replay", str(_save(plugins, tmp_path))],
        ["position", str(EXAMPLES / "df40k-last-turn.toml")],
    ):
        result = CliRunner().invoke(app, [*command, *filled])
        assert result.exit_code != 0
        assert message in str(result.exception), (command, result.exception)
        assert not Path(out).exists()


def test_position_svg_of_a_seat(tmp_path: Path) -> None:
    out = tmp_path / "p.svg"
    args = ["position", str(EXAMPLES / "df40k-last-turn.toml"), "--svg", str(out), "--viewer", "2"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert out.read_text().startswith("<svg")

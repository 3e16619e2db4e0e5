"""Any Dockfighters state can be drawn as SVG from the CLI: a position, or a replay at any action."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import aerodrome.plugins as plugins_module
from aerodrome.ui.cli import app
from tests.conftest import PLUGINS

POSITIONS = Path(__file__).resolve().parents[3] / "specs" / "dockfighters" / "positions"


@pytest.fixture(autouse=True)
def _plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plugins_module, "_default", PLUGINS)


def test_position_and_replayed_states_as_svg(tmp_path: Path) -> None:
    runner = CliRunner()
    position = sorted(POSITIONS.glob("*.toml"))[0]
    picture = tmp_path / "position.svg"
    result = runner.invoke(app, ["position", str(position), "--svg", str(picture)])
    assert result.exit_code == 0, result.output
    assert picture.read_text().lstrip().startswith("<svg") or "<svg" in picture.read_text()
    save = tmp_path / "game.json"
    result = runner.invoke(
        app,
        ["play", "dockfighters", "--seat", "1=random", "--seat", "2=random", "--save", str(save)],
    )
    assert result.exit_code == 0, result.output
    mid = tmp_path / "mid.svg"
    result = runner.invoke(app, ["replay", str(save), "--until", "40", "--svg", str(mid)])
    assert result.exit_code == 0, result.output
    assert "<polygon" in mid.read_text()

"""The viewer page: one self-contained file from the Jinja2 template, every name from a spec
or a plugin escaped, the recording carried as JSON that cannot close its script element."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from importlib import resources
from pathlib import Path

import msgspec

from aerodrome.plugins import Plugins
from aerodrome.runs.viewer import Recording, record_game, render_page, write_page
from aerodrome.runs.viewer.page import script_json
from aerodrome.runs.viewer.record import View
from tests.viewer.games import short_game

EVIL = '</script><script>window.pwned = 1</script><b onmouseover="x()">&amp;'


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.data: dict[str, str] = {}
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in = dict(attrs).get("id") if tag == "script" else None

    def handle_data(self, data: str) -> None:
        if self._in:
            self.data[self._in] = self.data.get(self._in, "") + data


def _evil_recording() -> Recording:
    return Recording(
        title=EVIL,
        ruleset=EVIL,
        setup=EVIL,
        seed=7,
        actions=1,
        outcome=EVIL,
        draws=True,
        rounds=[0, 1],
        pieces=[
            '<svg xmlns="http://www.w3.org/2000/svg">',
            "<text>&lt;/script&gt;</text>",
            "</svg>",
        ],
        runs=[[0, 3]],
        texts=[EVIL],
        views=[View(label=EVIL, pictures=[0, 0], log=[1, 0])],
    )


def test_names_are_escaped_and_the_data_cannot_end_its_script() -> None:
    """Mutations caught: autoescape off, the JSON block written without escaping ``<``."""
    rec = _evil_recording()
    page = render_page(rec)
    parsed = _Elements()
    parsed.feed(page)
    scripts = [attrs for tag, attrs in parsed.tags if tag == "script"]
    assert len(scripts) == 2  # the data block and the viewer's script, nothing else
    assert [t for t, _ in parsed.tags if t == "b"] == []
    assert page.count("&lt;/script&gt;&lt;script&gt;window.pwned") >= 4  # title, h1, meta, option
    block = parsed.data["viewer-data"]
    assert "<" not in block
    data = json.loads(block)
    assert data["texts"] == [EVIL] and data["pieces"] == rec.pieces


def test_the_page_needs_nothing_from_outside(plugins: Plugins) -> None:
    played = short_game(plugins, "victoriana", actions=10)
    page = render_page(record_game(played.ruleset, played.setup, played.seed, played.history))
    parsed = _Elements()
    parsed.feed(page)
    for tag, attrs in parsed.tags:
        assert tag not in ("link", "img", "iframe", "object", "embed"), tag
        assert not attrs.get("src"), tag
    assert not re.search(r"https?://(?!www\.w3\.org/)", page)  # only SVG namespaces
    assert "import " not in parsed.data.get("", "")


def test_script_json_round_trips_and_hides_every_angle_bracket() -> None:
    data = {"a": ["</script>", "<!--", "\u2028", "é"], "b": 1}
    text = script_json(data)
    assert "<" not in text
    assert msgspec.json.decode(text) == data


def test_the_template_is_package_data() -> None:
    """The wheel ships it (hatch includes every file of ``core/aerodrome``)."""
    folder = resources.files("aerodrome.runs.viewer") / "templates"
    assert {p.name for p in folder.iterdir()} >= {"viewer.html.j2", "viewer.css", "viewer.js"}


def test_write_page_is_atomic_and_names_its_option(tmp_path: Path) -> None:
    out = write_page(_evil_recording(), tmp_path / "p.html")
    assert out.read_text().startswith("<!DOCTYPE html>")
    assert [p.name for p in tmp_path.iterdir()] == ["p.html"]

"""The replay viewer page: one self-contained HTML file built from a Jinja2 template.

The page needs no network and no other file: its style and script are inline, and the
recording (:class:`~aerodrome.runs.viewer.record.Recording`) is a JSON block the script reads.
Names from specs and plugins (titles, seat names) go through Jinja2's autoescaping; the
pictures and sentences travel inside the JSON block, with every ``<`` written ``\\u003c`` so
that nothing in them can close the script element, and the script puts sentences on the page
as text (``textContent``), never as markup. The SVG pictures are the ruleset's own output
(``draw_svg`` escapes the names in them) and are shown as SVG.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from aerodrome.engine.files import write_atomic
from aerodrome.runs.viewer.record import Recording

if TYPE_CHECKING:
    import jinja2

TEMPLATE = "viewer.html.j2"


@cache
def _environment() -> jinja2.Environment:
    import jinja2  # only for pages: the other commands do not pay for it

    return jinja2.Environment(
        loader=jinja2.PackageLoader("aerodrome.runs.viewer", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )


def script_json(data: Any) -> str:
    """``data`` as JSON safe inside a ``<script>`` element: no ``<`` at all (a JSON ``<`` can
    only sit in a string, where ``\\u003c`` means the same)."""
    return msgspec.json.encode(data).decode().replace("<", "\\u003c")


def render_page(recording: Recording) -> str:
    """The viewer page of ``recording`` as one HTML string."""
    from markupsafe import Markup

    data = {
        "rounds": recording.rounds,
        "pieces": recording.pieces,
        "runs": recording.runs,
        "texts": recording.texts,
        "views": [{"pictures": v.pictures, "log": v.log} for v in recording.views],
    }
    # Markup: script_json has escaped every "<", so the block cannot end early.
    return (
        _environment().get_template(TEMPLATE).render(page=recording, data=Markup(script_json(data)))
    )


def write_page(recording: Recording, path: Path, option: str = "--html") -> Path:
    """Write the viewer page of ``recording`` to ``path`` atomically; errors name ``option``."""
    return write_atomic(path, render_page(recording), option)

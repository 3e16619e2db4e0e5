"""The replay viewer: a game in the browser, step by step (``aerodrome replay FILE --html``).

:mod:`~aerodrome.runs.viewer.record` replays a game and keeps, for the referee and every seat, the
picture after every action (the ruleset's ``draw_svg`` of that viewer's observation) and the
events that viewer may see, in plain sentences; :mod:`~aerodrome.runs.viewer.pictures` stores the
pictures small; :mod:`~aerodrome.runs.viewer.page` renders one self-contained HTML page from a
Jinja2 template; :mod:`~aerodrome.studies.samples` writes a sample game of each column of
``aerodrome compare --report``.
"""

from __future__ import annotations

from aerodrome.runs.viewer.page import render_page, write_page
from aerodrome.runs.viewer.record import (
    REFEREE,
    Recorder,
    Recording,
    record_game,
    record_save,
    viewer_of,
)

__all__ = [
    "REFEREE",
    "Recorder",
    "Recording",
    "record_game",
    "record_save",
    "render_page",
    "viewer_of",
    "write_page",
]

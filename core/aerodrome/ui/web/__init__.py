"""``aerodrome serve``: a table in the browser for any ruleset, against agents or friends.

:mod:`~aerodrome.ui.web.tables` holds the games (a seat's secret link, the agents moving in the
server, every game written atomically after every change and resumed when the server starts
again); :mod:`~aerodrome.ui.web.seatview` builds what one seat's page receives, from that seat's
observation and events only; :mod:`~aerodrome.ui.web.app` is the Starlette app (pages, the JSON
API, server-sent events). The pages' scripts and style ship in ``static/``: no network at run
time. Needs the ``web`` extra (Starlette, uvicorn).
"""

"""The ASGI app of ``aerodrome serve``: a page to start a game, a page per seat, and the small
JSON API the pages call (Starlette).

Routes (``TOKEN``: a seat's secret, in its link):

- ``GET /``: the start page (the lobby); ``GET /api/rulesets``: the rulesets, set-ups, seats
  and kinds of seat it offers; ``POST /api/games`` ``{"ruleset", "setup", "seats": [kind,
  ...], "names"?: [name, ...], "seed"?}``: a new game, answered with each person's link and
  the spectators' link.
- ``GET /watch/TOKEN``, ``GET /api/watch/TOKEN`` and ``GET /api/watch/TOKEN/events``: a
  spectator's page, view (:func:`aerodrome.ui.web.seatview.spectator_view`: what every seat
  sees, nothing more) and updates.
- ``GET /seat/TOKEN``: the seat's page; ``GET /api/seat/TOKEN``: what the seat sees
  (:func:`aerodrome.ui.web.seatview.seat_view`); ``POST /api/seat/TOKEN/act`` ``{"choice",
  "version"}``; ``POST /api/seat/TOKEN/undo`` ``{"version"}``; ``GET /api/seat/TOKEN/events``:
  server-sent events, one per change (the new version: the page fetches its view again).
- ``DELETE /api/seat/TOKEN``: the seat's holder deletes the game (once it is over, or while
  every other seat is an agent's). Finished games are dropped anyway some time after their
  end, and new games are limited per address and in rate (:class:`~aerodrome.ui.web.tables.Limits`).
- ``GET /seat/TOKEN/replay``: the replay viewer of the seat's view (every view once the game
  is over); ``GET /seat/TOKEN/save``: the game's save, once it is over (before, it would
  show the other seats' secret answers).

Every request is checked: a POST body must be JSON (``Content-Type: application/json``: a
page of another site cannot send one without the browser asking first) of at most
:data:`MAX_BODY` bytes, of the expected shape; any error is one line of JSON
``{"error": ...}``; a page asked for by a browser (``Accept: text/html``, outside ``/api/``)
gets the same line as a small HTML page instead. A token that is no seat's is a 404, the same
whichever part is wrong.
"""

from __future__ import annotations

import asyncio
import html as html_text
import math
import secrets
from collections.abc import AsyncIterator, Sequence
from functools import cache
from pathlib import Path
from typing import Annotated, TypeVar

import msgspec
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from aerodrome.engine.describe import seat_label
from aerodrome.engine.errors import AerodromeError
from aerodrome.runs.saves import encode_save, replay
from aerodrome.runs.viewer.page import render_page
from aerodrome.runs.viewer.record import Recorder
from aerodrome.ui.web.seatview import seat_view, spectator_view
from aerodrome.ui.web.tables import MAX_NAME, SEAT_KINDS, Refused, Table, Tables

#: The largest request body accepted (a choice, an undo, a new game: a few dozen bytes).
MAX_BODY = 4096
#: How often the event stream looks for a change, and sends a keep-alive comment.
POLL_SECONDS = 0.2
KEEPALIVE_SECONDS = 15.0
HERE = Path(__file__).parent
#: Pages of the app: scripts only from the app itself, no frames, no referrer (the token is
#: in the address). The SVG boards carry their own attributes (style-src 'unsafe-inline').
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'self'"
)
#: The replay viewer is one self-contained page: its own inline style and script.
VIEWER_CSP = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "img-src data:; frame-ancestors 'none'; base-uri 'none'"
)
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}

Seed = Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]
Short = Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
Name = Annotated[str, msgspec.Meta(max_length=MAX_NAME)]


class NewGame(msgspec.Struct, forbid_unknown_fields=True):
    ruleset: Short
    seats: Annotated[list[Short], msgspec.Meta(min_length=1, max_length=16)]
    setup: Short | None = None
    seed: Seed | None = None
    names: Annotated[list[Name], msgspec.Meta(max_length=16)] | None = None


class Act(msgspec.Struct, forbid_unknown_fields=True):
    choice: Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
    version: Annotated[int, msgspec.Meta(ge=0)]


class Undo(msgspec.Struct, forbid_unknown_fields=True):
    version: Annotated[int, msgspec.Meta(ge=0)]


T = TypeVar("T")


def error(status: int, message: str) -> JSONResponse:
    """One line of JSON naming what was wrong."""
    return JSONResponse({"error": " ".join(message.split())}, status, headers=HEADERS)


def error_page(status: int, message: str) -> HTMLResponse:
    """The same line for a person's browser: a small page of its own (the message escaped),
    with a way back to the start page."""
    line = html_text.escape(" ".join(message.split()))
    page = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>aerodrome \u00b7 {status}</title>"
        '<link rel="stylesheet" href="/static/table.css"></head>'
        f'<body><main><h1>aerodrome</h1><p role="alert">{line}</p>'
        '<p><a href="/">Start a new game</a></p></main></body></html>\n'
    )
    return HTMLResponse(page, status, headers={**HEADERS, "Content-Security-Policy": CSP})


def wants_page(request: Request) -> bool:
    """Whether a browser asked for a page (not the pages' scripts calling the API)."""
    accept = request.headers.get("accept", "")
    return not request.url.path.startswith("/api/") and "text/html" in accept


class RequestError(Exception):
    def __init__(self, status: int, message: str, retry: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry = retry


async def body_of(request: Request, kind: type[T]) -> T:
    """The request's JSON body as ``kind``: refused when it is not JSON, too big or of
    another shape (a :class:`RequestError` naming the field)."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise RequestError(415, "expected a JSON body (Content-Type: application/json)")
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise RequestError(413, f"the body is larger than {MAX_BODY} bytes")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise RequestError(413, f"the body is larger than {MAX_BODY} bytes")
    try:
        return msgspec.json.decode(raw, type=kind)
    except msgspec.ValidationError as exc:
        raise RequestError(422, f"the body: {exc}") from None
    except msgspec.DecodeError as exc:
        raise RequestError(400, f"the body is not JSON: {exc}") from None


@cache
def _template(name: str) -> str:
    return (HERE / "templates" / name).read_text(encoding="utf-8")


def html(name: str, csp: str = CSP) -> HTMLResponse:
    return HTMLResponse(_template(name), headers={**HEADERS, "Content-Security-Policy": csp})


def create_app(
    tables: Tables, *, allowed_hosts: Sequence[str] | None = None, seed: int | None = None
) -> Starlette:
    """The app serving ``tables``. ``allowed_hosts``: the names the server answers to (a
    page of another site that made a name of its own point here is refused); ``None``: any.
    ``seed``: the seed of every new game that gives none (tests), else a random one."""

    def seat(request: Request) -> tuple[Table, int]:
        found = tables.seat(str(request.path_params["token"]))
        if found is None:
            raise RequestError(404, "no such seat: check the link you were given")
        return found

    async def start_page(request: Request) -> Response:
        return html("start.html")

    def kinds_of(name: str) -> list[str]:
        """The kinds of seat the ruleset ``name`` can seat (its agents among them)."""
        has = set(tables.plugins.agents_for(name))
        return [
            kind
            for kind, agent in SEAT_KINDS.items()
            if agent is None or agent.split(":")[0] in has
        ]

    async def rulesets(request: Request) -> Response:
        out = []
        plugins = tables.plugins
        for name in plugins.ruleset_names():
            rules = plugins.ruleset(name)
            out.append(
                {
                    "name": name,
                    "title": rules.title,
                    "kinds": kinds_of(name),
                    "setups": [
                        {
                            "name": s.name,
                            "title": s.title,
                            "seats": [seat_label(s, p) for p in range(len(s.seats))],
                        }
                        for s in rules.setups()
                    ],
                }
            )
        return JSONResponse({"rulesets": out, "kinds": list(SEAT_KINDS)}, headers=HEADERS)

    async def new_game(request: Request) -> Response:
        asked = await body_of(request, NewGame)
        chosen = asked.seed if asked.seed is not None else seed
        if chosen is None:
            chosen = secrets.randbelow(10**9)
        # an ASGI server that gives no client address: all such requests share one address's
        # limits (never none at all)
        client = request.client.host if request.client is not None else "unknown"
        try:
            table = await run_in_threadpool(
                tables.start,
                asked.ruleset,
                asked.setup,
                asked.seats,
                chosen,
                client,
                asked.names or (),
            )
        except Refused as exc:
            raise RequestError(exc.status, str(exc), exc.retry) from None
        except AerodromeError as exc:
            raise RequestError(422, str(exc)) from None
        links = [
            {
                "seat": seat_label(table.game.setup, p),
                "kind": table.kinds[p],
                "name": table.name(p),
                "link": f"/seat/{token}",
            }
            for p, token in enumerate(table.tokens)
            if token is not None
        ]
        return JSONResponse(
            {
                "game": table.id,
                "seed": chosen,
                "title": f"{table.game.ruleset.title} · {table.game.setup.title}",
                "links": links,
                "watch": f"/watch/{table.watch}",
            },
            headers=HEADERS,
        )

    async def seat_page(request: Request) -> Response:
        seat(request)
        return html("seat.html")

    def watched(request: Request) -> Table:
        found = tables.spectator(str(request.path_params["token"]))
        if found is None:
            raise RequestError(404, "no such game to watch: check the link you were given")
        return found

    async def watch_page(request: Request) -> Response:
        watched(request)
        return html("seat.html")

    async def watch_view(request: Request) -> Response:
        data = await run_in_threadpool(spectator_view, watched(request))
        return JSONResponse(data, headers=HEADERS)

    async def watch_events(request: Request) -> Response:
        return changes(request, watched(request))

    async def view(request: Request) -> Response:
        table, player = seat(request)
        data = await run_in_threadpool(seat_view, table, player)
        return JSONResponse(data, headers=HEADERS)

    async def act(request: Request) -> Response:
        table, player = seat(request)
        asked = await body_of(request, Act)
        try:
            await run_in_threadpool(table.act, player, asked.choice, asked.version)
        except AerodromeError as exc:
            raise RequestError(409, str(exc)) from None
        return JSONResponse({"version": table.version}, headers=HEADERS)

    async def undo(request: Request) -> Response:
        table, player = seat(request)
        asked = await body_of(request, Undo)
        try:
            await run_in_threadpool(table.undo, player, asked.version)
        except AerodromeError as exc:
            raise RequestError(409, str(exc)) from None
        return JSONResponse({"version": table.version}, headers=HEADERS)

    async def delete(request: Request) -> Response:
        table, player = seat(request)
        if not table.can_delete(player):
            raise RequestError(
                409, "another person plays in this game: it can be deleted once it is over"
            )
        try:
            await run_in_threadpool(tables.delete, table)
        except AerodromeError as exc:
            raise RequestError(500, str(exc)) from None
        return JSONResponse({"deleted": table.id}, headers=HEADERS)

    async def events(request: Request) -> Response:
        table, _ = seat(request)
        return changes(request, table)

    def changes(request: Request, table: Table) -> Response:
        """Server-sent events: the table's version at every change."""

        async def stream() -> AsyncIterator[str]:
            last, quiet = -1, 0.0
            while not await request.is_disconnected():
                if table.version != last:
                    last = table.version
                    quiet = 0.0
                    yield f"data: {last}\n\n"
                elif quiet >= KEEPALIVE_SECONDS:
                    quiet = 0.0
                    yield ": still here\n\n"
                await asyncio.sleep(POLL_SECONDS)
                quiet += POLL_SECONDS

        return StreamingResponse(stream(), media_type="text/event-stream", headers=HEADERS)

    def _replay_page(table: Table, player: int) -> str:
        save = table.save()
        game = table.game
        over = game.is_over()
        recorder = Recorder(
            game.ruleset,
            game.setup,
            save.seed,
            viewers=None if over else [player],
        )
        replay(save, tables.plugins, "<table>", observers=(recorder,))
        return render_page(recorder.recording())

    async def replay_page(request: Request) -> Response:
        table, player = seat(request)
        page = await run_in_threadpool(_replay_page, table, player)
        return HTMLResponse(page, headers={**HEADERS, "Content-Security-Policy": VIEWER_CSP})

    async def save(request: Request) -> Response:
        table, _ = seat(request)
        if not table.game.is_over():
            raise RequestError(
                409, "the save is offered once the game is over (it holds every seat's answers)"
            )
        name = f"{table.game.ruleset.name}-{table.id}.json"
        return Response(
            encode_save(table.save()),
            media_type="application/json",
            headers={**HEADERS, "Content-Disposition": f'attachment; filename="{name}"'},
        )

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204, headers=HEADERS)

    async def failed(request: Request, exc: Exception) -> Response:
        if isinstance(exc, RequestError):
            status, message = exc.status, str(exc)
        elif isinstance(exc, HTTPException):
            status, message = exc.status_code, str(exc.detail)
        else:
            status, message = 500, "the server failed on this request"
        response = error_page(status, message) if wants_page(request) else error(status, message)
        if isinstance(exc, RequestError) and exc.retry is not None:
            response.headers["Retry-After"] = str(max(1, math.ceil(exc.retry)))
        return response

    middleware = []
    if allowed_hosts is not None:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)))
    routes = [
        Route("/", start_page),
        Route("/favicon.ico", no_icon),
        Route("/api/rulesets", rulesets),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/seat/{token}", seat_page),
        Route("/seat/{token}/replay", replay_page),
        Route("/seat/{token}/save", save),
        Route("/api/seat/{token}", view),
        Route("/api/seat/{token}", delete, methods=["DELETE"]),
        Route("/api/seat/{token}/act", act, methods=["POST"]),
        Route("/api/seat/{token}/undo", undo, methods=["POST"]),
        Route("/api/seat/{token}/events", events),
        Route("/watch/{token}", watch_page),
        Route("/api/watch/{token}", watch_view),
        Route("/api/watch/{token}/events", watch_events),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    return Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={RequestError: failed, HTTPException: failed, Exception: failed},
    )

"""``tabletwin/player/*``: play sessions of the Player webview (docs/design/player-and-diagram.md).

=============================  ==========================================  ======================
request                        params                                      result
=============================  ==========================================  ======================
``tabletwin/player/start``     ``{uri, players, seed, viewAs, runTo?}``    ``{session, view}``
``tabletwin/player/answer``    ``{session, index}``                        ``{view}``
``tabletwin/player/advance``   ``{session, until}``                        ``{view}``
``tabletwin/player/back``      ``{session, index}``                        ``{view}``
``tabletwin/player/view``      ``{session, viewAs}``                       ``{view}``
``tabletwin/player/restart``   ``{session, seed?, players?, viewAs?}``     ``{view}``
``tabletwin/player/close``     ``{session}``                               ``null``
=============================  ==========================================  ======================

A session plays the text of the document's buffer when it starts (and again on ``restart``).
Every result with a view also has ``problem``: ``null``, or why the call could not be done (an
answer that is not an option, a seat that does not exist...): the view is then the unchanged one.
A model that cannot be read, a player that cannot play and an engine error come back as the
view's ``error``, never as a JSON-RPC error; only params that name no document or no session are
refused. All game work runs in a worker thread, one call per session at a time; an advance stops
at the engine's request bound, and after :data:`ADVANCE_SECONDS`. Sessions end with ``close`` or
when their document closes.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import threading
import time
from pathlib import Path

from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from tabletwin.errors import TabletwinError
from tabletwin.model import load_model
from tabletwin.players import seats
from tabletwin.playview import AUTO, PlaySession, PlaySessionError

from ..server import server
from . import diagnostics

log = logging.getLogger(__name__)

START, ANSWER, ADVANCE = "tabletwin/player/start", "tabletwin/player/answer", "tabletwin/player/advance"
BACK, VIEW, RESTART, CLOSE = ("tabletwin/player/back", "tabletwin/player/view", "tabletwin/player/restart",
                              "tabletwin/player/close")

ADVANCE_SECONDS = 20.0
"""Longest one advance runs (computer seats with a deep search) before it stops where it is."""

MAX_SESSIONS = 64
"""Open sessions of one server; starting another ends the oldest."""


class _Session:
    """A server-side session: the document and line-up it plays, and the game (if the model loads)."""

    def __init__(self, uri: str, players, seed: int, view_as):
        self.uri = uri
        self.players = players
        self.seed = seed
        self.view_as = view_as
        self.play: PlaySession | None = None
        self.failure: dict | None = None  # the view's error when there is no game
        self.lock = threading.Lock()

    def load(self, text: str) -> None:
        """(Re)start the game on ``text``; a model or line-up that cannot play becomes the error."""
        self.play, self.failure = None, None
        filename = to_fs_path(self.uri) or "-"
        seats.forget_tactics()  # tactic files may have changed since the last game
        try:
            model = load_model(text, filename=filename)
        except TabletwinError as exc:
            line, column = exc.span.human() if exc.span is not None else (None, None)
            self.failure = {"kind": type(exc).__name__, "message": exc.message, "line": line, "column": column,
                            "station": None}
            return
        folder = Path(filename).parent if filename != "-" else None
        specs = [_resolve(spec, folder) for spec in self.players]
        try:
            self.play = PlaySession(model, specs, seed=self.seed, view_as=self.view_as)
        except PlaySessionError as exc:
            self.failure = {"kind": "PlayerError", "message": str(exc), "line": None, "column": None,
                            "station": None}

    def view(self, view_as=...) -> dict:
        if self.play is not None:
            return self.play.view(view_as)
        error = dict(self.failure)
        return {"seed": self.seed, "players": list(self.players),
                "view_as": None if self.view_as == AUTO else self.view_as, "seats": None,
                "request": {"index": 0, "kind": "error", "player": None, "where": None, "station": None,
                            "line": error["line"], "column": error["column"], "options": [],
                            "probabilities": None, "by_hand": False},
                "log": [], "table": None, "end": None, "error": error}


_sessions: dict[str, _Session] = {}
_numbers = itertools.count(1)


def _resolve(spec: str, folder: Path | None) -> str:
    """A tactic file relative to the model's folder, as the engine opens it."""
    if folder is not None and spec.endswith((".yaml", ".yml")) and not Path(spec).is_absolute():
        return str(folder / spec)
    return spec


# ---- params ------------------------------------------------------------------------------------


def _params(params, request: str) -> dict:
    # pygls hands over the params of a request it has no type for as a namedtuple.
    if hasattr(params, "_asdict"):
        params = params._asdict()
    if not isinstance(params, dict):
        raise JsonRpcInvalidParams(f"{request}: params must be an object")
    return params


def _session(values: dict, request: str) -> _Session:
    name = values.get("session")
    session = _sessions.get(name) if isinstance(name, str) else None
    if session is None:
        raise JsonRpcInvalidParams(f"{request}: no open session {name!r}")
    return session


def _players(value) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, (list, tuple)) or not all(isinstance(p, str) for p in value):
        raise PlaySessionError(f"players must be a list of player specs, not {value!r}")
    return [p.strip() for p in value if p.strip()]


def _seed(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PlaySessionError(f"seed must be a whole number, not {value!r}")
    return value


def _view_as(value):
    if value is not None and value != AUTO and (isinstance(value, bool) or not isinstance(value, int)):
        raise PlaySessionError(f"viewAs must be a seat number, null or {AUTO!r}, not {value!r}")
    return value


# ---- running -----------------------------------------------------------------------------------


async def _in_thread(ls: LanguageServer, session: _Session, work) -> dict:
    """``work()`` under the session's lock in a worker thread; ``{view, problem}``."""

    def run():
        with session.lock:
            problem = None
            try:
                work()
            except PlaySessionError as exc:
                problem = str(exc)
            except Exception as exc:  # noqa: BLE001 - an engine bug must not fail the request
                log.exception("player session of %s failed", session.uri)
                problem = f"the engine failed: {type(exc).__name__}: {exc}"
            return {"view": session.view(), "problem": problem}

    return await asyncio.get_running_loop().run_in_executor(ls.thread_pool, run)


def _text(ls: LanguageServer, uri: str, request: str) -> str:
    try:
        return ls.workspace.get_text_document(uri).source
    except OSError as exc:
        raise JsonRpcInvalidParams(f"{request}: cannot read {uri}: {exc.strerror or exc}") from None


@server.feature(START)
async def start(ls: LanguageServer, params) -> dict:
    values = _params(params, START)
    uri = values.get("uri")
    if not isinstance(uri, str) or not uri:
        raise JsonRpcInvalidParams(f"{START}: params must name the document: {{\"uri\": ...}}")
    text = _text(ls, uri, START)
    try:
        players, seed, view_as = _players(values.get("players")), _seed(values.get("seed", 0)), \
            _view_as(values.get("viewAs", AUTO))
    except PlaySessionError as exc:
        raise JsonRpcInvalidParams(f"{START}: {exc}") from None
    session = _Session(uri, players, seed, view_as)
    name = f"player-{next(_numbers)}"
    while len(_sessions) >= MAX_SESSIONS:
        _sessions.pop(next(iter(_sessions)))
    _sessions[name] = session
    run_to = values.get("runTo")

    def work():
        session.load(text)
        if session.play is not None and run_to is not None:
            session.play.run_to(run_to)

    result = await _in_thread(ls, session, work)
    return {"session": name, **result}


@server.feature(ANSWER)
async def answer(ls: LanguageServer, params) -> dict:
    values = _params(params, ANSWER)
    session = _session(values, ANSWER)
    return await _in_thread(ls, session, lambda: _game(session).answer(values.get("index")))


@server.feature(ADVANCE)
async def advance(ls: LanguageServer, params) -> dict:
    values = _params(params, ADVANCE)
    session = _session(values, ADVANCE)
    until = values.get("until", "one")
    return await _in_thread(ls, session,
                            lambda: _game(session).advance(until, time.monotonic() + ADVANCE_SECONDS))


@server.feature(BACK)
async def back(ls: LanguageServer, params) -> dict:
    values = _params(params, BACK)
    session = _session(values, BACK)
    return await _in_thread(ls, session, lambda: _game(session).back(values.get("index")))


@server.feature(VIEW)
async def view(ls: LanguageServer, params) -> dict:
    values = _params(params, VIEW)
    session = _session(values, VIEW)

    def work():
        view_as = _view_as(values.get("viewAs"))
        if session.play is not None:
            session.play.view_as = session.play.viewer_of(view_as)  # refuses a seat that does not exist
            session.view_as = session.play.view_as
        else:
            session.view_as = view_as

    return await _in_thread(ls, session, work)


@server.feature(RESTART)
async def restart(ls: LanguageServer, params) -> dict:
    values = _params(params, RESTART)
    session = _session(values, RESTART)
    text = _text(ls, session.uri, RESTART)

    def work():
        if values.get("seed") is not None:
            session.seed = _seed(values["seed"])
        if values.get("players") is not None:
            session.players = _players(values["players"])
        if "viewAs" in values:
            session.view_as = _view_as(values["viewAs"])
        session.load(text)

    return await _in_thread(ls, session, work)


@server.feature(CLOSE)
def close(ls: LanguageServer, params) -> None:
    values = _params(params, CLOSE)
    _sessions.pop(values.get("session"), None)


def _game(session: _Session) -> PlaySession:
    if session.play is None:
        raise PlaySessionError("the model cannot be played: " + session.failure["message"])
    return session.play


def close_document(uri: str) -> None:
    """End every session of a document that was closed."""
    for name in [name for name, session in _sessions.items() if session.uri == uri]:
        _sessions.pop(name, None)


diagnostics.close_listeners.append(close_document)

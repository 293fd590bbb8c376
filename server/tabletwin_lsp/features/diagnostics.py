"""Diagnostics on open, change and save, the settings handlers, and automatic test games.

Every open document has one runner task at most. An edit sets the document's due time:
:data:`REQUEST_WINDOW_SECONDS` from now if the document had ``debounce`` of quiet before it, else
``now + debounce`` (so a burst of edits waits for a pause, and an edit after a pause is checked
almost at once), and starts the runner if none is running. After a quiet time the analysis
also waits, for :data:`GRACE_SECONDS` at most, while a request read since then is unanswered.
The runner sleeps until the due time, takes the latest text and version, analyses them in a
worker thread (:func:`tabletwin_lsp.analysis.analyse`), caches the result and
publishes it only if no newer version arrived meanwhile. If one did, the result is dropped (but
cached) and the runner goes round again for the newer version. So at most one analysis per
document runs at a time, the event loop never waits for one, and what is published is always
about the latest text.

Test games (``tabletwin.runTestGames``, or automatically on save or change as the settings say)
run in a separate process (so they never hold the interpreter lock against the event loop), in
chunks; the errors that stopped games are published as extra diagnostics on the op or node
where they arose, and kept until the next edit.

While the YAML of a model or tactic is broken, its YAML error is published with the diagnostics
of its last readable version that lie on unchanged lines, moved to them (:mod:`tabletwin_lsp.carried`).

For other features: :func:`current_analysis` gives an up-to-date analysis of a document (from
the cache of :mod:`tabletwin_lsp.analysis`, or made at once).

A tactic's diagnostics depend on its model, read from the model's buffer when it is open
(:mod:`tabletwin_lsp.buffers`). So when a model is opened, edited or closed, the open tactics
that may play it (in its folder or a folder below, where :func:`tabletwin.editor.places.find_model`
looks) are analysed again when the model's own analysis is due, debounced with it.
"""

from __future__ import annotations

import asyncio
import logging
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace.position_codec import PositionCodec

from .. import analysis as analyses
from .. import gameworker
from .. import buffers
from .. import collector
from .. import inflight
from .. import gameruns
from .. import settings as config
from .. import usage
from ..analysis import MODEL, TACTIC, Analysis
from ..carried import carried_over
from ..diaglist import Diagnostics
from ..server import server
from ..wire import forget_document, prepare, publish_diagnostics

log = logging.getLogger(__name__)

REQUEST_WINDOW_SECONDS = 0.01
"""Wait before the analysis of an edit (or an open) after a quiet time starts: time for the
request an editor sends right after a keystroke (completion, hover; VS Code asks for quick
suggestions 10 ms after it) to be read. Started at once, a 5,000-line model's analysis held the
interpreter while they were answered; a fixed wait of 50 ms for them added 50 ms to every
isolated edit's diagnostics."""

GRACE_SECONDS = 0.05
"""Longest wait of the analysis of an edit (or an open) after a quiet time, for the requests
read since a little before it (:mod:`tabletwin_lsp.inflight`) to be answered. It ends as soon
as they are, so only an edit with a request waits for more than :data:`REQUEST_WINDOW_SECONDS`,
and a slow request (a command, test games) is not waited for beyond it."""

_POLL_SECONDS = 0.002
"""How often a waiting analysis looks whether the requests are answered (answers come from the
loop and from worker threads)."""


@dataclass
class _Document:
    """What the server keeps per open document besides the cached analysis."""

    due: float = 0.0
    last_edit: float = float("-inf")
    grace_until: float = float("-inf")  # (loop time) the analysis waits for requests until then at most ...
    requests_from: float = float("inf")  # ... for those read (time.monotonic()) since this moment
    runner: asyncio.Task | None = None
    stops: tuple = ()
    stops_version: int | None = None
    unused: tuple = ()  # the unused rules of the last test games or simulation ...
    unused_version: int | None = None  # ... of this version (an edit makes them stale)
    games_generation: int = 0  # bumped to cancel the running automatic test games
    model_changed: bool = False  # a tactic whose model changed: analyse it even if its own text did not
    last_games: dict | None = None  # summary of the last test games, with the version they played
    last_readable: Analysis | None = None  # kept while the YAML is broken (see tabletwin_lsp.carried)
    model: bool = False  # a model at its last open or edit: its tactics are checked again when it closes
    carried: tuple | None = None  # (last_readable, analysis, its diagnostics carried over), made in the worker


_documents: dict[str, _Document] = {}
close_listeners: list[Callable[[str], None]] = []  # other features' clean-up when a document closes
change_listeners: list[Callable] = []  # other features' (uri, didChange params) on every edit
publish_filters: list[Callable] = []  # (uri) -> None, or (diagnostic) -> True to hold it back (features/pending.py)
initialized_listeners: list[Callable] = []  # other features' start once the client is initialized (ls)
settings_listeners: list[Callable] = []  # other features' reaction to new settings (ls)
_tasks: set[asyncio.Task] = set()  # strong references: the loop keeps only weak ones


def last_test_games(uri: str) -> dict | None:
    """The summary of the last test games played for ``uri`` (with ``version``), if any."""
    state = _documents.get(uri)
    return None if state is None else state.last_games


def _state(uri: str) -> _Document:
    state = _documents.get(uri)
    if state is None:
        state = _documents[uri] = _Document()
    return state


def is_open(ls: LanguageServer, uri: str) -> bool:
    return uri in ls.workspace.text_documents


def codec(ls: LanguageServer) -> PositionCodec:
    """The position codec negotiated with the client (UTF-16 unless it asked for another)."""
    return PositionCodec(encoding=ls.workspace.position_encoding)


def log_message(ls: LanguageServer, message: str, kind: types.MessageType = types.MessageType.Log) -> None:
    try:
        ls.window_log_message(types.LogMessageParams(type=kind, message=message))
    except Exception:  # noqa: BLE001 - logging must never fail a handler
        log.exception("could not send a log message")


def _background(coroutine) -> asyncio.Task:
    """A task kept alive (and its exception logged) until it ends."""
    task = asyncio.ensure_future(coroutine)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)
    task.add_done_callback(_log_failure)
    return task


def _log_failure(task: asyncio.Task) -> None:
    if not task.cancelled() and task.exception() is not None:
        exc = task.exception()
        log.error("background task failed: %s", "".join(traceback.format_exception(exc)))


# ---- publishing --------------------------------------------------------------------------------


def publish(ls: LanguageServer, analysis: Analysis) -> None:
    """The analysis's diagnostics plus the test games' stops of the same version."""
    state = _state(analysis.uri)
    diagnostics = Diagnostics.of(analysis.diagnostics)  # its moved ones stay unmade
    if analysis.unreadable and state.last_readable is not None:
        made = state.carried
        if made is not None and made[0] is state.last_readable and made[1] is analysis:
            diagnostics = diagnostics.plus(made[2])
        else:
            diagnostics = diagnostics.plus(carried_over(state.last_readable.diagnostics, state.last_readable.text,
                                                        analysis.text))
    if state.stops and state.stops_version == analysis.version:
        diagnostics = diagnostics.plus(state.stops)
    if state.unused and state.unused_version == analysis.version:
        diagnostics = diagnostics.plus(state.unused)
    holds = [hold for hold in (holding(analysis.uri) for holding in publish_filters) if hold is not None]
    if holds:
        diagnostics = [d for d in diagnostics if not any(hold(d) for hold in holds)]
    publish_diagnostics(ls, types.PublishDiagnosticsParams(
        uri=analysis.uri, version=analysis.version, diagnostics=diagnostics))


def _document_version(ls: LanguageServer, uri: str) -> int | None:
    return ls.workspace.get_text_document(uri).version


def _accept(ls: LanguageServer, analysis: Analysis) -> bool:
    """Cache an analysis and publish it if it is about the latest version of an open document."""
    if not is_open(ls, analysis.uri):
        return False
    analyses.store(analysis)
    if _document_version(ls, analysis.uri) != analysis.version:
        return False  # stale: a newer version arrived while it ran
    if analysis.loaded is not None:
        _state(analysis.uri).last_readable = analysis
    publish(ls, analysis)
    if analysis.failure:
        log_message(ls, f"tabletwin: checking {analysis.uri} failed:\n{analysis.failure}", types.MessageType.Error)
    return True


def schedule(ls: LanguageServer, uri: str, debounce: float) -> None:
    """Analyse ``uri`` after :data:`REQUEST_WINDOW_SECONDS` and the requests that followed the
    edit (:data:`GRACE_SECONDS` at most) if it had ``debounce`` seconds without edits, else once
    it has had them.

    A leading-and-trailing debounce: the first edit after a quiet time is checked almost at once
    (its diagnostics come as fast as the analysis allows, after the requests that follow the
    keystroke), the edits of a burst wait until the typing pauses for ``debounce`` seconds, so a
    burst costs at most two analyses.
    """
    state = _state(uri)
    loop = asyncio.get_running_loop()
    now = loop.time()
    if now - state.last_edit >= debounce:
        state.due = now + REQUEST_WINDOW_SECONDS
        state.grace_until = now + GRACE_SECONDS
        # The reading thread reads ahead: the request that followed this edit may be noted already.
        state.requests_from = time.monotonic() - GRACE_SECONDS
    else:
        state.due = now + debounce
    state.last_edit = now
    if state.runner is None or state.runner.done():
        state.runner = _background(_run(ls, uri, state))


async def _run(ls: LanguageServer, uri: str, state: _Document) -> None:
    loop = asyncio.get_running_loop()
    while True:
        wait = state.due - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
            continue
        if loop.time() < state.grace_until and inflight.waiting_since(state.requests_from):
            await asyncio.sleep(_POLL_SECONDS)
            continue
        if not is_open(ls, uri):
            return
        document = ls.workspace.get_text_document(uri)
        text, version = document.source, document.version
        cached = analyses.latest(uri)
        if cached is not None and cached.version == version and cached.text == text and not state.model_changed:
            return  # a command analysed (and published) this version meanwhile
        state.model_changed = False
        analysis = await _analysed(ls, uri, text, version)
        if _accept(ls, analysis):
            _after_analysis(ls, analysis)
            if not state.model_changed:
                return
            continue  # its model changed again while it ran
        if not is_open(ls, uri):
            return
        # Stale: a newer version arrived while it ran; go round for it after its quiet time.


async def current_analysis(ls: LanguageServer, uri: str) -> Analysis:
    """An analysis of the document's text as it is now, from the cache or made now (no debounce).

    Works for documents that are not open too (read from disk); raises ``OSError`` when such a
    file cannot be read.
    """
    document = ls.workspace.get_text_document(uri)
    text, version = document.source, document.version
    cached = analyses.latest(uri)
    state = _documents.get(uri)
    if cached is not None and cached.version == version and cached.text == text \
            and not (state is not None and state.model_changed):
        return cached
    if state is not None:
        state.model_changed = False
    analysis = await _analysed(ls, uri, text, version)
    _accept(ls, analysis)
    return analysis


async def _analysed(ls: LanguageServer, uri: str, text: str, version: int | None) -> Analysis:
    """The analysis of this text, made in a worker thread with what publishing it needs: the
    diagnostics carried over while its YAML is broken and the JSON of them all (:func:`prepare`),
    so that publishing costs the event loop only the joining of texts."""
    loop = asyncio.get_running_loop()
    state = _documents.get(uri)
    last_readable = state.last_readable if state is not None else None
    protocol = ls.protocol if is_open(ls, uri) else None  # a closed document's are never published
    analysis, carried = await loop.run_in_executor(
        ls.thread_pool, _analyse_and_prepare, uri, text, version, codec(ls), buffers.frozen_lookup(ls),
        protocol, last_readable)
    if carried is not None and state is not None:
        state.carried = (last_readable, analysis, carried)
    return analysis


def _analyse_and_prepare(uri: str, text: str, version: int | None, position_codec: PositionCodec, text_of,
                         protocol, last_readable: Analysis | None) -> tuple[Analysis, Diagnostics | None]:
    with collector.analysing():  # no collection of what it builds (see collector)
        analysis = analyses.analyse(uri, text, version, position_codec, text_of)
        carried = None
        if analysis.unreadable and last_readable is not None:
            carried = carried_over(last_readable.diagnostics, last_readable.text, analysis.text)
        if protocol is not None:  # the message publish() will write, when nothing joins them
            prepare(protocol, types.PublishDiagnosticsParams(
                uri=uri, version=version, diagnostics=Diagnostics.of(analysis.diagnostics).plus(carried)))
    return analysis, carried


def refresh_tactics(ls: LanguageServer, model_uri: str, due: float | None = None) -> None:
    """Analyse again (at ``due``, default now) the open tactics that may play the model at ``model_uri``."""
    model_path = to_fs_path(model_uri) if model_uri.startswith("file:") else None
    if not model_path:
        return
    folder = buffers.key(str(Path(model_path).parent))
    loop = asyncio.get_running_loop()
    due = loop.time() if due is None else due
    for document in list(ls.workspace.text_documents.values()):
        if document.uri == model_uri or not document.path:
            continue
        parent = Path(document.path).parent
        if folder not in (buffers.key(str(parent)), buffers.key(str(parent.parent))):
            continue
        cached = analyses.latest(document.uri)
        kind = cached.kind if cached is not None and cached.text is document.source else None
        if (kind or analyses.document_kind(document.source, document.uri)) != TACTIC:
            continue
        state = _state(document.uri)
        state.model_changed = True
        state.due = max(state.due, due)
        if state.runner is None or state.runner.done():
            state.runner = _background(_run(ls, document.uri, state))


def _is_model(ls: LanguageServer, uri: str) -> bool:
    """Whether ``uri`` is a model now or was one at its last analysis (its tactics depend on it)."""
    cached = analyses.latest(uri)
    if cached is not None and cached.kind == MODEL:
        return True
    return is_open(ls, uri) and analyses.document_kind(ls.workspace.get_text_document(uri).source, uri) == MODEL


# ---- test games --------------------------------------------------------------------------------


async def play_test_games(ls: LanguageServer, analysis: Analysis, games: int, seed: int = 0,
                          progress: Callable[[int, int], None] | None = None,
                          cancelled: Callable[[], bool] | None = None):
    """Play the test games of ``analysis`` in the game process; attach their stops as diagnostics.

    Game ``k`` plays with seed ``seed + k``, exactly as ``validate`` plays it, within the time
    limit of the ``gameSeconds`` setting (see :mod:`tabletwin_lsp.gameruns`). The games go in
    chunks; between chunks ``progress(done, games)`` is called, and ``cancelled()`` ends the run
    (a chunk under way is killed unless it finishes within a grace time; the result then counts
    the games played). The stops are published only while the document is still at the analysed
    version (their lines would be wrong otherwise) and are kept until the next edit. Raises
    ``ValueError`` when the model cannot play (not a readable model, or one with errors).
    """
    analyses.check_playable(analysis)
    filename = to_fs_path(analysis.uri) or "-"
    played = await gameruns.play(gameworker.test_games_chunk, analysis.text, filename,
                                 lambda start, stop: (start, stop, seed), games, config.current().game_seconds,
                                 cancelled, progress)
    total = gameruns.PlayedTestGames()
    for part in played.parts:
        gameworker.merge_test_games(total, part)
    total.timed_out = [seed + number for number in played.timed_out]
    tallied = total.games  # the timed-out games did not report what they used
    total.games += len(total.timed_out)
    attach_stops(ls, analysis, total, tallied)
    _state(analysis.uri).last_games = {**total.as_json(), "version": analysis.version}
    if total.action_games is not None:
        players = analyses.players_label(["random"] * analyses.test_games_players(analysis))
        remember_usage(ls, analysis, tallied, [(key, path, games) for (key, path), games in total.action_games.items()],
                       f"test games ({players})")
    return total


def remember_usage(ls: LanguageServer, analysis: Analysis, games: int, actions, run: str) -> None:
    """Keep how many of ``games`` used each action (``(key, path, games)``) for the inlay hints."""
    from .inlay_hints import usage_changed

    usage.remember(analysis.uri, analysis.version, games, actions, run)
    usage_changed(ls)


async def run_in_game_process(function, *args, seconds: float | None = None):
    """``function(*args)`` (a function of :mod:`tabletwin_lsp.gameworker`) in the game process,
    killed after ``seconds`` if given (:class:`~tabletwin_lsp.analysis.GameTimeout`)."""
    return await gameruns.call(function, *args, seconds=seconds)


def attach_stops(ls: LanguageServer, analysis: Analysis, test_games, tallied: int | None = None) -> bool:
    """Publish the stops of ``test_games`` with the analysis, if its version is still the document's,
    and the rules unused in its ``tallied`` games (all of them by default), when it has them."""
    if not is_open(ls, analysis.uri) or _document_version(ls, analysis.uri) != analysis.version:
        return False
    state = _state(analysis.uri)
    findings = analyses.stop_findings(analysis, test_games)
    state.stops = tuple(analyses.to_diagnostics(analysis.text, findings, codec(ls)))
    state.stops_version = analysis.version
    unused = getattr(test_games, "unused", None)  # None: no game reported (none played, all timed out)
    players = analyses.players_label(["random"] * analyses.test_games_players(analysis))
    games = test_games.games if tallied is None else tallied
    _set_unused(state, analysis, analyses.unused_diagnostics(analysis, unused or (), games, players, codec(ls)))
    _republish(ls, analysis)
    return True


def attach_unused(ls: LanguageServer, analysis: Analysis, unused, games: int, players: str) -> bool:
    """Publish the rules of a simulation's ``unused`` (``(kind, key, path)``) that none of its ``games``
    used, replacing those of the last run, if the analysis's version is still the document's."""
    if not is_open(ls, analysis.uri) or _document_version(ls, analysis.uri) != analysis.version:
        return False
    diagnostics = analyses.unused_diagnostics(analysis, unused, games, players, codec(ls))
    _set_unused(_state(analysis.uri), analysis, diagnostics)
    _republish(ls, analysis)
    return True


def _set_unused(state: _Document, analysis: Analysis, diagnostics) -> None:
    state.unused = tuple(diagnostics)
    state.unused_version = analysis.version


def _republish(ls: LanguageServer, analysis: Analysis) -> None:
    latest = analyses.latest(analysis.uri)
    publish(ls, latest if latest is not None and latest.version == analysis.version else analysis)


def _automatic_games(ls: LanguageServer, uri: str) -> None:
    """Start the automatic test games of the settings for ``uri`` (the previous run is cancelled)."""
    state = _state(uri)
    state.games_generation += 1
    generation = state.games_generation

    def cancelled() -> bool:
        return state.games_generation != generation

    async def go() -> None:
        analysis = await current_analysis(ls, uri)
        if cancelled() or analysis.kind != MODEL or analysis.report is None or analysis.report.errors:
            return
        try:
            await play_test_games(ls, analysis, config.current().test_games, 0, cancelled=cancelled)
        except ValueError as exc:
            log_message(ls, f"tabletwin: test games of {uri} did not run: {exc}")

    if config.current().test_games > 0:
        _background(go())


def _after_analysis(ls: LanguageServer, analysis: Analysis) -> None:
    if (config.current().run_test_games == "change" and analysis.kind == MODEL and analysis.report is not None
            and not analysis.report.errors):
        _automatic_games(ls, analysis.uri)


# ---- document notifications --------------------------------------------------------------------


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: LanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    uri = params.text_document.uri
    schedule(ls, uri, 0)
    state = _state(uri)
    state.model = _is_model(ls, uri)
    if state.model:
        refresh_tactics(ls, uri)  # its buffer may differ from the disk (a restored unsaved edit)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: LanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    for listener in change_listeners:
        listener(uri, params)
    state = _state(uri)
    state.stops, state.stops_version = (), None
    state.last_games = None  # they played an older text: the status bar must not show them as this one's
    state.games_generation += 1  # automatic test games of an older text are of no use now
    schedule(ls, uri, config.current().debounce_seconds)
    state.model = _is_model(ls, uri)
    if state.model:
        refresh_tactics(ls, uri, state.due)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))
def did_save(ls: LanguageServer, params: types.DidSaveTextDocumentParams) -> None:
    if config.current().run_test_games == "save":
        _automatic_games(ls, params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: LanguageServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    state = _documents.pop(uri, None)
    # Its analysis may not have run yet (the grace): what it was when opened or edited counts too.
    was_model = (state is not None and state.model) or _is_model(ls, uri)
    usage.forget(uri)  # a reopened document starts again at version 1
    if state is not None:
        state.games_generation += 1
        if state.runner is not None:
            state.runner.cancel()
    analyses.forget(uri)
    forget_document(uri)
    if was_model:
        refresh_tactics(ls, uri)  # its unsaved text is gone: the disk's counts again
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
    for listener in close_listeners:
        listener(uri)


# ---- settings ----------------------------------------------------------------------------------


def apply_settings(ls: LanguageServer, options, where: str) -> None:
    settings, problems = config.update(options)
    for problem in problems:
        log_message(ls, f"tabletwin: {problem} (from {where})", types.MessageType.Warning)
    log_message(ls, f"tabletwin: settings from {where}: {settings}")
    for listener in settings_listeners:
        listener(ls)


@server.feature(types.INITIALIZE)
def initialize(ls: LanguageServer, params: types.InitializeParams) -> None:
    config.reset()
    if params.initialization_options is not None:
        # Not sent yet: the client may only receive messages once it has the initialize result.
        _, problems = config.update(params.initialization_options)
        for problem in problems:
            log.warning("%s (from initializationOptions)", problem)
        _pending_problems.extend(problems)


_pending_problems: list[str] = []


@server.feature(types.INITIALIZED)
def initialized(ls: LanguageServer, params: types.InitializedParams) -> None:
    for problem in _pending_problems:
        log_message(ls, f"tabletwin: {problem} (from initializationOptions)", types.MessageType.Warning)
    _pending_problems.clear()
    for listener in initialized_listeners:
        listener(ls)


@server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
async def did_change_configuration(ls: LanguageServer, params: types.DidChangeConfigurationParams) -> None:
    settings = params.settings
    if isinstance(settings, dict) and config.SECTION in settings:
        apply_settings(ls, settings[config.SECTION], "workspace/didChangeConfiguration")
        return
    workspace = ls.client_capabilities.workspace
    if workspace is None or not workspace.configuration:
        return
    try:
        values = await ls.workspace_configuration_async(types.ConfigurationParams(
            items=[types.ConfigurationItem(section=config.SECTION)]))
    except Exception as exc:  # noqa: BLE001 - a client that fails to answer keeps the old settings
        log_message(ls, f"tabletwin: workspace/configuration failed: {exc}", types.MessageType.Warning)
        return
    if values and values[0] is not None:
        apply_settings(ls, values[0], "workspace/configuration")

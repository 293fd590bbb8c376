"""Analysis of one version of a document, and a cache of the last one per URI.

:func:`analyse` is pure (text in, :class:`Analysis` out), safe to run in a worker thread and
never raises, whatever the text. It decides the kind of the document (:func:`document_kind`)
and finds:

- for a **model**: ``validate(loaded, games=0)``'s errors and warnings (YAML errors, expression
  syntax errors at their columns, model errors, unknown keys with ``data``), its lint warnings
  (``report.lint``, :mod:`tabletwin.lint`), then the gaps (``report.figures.gaps``) as
  information, placed through ``report.loaded.positions``;
- for a **tactic** (top-level ``tactic``): YAML errors, the tactic schema's findings, the rule
  errors of :func:`tabletwin.tactics.compile_tactic` (each rule on its own, so every bad rule is
  reported at its line), the syntax errors of its expressions (``*_x`` fields and ``let``) and
  the places in ``at`` and ``search.at`` that its model lacks and the ``pick`` labels its places
  never offer (the model read through ``text_of``, so an open model's unsaved text counts);
- for any other YAML: nothing;
- for a model or tactic longer than :data:`~tabletwin_lsp.documents.MAX_DOCUMENT_CHARS`: only
  a warning on its first line that it is too large to check (it is not even loaded).

The findings become LSP diagnostics right away, in the worker, through :mod:`.convert` with the
analysed text's own lines, so publishing costs the event loop nothing but the send.

The cache (filled by the diagnostics feature, read by every feature)::

    latest(uri) -> Analysis | None   # the last analysis finished for uri, possibly of an
                                     # older version: compare .version with the document's
    store(analysis)                  # keep it as the latest of its URI (newer versions only)
    forget(uri)                      # the document was closed

An :class:`Analysis` is immutable; ``loaded`` (the :class:`~tabletwin.modelfile.LoadedYaml`
with positions) is ``None`` when the text is not readable YAML, ``report`` is ``None`` for
anything but a readable model. Test games are not part of it: they run in a worker process
(:func:`game_process`, :func:`test_games_chunk`) and :func:`stop_findings` places their stops.
"""

from __future__ import annotations

import logging
import threading
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from tabletwin.checks import Finding, codes, expression_fields
from tabletwin.checks.kept import at_raw, raw_place
from tabletwin.checks import reuse
from tabletwin.checks.reuse import reusing
from tabletwin.checks.syntax import compile_findings
from tabletwin.errors import Span, YamlError
from tabletwin.modelfile import LoadedYaml, format_path, load_yaml
from tabletwin.editor.kind import document_kind as _editor_kind
from tabletwin.modelfile.paths import parse_path
from tabletwin.modelfile.place_words import path_words

from .convert import to_diagnostic
from .diagcache import cached_diagnostics, forget_diagnostics
from .documents import too_large, too_large_message
from .textlines import lines_of

if TYPE_CHECKING:
    from tabletwin.editor.places import TextOf

log = logging.getLogger(__name__)

MODEL, TACTIC, OTHER = "model", "tactic", "other"


def document_kind(text: str, uri: str | None = None) -> str:
    """``model``, ``tactic`` or ``other``, decided on the text (so half-typed files keep their kind)
    and the file's name (a new ``*.model.yaml`` is a model from its first keystroke)."""
    return _editor_kind(text, uri) or OTHER


@dataclass(frozen=True)
class Analysis:
    uri: str
    version: int | None
    text: str
    kind: str
    loaded: LoadedYaml | None
    report: object | None  # tabletwin.validate.Report for models
    findings: tuple[Finding, ...]
    diagnostics: Sequence[types.Diagnostic]  # a Diagnostics (its moved items made when read), or a tuple
    seconds: float = 0.0
    failure: str | None = None
    """The traceback of an unexpected engine exception, if one happened (the findings before it stay)."""
    unreadable: bool = False
    """The text is a model or tactic that is not readable YAML (its one finding says why)."""


# ---- the cache ---------------------------------------------------------------------------------

_lock = threading.Lock()
_cache: dict[str, Analysis] = {}


def latest(uri: str) -> Analysis | None:
    """The last analysis finished for ``uri`` (any thread); compare ``.version`` with the document."""
    return _cache.get(uri)


def store(analysis: Analysis) -> bool:
    """Keep ``analysis`` unless the cache holds a newer version of its URI; whether it was kept."""
    with _lock:
        old = _cache.get(analysis.uri)
        if (old is not None and old.version is not None and analysis.version is not None
                and old.version > analysis.version):
            return False
        _cache[analysis.uri] = analysis
        return True


def forget(uri: str) -> None:
    with _lock:
        _cache.pop(uri, None)
    forget_diagnostics(uri)


# ---- diagnostics -------------------------------------------------------------------------------


class _Lines:
    """What :func:`convert.to_range` needs of a document, for one text with its lines split once.

    pygls's ``TextDocument.lines`` splits the whole source on every call, which costs seconds
    for a thousand findings in a 5,000-line file; the lines of an edited document's text were
    split when the edit was applied (:mod:`.textlines`).
    """

    __slots__ = ("lines", "codec")

    def __init__(self, text: str, codec: PositionCodec):
        self.lines = lines_of(text)
        self.codec = codec

    def range_to_client_units(self, server_range):
        start, end = server_range.start, server_range.end
        lines = self.lines
        if start.line < len(lines) and end.line < len(lines) and lines[start.line].isascii() \
                and lines[end.line].isascii():
            # One unit per character in every encoding: the columns stay (the codec's loop is slow).
            return types.Range(types.Position(start.line, min(start.character, len(lines[start.line]))),
                               types.Position(end.line, min(end.character, len(lines[end.line]))))
        return self.codec.range_to_client_units(lines, server_range)


def to_diagnostics(text: str, findings, codec: PositionCodec | None = None) -> list[types.Diagnostic]:
    """The LSP diagnostics of ``findings`` about ``text`` (columns in the codec's units, UTF-16 by default)."""
    document = _Lines(text, codec or PositionCodec())
    return [to_diagnostic(document, finding) for finding in findings]


# ---- analysis ----------------------------------------------------------------------------------


def analyse(uri: str, text: str, version: int | None = None, codec: PositionCodec | None = None,
            text_of: TextOf | None = None) -> Analysis:
    """Everything the editor shows about this text. Never raises.

    ``text_of(path)`` gives the editor's text of an open file (a tactic's model), else ``None``.
    """
    start = time.perf_counter()
    if too_large(text):
        return _too_large(uri, text, version, codec, start)
    kind = OTHER
    found = _Found()
    findings = found.findings
    failure = None
    try:
        kind = document_kind(text, uri)
        if kind == MODEL:
            _model(text, found)
        elif kind == TACTIC:
            _tactic(text, found, uri, text_of)
    except BaseException as exc:  # noqa: BLE001 - an engine bug must not take the editor down
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        failure = "".join(traceback.format_exception(exc))
        log.error("analysis of %s failed:\n%s", uri, failure)
        findings.append(Finding(
            f"tabletwin could not finish checking this file ({type(exc).__name__}: {exc}); "
            "the server log has the details", None, "warning", code=codes.CHECK_FAILED))
    try:
        codec = codec or PositionCodec()
        diagnostics = cached_diagnostics(uri, _Lines(text, codec), findings, codec)  # most as in the last version
    except Exception:  # noqa: BLE001
        failure = (failure or "") + traceback.format_exc()
        log.error("diagnostics of %s failed:\n%s", uri, failure)
        diagnostics = ()
    return Analysis(uri, version, text, kind, found.loaded, found.report, tuple(findings), diagnostics,
                    time.perf_counter() - start, failure, found.unreadable)


def _too_large(uri: str, text: str, version: int | None, codec: PositionCodec | None, start: float) -> Analysis:
    """A model or tactic too large to check: one warning on its first line, nothing else."""
    kind = document_kind(text, uri)
    if kind == OTHER:
        return Analysis(uri, version, text, kind, None, None, (), (), time.perf_counter() - start)
    end = text.find("\n")
    first = text[:end if end >= 0 else len(text)].rstrip("\r")
    finding = Finding(too_large_message(text), Span(0, 0, 0, len(first)), "warning", code=codes.TOO_LARGE)
    return Analysis(uri, version, text, kind, None, None, (finding,), tuple(to_diagnostics(first, [finding], codec)),
                    time.perf_counter() - start)


class _Found:
    """What an analysis has found so far (kept when a later step fails)."""

    __slots__ = ("loaded", "report", "findings", "unreadable")

    def __init__(self):
        self.unreadable = False
        self.loaded: LoadedYaml | None = None
        self.report = None
        self.findings: list[Finding] = []


def _model(text: str, found: _Found) -> None:
    from tabletwin.editor.loads import shared_load
    from tabletwin.validate import validate

    try:
        found.loaded = shared_load(text)  # the editor's snapshot of this text reads the same load
    except YamlError as exc:
        found.findings.append(Finding(exc.message, exc.span, code=codes.YAML))
        found.unreadable = True
        return
    if in_progress(found.loaded.data):
        found.findings.extend(_draft_findings(found.loaded))
        return
    try:
        with reusing(found.loaded):  # unchanged entries: their last results, and their findings
            report = validate(found.loaded, games=0, reuse=True)
            gaps = gap_findings(report)
    except Exception:
        found.findings.extend(_fallback_findings(found.loaded))
        raise  # analyse() adds a warning about the failure and logs it
    found.report = report
    found.findings.extend(report.errors)
    found.findings.extend(report.warnings)
    found.findings.extend(report.lint)
    found.findings.extend(gaps)


def in_progress(data) -> bool:
    """A model being written: empty, or a mapping without ``flow`` yet (the document is a model
    by its file name or first key, see :func:`document_kind`)."""
    return data is None or (data.__class__ is dict and "flow" not in data)


NO_FLOW_YET = ("missing key 'flow' at the top level: the model is checked in full, and can play, "
               "once it has a flow")


def _draft_findings(loaded: LoadedYaml) -> list[Finding]:
    """What is said of a model being written instead of "this is not a model": nothing while it
    is empty; then its syntax and schema findings, and that its ``flow`` is still missing (a
    warning, like the schema's other missing keys)."""
    from tabletwin.checks.schema import schema_findings
    from tabletwin.checks.syntax import expression_syntax_findings

    if loaded.data is None:
        return []
    first = next(iter(loaded.data), None)
    span = loaded.positions.key_span((first,)) if first is not None else None
    found = [Finding(NO_FLOW_YET, span, "warning", "")]
    found += expression_syntax_findings(loaded)
    found += schema_findings(loaded, "model")
    return sorted(found, key=_order)


def _fallback_findings(loaded: LoadedYaml) -> list[Finding]:
    """What can still be said when the validator fails on a model: syntax and schema findings."""
    from tabletwin.checks.schema import schema_findings
    from tabletwin.checks.syntax import expression_syntax_findings
    from tabletwin.errors import NotAModelError
    from tabletwin.modelfile import check_is_model

    found: list[Finding] = []
    try:
        check_is_model(loaded)
    except NotAModelError as exc:
        return [Finding(exc.message, exc.span, code=codes.NOT_A_MODEL)]
    for check in (expression_syntax_findings, schema_findings):
        try:
            found.extend(check(loaded))
        except Exception:  # noqa: BLE001 - the failure itself is reported by analyse()
            log.exception("fallback check failed")
    return found


def _where(loaded: LoadedYaml | None, path) -> Span | None:
    """The span of a model path, or of its deepest written ancestor."""
    if loaded is None or path is None:
        return None
    path = tuple(path)
    return loaded.positions.span(path) or loaded.positions.nearest(path)[1]


def gap_findings(report) -> list[Finding]:
    """The gaps of a model's report as information findings at their places (first line only);
    inside :func:`~tabletwin.checks.reuse.reusing`, an unchanged one is the last run's object,
    and one only moved by lines added or removed above it is made from it
    (:func:`~tabletwin.checks.kept.at_raw`)."""
    if report is None or report.figures is None or not report.figures.gaps:
        return []
    loaded = report.loaded
    places: dict = {}  # gap path -> where its finding goes: a card's gaps share a path

    def place(path: tuple) -> tuple:
        where = raw_place(loaded.positions, path, on_key=True)  # as _where() places it
        if where[2] != where[0]:
            span = _first_line(Span(*where), lines_of(loaded.text))
            where = (span.line, span.column, span.end_line, span.end_column)
        places[path] = where
        return where

    def finding(gap) -> Finding:
        path, where = gap.path, None
        if path is not None:
            path = tuple(path)
            if loaded is not None:
                where = places.get(path) or place(path)
        return at_raw(where, gap.message, path, "information", codes.GAP, {"gap": gap.kind}, (("gap", gap.kind),))

    gaps = report.figures.gaps
    if loaded is None or not reuse.active():
        return [finding(gap) for gap in gaps]
    # The validator keeps the gaps of a part (the content's) while the part is the same, and
    # the findings of a part's gaps stay while it is written at the same place: one look-up for
    # the part (all the cards' gaps are the gaps of one part).
    positions = loaded.positions
    found: list[Finding] = []
    for part, group in groupby(gaps, key=lambda gap: tuple(gap.path[:2]) if gap.path is not None else ()):
        group = tuple(group)
        if not part:
            found += map(finding, group)
            continue
        found += reuse.remembered("gap_findings", part, group[0], lambda: [finding(gap) for gap in group],
                                  (raw_place(positions, part), group))
    return found


# ---- tactics -----------------------------------------------------------------------------------

_PLACEHOLDER_RULE = {"at": "-", "pick": "-"}


def _tactic(text: str, found: _Found, uri: str = "", text_of: TextOf | None = None) -> None:
    from tabletwin.checks.schema import schema_findings

    findings = found.findings
    try:
        loaded = found.loaded = load_yaml(text)
    except YamlError as exc:
        findings.append(Finding(exc.message, exc.span, code=codes.YAML))
        found.unreadable = True
        return
    data = loaded.data
    if not isinstance(data, dict):
        findings.append(Finding("this is not a tactic: expected a mapping with 'tactic'", _where(loaded, ()),
                                code=codes.NOT_A_MODEL))
        return
    schema = schema_findings(loaded, "tactic")
    written = {f.path for f in schema}
    lines = text.splitlines()
    rules = [f for f in _rule_findings(loaded, lines) if f.path not in written]
    findings.extend(sorted([*schema, *rules, *_tactic_syntax_findings(loaded, lines)], key=_order))
    findings.extend(_place_findings(loaded, lines, uri, text_of))
    findings.sort(key=_order)


def _place_findings(loaded: LoadedYaml, lines: list[str], uri: str, text_of: TextOf | None) -> list[Finding]:
    """Places in ``at`` and ``search.at`` that the model (its editor buffer if open) does not have.

    Nothing when the model is not found: a tactic may be written before its model, and a
    note on every such tactic would be noise.
    """
    from pygls.uris import to_fs_path

    from tabletwin.editor.places import find_model
    from tabletwin.editor.tactic_places import place_findings

    game = loaded.data.get("game")
    if not isinstance(game, (str, int, float)) or isinstance(game, bool):
        return []
    from tabletwin.lint import lint_tactic

    path = to_fs_path(uri) if uri.startswith("file:") else None
    model = find_model(path, str(game), text_of)
    return place_findings(loaded, lines, model) + lint_tactic(loaded, model)


def _rule_findings(loaded: LoadedYaml, lines: list[str]) -> list[Finding]:
    """``compile_tactic``'s errors, one rule at a time so that each is placed on its rule."""
    from tabletwin.errors import NotExecutable
    from tabletwin.tactics import compile_tactic

    data = loaded.data
    found = []
    rules = data.get("rules")
    base = {k: v for k, v in data.items() if k != "rules"}
    for index, rule in enumerate(rules if isinstance(rules, list) else []):
        try:
            compile_tactic({**base, "rules": [_PLACEHOLDER_RULE] * index + [rule]})
        except NotExecutable as exc:
            if "rule" not in exc.message:
                continue  # not about this rule (the default, say): reported once below
            path = ("rules", index)
            found.append(Finding(exc.message, _first_line(_where(loaded, path), lines), path=format_path(path),
                                 code=codes.TACTIC_RULE))
        except Exception:  # noqa: BLE001 - a malformed value the schema already reports
            continue
    try:
        compile_tactic({**base, "rules": []})
    except NotExecutable as exc:
        path = ("default",) if "default" in exc.message and "default" in data else ()
        found.append(Finding(exc.message, _first_line(_where(loaded, path), lines), path=format_path(path),
                             code=codes.TACTIC_RULE))
    except Exception:  # noqa: BLE001
        pass
    return found


def _tactic_syntax_findings(loaded: LoadedYaml, lines: list[str]) -> list[Finding]:
    data = loaded.data
    fields = list(expression_fields({k: v for k, v in data.items() if k != "let"}))
    lets = data.get("let")
    if isinstance(lets, dict):
        fields += [(("let", key), value) for key, value in lets.items()
                   if isinstance(value, (str, int, float)) and not isinstance(value, bool)]
    return compile_findings(fields, loaded.positions, lines)


def _first_line(span: Span | None, lines: list[str]) -> Span | None:
    """A multi-line span cut to its first line (a whole rule would underline a block)."""
    if span is None or span.end_line == span.line or span.line >= len(lines):
        return span
    return Span(span.line, span.column, span.line, max(span.column + 1, len(lines[span.line].rstrip())))


def _order(finding: Finding):
    span = finding.span
    return (span.line, span.column) if span is not None else (-1, -1)


# ---- games in a worker process -----------------------------------------------------------------
#
# Test games and simulations are pure Python and can run for seconds. In a thread of the server
# they would hold the interpreter lock against the event loop (a trivial request took 30 ms,
# up to 100 ms, while games ran in a thread), so they run in a separate process. The work is cut
# into chunks of consecutive games played with the same seeds as the validator and the
# simulator; the server sends one chunk at a time (sized to take about CHUNK_SECONDS), which
# gives progress and lets a run be cancelled between chunks. A worker compiles the model once
# per text.
#
# The worker is a plain child process spoken to over its own standard input and output (length-
# prefixed pickles), not a multiprocessing pool: a pool's helper processes (forkserver, resource
# tracker) inherit the server's standard output, the LSP channel, and keep it open after the
# server dies, so the editor would not see it go. The worker exits when its input closes.

CHUNK_SECONDS = 0.1
"""About how long one chunk of games should take: short enough for progress and cancelling."""


def next_chunk(size: int, seconds: float) -> int:
    """The size of the next chunk after ``size`` games took ``seconds`` (at most 4 times larger)."""
    if seconds <= 0:
        return size * 4
    return max(1, min(size * 4, int(size * CHUNK_SECONDS / seconds)))


class GameProcessError(RuntimeError):
    """The worker failed: an unexpected exception in it (its message), or it died."""


class GameTimeout(GameProcessError):
    """A call took longer than its time limit; the worker was killed (the next call starts another)."""


class GameProcess:
    """One worker process that plays games; :meth:`call` runs one worker function in it.

    Calls are served one at a time. A call that is cancelled, runs out of its time limit or
    fails to talk to the worker kills it (a game cannot be interrupted inside it, and a half-read
    answer cannot be resynchronised); the next call starts a new one. Only the time after the
    call has the worker counts towards its limit, not the wait for another call to finish.
    """

    def __init__(self):
        self._process = None
        self._lock = None
        self._killed: list = []  # killed, not yet reaped: closed before the event loop is

    async def call(self, function: str, *args, seconds: float | None = None):
        """``function(*args)`` in the worker; :class:`GameTimeout` after ``seconds`` (if given)."""
        import asyncio
        import pickle

        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            process = await self._started()
            payload = pickle.dumps((function, args), protocol=pickle.HIGHEST_PROTOCOL)
            try:
                ok, value = await asyncio.wait_for(self._exchange(process, payload), seconds)
            except BaseException as exc:
                self.stop()
                if isinstance(exc, asyncio.TimeoutError):  # before OSError: it is one
                    raise GameTimeout(f"{function} took more than {seconds} s") from None
                if isinstance(exc, (asyncio.IncompleteReadError, ConnectionError, OSError)):
                    raise GameProcessError("the process that plays the games stopped unexpectedly") from None
                raise
            if not ok:
                raise GameProcessError(value)
            return value

    @staticmethod
    async def _exchange(process, payload: bytes):
        import pickle

        process.stdin.write(len(payload).to_bytes(8, "big") + payload)
        await process.stdin.drain()
        size = int.from_bytes(await process.stdout.readexactly(8), "big")
        return pickle.loads(await process.stdout.readexactly(size))

    async def _started(self):
        import asyncio
        import os
        import sys
        from pathlib import Path

        import tabletwin

        if self._process is not None and self._process.returncode is None:
            return self._process
        here = [str(Path(__file__).resolve().parents[1]), str(Path(tabletwin.__file__).resolve().parents[1])]
        path = os.pathsep.join(dict.fromkeys(here + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
                                                      if p]))
        self._process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", "from tabletwin_lsp.gameworker import worker_main; worker_main()",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env={**os.environ, "PYTHONPATH": path},
            limit=2 ** 26)
        return self._process

    async def close(self) -> None:
        """Kill the worker and wait for every worker killed (before the event loop that watches them closes)."""
        self.stop()
        killed, self._killed = self._killed, []
        for process in killed:
            await process.wait()
            transport = getattr(process, "_transport", None)  # its pipes, else closed when collected, too late
            if transport is not None:
                transport.close()

    def stop(self) -> None:
        """Kill the worker (if any); the next call starts another."""
        process, self._process = self._process, None
        if process is None:
            return
        self._killed = [p for p in self._killed if p.returncode is None] + [process]
        if process.returncode is None:
            try:
                process.kill()
            except ProcessLookupError:
                pass


_game_process = GameProcess()


def game_process() -> GameProcess:
    """The server's game worker (one per server)."""
    return _game_process


def check_playable(analysis: Analysis) -> None:
    """Raise ``ValueError`` unless the analysis is of a readable model without errors."""
    if analysis.kind != MODEL or analysis.report is None or analysis.loaded is None:
        raise ValueError("this document is not a readable model")
    errors = len(analysis.report.errors)
    if errors:
        raise ValueError(f"the model has {errors} error{'s' if errors != 1 else ''}; "
                         "test games run on a model without errors")


def summary(test_games) -> dict:
    """The summary of ``tabletwin.runTestGames``: ``games, finished, avg_requests, reasons, stopped, unfinished``."""
    return test_games.as_json()


def test_games_players(analysis: Analysis) -> int:
    """The number of seats the test games of the analysed model play (all random)."""
    from tabletwin.model.model import num_players_of

    data = analysis.loaded.data if analysis.loaded is not None else None
    return num_players_of(data) if isinstance(data, dict) else 1


def stop_findings(analysis: Analysis, test_games) -> list[Finding]:
    """One error per distinct stop of the test games, at the op or node where it arose."""
    found = []
    lines = analysis.text.splitlines()
    for stop in test_games.stopped.values():
        games = "game" if test_games.games == 1 else "games"
        path = format_path(stop.path) if stop.path is not None else ""
        message = f"{stop.kind}: {_place_in_words(analysis, stop.message, path, stop.path)} " \
                  f"(stopped {stop.count} of {test_games.games} test {games})"
        data = {"testGames": stop.count}
        if stop.seed is not None:  # what the Player needs to open that very game
            data["player"] = {"seed": stop.seed, "players": ["random"] * test_games_players(analysis),
                              "request": stop.request}
        found.append(Finding(message, _first_line(_where(analysis.loaded, stop.path), lines), "error", path, data,
                             codes.GAME_STOPPED))
    return sorted(found, key=_order)


def _place_in_words(analysis: Analysis, message: str, path: str, raw_path) -> str:
    """The engine names a place by its model path where it has no op or node to name (an
    expression that ran out of the game's work): the words a person reads instead."""
    data = analysis.loaded.data if analysis.loaded is not None else None
    if path and raw_path and message.startswith(path + ": ") and isinstance(data, dict):
        return path_words(data, raw_path) + message[len(path):]
    return message


UNUSED_RULE = codes.UNUSED_RULE
"""The code of the information diagnostic on a rule that no game of a run used."""

_RULE_KIND = {"actions": "action", "steps": "step", "triggers": "trigger", "modifiers": "modifier",
              "windows": "window", "end": "end condition", "content": "content item"}


def players_label(specs: list[str]) -> str:
    """``random players`` when all seats play the same spec, else ``players a, b``."""
    if len(set(specs)) <= 1:
        return f"{specs[0] if specs else 'random'} players"
    return "players " + ", ".join(specs)


def unused_findings(analysis: Analysis, unused, games: int, players: str) -> list[Finding]:
    """One information per rule of ``unused`` (``(kind, key, model path text)``) on its line:
    a rule that none of ``games`` games used is a bug or a rule to cut."""
    found = []
    lines = analysis.text.splitlines()
    noun = "game" if games == 1 else "games"
    for kind, key, path in unused:
        try:
            where = _where(analysis.loaded, parse_path(path))
        except ValueError:  # a key holding ".", "[" or "]": no place to show it
            continue
        message = (f"{_RULE_KIND.get(kind, kind)} {key} was not used in {games} {noun} ({players}): "
                   "a bug, or a rule to cut?")
        found.append(Finding(message, _first_line(where, lines), "information", path, {"unusedRule": kind},
                             codes.UNUSED_RULE))
    return sorted(found, key=_order)


def unused_diagnostics(analysis: Analysis, unused, games: int, players: str, codec: PositionCodec | None = None):
    """The LSP diagnostics of :func:`unused_findings`, with the code :data:`UNUSED_RULE`."""
    diagnostics = to_diagnostics(analysis.text, unused_findings(analysis, unused, games, players), codec)
    for diagnostic in diagnostics:
        diagnostic.code = UNUSED_RULE
        diagnostic.tags = [types.DiagnosticTag.Unnecessary]  # the editor greys the rule no game used
    return diagnostics

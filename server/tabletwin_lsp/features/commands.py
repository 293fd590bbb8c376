"""Workspace commands: test games, the flow tree and simulations of the document in the editor.

==========================  ====================================  ===================================
command                     arguments                             result
==========================  ====================================  ===================================
``tabletwin.runTestGames``  ``uri[, games[, seed]]``              ``{games, finished, avg_requests,
                                                                  reasons, stopped, unfinished,
                                                                  timed_out}``
``tabletwin.showFlowTree``  ``uri``                               the flow tree as text
``tabletwin.simulate``      ``uri[, games[, players[, seed]]]``   the ``simulate --json`` document
==========================  ====================================  ===================================

Arguments may also be one object with these names (``{"uri": ..., "games": 20}``). ``games``
of the test games defaults to the ``testGames`` setting, of a simulation to 100; ``seed`` to 0;
``players`` is a list of specs (``random``, ``first``, ``agent:NAME``, a tactic file, relative
to the model's folder) or one comma-separated text, and defaults to random players.

All of them work on the text in the editor (or on disk if the document is not open). The games
run in a separate process, in chunks, with work-done progress when the client supports it, so
they never hold up completion or diagnostics. Cancelling (the request, or its progress) stops
the games at once: the process is killed and started again for the next command. Each game
has the time limit of the ``gameSeconds`` setting (:mod:`tabletwin_lsp.gameruns`): test games
that exceed it are stopped and listed in ``timed_out`` (their seeds), and a simulation with
such a game fails with a message naming it. Test games of a model with errors do not run: the
result then counts 0 games and a message says why. The stops of the test games become error
diagnostics at the op or node where they arose (see :mod:`.diagnostics`), until the next edit.
"""

from __future__ import annotations

import asyncio
import threading
import uuid
from pathlib import Path

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams, JsonRpcRequestCancelled
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from tabletwin.simulate import expand_specs, simulation_report

from .. import analysis as analyses
from .. import gameworker
from .. import gameruns
from .. import settings as config
from ..analysis import MODEL, Analysis
from ..server import server
from .diagnostics import attach_unused, log_message, play_test_games, remember_usage, run_in_game_process
from .requests import analysis_for

RUN_TEST_GAMES = "tabletwin.runTestGames"
SHOW_FLOW_TREE = "tabletwin.showFlowTree"
SIMULATE = "tabletwin.simulate"

SIMULATE_GAMES = 100
MAX_SIMULATE_GAMES = 1_000_000


# ---- arguments ---------------------------------------------------------------------------------


def _arguments(args: tuple, names: tuple[str, ...], command: str) -> dict:
    """Positional arguments, or one object with named ones, as a dict of the given names."""
    if len(args) == 1 and isinstance(args[0], dict):
        values = dict(args[0])
        unknown = set(values) - set(names)
        if unknown:
            raise JsonRpcInvalidParams(f"{command}: unknown argument {sorted(unknown)[0]!r}; "
                                       f"arguments are {', '.join(names)}")
    else:
        if len(args) > len(names):
            raise JsonRpcInvalidParams(f"{command}: at most {len(names)} arguments ({', '.join(names)}), "
                                       f"not {len(args)}")
        values = dict(zip(names, args))
    uri = values.get("uri")
    if not isinstance(uri, str) or not uri:
        raise JsonRpcInvalidParams(f"{command}: the first argument must be the document's URI")
    return values


def _whole(values: dict, name: str, default: int, low: int, high: int, command: str) -> int:
    value = values.get(name)
    if value is None:
        return default
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise JsonRpcInvalidParams(f"{command}: {name} must be a whole number from {low} to {high}, not {value!r}")
    return value


async def _analysis(ls: LanguageServer, uri: str, command: str) -> Analysis:
    analysis = await analysis_for(ls, uri, command)
    if analysis.kind != MODEL:
        raise JsonRpcInvalidParams(f"{command}: {uri} is not a model (no top-level 'flow')")
    return analysis


def _unreadable(analysis: Analysis, command: str) -> JsonRpcException:
    first = analysis.findings[0].message if analysis.findings else "it is empty"
    return JsonRpcInvalidParams(f"{command}: the model cannot be read: {first}")


# ---- progress ----------------------------------------------------------------------------------


class Progress:
    """Work-done progress if the client supports it; always a cancellation flag for the worker."""

    def __init__(self, ls: LanguageServer, title: str):
        self.ls = ls
        self.title = title
        self.token: str | None = None
        self.stop = threading.Event()
        self._percentage = -1

    async def begin(self, message: str) -> None:
        window = self.ls.client_capabilities.window
        if window is None or not window.work_done_progress:
            return
        token = f"tabletwin-{uuid.uuid4()}"
        try:
            await asyncio.wait_for(self.ls.work_done_progress.create_async(token), 10)
        except Exception as exc:  # noqa: BLE001 - no progress bar then
            log_message(self.ls, f"tabletwin: no progress for {self.title}: {exc!r}")
            return
        self.token = token
        self.ls.work_done_progress.begin(token, types.WorkDoneProgressBegin(
            title=self.title, message=message, cancellable=True, percentage=0))
        future = self.ls.work_done_progress.tokens.get(token)
        if future is not None:
            future.add_done_callback(lambda f: self.stop.set() if f.cancelled() else None)

    def report(self, done: int, total: int) -> None:
        """On the event loop: the games done so far (at most one report per percent)."""
        if self.token is None or total <= 0:
            return
        percentage = min(100, 100 * done // total)
        if percentage == self._percentage and done != total:
            return
        self._percentage = percentage
        self.ls.work_done_progress.report(self.token, types.WorkDoneProgressReport(
            message=f"{done}/{total} games", percentage=percentage, cancellable=True))

    def end(self, message: str) -> None:
        if self.token is not None:
            self.ls.work_done_progress.end(self.token, types.WorkDoneProgressEnd(message=message))
            self.token = None

    def cancelled(self) -> bool:
        return self.stop.is_set()


def _show(ls: LanguageServer, message: str, kind: types.MessageType = types.MessageType.Info) -> None:
    ls.window_show_message(types.ShowMessageParams(type=kind, message=message))


# ---- tabletwin.runTestGames --------------------------------------------------------------------


def _counts(counts: dict) -> str:
    return ", ".join(f"{name} {count}" for name, count in counts.items())


def summary_text(summary: dict) -> str:
    """One line for people: ``Test games: 20 played, 20 finished (won 20), ...``."""
    parts = [f"{summary['games']} played", f"{summary['finished']} finished"
             + (f" ({_counts(summary['reasons'])})" if summary["reasons"] else "")]
    stopped = sum(summary["stopped"].values())
    if stopped:
        parts.append(f"{stopped} stopped by an engine error")
    if summary["unfinished"]:
        parts.append(f"{summary['unfinished']} cut at 5,000 requests")
    timed_out = summary.get("timed_out") or []
    if timed_out:
        seeds = ", ".join(map(str, timed_out[:10])) + (", ..." if len(timed_out) > 10 else "")
        parts.append(f"{len(timed_out)} stopped at the time limit of {config.current().game_seconds} s "
                     f"(seed{'s' if len(timed_out) != 1 else ''} {seeds})")
    text = "Test games: " + ", ".join(parts) + f"; {summary['avg_requests']} requests per game on average"
    for message, count in summary["stopped"].items():
        text += f"\n{count}× {message}"
    return text


def empty_summary() -> dict:
    return gameruns.PlayedTestGames().as_json()


@server.command(RUN_TEST_GAMES)
async def run_test_games(ls: LanguageServer, *args) -> dict:
    values = _arguments(args, ("uri", "games", "seed"), RUN_TEST_GAMES)
    games = _whole(values, "games", config.current().test_games, 0, config.MAX_GAMES, RUN_TEST_GAMES)
    seed = _whole(values, "seed", 0, -(2 ** 63), 2 ** 63 - 1, RUN_TEST_GAMES)
    analysis = await _analysis(ls, values["uri"], RUN_TEST_GAMES)
    if analysis.report is None or not analysis.report.readable:
        raise _unreadable(analysis, RUN_TEST_GAMES)
    progress = Progress(ls, "Test games")
    await progress.begin(f"0/{games} games")
    try:
        result = await play_test_games(ls, analysis, games, seed, progress.report, progress.cancelled)
    except ValueError as exc:
        progress.end("not run")
        _show(ls, f"Test games did not run: {exc}", types.MessageType.Warning)
        return empty_summary()
    except asyncio.CancelledError:
        progress.stop.set()
        progress.end("cancelled")
        raise
    except BaseException:
        progress.end("failed")
        raise
    summary = result.as_json()
    cancelled = progress.cancelled() and result.games < games
    progress.end("cancelled" if cancelled else f"{summary['finished']}/{summary['games']} finished")
    text = summary_text(summary) + (f" (cancelled after {result.games} of {games})" if cancelled else "")
    trouble = summary["stopped"] or summary["unfinished"] or summary["timed_out"]
    _show(ls, text, types.MessageType.Warning if trouble else types.MessageType.Info)
    return summary


@server.feature(types.SHUTDOWN)
def shutdown(ls: LanguageServer, params) -> None:
    """No more games: the game process goes (the pending commands are cancelled after this)."""
    analyses.game_process().stop()


# ---- tabletwin.showFlowTree --------------------------------------------------------------------


@server.command(SHOW_FLOW_TREE)
async def show_flow_tree(ls: LanguageServer, *args) -> str:
    values = _arguments(args, ("uri",), SHOW_FLOW_TREE)
    analysis = await _analysis(ls, values["uri"], SHOW_FLOW_TREE)
    if analysis.report is None or not analysis.report.readable:
        raise _unreadable(analysis, SHOW_FLOW_TREE)
    return analysis.report.tree


# ---- tabletwin.simulate ------------------------------------------------------------------------


def _players(values: dict) -> list[str]:
    players = values.get("players")
    if players is None:
        return []
    if isinstance(players, str):
        players = players.split(",")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise JsonRpcInvalidParams(f"{SIMULATE}: players must be a list of player specs, not {players!r}")
    return [p.strip() for p in players if p.strip()]


def _resolve(spec: str, folder: Path | None) -> str:
    """A tactic file relative to the model's folder, as the engine opens it."""
    if folder is not None and spec.endswith((".yaml", ".yml")) and not Path(spec).is_absolute():
        return str(folder / spec)
    return spec


@server.command(SIMULATE)
async def simulate(ls: LanguageServer, *args) -> dict:
    values = _arguments(args, ("uri", "games", "players", "seed"), SIMULATE)
    games = _whole(values, "games", SIMULATE_GAMES, 1, MAX_SIMULATE_GAMES, SIMULATE)
    seed = _whole(values, "seed", 0, -(2 ** 63), 2 ** 63 - 1, SIMULATE)
    shown = _players(values)
    if "human" in shown:
        raise JsonRpcInvalidParams(f"{SIMULATE}: a human player cannot play many games; "
                                   "use random, first, agent:NAME or a tactic")
    analysis = await _analysis(ls, values["uri"], SIMULATE)
    if analysis.report is None or not analysis.report.readable or analysis.loaded is None:
        raise _unreadable(analysis, SIMULATE)
    filename = to_fs_path(analysis.uri) or "-"
    folder = Path(filename).parent if filename != "-" else None
    specs = [_resolve(spec, folder) for spec in shown]
    problem, seats = await run_in_game_process(gameworker.check_players, analysis.text, filename, specs, seed,
                                               seconds=gameruns.LOAD_SECONDS)
    if problem is not None:
        raise JsonRpcInvalidParams(f"{SIMULATE}: {problem}")
    rules = await run_in_game_process(gameworker.rule_catalogue, analysis.text, filename, seconds=gameruns.LOAD_SECONDS)
    progress = Progress(ls, "Simulation")
    await progress.begin(f"0/{games} games")
    seconds = config.current().game_seconds
    results = await play_with_progress(
        progress, gameworker.simulate_chunk, analysis.text, filename, lambda start, stop: (specs, start, stop, seed),
        games, seconds,
        timed_out=lambda number: f"{SIMULATE}: the game with seed {seed + number} did not finish within {seconds} s "
                                 f"(the setting tabletwin.gameSeconds); the simulation stopped",
        cancelled=lambda done: f"{SIMULATE}: cancelled after {done} of {games} games")
    players = expand_specs(shown, seats)
    report = simulation_report(results, players, seed, rules).as_json()
    progress.end(f"{report['finished']}/{report['games']} finished")
    unused = [(kind, key, row["path"]) for kind, rows in report["coverage"].items()
              for key, row in rows.items() if row["games"] == 0 and row["path"] is not None]
    attach_unused(ls, analysis, unused, len(results), analyses.players_label(players))
    remember_usage(ls, analysis, len(results), [(key, row["path"], row["games"]) for key, row
                                                in report["coverage"].get("actions", {}).items() if row["path"]],
                   f"simulation ({analyses.players_label(players)})")
    return report


async def play_with_progress(progress: "Progress", function, text: str, filename: str, arguments, count: int,
                             seconds: float, timed_out, cancelled) -> list:
    """Games in the game process (:func:`.gameruns.play`), reported on ``progress``: every result in
    order, or the request's error when a game runs out of time (``timed_out(number)`` says so) or
    the user cancels (``cancelled(done)``)."""
    try:
        played = await gameruns.play(function, text, filename, arguments, count, seconds, progress.cancelled,
                                     progress.report, stop_at_timeout=True)
    except gameruns.GameTimedOut as exc:
        progress.end("stopped")
        raise JsonRpcException(timed_out(exc.number), code=types.LSPErrorCodes.RequestFailed) from None
    except asyncio.CancelledError:
        progress.end("cancelled")
        raise
    except BaseException:
        progress.end("failed")
        raise
    results = [result for part in played.parts for result in part]
    if played.cancelled:
        progress.end("cancelled")
        raise JsonRpcRequestCancelled(cancelled(len(results)))
    return results

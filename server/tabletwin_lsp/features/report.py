"""``tabletwin/simulationReport`` and ``tabletwin/ladder``: the balance report and the skill ladder
for the editor's webviews, with where each rule is written.

Requests of our own (the webviews render what they get; no game logic in them):

``tabletwin/simulationReport``, params ``{uri, games?, players?, seed?}`` (as the
``tabletwin.simulate`` command, which plays the games and publishes the unused rules):

=============  ===================================================================================
field          meaning
=============  ===================================================================================
``model``      the model's file name, for titles
``version``    the document version the games were played on (``null`` for a file not open)
``report``     the ``simulate --json`` document
``locations``  ``{"rules": {kind: {key: range}}, "places": {place: range}}``: the LSP range
               (0-based, the client's column units) of every rule of the coverage table and every
               place of the choice table that the text of ``version`` names; rules and places
               without a written place are left out
=============  ===================================================================================

``tabletwin/ladder``, params ``{uri, tactic, budgets, games?, seed?}``: ``tactic`` a tactic file
(absolute, or relative to the model's folder, read from disk), ``budgets`` a list of whole
numbers or ``"0,16,64"``; answers ``{model, tactic, report, verdict}`` where ``report`` is the
``ladder --json`` document and ``verdict`` the sentence the text report ends with. The games run
in the game process like a simulation's, one seed (every rung, both opponents, every seat) per
game with the ``gameSeconds`` limit times the games of a seed.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace.position_codec import ServerTextPosition, ServerTextRange

from tabletwin.errors import TabletwinError
from tabletwin.modelfile import LoadedYaml
from tabletwin.modelfile.paths import parse_path
from tabletwin.simulate.ladder import (OPPONENTS, LadderError, ladder_report, ladder_verdict, lineups,
                                       parse_budgets, write_variants)
from tabletwin.tactics.tactic import MAX_SEARCH_ROLLOUTS, load_tactic

from .. import gameruns, gameworker
from .. import settings as config
from ..server import server
from . import commands
from .commands import Progress, _analysis, _unreadable, _whole
from .diagnostics import codec, run_in_game_process

SIMULATION_REPORT = "tabletwin/simulationReport"
LADDER = "tabletwin/ladder"

LADDER_GAMES = 20
MAX_LADDER_GAMES = 100_000

_PLACE = re.compile(r"^(step|action|window|trigger) (.+?)(?: \(cost\))?(?: · \d+)*$")
"""A place where decisions happen, as the engine names it: ``step turn``, ``action buy (cost)``,
``window reply``, ``trigger on_six``; a choice of several picks adds `` · 2`` per pick."""

_PLACE_KIND = {"step": "steps", "action": "actions", "window": "windows", "trigger": "triggers"}


def _params(params, request: str) -> dict:
    """The params object as a dict (pygls hands over untyped params as namedtuples)."""
    if hasattr(params, "_asdict"):
        params = params._asdict()
    if not isinstance(params, dict):
        raise JsonRpcInvalidParams(f"{request}: params must be an object with the document's uri")
    return {key: (value._asdict() if hasattr(value, "_asdict") else value) for key, value in params.items()}


# ---- where rules are written -------------------------------------------------------------------


def _range(loaded: LoadedYaml, path_text: str | None, lines: list[str], units) -> dict | None:
    """The LSP range of the key that writes ``path_text``, ``None`` when the text has no such key."""
    if path_text is None:
        return None
    try:
        span = loaded.positions.span(tuple(parse_path(path_text)))
    except ValueError:  # a key holding ".", "[" or "]" cannot be looked up by its path text
        return None
    if span is None:
        return None
    end_line, end_column = span.end_line, span.end_column
    if end_line != span.line and span.line < len(lines):  # a whole block: its first line
        end_line, end_column = span.line, max(span.column + 1, len(lines[span.line].rstrip()))
    found = units.range_to_client_units(lines, ServerTextRange(ServerTextPosition(span.line, span.column),
                                                               ServerTextPosition(end_line, end_column)))
    return {"start": {"line": found.start.line, "character": found.start.character},
            "end": {"line": found.end.line, "character": found.end.character}}


def place_rule(place: str) -> tuple[str, str] | None:
    """The coverage kind and key of the rule a place is in (``step turn · 2`` → ``steps``, ``turn``)."""
    match = _PLACE.match(place)
    return (_PLACE_KIND[match.group(1)], match.group(2)) if match else None


def locations(loaded: LoadedYaml, text: str, report: dict, units) -> dict:
    """Where the report's rules and places are written in ``text``."""
    lines = text.splitlines()
    rules: dict = {}
    for kind, rows in report.get("coverage", {}).items():
        for key, row in rows.items():
            found = _range(loaded, row.get("path"), lines, units)
            if found is not None:
                rules.setdefault(kind, {})[key] = found
    places = {}
    for place in report.get("choice", {}).get("by_place", {}):
        rule = place_rule(place)
        found = rules.get(rule[0], {}).get(rule[1]) if rule else None
        if found is None and ("." in place or "[" in place):
            found = _range(loaded, place, lines, units)  # a place named by its model path
        if found is not None:
            places[place] = found
    return {"rules": rules, "places": places}


def _model_name(uri: str) -> str:
    return Path(to_fs_path(uri) or uri).name


# ---- tabletwin/simulationReport ----------------------------------------------------------------


@server.feature(SIMULATION_REPORT)
async def simulation_report(ls: LanguageServer, params) -> dict:
    values = _params(params, SIMULATION_REPORT)
    unknown = set(values) - {"uri", "games", "players", "seed"}
    if unknown:
        raise JsonRpcInvalidParams(f"{SIMULATION_REPORT}: unknown param {sorted(unknown)[0]!r}; "
                                   "params are uri, games, players, seed")
    uri = values.get("uri")
    if not isinstance(uri, str) or not uri:
        raise JsonRpcInvalidParams(f"{SIMULATION_REPORT}: params must carry the document's uri")
    analysis = await _analysis(ls, uri, SIMULATION_REPORT)
    if analysis.report is None or not analysis.report.readable or analysis.loaded is None:
        raise _unreadable(analysis, SIMULATION_REPORT)
    report = await commands.simulate(ls, {key: value for key, value in values.items() if value is not None})
    return {"model": _model_name(analysis.uri), "version": analysis.version, "report": report,
            "locations": locations(analysis.loaded, analysis.text, report, codec(ls))}


# ---- tabletwin/ladder --------------------------------------------------------------------------


def _budgets(value) -> list[int]:
    if isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        value = ",".join(str(v) for v in value)
    if not isinstance(value, str):
        raise JsonRpcInvalidParams(f"{LADDER}: budgets must be a list of whole numbers or a text like \"0,16,64\"")
    try:
        return parse_budgets(value, MAX_SEARCH_ROLLOUTS)
    except LadderError as exc:
        raise JsonRpcInvalidParams(f"{LADDER}: {exc}") from None


def _tactic_path(value, folder: Path | None) -> Path:
    if not isinstance(value, str) or not value.strip():
        raise JsonRpcInvalidParams(f"{LADDER}: tactic must be the path of a tactic file")
    path = Path(value.strip())
    if not path.is_absolute() and folder is not None:
        path = folder / path
    return path


@server.feature(LADDER)
async def ladder(ls: LanguageServer, params) -> dict:
    values = _params(params, LADDER)
    unknown = set(values) - {"uri", "tactic", "budgets", "games", "seed"}
    if unknown:
        raise JsonRpcInvalidParams(f"{LADDER}: unknown param {sorted(unknown)[0]!r}; "
                                   "params are uri, tactic, budgets, games, seed")
    if not isinstance(values.get("uri"), str) or not values["uri"]:
        raise JsonRpcInvalidParams(f"{LADDER}: params must carry the document's uri")
    games = _whole(values, "games", LADDER_GAMES, 1, MAX_LADDER_GAMES, LADDER)
    seed = _whole(values, "seed", 0, -(2 ** 63), 2 ** 63 - 1, LADDER)
    budgets = _budgets(values.get("budgets"))
    analysis = await _analysis(ls, values["uri"], LADDER)
    if analysis.report is None or not analysis.report.readable or analysis.loaded is None:
        raise _unreadable(analysis, LADDER)
    filename = to_fs_path(analysis.uri) or "-"
    folder = Path(filename).parent if filename != "-" else None
    tactic_path = _tactic_path(values.get("tactic"), folder)
    try:
        tactic = load_tactic(tactic_path)
    except TabletwinError as exc:
        raise JsonRpcInvalidParams(f"{LADDER}: {exc.message}") from None
    if tactic.search is None and any(budgets):
        raise JsonRpcInvalidParams(f"{LADDER}: tactic {tactic.name} has no search, so it cannot use a budget of "
                                   "rollouts; give it a 'search' with 'at' (see docs/scaling.md)")
    at = tactic.search.at if tactic.search is not None else []
    work = Path(tempfile.mkdtemp(prefix="tabletwin-ladder-"))
    try:
        return await _play_ladder(ls, analysis, filename, tactic, tactic_path, at, budgets, games, seed, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


async def _play_ladder(ls, analysis, filename, tactic, tactic_path, at, budgets, games, seed, work: Path) -> dict:
    paths = write_variants(tactic_path, tactic.name, at, budgets, work)
    _, seats = await run_in_game_process(gameworker.check_players, analysis.text, filename, [], seed,
                                         seconds=gameruns.LOAD_SECONDS)
    plan = lineups(budgets, paths, seats)
    for specs in plan[:len(budgets) * len(OPPONENTS) * seats:seats]:
        problem, _ = await run_in_game_process(gameworker.check_players, analysis.text, filename, specs, seed,
                                               seconds=gameruns.LOAD_SECONDS)
        if problem is not None:
            raise JsonRpcInvalidParams(f"{LADDER}: {problem}")
    progress = Progress(ls, "Skill ladder")
    await progress.begin(f"0/{games} seeds")
    seconds = config.current().game_seconds * len(plan)
    results = await commands.play_with_progress(
        progress, gameworker.ladder_chunk, analysis.text, filename, lambda start, stop: (plan, start, stop, seed),
        games, seconds,
        timed_out=lambda number: f"{LADDER}: the games of seed {seed + number} did not finish within {seconds:g} s "
                                 f"(the setting tabletwin.gameSeconds for each of its {len(plan)} games); "
                                 "the ladder stopped",
        cancelled=lambda done: f"{LADDER}: cancelled after {done} of {games} seeds")
    report = ladder_report(results, budgets, seats, tactic.name, seed)
    progress.end("rises" if report.rises else "does not rise")
    return {"model": _model_name(analysis.uri), "tactic": tactic_path.name, "report": report.as_json(),
            "verdict": ladder_verdict(report)}

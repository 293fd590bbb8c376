"""The server's settings: section ``tabletwin`` of the editor's configuration.

Every field has a default, so the server works without any configuration. Settings arrive in
``initializationOptions`` (either the section itself or ``{"tabletwin": {...}}``) and later in
``workspace/didChangeConfiguration`` (``{"tabletwin": {...}}``, or pulled with
``workspace/configuration`` when the notification carries none). Keys are read in the editor's
camelCase or in snake_case:

=================  ===================  ========  ==============================================
key                field                default   meaning
=================  ===================  ========  ==============================================
``testGames``      ``test_games``       20        games played by ``tabletwin.runTestGames`` and
                                                  by automatic runs (0 to 1000)
``runTestGames``   ``run_test_games``   ``save``  when test games run by themselves: ``never``,
                                                  ``save`` (on ``didSave``) or ``change`` (after
                                                  each edit's diagnostics)
``debounceMs``     ``debounce_ms``      200       quiet time after an edit before the document
                                                  is checked (0 to 5000 ms)
``gameSeconds``    ``game_seconds``     10        time one test game or simulated game may take;
                                                  the game process is then stopped and started
                                                  again (0.1 to 3600 s)
``diagnostics.     ``workspace_         true      problems of the model and tactic files of the
workspace``        diagnostics``                  workspace that are not open (true or false)
=================  ===================  ========  ==============================================

``diagnostics.workspace`` arrives nested (``{"diagnostics": {"workspace": false}}``, as VS Code
sends ``tabletwin.diagnostics.workspace``) or dotted (``{"diagnostics.workspace": false}``).

A value that is invalid falls back to the field's default and the problem is returned (the
server logs it); an unknown key is reported the same way and otherwise ignored.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, fields, replace
from typing import Any

SECTION = "tabletwin"
WHEN = ("never", "save", "change")
MAX_GAMES = 1000
MAX_DEBOUNCE_MS = 5000
MAX_GAME_SECONDS = 3600
MIN_GAME_SECONDS = 0.1


@dataclass(frozen=True)
class Settings:
    test_games: int = 20
    run_test_games: str = "save"
    debounce_ms: int = 200
    game_seconds: float = 10
    workspace_diagnostics: bool = True

    @property
    def debounce_seconds(self) -> float:
        return self.debounce_ms / 1000


_CAMEL = {"testGames": "test_games", "runTestGames": "run_test_games", "debounceMs": "debounce_ms",
          "gameSeconds": "game_seconds", "diagnostics.workspace": "workspace_diagnostics"}
_NAMES = {f.name for f in fields(Settings)}


def _whole(value: Any, low: int, high: int) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and low <= value <= high:
        return value
    return None


def _seconds(value: Any):
    """A time limit in seconds (whole seconds stay whole, so messages say ``10 s``), or ``None``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if not MIN_GAME_SECONDS <= value <= MAX_GAME_SECONDS:  # also refuses NaN
        return None
    return int(value) if float(value).is_integer() else float(value)


def _check(name: str, value: Any):
    """The valid value for field ``name``, or ``None``."""
    if name == "test_games":
        return _whole(value, 0, MAX_GAMES)
    if name == "debounce_ms":
        return _whole(value, 0, MAX_DEBOUNCE_MS)
    if name == "game_seconds":
        return _seconds(value)
    if name == "run_test_games":
        return value if value in WHEN else None
    if name == "workspace_diagnostics":
        return value if isinstance(value, bool) else None
    return None


def _allowed(name: str) -> str:
    if name == "test_games":
        return f"a whole number from 0 to {MAX_GAMES}"
    if name == "debounce_ms":
        return f"a whole number of milliseconds from 0 to {MAX_DEBOUNCE_MS}"
    if name == "game_seconds":
        return f"a number of seconds from {MIN_GAME_SECONDS} to {MAX_GAME_SECONDS}"
    if name == "workspace_diagnostics":
        return "true or false"
    return "one of " + ", ".join(WHEN)


def section_of(options: Any) -> Any:
    """The ``tabletwin`` section of initialization options or a configuration object."""
    if isinstance(options, dict) and isinstance(options.get(SECTION), dict):
        return options[SECTION]
    return options


def parse(options: Any) -> tuple[Settings, list[str]]:
    """Settings from a section (missing keys take their default) and the problems found."""
    if options is None:
        return Settings(), []
    if not isinstance(options, dict):
        return Settings(), [f"settings: expected a mapping for '{SECTION}', not {type(options).__name__}; "
                            "using the defaults"]
    values: dict[str, Any] = {}
    problems = []
    defaults = Settings()
    for key, value in _flattened(options).items():
        name = _CAMEL.get(key, key)
        if name not in _NAMES:
            problems.append(f"settings: unknown key {SECTION}.{key} (ignored)")
            continue
        checked = _check(name, value)
        if checked is None:
            problems.append(f"settings: {SECTION}.{key} must be {_allowed(name)}, not {value!r}; "
                            f"using the default {getattr(defaults, name)!r}")
            continue
        values[name] = checked
    return replace(defaults, **values), problems


def _flattened(options: dict) -> dict:
    """``{"diagnostics": {"workspace": x}}`` as ``{"diagnostics.workspace": x}`` (nested sections)."""
    flat = {}
    for key, value in options.items():
        if key == "diagnostics" and isinstance(value, dict):
            flat.update({f"diagnostics.{inner}": item for inner, item in value.items()})
        else:
            flat[key] = value
    return flat


_lock = threading.Lock()
_current = Settings()


def current() -> Settings:
    """The settings in force (safe to call from any thread)."""
    return _current


def update(options: Any) -> tuple[Settings, list[str]]:
    """Put the settings of ``options`` (a section, or a mapping holding one) in force."""
    global _current
    settings, problems = parse(section_of(options))
    with _lock:
        _current = settings
    return settings, problems


def reset() -> None:
    """Back to the defaults (for tests)."""
    global _current
    with _lock:
        _current = Settings()

"""Decision places of a model, for tactic files (reference §12, tactics.md "Decision places").

A place is known from the model alone: ``step <id>`` for a step with several actions in ``do``;
``action <name>`` (and ``action <name> (cost)``) for an action whose ops ask something
(``choose``, ``search``, ``say``) or draw chance (``roll``, ``draw``, ``look``, ``sample``);
``window <name>`` for each priority window (``window None`` when one is opened without a name);
``trigger <id>`` for optional triggers and triggers whose ops ask something; ``content <id>`` for
items whose effect does; ``<place> · <event>`` for a choice inside an ``emit``'s impact.
Tactics only ever decide at decisions; chance places are listed so hover can explain them.

:func:`find_model` looks for the model a tactic plays: a file with the tactic's ``game`` id in
the tactic's folder or its parent. A ``text_of(path)`` lookup (the language server answers it
from the documents open in the editor) gives a file's unsaved text, which then wins over the
disk; each file is read and loaded once per text (per modification time on disk).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import TabletwinError
from ..modelfile import LoadedYaml, load_yaml
from ..validate.walk import content_items, mapping, nodes, sequence
from .entries import UnitCache, units, units_independent

DECISION_OPS = ("choose", "search", "say")
CHANCE_OPS = ("roll", "draw", "look", "sample")
WILDCARDS = ("step *", "action *", "window *", "trigger *", "content *")
_GAME = re.compile(r"^game:\s*['\"]?([^'\"#\s]+)['\"]?\s*(?:#.*)?$", re.M)
_TOP_KEY = re.compile(r"^(flow|game|actions|tactic)\s*:", re.M)
_PLAIN_ID = re.compile(r"[\w.\-]+")

TextOf = Callable[[str], "str | None"]
"""The unsaved text of a file open in the editor, by path; ``None`` when it is not open."""


@dataclass(frozen=True)
class Place:
    name: str
    decision: bool  # a tactic decides here (else only chance happens here)
    about: str  # where it arises, in words
    path: tuple  # the model path it comes from
    options: tuple = ()  # option labels known from the model


def model_places(data) -> list[Place]:
    data = data if isinstance(data, dict) else {}
    places = _Places()
    for step, _tops in PLACE_STEPS:
        if step is None:
            _window_places(places.add, data, _speeds(data))
        else:
            step(places.add, data)
    return places.found()


_unit_places = UnitCache()


def kept_places(loaded) -> list[Place]:
    """:func:`model_places` of a loaded model, kept per top-level entry (:mod:`.entries`): after
    an edit only the edited entry's ops are walked again."""
    data = loaded.data
    if not isinstance(data, dict) or not units_independent(loaded):
        return model_places(data)
    found = units(data)
    kept = [_unit_places.get(loaded, unit, _places_of_unit, lambda result, _lines: result) for unit in found]
    places = _Places()
    for number, (step, tops) in enumerate(PLACE_STEPS):
        if step is None:
            speeds = [speed for top in ("actions", "content") for unit, result in zip(found, kept)
                      if unit.path[0] == top for speed in result[-1]]
            _window_places(places.add, data, speeds)
            continue
        for top in tops:
            for unit, result in zip(found, kept):
                if unit.path[0] == top:
                    for place in result[number]:
                        places.add(place)
    return places.found()


def _places_of_unit(unit) -> list:
    """The places each step finds in the unit (in the order it adds them), and its speeds."""
    found = []
    for step, tops in PLACE_STEPS:
        added: list = []
        if step is not None and unit.path[0] in tops:
            step(added.append, unit.data)
        found.append(added)
    found.append(_speeds(unit.data))
    return found


class _Places:
    """Places by name, the first one kept unless a later one is a decision and it is not."""

    def __init__(self):
        self.places: dict[str, Place] = {}

    def add(self, place: Place) -> None:
        known = self.places.get(place.name)
        if known is None or (place.decision and not known.decision):
            self.places[place.name] = place

    def found(self) -> list[Place]:
        return list(self.places.values())


def _node_places(add, data: dict) -> None:
    for node, path in nodes(data):
        do = node.get("do")
        if node.get("kind") == "step" and isinstance(do, list) and len(do) > 1:
            names = tuple(str(name) for name in do)
            add(Place(f"step {node.get('id')}", True, f"step `{node.get('id')}`: the actor picks one of "
                      + ", ".join(names), path, names))
        if node.get("window") is True:
            add(Place("window None", True, "a window opened with `window: true`", path + ("window",), ("pass",)))


def _window_places(add, data: dict, speeds: list) -> None:
    for name, window in mapping(mapping(data.get("priority")).get("windows")).items():
        allows = [str(s) for s in sequence(mapping(window).get("allows"))]
        playable = tuple(action for action, speed in speeds if speed in allows) + ("pass",)
        add(Place(f"window {name}", True, f"priority window `{name}`: play an action of speed "
                  + (", ".join(allows) or "(none)") + " or pass", ("priority", "windows", name), playable))


def _action_places(add, data: dict) -> None:
    for name, action in mapping(data.get("actions")).items():
        for part in ("effect", "cost"):
            suffix = " (cost)" if part == "cost" else ""
            _ops_places(add, f"action {name}{suffix}", f"action `{name}`" + (" (its cost)" if suffix else ""),
                        sequence(mapping(action).get(part)), ("actions", name, part))


def _top_trigger_places(add, data: dict) -> None:
    for position, trigger in enumerate(sequence(data.get("triggers"))):
        _trigger_places(add, trigger, ("triggers", position), None)


def _content_places(add, data: dict) -> None:
    for item, path in content_items(data):
        label = str(item.get("id"))
        _ops_places(add, f"content {label}", f"content item `{label}` run by exec",
                    sequence(item.get("effect")), path + ("effect",))
        for position, ability in enumerate(sequence(item.get("abilities"))):
            ability = mapping(ability)
            name = str(ability.get("id", label))
            for part in ("effect", "cost"):
                suffix = " (cost)" if part == "cost" else ""
                _ops_places(add, f"action {name}{suffix}", f"ability `{name}` of `{label}`",
                            sequence(ability.get(part)), path + ("abilities", position, part))
        for position, trigger in enumerate(sequence(item.get("triggers"))):
            _trigger_places(add, trigger, path + ("triggers", position), label)


def _window_op_places(add, data: dict) -> None:
    for op, path in _window_ops(data):
        if op.get("name") is None:
            add(Place("window None", True, "a window op without a name", path, ("pass",)))


#: The walks that find places, in order, with the top-level keys each walks (in its order);
#: ``None``: the priority windows, which need the speeds of every action and ability.
PLACE_STEPS = (
    (_node_places, ("flow", "flows")), (None, ()), (_action_places, ("actions",)),
    (_top_trigger_places, ("triggers",)), (_content_places, ("content",)),
    (_window_op_places, ("actions", "triggers", "outcomes", "content")),
)


def _speeds(data: dict) -> list[tuple[str, str]]:
    found = [(str(name), str(mapping(action).get("speed"))) for name, action in mapping(data.get("actions")).items()
             if mapping(action).get("speed") is not None]
    for item, _path in content_items(data):
        for ability in sequence(item.get("abilities")):
            ability = mapping(ability)
            if ability.get("speed") is not None and "id" in ability:
                found.append((str(ability["id"]), str(ability["speed"])))
    return found


def _trigger_places(add, trigger, path: tuple, item: str | None) -> None:
    trigger = mapping(trigger)
    name = str(trigger.get("id", item))  # the engine names a trigger without an id "trigger None"
    where = f"trigger `{name}` on event `{trigger.get('event')}`"
    if trigger.get("optional") is True:
        add(Place(f"trigger {name}", True, f"optional {where}: its controller picks use or skip", path,
                  ("use", "skip")))
    _ops_places(add, f"trigger {name}", where, sequence(trigger.get("do")), path + ("do",))


def _ops_places(add, place: str, where: str, ops: list, path: tuple) -> None:
    for index, op in enumerate(ops):
        if not isinstance(op, dict):
            continue
        kind = op.get("op")
        at = path + (index,)
        if kind in DECISION_OPS:
            options = tuple(str(o) for o in op["options"]) if isinstance(op.get("options"), list) else ()
            add(Place(place, True, f"{where}: a `{kind}` at {_where(at)}", at, options))
        elif kind in CHANCE_OPS:
            add(Place(place, False, f"{where}: chance (`{kind}` at {_where(at)}); a tactic never decides it", at))
        for nested in ("then", "else", "body"):
            _ops_places(add, place, where, sequence(op.get(nested)), at + (nested,))
        if kind == "emit":
            event = op.get("event")
            _ops_places(add, f"{place} · {event}", f"{where}, in the impact of event `{event}`",
                        sequence(op.get("impact")), at + ("impact",))


def _window_ops(data: dict):
    from ..validate.walk import all_ops

    for op, path, _owner in all_ops(data):
        if op.get("op") == "window":
            yield op, path


def _where(path: tuple) -> str:
    from ..modelfile import format_path

    return format_path(path)


@dataclass(eq=False)
class ModelFile:
    """A model file as read for a tactic, from the editor's buffer or the disk.

    ``loaded`` is ``None`` when the text does not parse (a model being typed): the file is still
    the tactic's model (its ``game:`` line says so), only its places are unknown for now.
    """

    path: str
    text: str
    loaded: LoadedYaml | None
    from_buffer: bool = False
    _places: list | None = field(default=None, repr=False)

    @property
    def data(self):
        return self.loaded.data if self.loaded is not None else None

    @property
    def positions(self):
        return self.loaded.positions if self.loaded is not None else None

    @property
    def places(self) -> list[Place]:
        """The model's places (computed once per text)."""
        if self._places is None:
            self._places = kept_places(self.loaded) if self.loaded is not None else model_places(None)
        return self._places


@dataclass
class _Cached:
    """One file as last read: whether it is a model, and the model once it was needed."""

    stamp: tuple
    text: str | None  # None: not a model file
    written: str | None  # the game id of its ``game:`` line, if it is a plain one
    model: ModelFile | None = None
    game: str | None = None  # the loaded model's game id

    def of_game(self, game: str, path: str) -> ModelFile | None:
        if self.text is None or (self.written is not None and self.written != game):
            return None  # the game line names another game: no need to load the file
        if self.model is None:
            try:
                loaded = load_yaml(self.text)
            except TabletwinError:
                loaded = None
            if loaded is not None and isinstance(loaded.data, dict):
                found = loaded.data.get("game")
                self.game = str(found) if found is not None else None
            else:  # does not parse (yet): its game line decides
                loaded, self.game = None, self.written
            self.model = ModelFile(path, self.text, loaded, self.stamp[0] == "buffer")
        return self.model if self.game == game else None


_CACHE: dict[str, _Cached] = {}


def game_id(text: str) -> str | None:
    match = _GAME.search(text)
    return match.group(1) if match else None


def find_model(tactic_path: str | None, game: str | None, text_of: TextOf | None = None) -> ModelFile | None:
    """The model with ``game`` in the folder of ``tactic_path`` or its parent (first by name), or ``None``.

    ``text_of`` answers with the editor's text of a file that is open; other files are read
    from the disk.
    """
    if not tactic_path or not game:
        return None
    folder = Path(tactic_path).parent
    for candidate_folder in (folder, folder.parent):
        try:
            entries = sorted(os.scandir(candidate_folder), key=lambda entry: entry.name)
        except OSError:
            continue
        for entry in entries:
            if not entry.name.endswith((".yaml", ".yml")):
                continue
            try:
                if not entry.is_file():
                    continue
                found = _read(entry.path, entry, text_of)
            except OSError:
                continue
            model = found.of_game(game, entry.path) if found is not None else None
            if model is not None:
                return model
    return None


def _read(path: str, entry, text_of: TextOf | None) -> _Cached | None:
    text = _buffer(text_of, path)
    if text is not None:
        stamp = ("buffer", text)
    else:
        stat = entry.stat()
        stamp = ("disk", stat.st_mtime_ns, stat.st_size)
    cached = _CACHE.get(path)
    if cached is not None and cached.stamp == stamp:
        return cached
    cached = _Cached(stamp, None, None)
    try:
        if text is None:
            text = Path(path).read_text(encoding="utf-8")
        keys = set(_TOP_KEY.findall(text.removeprefix("\ufeff")))
        if "tactic" not in keys and ("flow" in keys or {"game", "actions"} <= keys):
            written = game_id(text)
            cached = _Cached(stamp, text, written if written is not None and _PLAIN_ID.fullmatch(written) else None)
    except (OSError, UnicodeDecodeError):
        pass
    _CACHE[path] = cached
    return cached


def _buffer(text_of: TextOf | None, path: str) -> str | None:
    if text_of is None:
        return None
    try:
        text = text_of(path)
    except Exception:  # noqa: BLE001 - a failing lookup means: read the disk
        return None
    return text if isinstance(text, str) else None

"""A model loaded once into typed parts; every game is a state over it.

Loading never fails on a rule the engine cannot run: the validator reports such problems and
the engine raises them when a game reaches them. Loading fails only on text that is not a
model at all (YAML errors, no ``flow``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..boards import board_functions
from ..errors import ExprError
from ..expr import ExprSyntaxError, FunctionDef, FunctionDefinitionError
from ..modelfile import LoadedYaml, PositionTable, check_is_model, load_yaml
from ..modelfile.files import read_text_file
from ..modelfile.shared import Once
from .code import Code
from .data import ModelDict, freeze
from .flow import NO_LOCALS, Node, compile_node, walk_nodes
from .ops import Op, compile_ops


@dataclass
class VarDecl:
    name: str
    per_player: bool
    init: object
    init_code: Code | None
    persist: bool
    path: tuple


@dataclass
class ZoneDecl:
    name: str
    per_player: bool
    visibility: str
    shuffled: bool
    persist: bool
    drawn_from: str | None
    init_code: Code | None
    path: tuple


@dataclass
class Action:
    name: str
    path: tuple
    pre: Code | None
    pre_is_text: bool
    cost: list[Op]
    effect: list[Op]
    speed: object
    item: dict | None = None  # the content item of an ability

    def __post_init__(self):
        self.place = f"action {self.name}"
        self.cost_place = f"action {self.name} (cost)"


@dataclass
class Trigger:
    id: str
    path: tuple
    event: object
    timing: str
    optional: bool
    controller: Code | None
    condition: Code | None
    condition_is_text: bool
    do: list[Op]
    item: dict | None = None

    @property
    def place(self) -> str:
        return f"trigger {self.id}"


@dataclass
class Modifier:
    path: tuple
    stat: object
    change: Code | None
    layer: object
    condition: Code | None
    item: dict | None = None
    until: object = None
    captured: dict | None = None  # local names kept by a ``modify`` op


@dataclass
class EndCondition:
    id: str
    path: tuple
    condition: Code | None
    result: object
    who: Code | None
    returns: Code | None
    scope: object


@dataclass
class Outcome:
    id: str
    path: tuple
    p: Code | None
    effect: list[Op]


@dataclass
class OutcomeModel:
    name: str
    path: tuple
    derived: list[tuple[str, Code]]
    outcomes: list[Outcome]
    skill: bool


@dataclass
class Priority:
    first: Code | None = None
    first_is_text: bool = False
    closes: object = "all_pass_in_succession"
    resolution: object = "immediate"
    after_action: object = "next"
    windows: dict = field(default_factory=dict)


@dataclass
class Model:
    """Everything the engine needs from one model file."""

    data: dict
    positions: PositionTable
    num_players: int
    mode: object
    constants: dict
    content: dict
    variables: dict[str, VarDecl]
    zones: dict[str, ZoneDecl]
    derived: dict[str, Code]
    functions: dict[str, object]
    boards: dict[str, object]
    flow: Node
    flows: dict[str, Node]
    actions: dict[str, Action]
    abilities: list[Action]
    triggers: list[Trigger]
    modifiers: list[Modifier]
    end: list[EndCondition]
    outcomes: dict[str, OutcomeModel]
    agents: dict[str, Code | None]
    priority: Priority
    filename: str = "-"
    text: str = ""
    item_paths: dict = field(default_factory=dict)  # id(content item) -> its model path
    compiled_parts: dict = field(default_factory=dict)  # content expressions and effects, compiled on use

    def node_ids(self):
        for root in [self.flow, *self.flows.values()]:
            yield from walk_nodes(root)

    def action(self, name: str) -> Action | None:
        found = self.actions.get(name)
        if found is None:
            for ability in self.abilities:
                if ability.name == name:
                    return ability
        return found


def load_model(source, filename: str | None = None) -> Model:
    """A model from YAML text, a path, or an already loaded document.

    Raises YamlError or NotAModelError (both with a span) when the text is not a model, and
    :class:`~tabletwin.modelfile.files.FileError` when a path is not a readable model file.
    """
    if isinstance(source, Path) or (isinstance(source, str) and "\n" not in source
                                    and source.endswith((".yaml", ".yml")) and Path(source).exists()):
        filename = filename or str(source)
        source = read_text_file(source)
    loaded = source if isinstance(source, LoadedYaml) else load_yaml(source)
    check_is_model(loaded)
    return compile_model(loaded, filename or "-")


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


MAX_PLAYERS = 100
"""Most seats a model may have. Each seat has its own player, random stream and per-player state,
so ``num_players: 1000000`` would take gigabytes before the first request; the validator reports
a larger number as an error and the engine seats the default instead."""


def num_players_of(data: dict) -> int:
    """``num_players`` of a model's data; 2 when missing or not a whole number from 1 to
    :data:`MAX_PLAYERS`."""
    num_players = data.get("num_players", 2)
    if not isinstance(num_players, int) or isinstance(num_players, bool) or not 1 <= num_players <= MAX_PLAYERS:
        return 2
    return num_players


def compile_model(loaded: LoadedYaml, filename: str = "-") -> Model:
    data = loaded.data
    num_players = num_players_of(data)
    state = _dict(data.get("state"))
    content = freeze(_dict(data.get("content")))
    abilities, content_triggers, content_modifiers, item_paths = _content_rules(content)
    flows = {str(name): compile_node(raw, ("flows", name)) for name, raw in _dict(data.get("flows")).items()}
    return Model(
        data=data,
        positions=loaded.positions,
        num_players=num_players,
        mode=data.get("mode", "competitive"),
        constants=freeze(_dict(data.get("constants"))),
        content=content,
        variables=_variables(_dict(state.get("vars"))),
        zones=_zones(_dict(state.get("zones"))),
        derived=_derived(_dict(state.get("derived"))),
        functions=_functions(_dict(data.get("functions"))),
        boards=board_functions(_dict(data.get("boards"))) if data.get("boards") else {},
        flow=compile_node(data.get("flow"), ("flow",)),
        flows=flows,
        actions={str(name): _action(str(name), raw, ("actions", name)) for name, raw in _dict(data.get("actions")).items()},
        abilities=abilities,
        triggers=_triggers(data.get("triggers"), ("triggers",)) + content_triggers,
        modifiers=_modifiers(data.get("modifiers"), ("modifiers",)) + content_modifiers,
        end=_end_conditions(data.get("end")),
        outcomes=_outcome_models(_dict(data.get("outcomes"))),
        agents={str(name): _code(_dict(raw), "policy_x", ("agents", name)) for name, raw in _dict(data.get("agents")).items()},
        priority=_priority(_dict(data.get("priority"))),
        filename=filename,
        text=loaded.text,
        item_paths=item_paths,
    )


def _code(raw: dict, key: str, path: tuple, local_names=None) -> Code | None:
    value = raw.get(key)
    return None if value is None else Code(value, path + (key,), local_names)


def _variables(raw_vars: dict) -> dict[str, VarDecl]:
    result = {}
    for name, raw in raw_vars.items():
        raw = _dict(raw)
        path = ("state", "vars", name)
        result[str(name)] = VarDecl(str(name), raw.get("scope") == "player", raw.get("init"),
                                    _code(raw, "init_x", path, NO_LOCALS), raw.get("persist") == "campaign", path)
    return result


def _zones(raw_zones: dict) -> dict[str, ZoneDecl]:
    result = {}
    for name, raw in raw_zones.items():
        raw = _dict(raw)
        path = ("state", "zones", name)
        drawn_from = raw.get("drawn_from")
        result[str(name)] = ZoneDecl(
            str(name), raw.get("owner") == "player", raw.get("visibility", "public") or "public",
            raw.get("shuffled") is True, raw.get("persist") == "campaign",
            str(drawn_from) if drawn_from is not None else None, _code(raw, "init_x", path, NO_LOCALS), path)
    return result


def _derived(raw_derived: dict) -> dict[str, Code]:
    result = {}
    for name, raw in raw_derived.items():
        path = ("state", "derived", name)
        if isinstance(raw, dict):
            if raw.get("x") is not None:
                result[str(name)] = Code(raw["x"], path + ("x",))
        elif raw is not None:
            result[str(name)] = Code(raw, path)
    return result


class _BrokenFunction:
    """A function whose definition cannot be compiled: calling it reports why."""

    def __init__(self, name: str, error: ExprError):
        self.__name__ = name
        self.error = error

    def bind(self, scope):
        error = self.error

        def broken(*args, **kwargs):
            raise error

        broken.__name__ = self.__name__
        return broken


def _functions(raw_functions: dict) -> dict[str, object]:
    result = {}
    for name, raw in raw_functions.items():
        raw = _dict(raw)
        path = ("functions", name)
        try:
            lets = raw.get("let") or {}
            if not isinstance(lets, dict):
                raise FunctionDefinitionError(f"function {name}: let must be a mapping of names to expressions")
            params = raw.get("params") or []
            if not isinstance(params, list):
                raise FunctionDefinitionError(f"function {name}: params must be a list of names")
            if raw.get("x") is None:
                raise FunctionDefinitionError(f"function {name}: x is missing")
            result[str(name)] = FunctionDef.compile(str(name), params, lets, raw["x"])
        except ExprSyntaxError as exc:
            result[str(name)] = _BrokenFunction(str(name), ExprError(exc.message, path=path))
        except FunctionDefinitionError as exc:
            result[str(name)] = _BrokenFunction(str(name), ExprError(str(exc), path=path))
    return result


def _action(name: str, raw, path: tuple, item=None) -> Action:
    raw = _dict(raw)
    return Action(name, path, _code(raw, "pre_x", path), "pre" in raw and raw.get("pre_x") is None,
                  compile_ops(raw.get("cost"), path + ("cost",)), compile_ops(raw.get("effect"), path + ("effect",)),
                  raw.get("speed"), item)


def _trigger(raw, path: tuple, item=None) -> Trigger:
    raw = _dict(raw)
    trigger_id = raw.get("id")
    if trigger_id is None and item is not None:
        trigger_id = item.get("id")
    return Trigger(str(trigger_id), path, raw.get("event"), raw.get("timing", "after"), raw.get("optional") is True,
                   _code(raw, "controller_x", path), _code(raw, "if_x", path),
                   "if" in raw and raw.get("if_x") is None, compile_ops(raw.get("do"), path + ("do",)), item)


def _triggers(raw_list, path: tuple, item=None) -> list[Trigger]:
    if not isinstance(raw_list, list):
        return []
    return [_trigger(raw, path + (index,), item) for index, raw in enumerate(raw_list)]


def _modifiers(raw_list, path: tuple, item=None) -> list[Modifier]:
    if not isinstance(raw_list, list):
        return []
    result = []
    for index, raw in enumerate(raw_list):
        raw = _dict(raw)
        at = path + (index,)
        result.append(Modifier(at, raw.get("stat"), _code(raw, "change_x", at), raw.get("layer", 0),
                               _code(raw, "if_x", at), item))
    return result


def _content_rules(content: dict):
    """Abilities, triggers and modifiers of content items, in model order."""
    abilities: list[Action] = []
    triggers: list[Trigger] = []
    modifiers: list[Modifier] = []
    paths: dict = {}
    once = Once()  # an item that aliases share has its rules once, at its anchor

    def visit(value, path):
        if not once.first(value):
            return
        if isinstance(value, dict):
            if "id" in value:
                paths.setdefault(id(value), path)
                for index, raw in enumerate(value.get("abilities") or []):
                    raw = _dict(raw)
                    if raw.get("id") is not None:
                        abilities.append(_action(str(raw["id"]), raw, path + ("abilities", index), value))
                triggers.extend(_triggers(value.get("triggers"), path + ("triggers",), value))
                modifiers.extend(_modifiers(value.get("modifiers"), path + ("modifiers",), value))
            for key, item in value.items():
                if key not in ("abilities", "triggers", "modifiers", "effect"):
                    visit(item, path + (key,))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                visit(item, path + (index,))

    visit(content, ("content",))
    return abilities, triggers, modifiers, paths


def _end_conditions(raw_list) -> list[EndCondition]:
    if not isinstance(raw_list, list):
        return []
    result = []
    for index, raw in enumerate(raw_list):
        raw = _dict(raw)
        path = ("end", index)
        result.append(EndCondition(str(raw.get("id", index)), path, _code(raw, "if_x", path, NO_LOCALS),
                                   raw.get("result"), _code(raw, "who_x", path, NO_LOCALS),
                                   _code(raw, "returns_x", path, NO_LOCALS), raw.get("scope")))
    return result


def _outcome_models(raw_models: dict) -> dict[str, OutcomeModel]:
    result = {}
    for name, raw in raw_models.items():
        raw = _dict(raw)
        path = ("outcomes", name)
        derived = [(str(key), Code(text, path + ("derived_x", key))) for key, text in _dict(raw.get("derived_x")).items()]
        outcomes = []
        for index, outcome in enumerate(raw.get("outcomes") or []):
            outcome = _dict(outcome)
            at = path + ("outcomes", index)
            outcomes.append(Outcome(str(outcome.get("id", index)), at, _code(outcome, "p_x", at),
                                    compile_ops(outcome.get("effect"), at + ("effect",))))
        result[str(name)] = OutcomeModel(str(name), path, derived, outcomes, raw.get("skill") is True)
    return result


def _priority(raw: dict) -> Priority:
    protocol = _dict(raw.get("protocol"))
    windows = {}
    for name, window in _dict(raw.get("windows")).items():
        allows = _dict(window).get("allows") or []
        windows[str(name)] = list(allows) if isinstance(allows, list) else [allows]
    return Priority(
        first=_code(protocol, "first_x", ("priority", "protocol")),
        first_is_text="first" in protocol and protocol.get("first_x") is None,
        closes=protocol.get("closes", "all_pass_in_succession"),
        resolution=protocol.get("resolution", "immediate"),
        after_action=protocol.get("after_action", "next"),
        windows=windows,
    )


__all__ = ["Action", "EndCondition", "Model", "ModelDict", "Modifier", "Outcome", "OutcomeModel", "Priority",
           "Trigger", "VarDecl", "ZoneDecl", "compile_model", "load_model"]

"""Which names an expression sees, by where it stands (expressions.md §6, tactics.md).

:func:`scope_at` reads the place from the expression's path and the (possibly partial) document
data: an action's ``pre_x`` sees ``actor``; an op sees ``actor`` and the names bound by the ops
before it (``bind`` of ``choose``, ``roll``, ``let``, ``look``, ``search``, ``create``, ``say``,
also inside earlier ``if`` and ``repeat`` ops, and in ``cost`` for ``effect``); a ``for_each``
body also sees its ``as``; a trigger sees ``event`` and the names bound where its event is
emitted; a variable's ``init_x`` sees only the variables above it; and so on. Each local name
comes with where it is bound, for completion details and hover.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .schemanav import value_at

NESTED_SHARED = ("then", "else", "body")  # ``if`` and ``repeat`` share the surrounding names
ITEM_FIELDS = ("effect", "active_x", "abilities", "triggers", "modifiers")
TACTIC_NAMES = ("me", "opts", "labels", "pool", "chosen", "where")
SCORING_FIELDS = ("max_x", "min_x", "take_x")


@dataclass
class Scope:
    """The names an expression sees besides the global part (which it sees unless ``globals``
    is false); ``locals`` maps each local name to where it comes from."""

    place: str
    locals: dict = field(default_factory=dict)
    globals: bool = True
    zones: bool = True
    derived: bool = True
    modified: bool = True
    vars_before: str | None = None  # a variable's init_x: only the variables declared above it
    derived_before: str | None = None
    tactic: bool = False


def _mapping(value) -> dict:
    return value if isinstance(value, dict) else {}


def _sequence(value) -> list:
    return value if isinstance(value, list) else []


def is_expression_path(kind: str, path: tuple) -> bool:
    """Whether the value at ``path`` is an expression of the language."""
    if not path:
        return False
    last = path[-1]
    if kind == "tactic":
        return (len(path) == 2 and path[0] == "let") or (isinstance(last, str) and last.endswith("_x"))
    if isinstance(last, str) and last.endswith("_x") and last != "derived_x":
        return True
    if len(path) >= 2 and path[-2] == "derived_x":
        return True
    if path[0] == "functions" and len(path) >= 3 and (path[2] == "x" and len(path) == 3 or path[2] == "let" and len(path) == 4):
        return True
    if path[:2] == ("state", "derived") and (len(path) == 3 or len(path) == 4 and path[3] == "x"):
        return True
    return False


def scope_at(kind: str, data, path: tuple, index=None) -> Scope:
    """The scope of the expression at ``path``; ``index`` (a :class:`~.symbols.Index`) adds the
    names bound where events are emitted and the keyword arguments of ``modified()``."""
    if kind == "tactic":
        return _tactic_scope(data, path)
    data = _mapping(data)
    head = path[0] if path else None
    if head == "state" and len(path) >= 3:
        section, name = path[1], path[2]
        if section == "vars":
            return Scope("variable init_x", zones=False, derived=False, modified=False, vars_before=name)
        if section == "zones":
            return Scope("zone init_x", zones=False, derived=False, modified=False)
        if section == "derived":
            return Scope("derived value", derived_before=name)
    if head == "functions" and len(path) >= 3:
        return _function_scope(data, path)
    if head in ("flow", "flows"):
        return Scope("flow expression")
    if head == "end":
        return Scope("end condition")
    if head == "priority":
        return Scope("priority protocol")
    if head == "agents":
        return Scope("agent policy", {"options": "the labels of the options", "decider": "the deciding player"})
    if head == "modifiers" and len(path) >= 2:
        return _modifier_scope(data, path[:2], {}, index)
    if head == "triggers" and len(path) >= 2:
        return _trigger_scope(data, path[:2], path[2:], {}, index)
    if head == "actions" and len(path) >= 3:
        action = _mapping(value_at(data, path[:2]))
        return _action_scope(action, path[2:], {}, "action")
    if head == "outcomes" and len(path) >= 3:
        return _outcome_scope(data, path)
    if head == "content":
        return _content_scope(data, path, index)
    return Scope("expression")


#: Local names kept by :func:`scope_locals` (an entry per expression of an action; cleared when
#: full, which only renamed actions and paths that no longer exist can make it).
KEPT_ACTION_SCOPES = 50_000

#: Versions of one action kept per path (the current document's, and one more: another document, or
#: an analysis of the version before that finishes late). An older version's entry is dropped, and
#: with it the last reference to that version's action: kept by the action's object alone, the
#: entries of every version ever typed stayed until the cache was full (about 7 MB per 500 edits
#: of the 5,000-line model).
KEPT_ACTION_VERSIONS = 2

_action_locals: dict = {}  # (action name, path in it) -> ((action, locals), ...), newest first


def scope_locals(kind: str, data, path: tuple, index=None) -> dict:
    """``scope_at(kind, data, path, index).locals``, kept per action for a path inside one.

    An action's local names depend on that action's own mapping only, and a reload after an
    edit keeps the same object for every action the edit did not touch
    (:mod:`~tabletwin.editor.reload`), so after an edit only the edited action is walked again.
    Loaded data is never changed in place. The dict returned is shared: read it, never change it."""
    if kind != "model" or len(path) < 3 or path[0] != "actions" or not isinstance(data, dict):
        return scope_at(kind, data, path, index).locals
    action = value_at(data, path[:2])
    if not isinstance(action, dict):
        return scope_at(kind, data, path, index).locals
    key = path[1:]
    versions = _action_locals.get(key, ())
    for kept, names in versions:
        if kept is action:
            return names
    names = _action_scope(action, path[2:], {}, "action").locals
    if len(_action_locals) >= KEPT_ACTION_SCOPES:
        _action_locals.clear()
    _action_locals[key] = ((action, names), *versions[:KEPT_ACTION_VERSIONS - 1])
    return names


def _function_scope(data: dict, path: tuple) -> Scope:
    function = _mapping(value_at(data, path[:2]))
    names = {}
    for param in _sequence(function.get("params")):
        if isinstance(param, str):
            names[param.rstrip("?")] = f"parameter of {path[1]}"
    lets = _mapping(function.get("let"))
    for key in lets:
        if len(path) >= 4 and path[2] == "let" and key == path[3]:
            break
        names[str(key)] = f"let of {path[1]}"
    return Scope("own function", names)


def _action_scope(action: dict, rest: tuple, base: dict, place: str) -> Scope:
    names = dict(base)
    names.setdefault("actor", "the acting player")
    if action.get("speed") is not None:
        names.setdefault("window", "the name of the priority window")
        names.setdefault("stack", "the stack of the priority window")
    if rest and rest[0] in ("cost", "effect") and len(rest) >= 2:
        if rest[0] == "effect":
            for op in _sequence(action.get("cost")):
                names.update(_binds(op, "cost"))
        names.update(op_locals(_sequence(action.get(rest[0])), rest[1:], rest[0]))
    return Scope(place, names)


def _trigger_scope(data: dict, owner: tuple, rest: tuple, base: dict, index) -> Scope:
    trigger = _mapping(value_at(data, owner))
    names = dict(base)
    event = trigger.get("event")
    if index is not None and isinstance(event, str):
        names.update(index.event_locals.get(event, {}))
    names["event"] = "the event's name"
    if rest and rest[0] == "do" and len(rest) >= 2:
        names.update(op_locals(_sequence(trigger.get("do")), rest[1:], "do"))
    return Scope("trigger", names)


def _modifier_scope(data: dict, owner: tuple, base: dict, index) -> Scope:
    modifier = _mapping(value_at(data, owner))
    names = dict(base)
    names["value"] = "the value so far"
    stat = modifier.get("stat")
    if index is not None and isinstance(stat, str):
        for name in sorted(index.modified_kwargs.get(stat, ())):
            names.setdefault(name, f"keyword argument of modified('{stat}', ...)")
    return Scope("modifier", names)


def _outcome_scope(data: dict, path: tuple) -> Scope:
    model = _mapping(value_at(data, path[:2]))
    names = {"actor": "the acting player at the sample"}
    derived = _mapping(model.get("derived_x"))
    for key in derived:
        if len(path) >= 4 and path[2] == "derived_x" and key == path[3]:
            break
        names[str(key)] = f"derived_x of {path[1]}"
    if len(path) >= 6 and path[2] == "outcomes" and path[4] == "effect":
        outcome = _mapping(value_at(data, path[:4]))
        names.update(op_locals(_sequence(outcome.get("effect")), path[5:], "effect"))
    return Scope("outcome model", names)


def _content_scope(data: dict, path: tuple, index) -> Scope:
    """Inside a content item: the item is where the path goes on with one of its rule fields."""
    for item_depth in range(2, len(path)):
        if path[item_depth] in ITEM_FIELDS:
            break
    else:
        return Scope("content")
    item = _mapping(value_at(data, path[:item_depth]))
    rest = path[item_depth:]
    own = {"self": "the content item"}
    if rest[0] == "active_x":
        return Scope("content item", own)
    if rest[0] == "effect":
        names = {**own, "actor": "the acting player at the exec"}
        names.update(op_locals(_sequence(item.get("effect")), rest[1:], "effect"))
        return Scope("content effect", names)
    if rest[0] == "abilities" and len(rest) >= 2:
        ability = _mapping(value_at(item, rest[:2]))
        return _action_scope(ability, rest[2:], {**own, "window": "the name of the priority window",
                                                    "stack": "the stack of the priority window"}, "ability")
    if rest[0] == "triggers" and len(rest) >= 2:
        return _trigger_scope(item, rest[:2], rest[2:], own, index)
    if rest[0] == "modifiers" and len(rest) >= 2:
        return _modifier_scope(item, rest[:2], own, index)
    return Scope("content")


def _tactic_scope(data, path: tuple) -> Scope:
    data = _mapping(data)
    names = {name: "tactic name" for name in TACTIC_NAMES}
    for key in _mapping(data.get("let")):
        if path[:2] != ("let", key):
            names[str(key)] = "let of the tactic"
    if len(path) >= 3 and path[0] == "rules" and path[-1] in SCORING_FIELDS:
        names["o"] = "the option being scored"
        names["i"] = "its index"
    return Scope("tactic", names, tactic=True)


def op_locals(ops: list, rest: tuple, part: str) -> dict:
    """Local names bound before the op at ``rest`` (``(index, field, ...)``) of the list ``ops``."""
    names: dict = {}
    if not rest or not isinstance(rest[0], int):
        return names
    index = rest[0]
    for position, op in enumerate(ops[:index]):
        names.update(_binds(op, f"{part}[{position}]"))
    if index >= len(ops) or not isinstance(ops[index], dict):
        return names
    op = ops[index]
    tail = rest[1:]
    if tail and tail[0] in NESTED_SHARED + ("impact",) and len(tail) >= 2:
        if op.get("op") == "for_each" and tail[0] == "body":
            name = op.get("as", "it")
            names[str(name)] = f"the current value of the for_each at {part}[{index}]"
        names.update(op_locals(_sequence(op.get(tail[0])), tail[1:], f"{part}[{index}].{tail[0]}"))
    elif tail and op.get("op") == "search" and tail[0] == "filter_x":
        names[str(op.get("as", "it"))] = f"the item tested by the search at {part}[{index}]"
    return names


def _binds(op, where: str) -> dict:
    """Names an op leaves for the ops after it (``if`` and ``repeat`` pass on their branches')."""
    if not isinstance(op, dict):
        return {}
    names = {}
    bind = op.get("bind")
    if isinstance(bind, str) and bind:
        names[bind] = f"bound by {op.get('op', 'an op')} at {where}"
    kind = op.get("op")
    if kind == "if":
        for branch in ("then", "else"):
            for position, inner in enumerate(_sequence(op.get(branch))):
                names.update(_binds(inner, f"{where}.{branch}[{position}]"))
    elif kind == "repeat":
        for position, inner in enumerate(_sequence(op.get("body"))):
            names.update(_binds(inner, f"{where}.body[{position}]"))
    return names

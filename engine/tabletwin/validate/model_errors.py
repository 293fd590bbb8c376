"""The validator's errors (reference §20): what must be fixed before a model can be played.

Each check reads the raw model data and reports at the key or value it is about. Expression
syntax errors come from :mod:`tabletwin.checks.syntax`.
"""

from __future__ import annotations

import ast
import keyword
import re

from ..boards import FUNCTION_NAMES as BOARD_FUNCTIONS, board_errors
from ..checks import reuse
from ..expr import RESERVED_NAMES, ExprSyntaxError, compile_expression
from ..expr.builtins import BUILTIN_NAMES
from ..expr.checker import parse
from ..model.model import MAX_PLAYERS
from ..modelfile.compose import describe
from ..modelfile.shared import brief
from ..checks.codes import MODEL_ERROR
from ..checks.kept import placed_all
from .walk import content_items, mapping, nodes, op_groups, path_name, sequence

KINDS = ("sequence", "loop", "branch", "step", "subflow")
ORDERS = ("fixed", "clockwise_from_first", "initiative", "simultaneous", "deck_order", "players_choose")
OPS = ("set", "add", "let", "place", "create", "move", "destroy", "draw", "shuffle", "look", "search", "reveal",
       "roll", "choose", "if", "for_each", "repeat", "emit", "sample", "exec", "run", "window", "cancel", "modify",
       "reset", "call", "say")
TIMINGS = ("when", "before", "instead", "after")
RESOLUTIONS = ("immediate", "nested", "lifo_stack")
CLOSES = ("all_pass_in_succession", "single_pass_each")
_PARAM = re.compile(r"^[A-Za-z][A-Za-z0-9_]*\??$")
_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_LIST_MAKERS = ("list", "sorted", "set", "tuple")


def check_errors(out) -> None:
    data = out.data
    _top_level(out, data)
    if "boards" in data:
        for path, message in board_errors(data["boards"]):
            out.error(message, path)
    _state(out, data)
    _flow(out, data)
    _ops(out, data)
    _functions(out, data)
    _rules(out, data)
    _content(out, data)
    _open_questions(out, data)


def _top_level(out, data):
    players = data.get("num_players")
    if isinstance(players, int) and not isinstance(players, bool) and players > MAX_PLAYERS:
        out.error(f"num_players {players:,} is more than the {MAX_PLAYERS} seats a model may have", ("num_players",))
    if "mode" in data and data["mode"] not in ("competitive", "cooperative"):
        out.error(f"mode must be competitive or cooperative, not {data['mode']!r}", ("mode",))
    protocol = mapping(mapping(data.get("priority")).get("protocol"))
    if "resolution" in protocol and protocol["resolution"] not in RESOLUTIONS:
        out.error(f"unknown resolution {protocol['resolution']!r} (immediate, nested or lifo_stack)",
                  ("priority", "protocol", "resolution"))
    if "closes" in protocol and protocol["closes"] not in CLOSES:
        out.error(f"unknown closes {protocol['closes']!r} (all_pass_in_succession or single_pass_each)",
                  ("priority", "protocol", "closes"))
    for name, action in mapping(data.get("actions")).items():
        if name == "pass" and mapping(action).get("speed") is not None:
            out.error("an action with a speed cannot be named pass: pass is how a player gives up priority",
                      ("actions", name), on_key=True)


def _state(out, data):
    state = mapping(data.get("state"))
    for part in ("vars", "zones"):
        for name, decl in mapping(state.get(part)).items():
            persist = mapping(decl).get("persist")
            if persist is not None and persist != "campaign":
                out.error(f"persist must be campaign, not {persist!r}", ("state", part, name, "persist"))


def _flow(out, data):
    flows = mapping(data.get("flows"))
    variables = mapping(mapping(data.get("state")).get("vars"))
    windows = mapping(mapping(data.get("priority")).get("windows"))
    actions = mapping(data.get("actions"))
    abilities = {str(mapping(a).get("id")) for item, _ in content_items(data)
                 for a in sequence(item.get("abilities"))}
    seen: dict = {}
    for key, node in [("flow", data.get("flow")), *((("flows", name), n) for name, n in flows.items())]:
        if not isinstance(node, dict):
            out.error("a flow must be a flow node: a mapping with id and kind", key if isinstance(key, tuple)
                      else (key,))
    for node, path in nodes(data):
        node_id = node.get("id")
        label = brief(node_id) if node_id is not None else "?"
        if isinstance(node_id, (dict, list)):
            out.error(f"flow {label}: id must be a name (text), not {describe(node_id)}", path + ("id",))
        elif node_id is not None:
            if node_id in seen:
                first = out.place(seen[node_id] + ("id",)).line + 1
                out.error(f"duplicate flow id {node_id!r} (first at line {first})", path + ("id",))
            else:
                seen[node_id] = path
        kind = node.get("kind")
        if kind not in KINDS:
            out.error(f"flow {label}: unknown kind {kind!r} (sequence, loop, branch, step or subflow)",
                      path + (("kind",) if "kind" in node else ()))
        if kind == "loop":
            if "order" in node and node["order"] not in ORDERS:
                out.error(f"flow {label}: unknown order {node['order']!r}", path + ("order",))
            if node.get("as") is not None and str(node["as"]) not in variables:
                out.error(f"flow {label}: loop variable {node['as']!r} is not declared in state.vars",
                          path + ("as",))
        if kind == "branch" and not sequence(node.get("cases")):
            out.error(f"branch {label} has no cases", path)
        if kind == "subflow" and str(node.get("ref")) not in flows:
            out.error(f"subflow {label}: flow {node.get('ref')!r} is not in flows", path + ("ref",))
        if kind == "step":
            do = node.get("do")
            names = do if isinstance(do, list) else ([] if do is None else [do])
            for index, name in enumerate(names):
                at = path + ("do", index) if isinstance(do, list) else path + ("do",)
                if isinstance(name, (dict, list)):
                    out.error(f"step {label}: do names actions (text); this is {describe(name)}", at)
                elif str(name) in abilities and str(name) not in actions:
                    out.error(f"step {label}: {name!r} is an ability of a content item; abilities are played in "
                              f"windows, not in steps", at)
                elif str(name) not in actions:
                    out.error(f"step {label}: action {name!r} is not in actions", at)
        window = node.get("window")
        if window is not None and window is not True and window is not False and str(window) not in windows:
            out.error(f"flow {label}: window {window!r} is not in priority.windows", path + ("window",))
        events = node.get("end_event")
        if events is not None:
            items = events if isinstance(events, list) else [events]
            if not items or not all(isinstance(e, str) and e for e in items):
                out.error(f"flow {label}: end_event must be an event name or a list of names", path + ("end_event",))


def _ops(out, data):
    zones = mapping(mapping(data.get("state")).get("zones"))
    code = mapping(data.get("code"))
    flows = mapping(data.get("flows"))
    outcomes = mapping(data.get("outcomes"))
    agents = mapping(data.get("agents"))
    windows = mapping(mapping(data.get("priority")).get("windows"))
    content = mapping(data.get("content"))
    declared = (zones, code, flows, outcomes, agents, windows, content)
    # What an op list's errors depend on besides its ops: the names declared and the content
    # itself (exec's paths); its findings are kept while these and the list stay the same, and
    # move with the lines of their entries (placed_all).
    reads = reuse.interned("op_errors", (*(frozenset(names) for names in declared[:-1]),
                                         reuse.Same(data.get("content")))) if reuse.active() else None
    positions = out.positions
    for owner, walked in op_groups(data):
        if not walked:
            continue
        if reads is not None and reuse.reusable(owner.path):
            out.errors.extend(placed_all(
                "op_errors", owner.path, owner.ops, reads, positions,
                lambda: [(message, path, False) for message, path in _op_errors(walked, *declared)],
                "error", MODEL_ERROR))
        else:
            for message, path in _op_errors(walked, *declared):
                out.error(message, path)


def _op_errors(items, zones, code, flows, outcomes, agents, windows, content) -> list[tuple[str, tuple]]:
    """``(message, path)`` of the errors of the ops ``(op, path)`` of one op list."""
    found = []
    for op, path in items:
        kind = op.get("op")
        if kind not in OPS:
            if kind is None:
                found.append(("op without a name: give 'op' one of " + ", ".join(OPS),
                              path + (("op",) if "op" in op else ())))
            else:
                found.append((f"unknown op {kind!r}", path + ("op",)))
            continue
        for field in ("from", "to", "zone"):
            if field in op:
                name = path_name(op[field])
                if name not in zones:
                    found.append((f"{kind}: zone {name!r} is not declared in state.zones", path + (field,)))
        if kind == "call" and str(op.get("code")) not in code:
            found.append((f"call: code {op.get('code')!r} is not declared in code", path + ("code",)))
        if kind == "run" and str(op.get("flow")) not in flows:
            found.append((f"run: flow {op.get('flow')!r} is not in flows", path + ("flow",)))
        if kind == "sample" and str(op.get("model")) not in outcomes:
            found.append((f"sample: outcome model {op.get('model')!r} is not in outcomes", path + ("model",)))
        if kind in ("choose", "say") and op.get("agent") is not None and str(op["agent"]) not in agents:
            found.append((f"{kind}: agent {op['agent']!r} is not in agents", path + ("agent",)))
        if kind == "window" and op.get("name") is not None and str(op["name"]) not in windows:
            found.append((f"window: {op['name']!r} is not in priority.windows", path + ("name",)))
        if kind == "exec" and op.get("content") is not None and not _content_path_exists(content, str(op["content"])):
            found.append((f"exec: content path {op['content']!r} does not exist", path + ("content",)))
    return found


def _content_path_exists(content: dict, path: str) -> bool:
    """``cards.*`` or ``cards.bolt``: every named part exists; ``*`` matches any entry."""
    level = [content]
    for part in path.split("."):
        following = []
        met: set[int] = set()  # a value that aliases share is one value: keeps ``*.*.*`` linear
        for value in level:
            if id(value) in met:
                continue
            met.add(id(value))
            if isinstance(value, dict):
                following.extend(value.values() if part == "*" else ([value[part]] if part in value else []))
            elif isinstance(value, list) and part == "*":
                following.extend(value)
        if not following:
            return False
        level = following
    return True


def _functions(out, data):
    state = mapping(data.get("state"))
    taken = {
        "constant": set(mapping(data.get("constants"))),
        "variable": set(mapping(state.get("vars"))),
        "zone": set(mapping(state.get("zones"))),
        "derived value": set(mapping(state.get("derived"))),
        "builtin": set(BUILTIN_NAMES),
        "board function": set(BOARD_FUNCTIONS) if data.get("boards") else set(),
        "reserved name": set(RESERVED_NAMES) | {"modified", "None"},
    }
    for name, function in mapping(data.get("functions")).items():
        path = ("functions", name)
        for what, names in taken.items():
            if name in names:
                out.error(f"function {name}: the name is already a {what}", path, on_key=True)
                break
        else:
            if not _NAME.match(str(name)) or keyword.iskeyword(str(name)):
                out.error(f"function {name}: a function name must be a plain name", path, on_key=True)
        if not isinstance(function, dict):
            out.error(f"function {name}: a function is a mapping with params, let and x", path)
            continue
        if function.get("x") is None:
            out.error(f"function {name}: x (the result) is missing", path, on_key=True)
        params = function.get("params", [])
        if params is not None and not isinstance(params, list):
            out.error(f"function {name}: params must be a list of names", path + ("params",))
        else:
            for index, param in enumerate(params or []):
                if not isinstance(param, str) or not _PARAM.match(param) or keyword.iskeyword(param.rstrip("?")):
                    out.error(f"function {name}: parameter {param!r} is not a valid name", path + ("params", index))
        lets = function.get("let")
        if lets is not None and not isinstance(lets, dict):
            out.error(f"function {name}: let must map names to expressions", path + ("let",))
        else:
            for key in lets or {}:
                if not _NAME.match(str(key)) or keyword.iskeyword(str(key)):
                    out.error(f"function {name}: let name {key!r} is not a valid name", path + ("let", key), on_key=True)


def _rules(out, data):
    for index, trigger in enumerate(sequence(data.get("triggers"))):
        _trigger(out, mapping(trigger), ("triggers", index))
    for item, path in content_items(data):
        for index, trigger in enumerate(sequence(item.get("triggers"))):
            _trigger(out, mapping(trigger), path + ("triggers", index))
    flows = mapping(data.get("flows"))
    main_id = mapping(data.get("flow")).get("id")
    competitive = data.get("mode", "competitive") == "competitive"
    for index, condition in enumerate(sequence(data.get("end"))):
        condition = mapping(condition)
        path = ("end", index)
        scope = condition.get("scope")
        if scope is not None and str(scope) not in flows and scope != main_id:
            out.error(f"end condition {condition.get('id', index)}: scope {scope!r} is not a flow in flows",
                      path + ("scope",))
        scoped = scope is not None and scope != main_id
        who = condition.get("who_x")
        if competitive and not scoped and condition.get("result") in ("win", "loss") and isinstance(who, str) \
                and _obviously_several(who):
            out.error(f"end condition {condition.get('id', index)}: who_x gives several players; a competitive "
                      f"{condition['result']} needs one player index (several winners: result score with returns_x)",
                      path + ("who_x",))
    for name, model in mapping(data.get("outcomes")).items():
        outcomes = sequence(mapping(model).get("outcomes"))
        if not outcomes:
            out.error(f"outcome model {name} has no outcomes", ("outcomes", name), on_key=True)
        for index, outcome in enumerate(outcomes):
            if "p" not in mapping(outcome):
                out.error(f"outcome model {name}: outcome {mapping(outcome).get('id', index)} has no p (its "
                          f"probability in words)", ("outcomes", name, "outcomes", index))


def _trigger(out, trigger: dict, path: tuple):
    timing = trigger.get("timing")
    if timing is not None and timing not in TIMINGS:
        out.error(f"trigger {trigger.get('id', '?')}: unknown timing {timing!r} (when, before, instead or after)",
                  path + ("timing",))


def _obviously_several(text: str) -> bool:
    """A list, tuple or set literal, a comprehension, or a call of list(), sorted(), set(), tuple()."""
    try:
        body = parse(text).tree.body
    except ExprSyntaxError:
        return False
    if isinstance(body, (ast.List, ast.Tuple, ast.Set, ast.ListComp, ast.SetComp)):
        return True
    return isinstance(body, ast.Call) and isinstance(body.func, ast.Name) and body.func.id in _LIST_MAKERS


def _content(out, data):
    """The content's errors; kept while the content is the same object and the actions have the
    same names (placed again each time)."""
    content = data.get("content")
    if content.__class__ is dict and reuse.active():
        found = reuse.remembered("content_errors", ("content",), content, lambda: _content_errors(data),
                                 frozenset(mapping(data.get("actions"))))
    else:
        found = _content_errors(data)
    for message, path in found:
        out.error(message, path)


def _content_errors(data) -> list[tuple[str, tuple]]:
    found = []
    actions = set(mapping(data.get("actions")))
    ability_names: set = set()
    face_types = set()
    for item, _path in content_items(data):
        value = item.get("face_types")
        if isinstance(value, dict):
            face_types.update(str(k) for k in value)
    for value in mapping(data.get("content")).values():
        if isinstance(value, dict) and isinstance(value.get("face_types"), dict):
            face_types.update(str(k) for k in value["face_types"])
    content = mapping(data.get("content"))
    if isinstance(content.get("face_types"), dict):
        face_types.update(str(k) for k in content["face_types"])
    for item, path in content_items(data):
        for index, ability in enumerate(sequence(item.get("abilities"))):
            ability = mapping(ability)
            at = path + ("abilities", index)
            ability_id = ability.get("id")
            if ability_id is None:
                found.append((f"content {item.get('id')}: ability without id", at))
            elif str(ability_id) in actions or str(ability_id) in ability_names:
                found.append((f"content {item.get('id')}: ability {ability_id!r} has the name of another action "
                              f"or ability", at + ("id",)))
            else:
                ability_names.add(str(ability_id))
        for index, face in enumerate(sequence(item.get("faces"))):
            kind = str(face).split()[0] if str(face).split() else ""
            if kind not in face_types:
                found.append((f"content {item.get('id')}: face type {kind!r} is not in any face_types",
                              path + ("faces", index)))
    return found


def _open_questions(out, data):
    for index, question in enumerate(sequence(data.get("open_questions"))):
        if not mapping(question).get("question"):
            out.error(f"open question {mapping(question).get('id', index)} has no question", ("open_questions", index))


__all__ = ["check_errors", "compile_expression"]

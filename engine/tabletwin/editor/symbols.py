"""The symbol index of a model: where every name is declared and where it is used.

Kinds of names: ``action flow zone var derived constant function board window outcome agent
code content node trigger end event``. Declarations are the keys of ``actions``, ``flows``,
``state.zones`` and so on, the ``id`` of content items, flow nodes, triggers and end
conditions; for events, every ``emit`` and ``end_event`` that fires one. References are the
fields that name something (``do``, ``ref``, ``window``, ``from``/``to``/``zone``, ``var``,
``model``, ``agent``, ``code``, run's ``flow``, a trigger's ``event``, an end's ``scope``, a
loop's ``as``, ``drawn_from``) and the names expressions read. An expression name is resolved the
way the engine looks it up: local names first (they are not references), then variables, zones,
derived values, own functions, constants.

Each :class:`Site` has the span of the name's own characters when the YAML scalar holds them one
to one (``exact``); otherwise (escapes, block scalars) the span of the whole value, which is
good for navigation but never edited by a rename.
"""

from __future__ import annotations

import ast
from functools import lru_cache

from ..errors import Span
from ..expr import ExprSyntaxError, expression_text
from ..expr.checker import parse
from ..validate.walk import all_ops, content_items, mapping, nodes, sequence
from .scope import scope_locals
from .sitetable import Index, Site
from .text import scalar_start

SECTIONS = (
    (("actions",), "action"), (("flows",), "flow"), (("state", "zones"), "zone"),
    (("state", "vars"), "var"), (("state", "derived"), "derived"), (("constants",), "constant"),
    (("functions",), "function"), (("boards",), "board"), (("priority", "windows"), "window"),
    (("outcomes",), "outcome"), (("agents",), "agent"), (("code",), "code"),
)
MUST_EXIST = ("action", "flow", "window", "zone", "var", "outcome", "agent", "code")
ENGINE_NAMES = frozenset(("players", "n_players", "eliminated", "results", "content", "modified", "True", "False",
                          "None"))
_OP_REFS = {"flow": "flow", "name": "window", "model": "outcome", "agent": "agent", "code": "code"}


@lru_cache(maxsize=8192)
def parsed(text: str):
    """The checked AST of an expression text, or ``None`` when it does not parse."""
    try:
        return parse(text)
    except (ExprSyntaxError, RecursionError, ValueError):
        return None


#: Trees whose names are kept by :func:`names_with_binding` (as many as :func:`parsed` keeps).
KEPT_NAME_LISTS = 8192
_name_lists: dict[int, tuple] = {}  # id(tree) -> (tree, its names); the tree kept so its id stays its own


def names_with_binding(tree: ast.AST) -> tuple:
    """``(Name node, bound)`` for every name read in ``tree``: ``bound`` when a comprehension of
    the expression binds it (such a name is local, never a reference).

    Kept per tree: the trees come from :func:`parsed`, one per expression text, and after an edit
    almost every expression of a model is read again (by the index, tokens and hints)."""
    entry = _name_lists.get(id(tree))
    if entry is not None and entry[0] is tree:
        return entry[1]
    found = tuple(_names_with_binding(tree))
    if len(_name_lists) >= KEPT_NAME_LISTS:
        _name_lists.clear()
    _name_lists[id(tree)] = (tree, found)
    return found


def _names_with_binding(tree: ast.AST):

    def targets(node, out):
        if isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, (ast.Tuple, ast.List)):
            for element in node.elts:
                targets(element, out)

    def visit(node, bound):
        if isinstance(node, ast.Name):
            yield node, node.id in bound
            return
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            inner = set(bound)
            for position, generator in enumerate(node.generators):
                yield from visit(generator.iter, bound if position == 0 else frozenset(inner))
                names: set = set()
                targets(generator.target, names)
                inner |= names
                for condition in generator.ifs:
                    yield from visit(condition, frozenset(inner))
            inner = frozenset(inner)
            if isinstance(node, ast.DictComp):
                yield from visit(node.key, inner)
                yield from visit(node.value, inner)
            else:
                yield from visit(node.elt, inner)
            return
        for child in ast.iter_child_nodes(node):
            yield from visit(child, bound)

    yield from visit(tree, frozenset())


def _site(index: Index, kind: str, name, path: tuple, decl: bool, key: bool = False) -> None:
    """A site for a name written as a whole key (``key``) or a whole scalar value at ``path``."""
    positions = index.positions
    span = positions.key_span(path) if key else positions.value_span(path)
    if span is None:
        return
    name = str(name)
    start = scalar_start(index.lines, span, name)
    if start is not None:
        site = Site(kind, name, Span(span.line, start, span.line, start + len(name)), path, True, decl)
    else:
        site = Site(kind, name, span, path, False, decl)
    index.add(site)
    if not decl:
        _check_known(index, site)


def _check_known(index: Index, site: Site) -> None:
    if site.kind in MUST_EXIST and (site.kind, site.name) not in index.decls:
        index.unknown.append((site, ()))


# The passes, each one walk, in the order they run; with each, the top-level keys whose values
# it walks, in the order it walks them (None: all, in the model's order), and the expression
# fields it reads: all of them, or (for the names of expressions) those :func:`expression_fields`
# finds in the model's order ("inner") and then the functions' and derived values' ("extra").
# Every declaration is made before the first reference is looked up.


def _section_keys(section: tuple, kind: str):
    def declare(index: Index, data: dict, _fields) -> None:
        table = data
        for step in section:
            table = mapping(table.get(step))
        for name in table:
            _site(index, kind, name, section + (name,), True, key=True)
    return declare


def _content_decls(index: Index, data: dict, _fields) -> None:
    for item, path in content_items(data):
        _site(index, "content", item["id"], path + ("id",), True)
        index.content_keys.update(str(k) for k in item)
        for position, ability in enumerate(sequence(item.get("abilities"))):
            if isinstance(ability, dict) and "id" in ability:
                _site(index, "action", ability["id"], path + ("abilities", position, "id"), True)


def _node_decls(index: Index, data: dict, _fields) -> None:
    for node, path in nodes(data):
        if "id" in node:
            _site(index, "node", node["id"], path + ("id",), True)


def _trigger_decls(index: Index, data: dict, _fields) -> None:
    for position, trigger in enumerate(sequence(data.get("triggers"))):
        if isinstance(trigger, dict) and "id" in trigger:
            _site(index, "trigger", trigger["id"], ("triggers", position, "id"), True)


def _end_decls(index: Index, data: dict, _fields) -> None:
    for position, end in enumerate(sequence(data.get("end"))):
        if isinstance(end, dict) and "id" in end:
            _site(index, "end", end["id"], ("end", position, "id"), True)


def _emits(index: Index, data: dict, _fields) -> None:
    """Events fired by ``emit``, with the names bound at each."""
    for op, path, _owner in all_ops(data):
        if op.get("op") == "emit" and isinstance(op.get("event"), str):
            _site(index, "event", op["event"], path + ("event",), True)
            names = index.event_locals.setdefault(op["event"], {})
            for name, where in scope_locals("model", data, path + ("event",)).items():
                if name not in ("window", "stack", "self"):
                    names.setdefault(name, f"{where} (at the emit)")


def _end_events(index: Index, data: dict, _fields) -> None:
    for node, path in nodes(data):
        events = node.get("end_event")
        if isinstance(events, str):
            _site(index, "event", events, path + ("end_event",), True)
        for position, event in enumerate(sequence(events)):
            if isinstance(event, str):
                _site(index, "event", event, path + ("end_event", position), True)


def _modified_kwargs(index: Index, _data: dict, fields: list) -> None:
    """The keyword names of ``modified()`` calls, by stat."""
    for _path, value in fields:
        tree = parsed(expression_text(value))
        if tree is None or "modified" not in tree.source:
            continue
        for node in ast.walk(tree.tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "modified" \
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                names = index.modified_kwargs.setdefault(tree.text_value(node.args[0]), set())
                names.update(keyword.arg for keyword in node.keywords if keyword.arg)


def _node_refs(index: Index, data: dict, _fields) -> None:
    for node, path in nodes(data):
        do = node.get("do")
        if isinstance(do, str):
            _site(index, "action", do, path + ("do",), False)
        for position, name in enumerate(sequence(do)):
            if isinstance(name, str):
                _site(index, "action", name, path + ("do", position), False)
        if isinstance(node.get("ref"), str):
            _site(index, "flow", node["ref"], path + ("ref",), False)
        if isinstance(node.get("window"), str):
            _site(index, "window", node["window"], path + ("window",), False)
        if isinstance(node.get("as"), str):
            _site(index, "var", node["as"], path + ("as",), False)


def _op_refs(index: Index, data: dict, _fields) -> None:
    for op, path, _owner in all_ops(data):
        for name in ("from", "to", "zone"):
            if isinstance(op.get(name), str):
                _path_refs(index, data, op[name], path + (name,), "zone")
        if isinstance(op.get("var"), str):
            _path_refs(index, data, op["var"], path + ("var",), "var")
        for name, kind in _OP_REFS.items():
            if isinstance(op.get(name), str) and (name != "flow" or op.get("op") == "run") \
                    and (name != "name" or op.get("op") == "window"):
                _site(index, kind, op[name], path + (name,), False)
        if op.get("op") == "modify" and isinstance(op.get("until"), str):
            _site(index, "event", op["until"], path + ("until",), False)


def _trigger_refs(index: Index, data: dict, _fields) -> None:
    for position, trigger in enumerate(sequence(data.get("triggers"))):
        if isinstance(trigger, dict) and isinstance(trigger.get("event"), str):
            _site(index, "event", trigger["event"], ("triggers", position, "event"), False)


def _content_trigger_refs(index: Index, data: dict, _fields) -> None:
    for item, path in content_items(data):
        for position, trigger in enumerate(sequence(item.get("triggers"))):
            if isinstance(trigger, dict) and isinstance(trigger.get("event"), str):
                _site(index, "event", trigger["event"], path + ("triggers", position, "event"), False)


def _end_refs(index: Index, data: dict, _fields) -> None:
    for position, end in enumerate(sequence(data.get("end"))):
        if isinstance(end, dict) and isinstance(end.get("scope"), str):
            _site(index, "flow", end["scope"], ("end", position, "scope"), False)


def _drawn_from_refs(index: Index, data: dict, _fields) -> None:
    for name, zone in mapping(mapping(data.get("state")).get("zones")).items():
        if isinstance(zone, dict) and isinstance(zone.get("drawn_from"), str):
            _site(index, "zone", zone["drawn_from"], ("state", "zones", name, "drawn_from"), False)


_OPS_TOPS = ("actions", "triggers", "outcomes", "content")  # the order of walk.op_lists
_NODE_TOPS = ("flow", "flows")
DECLARATION_STEPS = (
    *((_section_keys(section, kind), section[:1], "all") for section, kind in SECTIONS),
    (_content_decls, ("content",), "all"), (_node_decls, _NODE_TOPS, "all"), (_trigger_decls, ("triggers",), "all"),
    (_end_decls, ("end",), "all"), (_emits, _OPS_TOPS, "all"), (_end_events, _NODE_TOPS, "all"),
    (_modified_kwargs, None, "all"),
)
REFERENCE_STEPS = (
    (_node_refs, _NODE_TOPS, "all"), (_op_refs, _OPS_TOPS, "all"), (_trigger_refs, ("triggers",), "all"),
    (_content_trigger_refs, ("content",), "all"), (_end_refs, ("end",), "all"), (_drawn_from_refs, ("state",), "all"),
    (lambda index, data, fields: _expressions(index, data, fields), None, "inner"),
    (lambda index, data, fields: _expressions(index, data, fields), ("functions", "state"), "extra"),
)


def _path_refs(index: Index, data: dict, text: str, path: tuple, kind: str) -> None:
    """A zone or variable path (``hand[actor]``): its base name, and the names of its index."""
    tree = parsed(text)
    if tree is None:
        return
    node = tree.tree.body
    while isinstance(node, ast.Subscript):
        node = node.value
    base = node if isinstance(node, ast.Name) else None
    # A bare name (``deck``) is the zone or variable itself: no local name can change what it is.
    local_names = {} if base is tree.tree.body else scope_locals("model", data, path, index)
    _expression_names(index, tree, path, local_names, text, forced={id(base): kind} if base is not None else {})


def _expressions(index: Index, data: dict, fields: list) -> None:
    """The names read by the expressions of ``fields`` (the expression fields walked)."""
    for path, value in fields:
        text = expression_text(value)
        tree = parsed(text)
        if tree is None:
            continue
        local_names = scope_locals("model", data, path, index)
        _expression_names(index, tree, path, local_names, value if isinstance(value, str) else None)


def _expression_names(index: Index, tree, path: tuple, local_names, raw: str | None, forced=None) -> None:
    span = index.positions.value_span(path)
    if span is None:
        return
    start = scalar_start(index.lines, span, raw) if raw is not None else None
    for node, bound in names_with_binding(tree.tree):
        if bound:
            continue
        forced_kind = (forced or {}).get(id(node))
        kind = forced_kind or index.resolve(node.id, local_names)
        if start is not None:
            offset = tree.offset(node)
            site_span = Span(span.line, start + offset, span.line, start + offset + len(node.id))
            site = Site(kind or "name", node.id, site_span, path, True)
        else:
            site = Site(kind or "name", node.id, span, path, False)
        if kind is None:
            if node.id not in local_names and not _engine_name(index, node.id):
                index.unknown.append((site, tuple(local_names)))
            continue
        index.add(site)
        if forced_kind is not None:
            _check_known(index, site)
    _content_subscripts(index, tree, path, span, start)


def _engine_name(index: Index, name: str) -> bool:
    from ..boards import FUNCTION_NAMES
    from ..expr.builtins import BUILTIN_NAMES

    if name in ENGINE_NAMES or name in BUILTIN_NAMES or name in ("sigmoid", "σ"):
        return True
    return name in FUNCTION_NAMES and index.boards()


def _content_subscripts(index: Index, tree, path: tuple, span: Span, start: int | None) -> None:
    """``content['cards']['bolt']``: a reference to the item at that content path."""
    if "content" not in tree.source:
        return
    for node in ast.walk(tree.tree):
        if not isinstance(node, ast.Subscript):
            continue
        keys = []
        inner = node
        while isinstance(inner, ast.Subscript) and isinstance(inner.slice, ast.Constant) \
                and isinstance(inner.slice.value, str):
            keys.append(inner.slice)
            inner = inner.value
        if not (isinstance(inner, ast.Name) and inner.id == "content") or not keys:
            continue
        keys.reverse()
        item = index.content_id(tuple(tree.text_value(key) for key in keys))
        if item is not None:
            last = keys[-1]
            if start is not None:
                site_span = Span(span.line, start + tree.offset(last), span.line, start + tree.end_offset(last))
                index.add(Site("content", item, site_span, path, True))
            else:
                index.add(Site("content", item, span, path, False))


def tactic_index(index: Index, data: dict) -> None:
    """The names a tactic file declares (its `let` entries) and those its rules' expressions read."""
    lets = mapping(data.get("let"))
    for name in lets:
        _site(index, "let", name, ("let", name), True, key=True)
    fields = [(("let", name), value) for name, value in lets.items()]
    for position, rule in enumerate(sequence(data.get("rules"))):
        for key, value in mapping(rule).items():
            if isinstance(key, str) and key.endswith("_x"):
                fields.append((("rules", position, key), value))
    for path, value in fields:
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            continue
        tree = parsed(expression_text(value))
        if tree is None:
            continue
        span = index.positions.value_span(path)
        if span is None:
            continue
        start = scalar_start(index.lines, span, value if isinstance(value, str) else None)
        for node, bound in names_with_binding(tree.tree):
            if bound or node.id not in lets or path == ("let", node.id):
                continue
            if start is not None:
                offset = tree.offset(node)
                index.add(Site("let", node.id, Span(span.line, start + offset, span.line, start + offset + len(node.id)),
                               path, True))
            else:
                index.add(Site("let", node.id, span, path, False))

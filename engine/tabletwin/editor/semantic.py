"""What each name inside an expression is, with its position: the editor's semantic colouring.

Every name an expression reads gets one category, resolved the way the engine looks names up
(expressions.md §6): a local name (bound by an earlier op, a loop, a function's parameters or
``let``, a comprehension, a tactic's ``let``), a reserved name the engine provides (``actor``,
``self``, ``event``, ``players``, a tactic's ``me``...), then variables, zones, derived values,
own functions, board functions (when the model has boards), constants and builtins; anything
else is ``unknown``. Names are found in ``_x`` fields, functions and derived values, and in the
zone and variable paths of ops (``var: "score[actor]"``), in any scalar style: plain, quoted,
in flow mappings, block scalars (:mod:`.scalarmap`).

The global names come from an index that may be a few edits old (they change rarely); the
expressions and their positions are always the current text's.

Speed: on a 5,000-line model the names of all 2,700 expressions take about 60 ms, most of it
working out each expression's local names. After an edit nearly every expression is unchanged,
so each one's tokens are kept (:data:`FIELD_CACHE` entries) under its path, text and position
and the names that may be declared (the index, the text's names signature): only the expression
typed in is worked out again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from ..checks import expression_fields
from ..expr import expression_text
from ..expr.builtins import BUILTIN_NAMES
from ..validate.walk import all_ops, mapping, sequence
from .entries import UnitCache, moved, units, units_independent
from .scalarmap import scalar_map
from .scope import scope_locals
from .symbols import Index, names_with_binding, parsed

CATEGORIES = ("variable", "zone", "derived", "function", "board", "constant", "builtin", "local", "reserved",
              "unknown")
#: Names the engine (or the tactic runner) binds itself; shown apart from the author's own names.
RESERVED_LOCALS = frozenset(("actor", "self", "event", "window", "stack", "value", "options", "decider", "me",
                             "opts", "labels", "pool", "chosen", "where", "o", "i"))
RESERVED_GLOBALS = frozenset(("modified", "content", "players", "n_players", "eliminated", "results", "None", "True",
                              "False"))
_PATH_FIELDS = ("from", "to", "zone", "var")
#: Expressions whose tokens are kept between versions of the documents (a few large models' worth).
FIELD_CACHE = 20000
_cache: OrderedDict = OrderedDict()
_cache_lock = threading.Lock()
_KIND_CATEGORY = {"var": "variable", "zone": "zone", "derived": "derived", "function": "function",
                  "constant": "constant"}


@dataclass(frozen=True)
class Token:
    """A name of ``length`` characters at ``(line, column)``; ``declared`` is what it names."""

    line: int
    column: int
    length: int
    category: str
    name: str


def expression_tokens(snap, index: Index | None, first_line: int = 0, last_line: int | None = None) -> list[Token]:
    """The names of every expression of ``snap`` between two lines (inclusive), in text order.

    ``index`` names the model's globals (for a tactic: the index of the model it plays).
    """
    loaded = snap.loaded
    if loaded is None or not isinstance(loaded.data, dict):
        return []
    data = loaded.data
    last_line = len(snap.lines) if last_line is None else last_line
    if snap.kind == "tactic":
        model = snap.model()
        model_index = model.index if model is not None else None
        model_data = model.data if model is not None else None
    else:
        model_index, model_data = index, data
    boards = bool(mapping(mapping(model_data).get("boards")))
    tokens: list[Token] = []
    names = (model_index.serial if model_index is not None else None, snap.names_signature, snap.kind)
    for path, value, span in snap.memo(("expression fields",), lambda: _fields_with_spans(snap, loaded)):
        if span.end_line < first_line or span.line > last_line:
            continue
        # A block scalar's characters move with its indentation while its value stays the same.
        key = (names, path, value, span) if span.line == span.end_line else \
            (names, path, value, span, tuple(snap.lines[span.line:span.end_line + 1]))
        with _cache_lock:
            known = _cache.get(key)
            if known is not None:
                _cache.move_to_end(key)
        if known is None:
            known = _field_tokens(snap, data, index, model_index, boards, path, value, span)
            with _cache_lock:
                _cache[key] = known
                while len(_cache) > FIELD_CACHE:
                    _cache.popitem(last=False)
        tokens += [token for token in known if first_line <= token.line <= last_line]
    # The whole token in the key: the order of the fields depends on how they were found (by
    # entry or whole), and fields an alias shares are found at several paths, with one span.
    tokens.sort(key=lambda token: (token.line, token.column, token.length, token.category, token.name))
    return tokens


def _field_tokens(snap, data, index, model_index, boards: bool, path: tuple, value, span) -> tuple[Token, ...]:
    text = expression_text(value)
    tree = parsed(text)
    if tree is None:
        return ()
    where = scalar_map(snap.lines, span, value if isinstance(value, str) else text)
    if where is None:
        return ()
    local_names = scope_locals(snap.kind, data, path, index if snap.kind == "model" else None)
    found_tokens = []
    for node, bound in names_with_binding(tree.tree):
        found = where.span(tree.offset(node), tree.offset(node) + len(node.id))
        if found is None:
            continue
        category = "local" if bound else classify(node.id, local_names, model_index, boards)
        found_tokens.append(Token(found.line, found.column, found.end_column - found.column, category, node.id))
    return tuple(found_tokens)


def classify(name: str, local_names, index: Index | None, boards: bool) -> str:
    """The category of a free ``name`` in an expression that sees ``local_names``."""
    if name in local_names:
        return "reserved" if name in RESERVED_LOCALS else "local"
    if index is not None:
        for kind in ("var", "zone", "derived", "function"):
            if (kind, name) in index.decls:
                return _KIND_CATEGORY[kind]
    if boards and name in _board_functions():
        return "board"
    if name in RESERVED_GLOBALS:
        return "reserved"
    if index is not None and ("constant", name) in index.decls:
        return "constant"
    if name in BUILTIN_NAMES or name in ("sigmoid", "σ"):
        return "builtin"
    return "unknown"


def _board_functions() -> tuple:
    from ..boards import FUNCTION_NAMES  # the board package is only needed by models with boards

    return FUNCTION_NAMES


_unit_fields = UnitCache()


def _fields_with_spans(snap, loaded) -> list[tuple]:
    """``(path, value, value span)`` of every expression and op path of the document; for a
    model, kept per top-level entry (:mod:`.entries`): after an edit only the edited entry's
    fields are looked for again."""
    data = loaded.data
    if snap.kind == "tactic":
        return _with_spans(loaded, _tactic_fields(data))
    if not units_independent(loaded):
        return _with_spans(loaded, expression_fields(data) + _path_fields(data))
    found = []
    for unit in units(data):
        found += _unit_fields.get(
            loaded, unit, lambda unit: _with_spans(loaded, expression_fields(unit.data) + _path_fields(unit.data)),
            _moved_fields)
    return found


def _with_spans(loaded, fields) -> list[tuple]:
    found = []
    for path, value in fields:
        span = loaded.positions.value_span(path)
        if span is not None:
            found.append((path, value, span))
    return found


def _moved_fields(fields: list[tuple], lines: int) -> list[tuple]:
    return [(path, value, moved(span, lines)) for path, value, span in fields]


def _path_fields(data: dict) -> list:
    """``(path, text)`` of the zone and variable paths of ops (``var: "score[actor]"``)."""
    found = []
    for op, path, _owner in all_ops(data):
        for name in _PATH_FIELDS:
            if isinstance(op.get(name), str):
                found.append((path + (name,), op[name]))
    return found


def _tactic_fields(data: dict) -> list:
    fields = [(("let", name), value) for name, value in mapping(data.get("let")).items()]
    for position, rule in enumerate(sequence(data.get("rules"))):
        for key, value in mapping(rule).items():
            if isinstance(key, str) and key.endswith("_x"):
                fields.append((("rules", position, key), value))
    return [(path, value) for path, value in fields
            if isinstance(value, (str, int, float)) and not isinstance(value, bool)]

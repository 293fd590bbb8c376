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
working out each expression's local names. After an edit nearly every expression is unchanged:
a model's tokens are kept per top-level entry (:mod:`.entries`), moved with its lines, and each
expression's tokens (:data:`FIELD_CACHE` entries) under its path, text, position, the local
names it sees and the names declared (:func:`names_key`), so only what was typed in is read again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from ..checks import expression_fields
from ..expr import expression_text
from ..expr.builtins import BUILTIN_NAMES
from ..validate.walk import all_ops, mapping, sequence
from .entries import UnitCache, links, moved, units, units_independent
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
    names = (names_key(model_index), boards, snap.kind)
    context = (snap, data, index, model_index, boards, names)
    if snap.kind == "model" and units_independent(loaded):
        return _tokens_by_units(context, loaded, first_line, last_line)[1]
    tokens: list[Token] = []
    for path, value, span in snap.memo(("expression fields",), lambda: _fields_with_spans(snap, loaded)):
        if span.end_line < first_line or span.line > last_line:
            continue
        tokens += [token for token in _kept_field_tokens(context, path, value, span)
                   if first_line <= token.line <= last_line]
    tokens.sort(key=_order)
    return tokens


def _order(token: Token) -> tuple:
    # The whole token: fields an alias shares are found at several paths, with one span.
    return (token.line, token.column, token.length, token.category, token.name)


_unit_tokens = UnitCache()


def _tokens_by_units(context, loaded, first_line: int, last_line: int) -> tuple[list | None, list[Token]]:
    """The tokens of a model, kept per top-level entry (:mod:`.entries`) with the names they were
    classified with: after an edit only the edited entry's expressions are read again. Returns
    the runs of tokens per entry (``None`` when they interleave) and all the tokens in order."""
    snap, data, _index, _model_index, _boards, names = context
    borrowing = links(loaded).borrowed
    positions = loaded.positions

    def compute(unit):
        found: list[Token] = []
        for path, value, span in _with_spans(loaded, expression_fields(unit.data) + _path_fields(unit.data)):
            found += _kept_field_tokens(context, path, value, span)
        found.sort(key=_order)
        return names, tuple(found)

    groups: list = []
    last = None
    in_order = True
    for unit in units(data):
        if first_line > 0 or last_line < len(snap.lines):
            written = positions.written(unit.path)
            if written is not None and unit.path not in borrowing \
                    and (written[1][2] < first_line or (written[0] or written[1])[0] > last_line):
                continue  # the entry's text is outside the lines asked for, and it borrows none
        found = _unit_tokens.get(loaded, unit, compute, _moved_tokens, lambda result: result[0] == names)[1]
        if not found:
            continue
        if first_line > 0 or last_line < len(snap.lines):
            found = [token for token in found if first_line <= token.line <= last_line]
            if not found:
                continue
        if last is not None and _order(found[0]) <= last:
            in_order = False
        last = _order(found[-1])
        groups.append(found)
    if not in_order:
        return None, sorted((token for group in groups for token in group), key=_order)
    return groups, [token for group in groups for token in group]


def expression_token_groups(snap, index: Index | None) -> list[tuple[Token, ...]] | None:
    """The tokens of a model in runs, in text order: one run per top-level entry, the same tuple
    as long as the entry's text and the names declared stay (a reader may keep what it derives
    from a run, as the server does its encoding). ``None`` when the runs do not follow each
    other (an alias or merge puts an entry's names among another's) or ``snap`` is not a model."""
    loaded = snap.loaded
    if snap.kind != "model" or loaded is None or not isinstance(loaded.data, dict) or not units_independent(loaded):
        return None
    boards = bool(mapping(loaded.data.get("boards")))
    context = (snap, loaded.data, index, index, boards, (names_key(index), boards, snap.kind))
    return _tokens_by_units(context, loaded, 0, len(snap.lines))[0]


_new_object = object.__new__


def _moved_tokens(result, lines: int):
    names, tokens = result
    moved_tokens = []
    for token in tokens:
        new = _new_object(Token)
        new.__dict__.update(token.__dict__)
        new.__dict__["line"] = token.line + lines
        moved_tokens.append(new)
    return names, tuple(moved_tokens)


_names_lock = threading.Lock()
_names_keys: dict = {}  # id(index) -> (index, key)
_canonical: dict = {}


def names_key(index: Index | None):
    """What the classification of names reads of an index: the global names by kind, the names
    bound where events are emitted and the keywords of ``modified()``; equal for two indexes
    of versions that declare the same names."""
    if index is None:
        return None
    with _names_lock:
        entry = _names_keys.get(id(index))
        if entry is not None and entry[0] is index:
            return entry[1]
    key = (frozenset(kind_name for kind_name in index.declared_keys() if kind_name[0] in _KIND_CATEGORY or kind_name[0] == "constant"),
           tuple((event, tuple(names)) for event, names in index.event_locals.items()),
           tuple((stat, tuple(sorted(names))) for stat, names in index.modified_kwargs.items()))
    with _names_lock:
        if len(_names_keys) >= 8:
            _names_keys.clear()
            _canonical.clear()
        key = _canonical.setdefault(key, key)  # one object per key: kept results compare by identity
        _names_keys[id(index)] = (index, key)
    return key


def _kept_field_tokens(context, path: tuple, value, span) -> tuple[Token, ...]:
    """The tokens of one field, kept under its path, text, position, the names it sees and the
    names declared."""
    snap, data, index, model_index, boards, names = context
    local_names = scope_locals(snap.kind, data, path, index if snap.kind == "model" else None)
    # A block scalar's characters move with its indentation while its value stays the same.
    key = (names, path, value, span, tuple(local_names)) if span.line == span.end_line else \
        (names, path, value, span, tuple(local_names), tuple(snap.lines[span.line:span.end_line + 1]))
    with _cache_lock:
        known = _cache.get(key)
        if known is not None:
            _cache.move_to_end(key)
    if known is None:
        known = _field_tokens(snap, local_names, model_index, boards, value, span)
        with _cache_lock:
            _cache[key] = known
            while len(_cache) > FIELD_CACHE:
                _cache.popitem(last=False)
    return known


def _field_tokens(snap, local_names, model_index, boards: bool, value, span) -> tuple[Token, ...]:
    text = expression_text(value)
    tree = parsed(text)
    if tree is None:
        return ()
    where = scalar_map(snap.lines, span, value if isinstance(value, str) else text)
    if where is None:
        return ()
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
            if index.declared(kind, name):
                return _KIND_CATEGORY[kind]
    if boards and name in _board_functions():
        return "board"
    if name in RESERVED_GLOBALS:
        return "reserved"
    if index is not None and index.declared("constant", name):
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

"""Op lists for the compiled path (:mod:`.compile_flow`): each op a closure with its fields read at load time.

An op list compiles once per model into ``run(runner, names, place, ask)`` closures, one per op.
Each spends :data:`~.work.OP_COST` and does what the op's function in the op table does, in the
same order, with the same errors: ``let``, ``set``, ``add``, ``place``, ``choose``, ``draw``,
``roll``, ``if`` and ``for_each`` (the ops the examples run most) read their fields straight from the
compiled expressions; an op written in a way they do not cover (a field given as text, a
subset choice, an attribute) and every other op call the op table's function itself. A
decision or chance event is asked with ``ask`` at once, as :class:`~.frames.DecideFrame` and
:class:`~.frames.ChanceFrame` would ask and then take the answer, without the observation
(nothing in a compiled game reads it back, and its label would cost more than the rest); any
other frame an op returns runs to its end with :func:`~.frames.run_inline`.
"""

from __future__ import annotations

from ..errors import ExprError, NotExecutable
from ..expr import to_text
from ..expr.runtime import plus
from ..model.code import evaluator_of
from ..model.fields import Field
from . import optable
from .frames import MAX_OPTIONS, ChanceFrame, DecideFrame, check_options, run_inline
from .ops.choice import check_single, as_options
from .ops.common import POSITIONS, integer, position_of, visibility_of, write_variable, zone_of_path
from .ops.zones import insert, top_index
from .requests import ALL, Chance, Decision
from .stored import IMMUTABLE, stored
from .work import OP_COST, out_of_work, spend

_KEY = "compiled ops"


def compiled_ops(model, ops) -> list:
    """``[(op, run)]`` for the op list ``ops`` of ``model``, compiled on first use (``run(runner,
    names, place, ask)`` does the op, after :func:`run_ops` has spent its cost)."""
    key = (_KEY, id(ops))
    found = model.compiled_parts.get(key)
    if found is None or found[0] is not ops:  # (the list kept beside: an id is unique while it lives)
        found = model.compiled_parts[key] = (ops, [(op, compile_op(model, op)) for op in ops])
    return found[1]


def run_ops(runner, ops, names: dict, place: str, ask) -> None:
    """:class:`~.frames.OpsFrame`: run ``ops`` sharing the local ``names``; ``place`` names them in errors."""
    op_list(runner.model, ops)(runner, names, place, ask)


def op_list(model, ops):
    """``run(runner, names, place, ask)``: :func:`run_ops` of ``ops``, with the list's compiled ops
    found now, once, instead of at every run (a closure that runs an op list holds this one)."""
    key = (_KEY, "list", id(ops))
    found = model.compiled_parts.get(key)
    if found is None or found[0] is not ops:
        found = model.compiled_parts[key] = (ops, _op_list(compiled_ops(model, ops)))
    return found[1]


def _op_list(compiled: list):
    steps_of = tuple((op.path, run) for op, run in compiled)

    def run(runner, names, place, ask):
        scope = runner.scope
        for path, run_op in steps_of:
            steps = scope.steps - OP_COST
            scope.steps = steps
            if steps < 0:
                raise out_of_work(place, path)
            run_op(runner, names, place, ask)

    return run


def compile_op(model, op):
    compiler = _COMPILERS.get(op.kind)
    run = compiler(model, op) if compiler is not None else None
    return run if run is not None else _by_table(op)


def _by_table(op):
    """The op table's function, and whatever frame it returns run here."""
    function = optable.TABLE.get(op.kind)

    def run(runner, names, place, ask):
        if function is None:
            raise NotExecutable(f"{place}: unknown op {op.kind!r}", path=op.path)
        frame = function(runner, op, names, place)
        if frame is not None:
            finish(runner, frame, ask)

    return run


def finish(runner, frame, ask) -> None:
    """Run the frame an op returned to its end."""
    cls = frame.__class__
    if cls is DecideFrame:
        decide(runner, frame, ask)
    elif cls is ChanceFrame:
        happen(runner, frame, ask)
    else:
        run_inline(runner, frame, ask)


def decide(runner, frame: DecideFrame, ask) -> int:
    """:meth:`DecideFrame.resume` before and after its request, with the answer from ``ask``."""
    values = frame.values
    if len(values) == 1:
        if runner.tally is not None:
            runner.tally.forced_decision(frame.player, frame.where)
        index = 0
    else:
        check_options(frame.where, len(values))
        if frame.player is None:
            raise NotExecutable(f"{frame.where}: choice without a player")
        request = Decision(frame.player, frame.where, frame.labels, values, frame.visible)
        if frame.subset is not None:
            request.items, request.pool, request.chosen = frame.subset
        index = ask(request)
    runner.value = index
    if frame.then is not None:
        frame.then(runner, index, *frame.args)
    return index


def happen(runner, frame: ChanceFrame, ask) -> int:
    """:meth:`ChanceFrame.resume` before and after its request, with the answer from ``ask``."""
    values = frame.values
    if len(values) == 1:
        index = 0
    else:
        check_options(frame.where, len(values))
        probabilities = frame.probabilities
        if probabilities is None:
            probabilities = [1 / len(values)] * len(values)
        index = ask(Chance(frame.where, frame.labels, values, probabilities, frame.visible))
    runner.value = index
    if frame.then is not None:
        frame.then(runner, index, *frame.args)
    return index


_SCALARS = frozenset({int, float, str, bool, type(None)})


def _reader(op, name: str):
    """``read(names, scope)`` for a field given as an expression, a plain literal or a literal list
    of scalars, else ``None`` (a missing field, text, or a literal holding lists or dicts: the op
    table's function says what it means)."""
    field: Field | None = op.fields.get(name)
    if field is None:
        return None
    if field.is_code:
        return field.value.evaluator()
    value = field.value
    if field.is_literal:
        return lambda names, scope: value
    if field.present and value.__class__ is list and all(item.__class__ in _SCALARS for item in value):
        return lambda names, scope: list(value)  # a literal list is copied per read: of scalars, a copy is deep
    return None


def _zone(model, op, path):
    """``pile(runner, names)`` for a zone path: :func:`~.ops.common.zone_of_path` with the zone's
    declaration looked up at load time (a path that does not fit it fails there, as it would)."""
    name = path.name
    decl = model.zones.get(name)
    if decl is None or decl.per_player != (path.index is not None):
        return lambda runner, names: zone_of_path(runner, path, names, op)
    if path.index is None:
        return lambda runner, names: runner.state.zones[name]
    index_of = path.index.evaluator()

    def part(runner, names):
        index = index_of(names, runner.scope)
        try:
            return runner.state.zones[name][int(index)]
        except (IndexError, TypeError, ValueError):
            raise ExprError(f"zone '{name}' has no part {to_text(index)}", path=op.path) from None

    return part


def _let(model, op):
    bind, read = op.raw.get("bind"), _reader(op, "value")
    if bind is None or read is None:
        return None
    bind = str(bind)

    def run(runner, names, place, ask):
        names[bind] = read(names, runner.scope)

    return run


def _set(model, op):
    read, path = _reader(op, "value"), op.paths.get("var")
    if read is None or path is None or "attr" in op.raw:
        return None
    return _writer(op, path, read, None, "value")


def _add(model, op):
    read, path = _reader(op, "amount"), op.paths.get("var")
    if read is None or path is None or "attr" in op.raw:
        return None

    def added(old, amount, place):
        try:
            return plus(old, amount)
        except (TypeError, MemoryError) as exc:
            raise ExprError(f"{place}: cannot add {to_text(amount)} to {to_text(old)} ({exc})", path=op.path) from None

    return _writer(op, path, read, added, "amount")


def _writer(op, path, read, combine, field: str):
    """``set`` (``combine`` None) or ``add`` of a variable: :func:`~.ops.common.write_variable`,
    whose whole-variable case is written out here (by :func:`_whole_writer`)."""
    name = path.name
    index_of = evaluator_of(path.index)
    if index_of is None:
        return _whole_writer(op, name, read, combine, _constant(op, field))

    def run(runner, names, place, ask):
        value = read(names, runner.scope)
        container = runner.state.variables.get(name)
        if container.__class__ is list:  # an element of a list (score[actor]): write_variable's case, inline
            scope = runner.scope
            key = index_of(names, scope)
            try:
                index = key if key.__class__ is int else integer(key, f"the index of {path.text}", place, op)
                old = container[index]
                container[index] = stored(value if combine is None else combine(old, value, place), scope,
                                          op.path, place)
            except IndexError:
                raise ExprError(f"{place}: {path.text}: index {to_text(key)} is out of range",
                                path=op.path) from None
            return
        if combine is None:
            write_variable(runner, op, names, place, lambda old: value)
        else:
            write_variable(runner, op, names, place, lambda old: combine(old, value, place))

    return run


_NOT_CONSTANT = object()


def _constant(op, name: str):
    """The value of field ``name`` when it is a literal stored as it is (a number, text, a truth
    value, none), else :data:`_NOT_CONSTANT`."""
    field: Field | None = op.fields.get(name)
    if field is None or field.is_code or not field.is_literal or field.value.__class__ not in IMMUTABLE:
        return _NOT_CONSTANT
    return field.value


def _whole_writer(op, name: str, read, combine, constant):
    """``set`` or ``add`` of a whole variable: :meth:`State.set_variable <.state.State.set_variable>`
    inline (an immutable value is stored as it is), a constant set without reading it, and an
    ``add`` of two ints without :func:`~tabletwin.expr.runtime.plus` (whose result it is)."""
    if combine is None and constant is not _NOT_CONSTANT:
        def run_set(runner, names, place, ask):
            state = runner.state
            variables = state.variables
            if name not in variables:
                raise ExprError(f"variable '{name}' not declared", path=op.path)
            variables[name] = constant
            scope = state.scope
            if scope is not None:
                scope[name] = constant

        return run_set

    def run(runner, names, place, ask):
        value = read(names, runner.scope)
        state = runner.state
        variables = state.variables
        if name not in variables:
            raise ExprError(f"variable '{name}' not declared", path=op.path)
        if combine is not None:
            old = variables[name]
            if old.__class__ is int and value.__class__ is int:
                value = old + value
            else:
                value = combine(old, value, place)
        if value.__class__ not in IMMUTABLE:
            value = stored(value, state.budget, op.path, place)
        variables[name] = value
        scope = state.scope
        if scope is not None:
            scope[name] = value

    return run


def _place(model, op):
    read_what, read_at, path = _reader(op, "what"), _reader(op, "at"), op.paths.get("to")
    if read_what is None or read_at is None or path is None:
        return None  # (without at_x: inserting, as the op table's function does)
    pile_of = _zone(model, op, path)

    def run(runner, names, place, ask):
        scope = runner.scope
        what = read_what(names, scope)
        if what.__class__ not in IMMUTABLE:  # (stored keeps an immutable value as it is)
            what = stored(what, scope, op.path, place)
        pile = pile_of(runner, names)
        at = read_at(names, scope)
        if at is None:
            frame = insert(runner, pile, what, position_of(op, place), place)
            if frame is not None:
                finish(runner, frame, ask)
            return
        index = at if at.__class__ is int else integer(at, "at", place, op)
        try:
            pile[index] = what
        except IndexError:
            raise ExprError(f"{place}: place: index {index} is out of range in {path.text}", path=op.path) from None

    return run


def _choose(model, op):
    """:func:`~.ops.choice.op_choose` of one option (no ``min``/``max``); its checks call the op's
    own functions only to fail with their messages."""
    read, bind = _reader(op, "options"), op.raw.get("bind")
    if read is None or bind is None or "min" in op.fields or "max" in op.fields:
        return None
    bind = str(bind)
    actor_code = evaluator_of(op.codes.get("actor_x"))
    visible_code = evaluator_of(op.codes.get("visible_to_x"))
    secret = op.raw.get("secret") is True

    def run(runner, names, place, ask):
        scope = runner.scope
        value = read(names, scope)
        try:
            options = list(value)
        except TypeError:
            as_options(value, place, op)  # raises
        actor = actor_code(names, scope) if actor_code is not None else names.get("actor")
        if secret:
            visible = [actor] if actor is not None else []
        elif visible_code is not None:
            visible = runner.players_of(visible_code(names, scope))
        else:
            visible = ALL
        count = len(options)
        if not count or (count > 1 and actor is None):
            check_single(op, place, options, actor)  # raises
        if count == 1:
            if runner.tally is not None:
                runner.tally.forced_decision(actor, place)
            names[bind] = options[0]
            return
        if count > MAX_OPTIONS:
            check_options(place, count)  # raises
        names[bind] = options[ask(Decision(actor, place, None, options, visible))]

    return run


def _draw(model, op):
    """:func:`~.ops.zones.op_draw`, its zones' paths and count read at load time."""
    source_path, target_path = op.paths.get("from"), op.paths.get("to")
    read_n = _reader(op, "n") if "n" in op.fields else _one
    position = op.raw.get("position")
    if source_path is None or target_path is None or read_n is None or position not in POSITIONS:
        return None
    visible_code = evaluator_of(op.codes.get("visible_to_x"))
    source_of, target_of = _zone(model, op, source_path), _zone(model, op, target_path)

    def run(runner, names, place, ask):
        source = source_of(runner, names)
        target = target_of(runner, names)
        count = integer(read_n(names, runner.scope), "n", place, op)
        if visible_code is not None:
            visible = runner.players_of(visible_code(names, runner.scope))
        else:
            visible = visibility_of(runner, target)
        draw(runner, source, target, count, visible, position, place, ask)

    return run


def _one(names, scope):
    """``n`` of a draw without one."""
    return 1


def draw(runner, source, target, count: int, visible, position, place: str, ask) -> None:
    """:class:`~.ops.zones.DrawFrame` to its end: each card the known top, or chance over the unknown ones."""
    taken = 0
    while taken < count and source:
        taken += 1
        top = top_index(source)
        if top.__class__ is range:  # top_card's chance over the unknown middle, asked at once
            unknowns = len(top)
            check_options(place, unknowns)
            index = ask(Chance(place, None, [source[i] for i in top], [1 / unknowns] * unknowns, visible))
            top = runner.value = top.start + index
        card = source.take(top)
        inserted = insert(runner, target, card, position, place)
        if inserted is not None:
            finish(runner, inserted, ask)


def _roll(model, op):
    """:func:`~.ops.choice.op_roll`: chance over the die's faces, the face bound to ``bind``."""
    read = _reader(op, "die")
    if read is None:
        return None
    bind = op.raw.get("bind")
    bind = str(bind) if bind is not None else None
    visible_code = evaluator_of(op.codes.get("visible_to_x"))

    def run(runner, names, place, ask):
        scope = runner.scope
        value = read(names, scope)
        try:
            faces = list(value)  # as_options, inline
        except TypeError:
            as_options(value, place, op)  # raises
        count = len(faces)
        if not count:
            raise ExprError(f"{place}: roll: the die has no faces", path=op.path)
        visible = runner.players_of(visible_code(names, scope)) if visible_code is not None else ALL
        if count == 1:
            index = 0
        else:
            if count > MAX_OPTIONS:
                check_options(place, count)  # raises
            index = ask(Chance(place, None, faces, [1 / count] * count, visible))
        runner.value = index
        if bind is not None:
            names[bind] = faces[index]

    return run


def _if(model, op):
    condition = evaluator_of(op.codes.get("cond_x"))
    if condition is None:
        return None
    then, otherwise = op.nested.get("then"), op.nested.get("else")
    # The branches' lists are found at their first run, not now: an op list may hold itself
    # (a YAML alias), and compiling it here would never end.
    then_run = otherwise_run = None

    def run(runner, names, place, ask):
        nonlocal then_run, otherwise_run
        if condition(names, runner.scope):
            if then_run is None:
                if not then:
                    return
                then_run = op_list(model, then)
            then_run(runner, names, place, ask)
        else:
            if otherwise_run is None:
                if not otherwise:
                    return
                otherwise_run = op_list(model, otherwise)
            otherwise_run(runner, names, place, ask)

    return run


def _for_each(model, op):
    read = _reader(op, "items")
    if read is None:
        return None
    name = str(op.raw.get("as", "it"))
    body_ops = op.nested.get("body", ())
    body = None  # found at its first run (see _if)

    def run(runner, names, place, ask):
        nonlocal body
        items = read(names, runner.scope)
        if isinstance(items, (str, dict)) or not hasattr(items, "__iter__"):
            raise ExprError(f"{place}: for_each items must be a list, not {to_text(items)}", path=op.path)
        if not isinstance(items, list):
            items = list(items)
        index = 0
        while index < len(items):  # the live list, as the op table's for_each reads it
            item = items[index]
            index += 1
            spend(runner.scope, OP_COST, place, op.path)
            local = dict(names)
            local[name] = item
            if body is None:
                body = op_list(model, body_ops)
            body(runner, local, place, ask)

    return run


_COMPILERS = {"let": _let, "set": _set, "add": _add, "place": _place, "choose": _choose, "draw": _draw,
              "roll": _roll, "if": _if, "for_each": _for_each}

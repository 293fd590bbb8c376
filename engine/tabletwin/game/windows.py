"""Priority windows: who may play which fast action when, and the stack (engine.md).

A window's candidates are the actions and abilities whose ``speed`` it allows. Priority starts
with ``first_x`` (evaluated once), passes on after each choice, and the window closes when
everyone passes in succession (or, with ``single_pass_each``, when everyone has passed once).
With ``lifo_stack`` played actions wait on a stack; when all pass, the top one resolves and
priority goes back to the first player.
"""

from __future__ import annotations

from ..errors import ExprError, NotExecutable
from ..expr import to_text
from .endcheck import check_end
from .ops.common import get
from .work import OP_COST, spend

MAX_WINDOW_TURNS = 10_000
"""Turns of priority in one window before ``window does not close``."""

PASS = "pass"


class StackItem:
    """One played action waiting on the stack; ``public`` is what expressions see."""

    __slots__ = ("action", "public", "local_names")

    def __init__(self, action, actor, local_names):
        self.action = action
        self.public = {"action": action.name, "actor": actor, "cancelled": False}
        self.local_names = local_names


class Window:
    __slots__ = ("name", "stack")

    def __init__(self, name):
        self.name = name
        self.stack: list[StackItem] = []

    def view(self) -> list:
        return [item.public for item in self.stack]


def _next_player(runner, player: int) -> int:
    n = runner.model.num_players
    eliminated = runner.state.eliminated
    for step in range(1, n + 1):
        candidate = (player + step) % n
        if candidate not in eliminated:
            return candidate
    return (player + 1) % n


def open_window(runner, name, op_names: dict, place: str, path: tuple):
    model = runner.model
    priority = model.priority
    if name is not None and str(name) not in priority.windows:
        raise NotExecutable(f"{place}: window {name!r} is not in priority.windows", path=path)
    allows = priority.windows[str(name)] if name is not None else None
    candidates = [action for action in [*model.actions.values(), *model.abilities]
                  if action.speed is not None and (allows is None or action.speed in allows)]
    if not candidates:
        return
    scope = runner.scope
    if priority.first is not None:
        first = priority.first(op_names, scope)
    elif priority.first_is_text:
        raise NotExecutable("priority: first is text without first_x", path=("priority", "protocol", "first"))
    else:
        first = op_names.get("actor")
        first = 0 if first is None else first
    where = f"window {name}"
    if runner.tally is not None:
        runner.tally.window(name)
    window = Window(name)
    runner.window_stack.append(window)
    error_place = place if place.endswith(" · window") else where
    try:
        yield from _run(runner, window, candidates, first, op_names, where, error_place, path)
    finally:
        runner.window_stack.pop()


def _run(runner, window: Window, candidates, first, op_names: dict, where: str, error_place: str, path):
    state = runner.state
    priority = runner.model.priority
    lifo = priority.resolution == "lifo_stack"
    single = priority.closes == "single_pass_each"
    current = first
    passes = 0
    out: set = set()
    turns = 0
    while True:
        active = [p for p in range(runner.model.num_players) if p not in state.eliminated]
        closing = all(p in out for p in active) if single else passes >= len(active)
        if closing:
            if not window.stack:
                return
            item = window.stack.pop()
            if item.public["cancelled"]:
                state.events.append(f"cancelled:{item.action.name}")
            else:
                state.events.append(f"resolves:{item.action.name}")
                names = item.local_names
                names["stack"] = window.view()
                yield from runner.run_ops(item.action.effect, names, f"action {item.action.name}")
                check_end(runner)
            passes = 0
            out.clear()
            current = first
            continue
        turns += 1
        if turns > MAX_WINDOW_TURNS:
            raise ExprError(f"{error_place}: window does not close")
        spend(runner.scope, OP_COST + len(candidates), error_place, path)
        if current in state.eliminated or (single and current in out):
            current = _next_player(runner, current)
            continue
        base = dict(op_names)
        base.update(actor=current, window=window.name, stack=window.view())
        legal = []
        for action in candidates:
            names = dict(base)
            if action.item is not None:
                names["self"] = action.item
            if runner.is_legal(action, names):
                legal.append((action, names))
        if not legal:
            passes += 1
            out.add(current)
            current = _next_player(runner, current)
            continue
        labels = [action.name for action, _ in legal] + [PASS]
        index = yield from runner.decide(current, where, labels, labels=labels)
        if index == len(legal):
            passes += 1
            out.add(current)
            current = _next_player(runner, current)
            continue
        action, names = legal[index]
        passes = 0
        if runner.tally is not None:
            runner.tally.action(action)
        yield from runner.run_ops(action.cost, names, f"action {action.name} (cost)")
        if lifo:
            window.stack.append(StackItem(action, current, names))
            state.events.append(f"stack:{action.name}")
        else:
            yield from runner.run_ops(action.effect, names, f"action {action.name}")
            check_end(runner)
        if priority.after_action != "same":
            current = _next_player(runner, current)


def op_window(runner, op, local_names, place):
    yield from open_window(runner, op.raw.get("name"), local_names, f"{place} · window", op.path)


def op_cancel(runner, op, local_names, place):
    target = get(runner, op, "target", local_names, place, required=True)
    if target is None:
        return
    if not runner.window_stack:
        raise ExprError(f"{place}: cancel outside an open window", path=op.path)
    stack = runner.window_stack[-1].stack
    try:
        item = stack[int(target)]
    except (IndexError, TypeError, ValueError):
        raise ExprError(f"{place}: cancel: IndexError: stack index {to_text(target)} out of range", path=op.path) \
            from None
    item.public["cancelled"] = True


OPS = {"window": (op_window, True), "cancel": (op_cancel, False)}

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
from .frames import DecideFrame, Frame, OpsFrame
from .ops.common import get
from .work import OP_COST, spend

MAX_WINDOW_TURNS = 10_000
"""Turns of priority in one window before ``window does not close``."""

PASS = "pass"


class StackItem:
    """One played action waiting on the stack; ``public`` is what expressions see."""

    __slots__ = ("action", "public", "local_names")
    KEEP = ("action",)
    COPY = ("public", "local_names")

    def __init__(self, action, actor, local_names):
        self.action = action
        self.public = {"action": action.name, "actor": actor, "cancelled": False}
        self.local_names = local_names


class Window:
    __slots__ = ("name", "stack")
    KEEP = ("name",)
    COPY = ("stack",)

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
    """The frame of a window, or ``None`` when nothing can be played in it."""
    model = runner.model
    priority = model.priority
    if name is not None and str(name) not in priority.windows:
        raise NotExecutable(f"{place}: window {name!r} is not in priority.windows", path=path)
    allows = priority.windows[str(name)] if name is not None else None
    candidates = [action for action in [*model.actions.values(), *model.abilities]
                  if action.speed is not None and (allows is None or action.speed in allows)]
    if not candidates:
        return None
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
    return WindowFrame(window, candidates, first, op_names, where, error_place, path)


class WindowFrame(Frame):
    """An open window: turns of priority until it closes, resolving the stack as it empties."""

    __slots__ = ("window", "candidates", "first", "op_names", "where", "error_place", "path", "current", "passes",
                 "out", "turns", "legal", "played", "pc", "open")
    KEEP = ("where", "error_place", "path", "passes", "pc", "open")
    COPY = ("window", "candidates", "first", "op_names", "current", "out", "legal", "played")
    LIMITS = ("turns",)
    _TURN, _CHOSEN, _COST_PAID, _RESOLVED, _EFFECT_DONE = 0, 1, 2, 3, 4

    def __init__(self, window: Window, candidates, first, op_names: dict, where: str, error_place: str, path):
        self.window = window
        self.candidates = candidates
        self.first = first
        self.op_names = op_names
        self.where = where
        self.error_place = error_place
        self.path = path
        self.current = first
        self.passes = 0
        self.out: set = set()
        self.turns = 0
        self.legal = None
        self.played = None
        self.pc = 0
        self.open = True

    def close(self, runner):
        if self.open:
            self.open = False
            runner.window_stack.pop()

    def unwind(self, runner, exc) -> bool:
        self.close(runner)
        return False

    def _pass(self, runner):
        self.passes += 1
        self.out.add(self.current)
        self.current = _next_player(runner, self.current)

    def resume(self, runner, value):
        pc = self.pc
        if pc == 1:
            legal = self.legal
            if value == len(legal):
                self._pass(runner)
            else:
                action, names = legal[value]
                self.passes = 0
                if runner.tally is not None:
                    runner.tally.action(action)
                self.played = (action, names)
                self.pc = 2
                return OpsFrame(action.cost, names, f"action {action.name} (cost)")
        elif pc == 2:
            action, names = self.played
            if runner.model.priority.resolution == "lifo_stack":
                self.window.stack.append(StackItem(action, self.current, names))
                runner.state.events.append(f"stack:{action.name}")
                self._after_action(runner)
            else:
                self.pc = 4
                return OpsFrame(action.effect, names, f"action {action.name}")
        elif pc == 3:
            check_end(runner)
            self.passes = 0
            self.out.clear()
            self.current = self.first
        elif pc == 4:
            check_end(runner)
            self._after_action(runner)
        self.pc = 0
        return self._turns(runner)

    def _after_action(self, runner):
        self.played = None
        if runner.model.priority.after_action != "same":
            self.current = _next_player(runner, self.current)

    def _turns(self, runner):
        state = runner.state
        priority = runner.model.priority
        single = priority.closes == "single_pass_each"
        window = self.window
        seats = range(runner.model.num_players)
        while True:
            eliminated = state.eliminated
            active = [p for p in seats if p not in eliminated] if eliminated else seats
            out = self.out
            closing = all(p in out for p in active) if single else self.passes >= len(active)
            if closing:
                if not window.stack:
                    self.close(runner)
                    return None
                item = window.stack.pop()
                if item.public["cancelled"]:
                    state.events.append(f"cancelled:{item.action.name}")
                else:
                    state.events.append(f"resolves:{item.action.name}")
                    names = item.local_names
                    names["stack"] = window.view()
                    self.pc = 3
                    return OpsFrame(item.action.effect, names, f"action {item.action.name}")
                self.passes = 0
                out.clear()
                self.current = self.first
                continue
            self.turns += 1
            if self.turns > MAX_WINDOW_TURNS:
                raise ExprError(f"{self.error_place}: window does not close")
            spend(runner.scope, OP_COST + len(self.candidates), self.error_place, self.path)
            current = self.current
            if current in state.eliminated or (single and current in out):
                self.current = _next_player(runner, current)
                continue
            base = dict(self.op_names)
            base.update(actor=current, window=window.name, stack=window.view())
            legal = []
            for action in self.candidates:
                # Only a legal action keeps its names (its cost and effect bind more): pre_x reads
                # an item-less action's names from ``base``, which no expression changes.
                if action.item is None:
                    if runner.is_legal(action, base):
                        legal.append((action, dict(base)))
                    continue
                names = dict(base)
                names["self"] = action.item
                if runner.is_legal(action, names):
                    legal.append((action, names))
            if not legal:
                self._pass(runner)
                continue
            self.legal = legal
            self.pc = 1
            labels = [action.name for action, _ in legal] + [PASS]
            return DecideFrame(current, self.where, labels, labels=labels)


def op_window(runner, op, local_names, place):
    return open_window(runner, op.raw.get("name"), local_names, f"{place} · window", op.path)


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


OPS = {"window": op_window, "cancel": op_cancel}

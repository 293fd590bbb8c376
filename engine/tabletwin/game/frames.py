"""The walk of the flow as data: a stack of frames that a loop resumes, so it can be copied.

Every construct that may ask something (a flow node, an op list, a trigger phase, a window, a
decision) is a :class:`Frame`: a small object holding what the construct has done so far (its
program counter and locals). ``resume(runner, value)`` runs it until it

- returns ``None``: it is finished (a frame that gives a value puts it in ``runner.value``);
- returns a :class:`Frame`: the runner pushes it and resumes it; when it finishes, this frame is
  resumed with ``runner.value``;
- returns a request (:class:`~.requests.Decision` or :class:`~.requests.Chance`): the game waits;
  the answer's index is the ``value`` of the next ``resume`` of this same frame.

An exception raised while a frame runs unwinds the stack: each frame popped gets
``unwind(runner, exc)`` (its ``finally``), and the first that returns ``True`` handles it and is
finished. Because the whole walk is in these objects and the game state, a game copies by
copying both (:mod:`.snapshot`), and compares by their contents (:mod:`.position`).

A frame lists its slots in ``COPY`` (values a copy of the game must copy: local names, lists,
piles) and ``KEEP`` (shared: model objects, text, numbers); ``LIMITS`` are counters of the
engine's runaway limits, which :mod:`.position` leaves out.
"""

from __future__ import annotations

from ..errors import ExprError, NotExecutable
from ..expr import TSet
from ..model.data import ModelDict
from .labels import label
from .requests import ALL, Chance, Decision
from .work import OP_COST, out_of_work

ATOMIC = frozenset({int, float, str, bool, type(None), TSet, ModelDict, range, bytes, complex})
"""Classes of values no op changes, shared by a game and its copies (model data dicts included)."""

MAX_OPTIONS = 100_000
"""Options of one decision or chance event: each gets a label and goes to the player, so a million
would take seconds and hundreds of megabytes per request (a 300 x 300 board has 90,000 cells)."""


def option_label(labels, values: list, index: int) -> str:
    """The label of option ``index``: given, or made from its value (only the chosen one is labelled)."""
    return labels[index] if labels is not None else label(values[index])


def check_options(where: str, count: int) -> None:
    if count > MAX_OPTIONS:
        raise ExprError(f"{where}: {count:,} options to choose from; at most {MAX_OPTIONS:,}")


class Frame:
    """One construct in progress. Subclasses define ``__slots__``, ``KEEP``, ``COPY`` and ``resume``."""

    __slots__ = ()
    KEEP: tuple = ()
    COPY: tuple = ()
    LIMITS: tuple = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.copied = _copier_of(cls)

    def resume(self, runner, value):
        raise NotImplementedError

    def unwind(self, runner, exc) -> bool:
        """The frame is left by ``exc``: clean up; ``True`` if it handles ``exc`` (and is finished)."""
        return False


def _copier_of(cls):
    """``copied(frame, copy)``: a new frame of ``cls``, ``KEEP`` and ``LIMITS`` slots as they are,
    ``COPY`` slots through ``copy`` (:class:`~.snapshot.Copier`); generated once per class because
    look-ahead copies frames by the million."""
    lines = ["def copied(frame, copy):", "    new = new_frame(cls)"]
    for name in (*cls.KEEP, *cls.LIMITS):
        lines.append(f"    new.{name} = frame.{name}")
    for name in cls.COPY:
        lines.append(f"    value = frame.{name}")
        lines.append(f"    new.{name} = value if value.__class__ in atomic else copy(value)")
    lines.append("    return new")
    namespace = {"new_frame": object.__new__, "cls": cls, "atomic": ATOMIC}
    exec("\n".join(lines), namespace)  # noqa: S102  (our own slot names, checked below)
    for name in (*cls.KEEP, *cls.LIMITS, *cls.COPY):
        assert name.isidentifier() and name in cls.__slots__, (cls.__name__, name)
    return namespace["copied"]


class Then(Frame):
    """Run ``child``, then ``then(runner, value, *args)``, which may return one more frame to run.

    The value of the whole is the value ``then`` leaves in ``runner.value`` (or its frame's)."""

    __slots__ = ("child", "then", "args", "pc")
    KEEP = ("then", "pc")
    COPY = ("child", "args")

    def __init__(self, child: Frame, then, args: tuple = ()):
        self.child = child
        self.then = then
        self.args = args
        self.pc = 0

    def resume(self, runner, value):
        pc = self.pc
        if pc == 0:
            self.pc = 1
            child, self.child = self.child, None
            return child
        if pc == 1:
            self.pc = 2
            return self.then(runner, value, *self.args)
        return None


class OpsFrame(Frame):
    """A list of ops sharing ``names``; ``op`` is the op being run (for tracing), else ``None``."""

    __slots__ = ("ops", "names", "place", "index", "op")
    KEEP = ("ops", "place", "index", "op")
    COPY = ("names",)

    def __init__(self, ops, names: dict, place: str):
        self.ops = ops
        self.names = names
        self.place = place
        self.index = 0
        self.op = None

    def resume(self, runner, value):
        ops = self.ops
        index = self.index
        count = len(ops)
        if index >= count:
            return None
        scope = runner.scope
        table = runner.op_table
        names = self.names
        place = self.place
        while index < count:
            op = ops[index]
            index += 1
            self.op = op
            scope.steps -= OP_COST
            if scope.steps < 0:
                raise out_of_work(place, op.path)
            function = table.get(op.kind)
            if function is None:
                raise NotExecutable(f"{place}: unknown op {op.kind!r}", path=op.path)
            frame = function(runner, op, names, place)
            if frame is not None:
                self.index = index
                if frame.__class__ is DecideFrame or frame.__class__ is ChanceFrame:
                    frame = enter(runner, frame)  # they enter nothing: the Python stack stays flat
                    if frame is None:
                        continue  # one value: taken without a request
                return frame
        self.index = index
        self.op = None
        return None


class DecideFrame(Frame):
    """A player's choice among ``values``: its index in ``runner.value``; one value is taken without asking.

    ``then(runner, index, *args)``, if given, runs once the choice is made (it must not ask: it
    returns nothing); it saves a :class:`Then` frame on the hottest paths (``choose``).
    """

    __slots__ = ("player", "where", "values", "visible", "labels", "subset", "asked", "then", "args")
    KEEP = ("where", "then", "asked")
    COPY = ("player", "visible", "values", "labels", "subset", "args")

    def __init__(self, player, where: str, values: list, visible=ALL, labels=None, subset=None, then=None,
                 args: tuple = ()):
        self.player = player
        self.where = where
        self.values = values
        self.visible = visible
        self.labels = labels
        self.subset = subset
        self.asked = False
        self.then = then
        self.args = args

    def resume(self, runner, value):
        if self.asked:
            runner.observe(self.where, "decision", option_label(self.labels, self.values, value), self.visible,
                           self.player)
            runner.value = value
            if self.then is not None:
                self.then(runner, value, *self.args)
            return None
        values = self.values
        labels = self.labels
        if len(values) == 1:
            runner.observe(self.where, "automatic", option_label(labels, values, 0), self.visible, self.player)
            if runner.tally is not None:
                runner.tally.forced_decision(self.player, self.where)
            runner.value = 0
            if self.then is not None:
                self.then(runner, 0, *self.args)
            return None
        check_options(self.where, len(values))
        if self.player is None:
            raise NotExecutable(f"{self.where}: choice without a player")
        self.asked = True
        request = Decision(self.player, self.where, labels, values, self.visible)  # labels None: made when read
        if self.subset is not None:
            request.items, request.pool, request.chosen = self.subset
        return request


class ChanceFrame(Frame):
    """Chance picks one of ``values``: its index in ``runner.value``; one value happens without a request.

    ``then`` and ``args`` as for :class:`DecideFrame`.
    """

    __slots__ = ("where", "values", "probabilities", "visible", "labels", "asked", "then", "args")
    KEEP = ("where", "then", "asked")
    COPY = ("visible", "values", "probabilities", "labels", "args")

    def __init__(self, where: str, values: list, probabilities=None, visible=ALL, labels=None, then=None,
                 args: tuple = ()):
        self.where = where
        self.values = values
        self.probabilities = probabilities
        self.visible = visible
        self.labels = labels
        self.asked = False
        self.then = then
        self.args = args

    def resume(self, runner, value):
        if self.asked:
            runner.observe(self.where, "chance", option_label(self.labels, self.values, value), self.visible)
            runner.value = value
            if self.then is not None:
                self.then(runner, value, *self.args)
            return None
        values = self.values
        labels = self.labels
        if len(values) == 1:
            runner.observe(self.where, "chance", option_label(labels, values, 0), self.visible)
            runner.value = 0
            if self.then is not None:
                self.then(runner, 0, *self.args)
            return None
        check_options(self.where, len(values))
        self.asked = True
        probabilities = self.probabilities
        if probabilities is None:
            probabilities = [1 / len(values)] * len(values)
        return Chance(self.where, labels, values, probabilities, self.visible)  # labels None: made when read


def enter(runner, frame: Frame):
    """Push ``frame`` and resume it at once, as :func:`run_frames` would after its parent returned
    it: ``None`` when it finished at once (it is popped again; its parent goes on without a trip
    through the loop), else what it gave, which the parent returns (a frame to push above it, or
    a request). Only for children whose own children are not entered the same way: the Python
    stack must not grow with the model's nesting (see where it is used)."""
    frames = runner.frames
    frames.append(frame)
    out = frame.resume(runner, None)
    if out is None:
        frames.pop()
    return out


def run_frames(runner, value):
    """Resume ``runner.frames`` with ``value`` until a request or an empty stack; returns the request or ``None``."""
    frames = runner.frames
    while frames:
        frame = frames[-1]
        try:
            out = frame.resume(runner, value)
        except Exception as exc:
            unwind(runner, exc)
            value = runner.value
            continue
        if out is None:
            frames.pop()
            value = runner.value
        elif isinstance(out, Frame):
            frames.append(out)
            value = None
        else:
            return out
    return None


def unwind(runner, exc) -> None:
    """Pop frames until one handles ``exc``; re-raise it when none does."""
    runner.failing(exc)
    frames = runner.frames
    while frames:
        frame = frames.pop()
        if frame.unwind(runner, exc):
            return
    raise exc



def run_inline(runner, frame: Frame, ask):
    """Run ``frame`` to its end above the frames already on the stack, answering each request it
    makes with ``ask(request)`` at once (the compiled path, :mod:`.compile_flow`): the loop of
    :func:`run_frames` and the unwinding of :func:`unwind`, down to where it started. An exception
    that no frame above that point handles goes on to the caller. Returns ``runner.value``."""
    frames = runner.frames
    base = len(frames)
    frames.append(frame)
    value = None
    while len(frames) > base:
        top = frames[-1]
        try:
            out = top.resume(runner, value)
        except Exception as exc:
            runner.failing(exc)
            while len(frames) > base:
                if frames.pop().unwind(runner, exc):
                    break
            else:
                raise
            value = runner.value
            continue
        if out is None:
            frames.pop()
            value = runner.value
        elif isinstance(out, Frame):
            frames.append(out)
            value = None
        else:
            value = ask(out)
    return runner.value

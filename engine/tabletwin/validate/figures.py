"""Executability: the slots the engine needs (engine.md's slot table), the figures, the gaps.

A slot is one construct that needs something from the author (an action's ``pre``, a
``choose``, a loop's ``until``, ...); it is executable when that something is an expression or
a literal the engine can use. The rules layer counts the slots of the flow, actions, triggers,
modifiers, the priority protocol, outcome models and end conditions. The content layer counts
one slot per content item with behaviour or card text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..checks import reuse
from ..modelfile import format_path
from .advice import keywords_of
from .walk import content_items, mapping, nodes, ops, sequence, step_do

_PLAIN_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass
class Gap:
    kind: str  # text, code:<kind>, language, content:<kind>
    place: str
    message: str
    path: tuple


@dataclass
class Figures:
    rules_ok: int = 0
    rules_total: int = 0
    content_ok: int = 0
    content_total: int = 0
    steps: int = 0
    ops: int = 0
    calls: int = 0
    open_questions: int = 0
    gaps: list[Gap] = field(default_factory=list)

    @property
    def executable(self) -> float:
        total = self.rules_total + self.content_total
        return 1.0 if total == 0 else (self.rules_ok + self.content_ok) / total

    @property
    def rules(self) -> float:
        return 1.0 if self.rules_total == 0 else self.rules_ok / self.rules_total

    @property
    def content(self) -> float | None:
        return None if self.content_total == 0 else self.content_ok / self.content_total

    @property
    def code(self) -> float:
        return 0.0 if self.ops == 0 else self.calls / self.ops

    def as_json(self) -> dict:
        return {"executable": round(self.executable, 6), "rules": round(self.rules, 6),
                "content": None if self.content is None else round(self.content, 6),
                "content_ok": self.content_ok, "content_total": self.content_total, "steps": self.steps,
                "ops": self.ops, "code": round(self.code, 6), "open_questions": self.open_questions}


def _usable(op: dict, name: str, text_is_name_ok: bool = False) -> bool:
    """``name`` has an ``_x`` or a literal the engine can use (text only when it is a plain name)."""
    if op.get(name + "_x") is not None:
        return True
    value = op.get(name)
    if isinstance(value, str):
        return text_is_name_ok and bool(_PLAIN_NAME.match(value))
    return name in op


class _Counter:
    def __init__(self, data: dict, figures: Figures):
        self.data = data
        self.figures = figures
        self.code = mapping(data.get("code"))
        self.reads_code = reuse.interned("figures", reuse.Same(data.get("code")))

    def slot(self, ok: bool, gap: Gap | None, content: list | None = None) -> None:
        """One rules slot; inside a content item the gap goes to that item's list instead."""
        if content is not None:
            if not ok and gap is not None:
                content.append(gap)
            return
        self.figures.rules_total += 1
        if ok:
            self.figures.rules_ok += 1
        elif gap is not None:
            self.figures.gaps.append(gap)

    def ops(self, op_list, path: tuple, place: str, content: list | None = None, step_actor: bool = True) -> None:
        """The slots of the ops of ``op_list`` (and the lists nested in it), kept per list (it is
        walked on its own, and reads only the model's ``code`` besides it)."""
        if op_list.__class__ is list and reuse.active():
            tally = reuse.remembered("figures", path, op_list, lambda: self._tally(op_list, path, place),
                                     (place, self.reads_code))
        else:
            tally = self._tally(op_list, path, place)
        count, calls, slots = tally
        self.figures.ops += count
        self.figures.calls += calls
        for ok, gap in slots:
            self.slot(ok, None if ok else Gap(*gap), content)

    def _tally(self, op_list, path: tuple, place: str) -> tuple[int, int, list]:
        """``(ops, calls, [(ok, the Gap's fields)])`` of the ops of ``op_list``."""
        count, calls, slots = 0, 0, []

        def slot(ok: bool, gap: Gap) -> None:
            slots.append((ok, (gap.kind, gap.place, gap.message, gap.path)))

        for op, at in ops(op_list, path):
            count += 1
            kind = op.get("op")
            text = f"{place}: {kind}"

            if kind == "choose":
                missing = [f for f in ("options", "min", "max")
                           if (f in op or f + "_x" in op or f == "options") and not _usable(op, f)]
                slot(not missing, Gap("text", place, f"{text} needs {', '.join(f + '_x' for f in missing)}", at))
            elif kind == "if":
                slot(op.get("cond_x") is not None, Gap("text", place, f"{text} needs cond_x", at))
            elif kind in ("for_each", "repeat"):
                name = "items" if kind == "for_each" else "until"
                slot(_usable(op, name), Gap("text", place, f"{text} needs {name}_x", at))
            elif kind in ("set", "let", "add"):
                field_name = "amount" if kind == "add" else "value"
                ok = _usable(op, field_name, text_is_name_ok=kind != "add")
                if "attr" in op:
                    ok = ok and _usable(op, "of")
                slot(ok, Gap("text", place, f"{text} needs {field_name}_x" + (" and of_x" if "attr" in op else ""), at))
            elif kind in ("place", "create", "move", "destroy", "reveal"):
                fields = ["what"] + (["at"] if kind == "place" and ("at" in op or "at_x" in op) else []) + \
                         (["n"] if kind == "create" and ("n" in op or "n_x" in op) else [])
                bad = [f for f in fields if not _usable(op, f)]
                slot(not bad, Gap("text", place, f"{text} needs {', '.join(f + '_x' for f in bad)}", at))
            elif kind in ("draw", "look"):
                ok = "n" not in op and "n_x" not in op or _usable(op, "n")
                slot(ok, Gap("text", place, f"{text} needs n_x", at))
            elif kind in ("roll", "cancel"):
                name = "die" if kind == "roll" else "target"
                slot(_usable(op, name), Gap("text", place, f"{text} needs {name}_x", at))
            elif kind == "modify":
                ok = op.get("stat") is not None and op.get("change_x") is not None
                slot(ok, Gap("text", place, f"{text} needs stat and change_x", at))
            elif kind == "call":
                calls += 1
                code_kind = mapping(self.code.get(str(op.get("code")))).get("kind", "algorithm")
                slot(False, Gap(f"code:{code_kind}", place, f"{text} {op.get('code')} is code outside the model", at))
            elif kind == "say":
                slot(False, Gap("language", place, f"{text} needs a language agent", at))

        return count, calls, slots


def count(data: dict, expressions=None) -> Figures:
    figures = Figures()
    counter = _Counter(data, figures)
    actions = mapping(data.get("actions"))
    for node, path in nodes(data):
        label = node.get("id", "?")
        kind = node.get("kind")
        if kind == "step":
            figures.steps += 1
            names = step_do(node)
            chooses_need_actor = any(_chooses_without_actor(actions, str(name)) for name in names)
            if len(names) > 1 or chooses_need_actor:
                counter.slot(node.get("actor_x") is not None,
                             Gap("text", f"step {label}", f"step {label} needs actor_x", path))
        if kind == "loop":
            for name in ("until", "over"):
                if name in node:
                    counter.slot(node.get(name + "_x") is not None,
                                 Gap("text", f"flow {label}", f"loop {label} needs {name}_x", path + (name,)))
        if kind == "branch":
            for index, case in enumerate(sequence(node.get("cases"))):
                counter.slot(mapping(case).get("when_x") is not None,
                             Gap("text", f"flow {label}", f"branch {label}: case {index + 1} needs when_x",
                                 path + ("cases", index)))
    for name, action in actions.items():
        action = mapping(action)
        place = f"action {name}"
        if "pre" in action:
            counter.slot(action.get("pre_x") is not None, Gap("text", place, f"{place} needs pre_x", ("actions", name, "pre")))
        counter.ops(action.get("cost"), ("actions", name, "cost"), place + " (cost)")
        counter.ops(action.get("effect"), ("actions", name, "effect"), place)
    for index, trigger in enumerate(sequence(data.get("triggers"))):
        trigger = mapping(trigger)
        place = f"trigger {trigger.get('id', index)}"
        if "if" in trigger:
            counter.slot(trigger.get("if_x") is not None, Gap("text", place, f"{place} needs if_x", ("triggers", index, "if")))
        counter.ops(trigger.get("do"), ("triggers", index, "do"), place)
    for index, modifier in enumerate(sequence(data.get("modifiers"))):
        modifier = mapping(modifier)
        counter.slot(modifier.get("stat") is not None and modifier.get("change_x") is not None,
                     Gap("text", f"modifier {modifier.get('id', index)}", "modifier needs stat and change_x",
                         ("modifiers", index)))
    protocol = mapping(mapping(data.get("priority")).get("protocol"))
    if any(mapping(a).get("speed") is not None for a in actions.values()) and protocol:
        counter.slot(protocol.get("first_x") is not None or "first" not in protocol,
                     Gap("text", "priority", "priority.protocol needs first_x", ("priority", "protocol", "first")))
    for name, model in mapping(data.get("outcomes")).items():
        for index, outcome in enumerate(sequence(mapping(model).get("outcomes"))):
            outcome = mapping(outcome)
            place = f"outcome model {name}"
            counter.slot(outcome.get("p_x") is not None,
                         Gap("text", place, f"{place}: outcome {outcome.get('id', index)} needs p_x",
                             ("outcomes", name, "outcomes", index)))
            counter.ops(outcome.get("effect"), ("outcomes", name, "outcomes", index, "effect"), place)
    main_id = mapping(data.get("flow")).get("id")
    competitive = data.get("mode", "competitive") == "competitive"
    for index, condition in enumerate(sequence(data.get("end"))):
        condition = mapping(condition)
        place = f"end condition {condition.get('id', index)}"
        result = condition.get("result")
        needs = ["if_x"]
        if result == "score":
            needs.append("returns_x")
        scoped = condition.get("scope") is not None and condition.get("scope") != main_id
        if result == "eliminate" or (competitive and result in ("win", "loss") and not scoped):
            needs.append("who_x")
        missing = [n for n in needs if condition.get(n) is None]
        counter.slot(not missing, Gap("text", place, f"{place} needs {', '.join(missing)}", ("end", index)))
    _content_layer(data, counter, figures, expressions)
    figures.open_questions = len(sequence(data.get("open_questions")))
    return figures


def _chooses_without_actor(actions: dict, name: str) -> bool:
    """Whether action ``name``'s effect has a ``choose`` without ``actor_x`` (kept per effect list)."""
    effect = mapping(actions.get(name)).get("effect")

    def find() -> bool:
        return any(op.get("op") == "choose" and op.get("actor_x") is None for op, _ in ops(effect, ()))

    if effect.__class__ is list and reuse.active():
        return reuse.remembered("chooses_without_actor", ("actions", name, "effect"), effect, find)
    return find()


_BEHAVIOUR = ("effect", "triggers", "modifiers", "abilities", "keywords")


def _content_layer(data, counter: _Counter, figures: Figures, expressions) -> None:
    """The content's slots and gaps; kept while the content is the same object and the model's
    ``code`` and the text literals of its expressions (the keywords rules test) are the same."""
    content = data.get("content")
    if expressions is None or content.__class__ is not dict or not reuse.active():
        _content_slots(data, counter, figures, expressions)
        return

    def make() -> Figures:
        part = Figures()
        _content_slots(data, _Counter(data, part), part, expressions)
        return part

    part = reuse.remembered("content_layer", ("content",), content, make,
                            (reuse.Same(data.get("code")), frozenset(expressions.texts)))
    figures.content_total += part.content_total
    figures.content_ok += part.content_ok
    figures.ops += part.ops
    figures.calls += part.calls
    figures.gaps.extend(part.gaps)


def _content_slots(data, counter: _Counter, figures: Figures, expressions) -> None:
    from .names import ExpressionIndex

    for item, path in content_items(data):
        if not any(key in item for key in _BEHAVIOUR + ("text",)) and item.get("status") != "missing":
            continue
        figures.content_total += 1
        label = item.get("id")
        place = f"content {label}"
        gaps: list[Gap] = []
        counter.ops(item.get("effect"), path + ("effect",), place, gaps)
        for number, ability in enumerate(sequence(item.get("abilities"))):
            ability = mapping(ability)
            if "pre" in ability and ability.get("pre_x") is None:
                gaps.append(Gap("text", place, f"{place}: ability needs pre_x", path + ("abilities", number)))
            for part in ("cost", "effect"):
                counter.ops(ability.get(part), path + ("abilities", number, part), place, gaps)
        for number, trigger in enumerate(sequence(item.get("triggers"))):
            trigger = mapping(trigger)
            if "if" in trigger and trigger.get("if_x") is None:
                gaps.append(Gap("text", place, f"{place}: trigger needs if_x", path + ("triggers", number)))
            counter.ops(trigger.get("do"), path + ("triggers", number, "do"), place, gaps)
        for number, modifier in enumerate(sequence(item.get("modifiers"))):
            if mapping(modifier).get("change_x") is None:
                gaps.append(Gap("text", place, f"{place}: modifier needs change_x", path + ("modifiers", number)))
        keywords = keywords_of(item)
        if keywords:
            expressions = expressions or ExpressionIndex(data)
            for keyword in keywords:
                if not expressions.quotes(keyword):
                    gaps.append(Gap("text", place, f"{place}: keyword {keyword!r} has no rule", path + ("keywords",)))
        behaviour = any(key in item for key in ("effect", "triggers", "modifiers", "abilities")) or \
            (keywords and not any("keyword" in g.message for g in gaps))
        if item.get("status") == "missing":
            gaps.append(Gap("text", place, f"{place} is missing", path))
        elif not behaviour:
            gaps.append(Gap("text", place, f"{place} has text but no behaviour", path))
        if gaps:
            for gap in gaps:
                figures.gaps.append(Gap(f"content:{gap.kind}", place, gap.message, gap.path))
        else:
            figures.content_ok += 1


__all__ = ["Figures", "Gap", "count", "format_path"]

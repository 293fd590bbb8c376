"""The validator's warnings (reference §20): each a deliberate choice or a bug; the author decides."""

from __future__ import annotations

from ..checks import reuse
from ..checks.codes import MODEL_WARNING
from ..checks.kept import placed_all
from .names import ExpressionIndex, names_in
from .walk import content_items, mapping, nodes, ops_of, path_name, sequence, step_do

STATUSES = ("verified", "uncertain", "missing")
QUESTION_STATUSES = ("open", "assumed", "answered")
_ENDING_OPS = ("run", "exec", "sample", "call", "reset", "say")
_ZONE_OPS = ("place", "create", "move", "destroy", "draw", "shuffle")


def check_warnings(out, index: ExpressionIndex) -> None:
    data = out.data
    _zones(out, data)
    _content(out, data, index)
    _unused(out, data, index)
    _ops(out, data)
    _triggers(out, data)
    _speeds(out, data)
    _always_playable(out, data)
    _modifier_stats(out, data, index)
    _open_questions(out, data)


def _zones(out, data):
    zones = mapping(mapping(data.get("state")).get("zones"))
    for name, zone in zones.items():
        zone = mapping(zone)
        source = zone.get("drawn_from")
        if source is None:
            continue
        path = ("state", "zones", name, "drawn_from")
        if mapping(zones.get(source)).get("shuffled") is not True:
            out.warning(f"zone {name}: drawn_from {source!r} is not a shuffled zone", path)
        if zone.get("visibility", "public") == "public":
            out.warning(f"zone {name}: drawn_from on a public zone (everyone sees its cards anyway)", path)


def keywords_of(item: dict) -> list[str]:
    keywords = item.get("keywords")
    if isinstance(keywords, str):
        return [k.strip() for k in keywords.split(",") if k.strip()]
    if isinstance(keywords, list):
        return [str(k) for k in keywords]
    return []


def _content(out, data, index):
    """The content's warnings; kept while the content is the same object and the text literals of
    the model's expressions (the keywords rules test) are the same, moved with the lines of their entries."""
    content = data.get("content")
    positions = out.positions
    if content.__class__ is dict and reuse.active():
        out.warnings.extend(placed_all("content_warnings", ("content",), content, frozenset(index.texts), positions,
                                       lambda: _content_warnings(data, index), "warning", MODEL_WARNING))
        return
    for message, path, on_key in _content_warnings(data, index):
        out.warning(message, path, on_key)


def _content_warnings(data, index) -> list[tuple[str, tuple, bool]]:
    found = []
    for item, path in content_items(data):
        label = item.get("id")
        if item.get("status") not in STATUSES:
            at = path + ("status",) if "status" in item else path
            found.append((f"content {label}: status should be verified, uncertain or missing", at,
                          "status" not in item))
        for number, ability in enumerate(sequence(item.get("abilities"))):
            if mapping(ability).get("speed") is None:
                found.append((f"content {label}: ability {mapping(ability).get('id')!r} has no speed, so it can "
                              f"never be played", path + ("abilities", number), False))
        for keyword in keywords_of(item):
            if not index.quotes(keyword):
                found.append((f"content {label}: keyword {keyword!r} is not tested by any rule "
                              f"(e.g. '{keyword}' in c.get('keywords', ''))", path + ("keywords",), False))
    return found


def _unused(out, data, index):
    for name in mapping(data.get("boards")):
        if not index.quotes(str(name)):
            out.warning(f"board {name} is never named in an expression", ("boards", name), on_key=True)
    for name in mapping(data.get("functions")):
        if name not in index.names:
            out.warning(f"function {name} is never called", ("functions", name), on_key=True)
    used_actions = set()
    called_flows = set()
    for node, _path in nodes(data):
        used_actions.update(step_do(node))
        if node.get("kind") == "subflow":
            called_flows.add(str(node.get("ref")))
    for op, _path, _owner in ops_of(data, ("run",)):
        called_flows.add(str(op.get("flow")))
    for name, action in mapping(data.get("actions")).items():
        action = mapping(action)
        if name not in used_actions and action.get("speed") is None and action.get("note") is None:
            out.warning(f"action {name} is not used by any step", ("actions", name), on_key=True)
    for name in mapping(data.get("flows")):
        if str(name) not in called_flows:
            out.warning(f"flow {name} is never called (no subflow or run names it)", ("flows", name), on_key=True)


def _ops(out, data):
    for op, path, _owner in ops_of(data, ("say", "exec")):
        kind = op.get("op")
        if kind == "say" and op.get("agent") is None:
            out.warning("say without agent", path)
        if kind == "exec":
            if op.get("content") is None:
                out.warning("exec without content (the catalogue it runs, e.g. cards.*)", path)
            if op.get("of_x") is None:
                out.warning("exec without of_x (the item to run)", path)


def emitted_events(data) -> set[str]:
    events = set()
    for op, _path, _owner in ops_of(data, ("emit",)):
        if op.get("event") is not None:
            events.add(str(op["event"]))
    for node, _path in nodes(data):
        value = node.get("end_event")
        for event in value if isinstance(value, list) else [value] if value is not None else []:
            events.add(str(event))
    return events


def all_triggers(data):
    for number, trigger in enumerate(sequence(data.get("triggers"))):
        yield mapping(trigger), ("triggers", number)
    for item, path in content_items(data):
        for number, trigger in enumerate(sequence(item.get("triggers"))):
            yield mapping(trigger), path + ("triggers", number)


def _triggers(out, data):
    events = emitted_events(data)
    for trigger, path in all_triggers(data):
        label = trigger.get("id", "?")
        if trigger.get("event") is not None and str(trigger["event"]) not in events:
            out.warning(f"trigger {label}: event {trigger['event']!r} is never emitted", path + ("event",))
        if trigger.get("optional") is True and trigger.get("controller_x") is None:
            out.warning(f"trigger {label}: optional without controller_x (the event's actor decides)", path)


def _windows(data) -> dict:
    return mapping(mapping(data.get("priority")).get("windows"))


def _speeds(out, data):
    allowed = set()
    for window in _windows(data).values():
        allows = mapping(window).get("allows")
        allowed.update(str(s) for s in (allows if isinstance(allows, list) else [allows] if allows else []))
    for name, action in mapping(data.get("actions")).items():
        speed = mapping(action).get("speed")
        if speed is not None and str(speed) not in allowed:
            out.warning(f"action {name}: speed {speed!r} is not allowed by any window", ("actions", name, "speed"))


def opened_windows(data) -> list:
    """Names of the windows opened somewhere (``None`` for one that allows every speed)."""
    opened = []
    for node, _path in nodes(data):
        window = node.get("window")
        if window is True:
            opened.append(None)
        elif window is not None and window is not False:
            opened.append(str(window))
    for op, _path, _owner in ops_of(data, ("window",)):
        opened.append(str(op["name"]) if op.get("name") is not None else None)
    return list(dict.fromkeys(opened))


def end_reads(data) -> set[str]:
    """Names the end conditions read, through derived values and own functions too."""
    state = mapping(data.get("state"))
    derived = mapping(state.get("derived"))
    functions = mapping(data.get("functions"))
    pending = set()
    for condition in sequence(data.get("end")):
        if mapping(condition).get("if_x") is not None:
            pending |= names_in(mapping(condition)["if_x"])
    seen = set()
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        if name in derived:
            entry = derived[name]
            pending |= names_in(entry.get("x") if isinstance(entry, dict) else entry) if entry is not None else set()
        if name in functions:
            function = mapping(functions[name])
            parts = [function.get("x"), *mapping(function.get("let")).values()]
            for part in parts:
                if part is not None:
                    pending |= names_in(part)
    return seen


def _always_playable(out, data):
    opened = opened_windows(data)
    if not opened:
        return
    windows = _windows(data)
    triggered = {str(t.get("event")) for t, _ in all_triggers(data)}
    reads = end_reads(data)
    for name, action in mapping(data.get("actions")).items():
        action = mapping(action)
        speed = action.get("speed")
        if speed is None or "pre" in action or "pre_x" in action or action.get("cost"):
            continue
        window = next((w for w in opened if w is None or str(speed) in
                       [str(s) for s in sequence(mapping(windows.get(w)).get("allows"))]), "none")
        if window == "none":
            continue
        if _may_end(action.get("effect"), reads, triggered):
            continue
        out.warning(f"action {name}: always playable in window {window}; random players may keep the window open "
                    f"forever", ("actions", name), on_key=True)


def _may_end(effect, reads: set, triggered: set) -> bool:
    from .walk import ops

    for op, _path in ops(effect, ()):
        kind = op.get("op")
        if kind in _ENDING_OPS:
            return True
        if kind in ("set", "add"):
            if "attr" in op:
                return True
            if path_name(op.get("var", "")) in reads:
                return True
        if kind in _ZONE_OPS:
            for field in ("from", "to", "zone"):
                if field in op and path_name(op[field]) in reads:
                    return True
        if kind == "emit" and str(op.get("event")) in triggered:
            return True
    return False


def _modifier_stats(out, data, index):
    places = [(mapping(m), ("modifiers", n)) for n, m in enumerate(sequence(data.get("modifiers")))]
    for item, path in content_items(data):
        places += [(mapping(m), path + ("modifiers", n)) for n, m in enumerate(sequence(item.get("modifiers")))]
    for op, path, _owner in ops_of(data, ("modify",)):
        places.append((op, path))
    for modifier, path in places:
        stat = modifier.get("stat")
        if stat is not None and str(stat) not in index.stats:
            out.warning(f"stat {stat!r} is never read with modified('{stat}', ...)", path + ("stat",))


def _open_questions(out, data):
    for number, question in enumerate(sequence(data.get("open_questions"))):
        status = mapping(question).get("status")
        if status is not None and status not in QUESTION_STATUSES:
            out.warning(f"open question {mapping(question).get('id', number)}: status {status!r} is not open, "
                        f"assumed or answered", ("open_questions", number, "status"))

"""The flow as a text tree, with the markers of each step (reference §20 "Markers").

::

    game: loop over players as current
      turn: step, actor current [choice chance]
        action walk
        action run  pre: pos[actor] < 5

A node that YAML aliases put in several places is written out at its first place only; the
others say so in one line, so a "billion laughs" flow prints as many lines as its text has nodes.
"""

from __future__ import annotations

from ..modelfile.shared import Once
from .advice import all_triggers
from .walk import mapping, ops, path_name, sequence, step_do

MARKERS = ("choice", "chance", "skill", "hidden", "window", "trigger", "language", "persistent", "code")


def _action_ops(data: dict, name: str, seen_flows: set, once: Once | None = None):
    """Ops of an action, and of the flows it runs (their steps' actions), transitively.

    ``once`` remembers the op lists, ops and flow nodes already walked (the markers they give
    are the same wherever they are met again).
    """
    once = Once() if once is None else once
    action = mapping(mapping(data.get("actions")).get(name))
    for part in ("cost", "effect"):
        for op, _path in ops(action.get(part), (), once):
            yield op
            if op.get("op") == "run":
                flow = str(op.get("flow"))
                if flow not in seen_flows:
                    seen_flows.add(flow)
                    yield from _flow_ops(data, mapping(data.get("flows")).get(flow), seen_flows, once)


def _flow_ops(data: dict, node, seen_flows: set, once: Once):
    if not isinstance(node, dict) or not once.first(node):
        return
    if node.get("kind") == "step":
        for name in step_do(node):
            yield from _action_ops(data, name, seen_flows, once)
    for child in sequence(node.get("children")):
        yield from _flow_ops(data, child, seen_flows, once)
    for case in sequence(node.get("cases")):
        for child in sequence(mapping(case).get("children")):
            yield from _flow_ops(data, child, seen_flows, once)
    if node.get("kind") == "subflow":
        flow = str(node.get("ref"))
        if flow not in seen_flows:
            seen_flows.add(flow)
            yield from _flow_ops(data, mapping(data.get("flows")).get(flow), seen_flows, once)


def listened_events(data: dict) -> set[str]:
    return {str(t.get("event")) for t, _ in all_triggers(data)}


def step_markers(data: dict, node: dict, listened: set[str] | None = None) -> list[str]:
    if listened is None:
        listened = listened_events(data)
    zones = mapping(mapping(data.get("state")).get("zones"))
    variables = mapping(mapping(data.get("state")).get("vars"))
    outcomes = mapping(data.get("outcomes"))
    agents = mapping(data.get("agents"))
    found = set()
    if len(step_do(node)) > 1:
        found.add("choice")
    if node.get("window") not in (None, False):
        found.add("window")

    def zone(op, field):
        return mapping(zones.get(path_name(op.get(field, ""))))

    for op in (op for name in step_do(node) for op in _action_ops(data, name, set())):
        kind = op.get("op")
        if kind in ("choose", "say", "search"):
            found.add("choice")
        if kind in ("shuffle", "roll") or (kind in ("draw", "look") and zone(op, "from").get("shuffled") is True):
            found.add("chance")
        if kind == "sample":
            found.add("skill" if mapping(outcomes.get(str(op.get("model")))).get("skill") is True else "chance")
        if (kind == "choose" and op.get("secret") is True) or kind in ("search", "look") or (
                kind in ("move", "draw") and zone(op, "to").get("shuffled") is not True
                and zone(op, "to").get("visibility") in ("hidden", "owner")):
            found.add("hidden")
        if kind == "window":
            found.add("window")
        if kind == "emit" and str(op.get("event")) in listened:
            found.add("trigger")
        if kind == "say" or (kind == "choose" and mapping(agents.get(str(op.get("agent")))).get("kind") == "llm"):
            found.add("language")
        if kind == "reset" or (kind in ("set", "add") and mapping(variables.get(
                path_name(op.get("var", "")))).get("persist") == "campaign") or (
                kind in ("move", "draw", "place", "create") and zone(op, "to").get("persist") == "campaign"):
            found.add("persistent")
        if kind == "call":
            found.add("code")
    return [m for m in MARKERS if m in found]


def flow_tree(data: dict) -> str:
    lines: list[str] = []
    actions = mapping(data.get("actions"))
    listened = listened_events(data)

    def describe(node: dict) -> str:
        kind = node.get("kind")
        parts = [str(kind)]
        if kind == "loop":
            if node.get("over_x") is not None:
                parts = [f"loop over {node['over_x']}"]
            if node.get("as") is not None:
                parts.append(f"as {node['as']}")
            if node.get("until_x") is not None:
                parts.append(f"until {node['until_x']}")
            if node.get("once") is True:
                parts.append("once")
        elif kind == "step":
            who = node.get("actor_x") if node.get("actor_x") is not None else node.get("actor")
            parts.append(f"actor {who}" if who is not None else "no actor")
        elif kind == "subflow":
            parts.append(f"→ {node.get('ref')}")
        text = " ".join(parts[:1]) + (", " + ", ".join(parts[1:]) if len(parts) > 1 else "")
        if node.get("window") not in (None, False):
            text += f", window {'(all speeds)' if node['window'] is True else node['window']}"
        events = node.get("end_event")
        if events is not None:
            text += f", end event {', '.join(map(str, events if isinstance(events, list) else [events]))}"
        if kind == "step":
            markers = step_markers(data, node, listened)
            if markers:
                text += f" [{' '.join(markers)}]"
        return f"{node.get('id', '?')}: {text}"

    once = Once()

    def visit(node, depth: int):
        if not isinstance(node, dict):
            return
        if not once.first(node):
            lines.append("  " * depth + f"{node.get('id', '?')}: the same node as above (a YAML alias)")
            return
        lines.append("  " * depth + describe(node))
        if node.get("kind") == "step":
            for name in step_do(node):
                action = mapping(actions.get(name))
                pre = action.get("pre_x", action.get("pre"))
                lines.append("  " * (depth + 1) + f"action {name}" + (f"  pre: {pre}" if pre is not None else ""))
        for child in sequence(node.get("children")):
            visit(child, depth + 1)
        for index, case in enumerate(sequence(node.get("cases"))):
            case = mapping(case)
            when = case.get("when_x", case.get("when"))
            lines.append("  " * (depth + 1) + f"case {index + 1}: when {when}")
            for child in sequence(case.get("children")):
                visit(child, depth + 2)

    visit(data.get("flow"), 0)
    for name, node in mapping(data.get("flows")).items():
        lines.append(f"flows.{name}")
        visit(node, 1)
    return "\n".join(lines)

"""Model paths as the words a person reads: ``step turn's do`` for ``flow.children[0].do``.

A model path (:mod:`.paths`) is exact but reads like code. :func:`path_words` names the deepest
rule the path is inside (an action, a step or other flow node, a trigger, an end condition, a
variable, ...) by its kind and name, then what is left of the path inside it, with list items
counted from 1 (``action roll's effect, op 2, amount_x``). Messages use the words; the path itself
stays beside the message (``data.path`` in the editor, ``path`` in JSON).
"""

from __future__ import annotations

from collections.abc import Sequence

#: Top-level mappings whose keys name one rule each: key -> kind.
_NAMED = {"actions": "action", "functions": "function", "outcomes": "outcome model",
          "constants": "constant", "agents": "agent", "boards": "board", "code": "code"}
#: Top-level lists whose items are rules with an ``id``: key -> kind.
_LISTED = {"triggers": "trigger", "end": "end condition", "modifiers": "modifier",
           "open_questions": "open question", "content": "content item"}
_STATE = {"vars": "variable", "zones": "zone", "derived": "derived value"}
#: Lists of ops: their items are called "op N".
_OP_LISTS = {"effect", "cost", "do", "then", "else", "ops"}
_FLOW_LISTS = {"children"}


def path_words(data, path: Sequence[str | int]) -> str:
    """The place of ``path`` in ``data`` (the loaded model) in words; ``the top level`` for ``()``."""
    path = tuple(path)
    if not path:
        return "the top level"
    owner, rest, node = _owner(data, path)
    words = _rest_words(rest, node)
    if owner and words:
        return f"{owner}'s {words}"
    return owner or words


def _owner(data, path: tuple):
    """``(name of the deepest rule, the path below it, the value of that rule)``."""
    head = path[0]
    node = data.get(head) if isinstance(data, dict) else None
    if head in _NAMED and len(path) >= 2:
        return f"{_NAMED[head]} {path[1]}", path[2:], _child(node, path[1])
    if head in _LISTED and len(path) >= 2 and isinstance(path[1], int):
        item = _child(node, path[1])
        return f"{_LISTED[head]} {_name_of(item, path[1])}", path[2:], item
    if head == "state" and len(path) >= 3 and path[1] in _STATE:
        return f"{_STATE[path[1]]} {path[2]}", path[3:], _child(_child(node, path[1]), path[2])
    if head == "priority" and len(path) >= 3 and path[1] == "windows":
        return f"window {path[2]}", path[3:], None
    if head == "flow" or (head == "flows" and len(path) >= 2):
        return _flow_owner(path, node)
    return "", path, data


def _flow_owner(path: tuple, node):
    """The deepest flow node with an id on the path (``step turn``), else ``the flow``."""
    start = 1
    owner = _node_name(node) or "the flow"
    if path[0] == "flows":
        owner, start, node = f"flow {path[1]}", 2, _child(node, path[1])
    index, deepest = start, start
    while index < len(path) and path[index] in _FLOW_LISTS and index + 1 < len(path):
        node = _child(_child(node, path[index]), path[index + 1])
        if _node_name(node):
            owner = _node_name(node)
            deepest = index + 2
        elif isinstance(node, dict):
            owner = f"{owner}'s child {path[index + 1] + 1}" if isinstance(path[index + 1], int) else owner
            deepest = index + 2
        index += 2
    return owner, path[deepest:], node


def _node_name(node) -> str:
    """``step turn`` for a flow node with an ``id`` (its ``kind`` first), else ``''``."""
    if isinstance(node, dict) and isinstance(node.get("id"), str):
        kind = node.get("kind")
        return f"{kind if isinstance(kind, str) else 'node'} {node['id']}"
    return ""


def _rest_words(rest: tuple, node) -> str:
    words: list[str] = []
    previous = None
    for step in rest:
        if isinstance(step, int):
            noun = "op" if previous in _OP_LISTS else "item"
            words.append(f"{noun} {step + 1}")
        else:
            words.append(str(step))
        previous = step
    return ", ".join(words)


def _child(node, key):
    if isinstance(node, dict):
        return node.get(key)
    if isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
        return node[key]
    return None


def _name_of(item, index: int) -> str:
    if isinstance(item, dict) and isinstance(item.get("id"), (str, int)) and not isinstance(item.get("id"), bool):
        return str(item["id"])
    return str(index + 1)

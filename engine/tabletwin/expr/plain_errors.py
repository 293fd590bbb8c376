"""Python's wording of a run-time error, said in plain words.

A run-time error is shown as ``error evaluating '<src>': <Kind>: <message>``; the form and the
kind are the specification's, and so is the ``NameError`` message (``name 'x' is not defined``).
The message itself is Python's, written for programmers: ``'NoneType' object is not
subscriptable``, a ``KeyError`` that is only the key's repr. :func:`plain_message` rewrites the
common ones into a sentence about the model's values (``None cannot be indexed with [...]``,
``no key 'x' in the dict``); anything it does not know stays as Python wrote it.
"""

from __future__ import annotations

import re

_TYPES = {"NoneType": "None", "int": "a number", "float": "a number", "str": "a text", "list": "a list",
          "dict": "a dict", "tuple": "a tuple", "set": "a set", "frozenset": "a set", "bool": "true/false",
          "function": "a function", "builtin_function_or_method": "a function"}


def _a(name: str) -> str:
    return _TYPES.get(name, f"a value of type {name}")


_RULES: list[tuple[re.Pattern, object]] = [
    (re.compile(r"'(\w+)' object is not subscriptable"),
     lambda m: f"{_a(m[1])} cannot be indexed with [...]"),
    (re.compile(r"'(\w+)' object is not iterable"),
     lambda m: f"{_a(m[1])} is not a collection to go through (a list, a set, a dict or a text)"),
    (re.compile(r"'(\w+)' object is not callable"),
     lambda m: f"{_a(m[1])} cannot be called like a function"),
    (re.compile(r"'(\w+)' object has no attribute '(\w+)'"),
     lambda m: f"{_a(m[1])} has no method .{m[2]}"),
    (re.compile(r"unsupported operand type\(s\) for (.+): '(\w+)' and '(\w+)'"),
     lambda m: f"cannot use {m[1]} between {_a(m[2])} and {_a(m[3])}"),
    (re.compile(r"bad operand type for unary (.+): '(\w+)'"),
     lambda m: f"cannot use {m[1]} on {_a(m[2])}"),
    (re.compile(r"'(.+)' not supported between instances of '(\w+)' and '(\w+)'"),
     lambda m: f"cannot compare {_a(m[2])} and {_a(m[3])} with {m[1]}"),
    (re.compile(r'can only concatenate (\w+) \(not "(\w+)"\) to \w+'),
     lambda m: f"cannot add {_a(m[2])} to {_a(m[1])}" + ("; str() turns a value into text" if m[1] == "str" else "")),
    (re.compile(r"(list|tuple|string) index out of range"),
     lambda m: f"the index is past the end of the {'text' if m[1] == 'string' else m[1]}"),
    (re.compile(r"(list|tuple) indices must be integers or slices, not (\w+)"),
     lambda m: f"{_a(m[1])} is indexed by a whole number, not by {_a(m[2])}"),
    (re.compile(r"string indices must be integers(?:, not '?(\w+)'?)?"),
     lambda m: "a text is indexed by a whole number" + (f", not by {_a(m[1])}" if m[1] else "")),
    (re.compile(r"object of type '(\w+)' has no len\(\)"),
     lambda m: f"len() of {_a(m[1])}: only a list, a set, a dict or a text has a length"),
    (re.compile(r"(?:float )?division by zero|integer (?:division or )?modulo by zero"),
     lambda m: "division by zero"),
    (re.compile(r"(max|min)\(\) (?:arg|iterable argument) is an empty sequence"),
     lambda m: f"{m[1]}() of an empty collection (give it a default=...)"),
]


def plain_message(kind: str, message: str) -> str:
    """``message`` of a run-time error of ``kind`` in plain words (unchanged if not a known form)."""
    if kind == "NameError":
        return message  # the specification's wording
    if kind == "KeyError":
        return f"no key {message} in the dict" if message else "a key that is not in the dict"
    for pattern, words in _RULES:
        found = pattern.fullmatch(message)
        if found:
            return words(found)
    return message

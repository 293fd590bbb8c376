"""Walking loaded data that shares its aliases: each shared mapping or list once; names in brief.

The loader gives every alias the anchored Python object itself (see :mod:`.load`), so a
"billion laughs" document of a few hundred bytes loads as a few dozen objects (and one whose
aliases repeat more than ``MAX_ALIAS_VALUES`` values is refused). A walk that followed every
reference would still meet each shared value once per alias. Every walk over a loaded document
(validator, checks, flow tree, figures, the engine's set-up, the editor's analyses) therefore
goes through each mapping and list once, at its first path, which is the anchor's: the place
where its text is written, so whatever the walk reports about it lands on that text.
"""

from __future__ import annotations

import reprlib


class Once:
    """The mappings and lists a walk has already been through, by identity.

    The walked data holds the objects, so their ids stay theirs for the walk's lifetime.
    Scalars are never remembered: the same ``1`` or ``"x"`` is one object in many places.
    """

    __slots__ = ("_seen",)

    def __init__(self) -> None:
        self._seen: set[int] = set()

    def first(self, value) -> bool:
        """True the first time ``value`` (a mapping or list) is met, False ever after.

        Anything else is always "first": only containers are shared by aliases.
        """
        if not isinstance(value, (dict, list)):
            return True
        key = id(value)
        if key in self._seen:
            return False
        self._seen.add(key)
        return True

    def __len__(self) -> int:
        return len(self._seen)


_BRIEF = reprlib.Repr()
_BRIEF.maxlevel, _BRIEF.maxlist, _BRIEF.maxdict, _BRIEF.maxstring, _BRIEF.maxother = 2, 4, 4, 60, 60


def brief(value) -> str:
    """``str(value)`` for text and numbers; a mapping or list shortened (``[['go', 'go', ...], ...]``).

    For names and labels read from a model, where a list written by mistake (or a shared alias
    standing for thousands of values) would otherwise be written out whole in a message.
    """
    if isinstance(value, (dict, list)):
        return _BRIEF.repr(value)
    return str(value)

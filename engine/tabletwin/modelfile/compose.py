"""One pass over the parser's event stream builds the plain data and the position table together.

Why events: ruamel's composers build node objects and send every scalar through a resolver
object before anything else can look at them; the event stream of libyaml (the C parser in
``ruamel.yaml.clib``) already carries values, styles, tags, anchors and marks, so reading it
once is the cheapest way to get both data and positions. The loop keeps its own stack (no
recursion), so deep nesting overflows nothing; :data:`MAX_DEPTH` bounds it for the code that
walks the data afterwards. ruamel's pure-Python parser yields the same event classes and serves
as the fallback ``load`` uses where libyaml is stricter than YAML 1.1.

Explicit tags versus implicit resolution: an event's tag is ``None`` unless the node carries a
tag in the text (the parser expands ``!!int`` to ``tag:yaml.org,2002:int`` and keeps ``!`` as
``'!'``). A tagged scalar goes to :func:`resolve_tagged`. An untagged scalar is resolved when it
is plain: the parser says so in ``implicit[0]``, which it sets for untagged plain scalars (and
for ``!``, which is why the tag is looked at first). Quoted and block scalars are text. The raw
``ctag`` attribute is read rather than the ``tag`` property, which builds a new string for every
event; it is a ``str`` from libyaml and a ruamel ``Tag`` from the pure parser.

Mappings follow YAML 1.1 and the spec's engine: a key must be text and may appear once; the
keys of a ``<<`` merge are inserted where the ``<<`` is written, skipping keys the mapping
already has, the first merged mapping first; a key written after the ``<<`` replaces a merged
one in place. Aliases reuse the anchored Python object, and positions below an alias are found
through the anchor (see :mod:`.positions`): nothing is copied, so a "billion laughs" document
loads in linear time and memory. An alias inside its own anchor would make recursive data and
is an error.

Sharing keeps the loader small, and every walk that goes through a shared value once (see
:mod:`.shared`), but not the code that turns a value into text or copies it: a message quoting
a value where a name belongs, an expression field holding a list, ``str(BIG)`` in a game, a
state's JSON. So the loader also counts the values the document stands for as if every alias
were a copy of its anchor (``sizes``: id of a collection -> its values, itself included) and
refuses the alias that takes the values aliases repeat beyond :data:`MAX_ALIAS_VALUES`.
"""

from __future__ import annotations

import math

from ruamel.yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)

from ..dictorder import ordered
from ..errors import Span, YamlError
from .events import event_reader
from .positions import PositionTable, SpanTuple
from .scalars import (
    MAP_TAG,
    NON_SPECIFIC_TAG,
    SEQ_TAG,
    SUPPORTED_TAGS,
    resolve_plain,
    resolve_tagged,
    short_tag,
)

DUPLICATE_HINT = ": a key appears once in a mapping; merge the two entries or rename one"

#: Deepest nesting of mappings and lists; the validator and engine walk the data recursively.
MAX_DEPTH = 200

#: Values that aliases may repeat in a document, counting each alias as a copy of its anchor.
#: A model that reuses an effect or a card in a thousand places stays far below it; a "billion
#: laughs" document (a few hundred bytes standing for 10^9 values) is refused at the alias that
#: goes beyond it, before anything reads the data.
MAX_ALIAS_VALUES = 500_000

#: Longest source text quoted in a message about a key that is a mapping or a list.
MAX_QUOTED_KEY = 40

_LINE_BREAKS = "\n\r\x85\u2028\u2029"
_TRAILING_SPACE = " \t" + _LINE_BREAKS


class _MergeKey:
    """The path step of the value of a ``<<`` key: never equal to a real key or index."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<<"


MERGE = _MergeKey()


def holds_mapping(value) -> bool:
    """Whether ``value`` is a mapping or a list with a mapping somewhere in it: what a ``<<`` or
    an alias shares that a later check could see changed through another path."""
    if value.__class__ is dict:
        return True
    if value.__class__ is list:
        return any(holds_mapping(item) for item in value)
    return False

_NO_KEY = object()  # an open mapping waits for a key, not for a value
_UNFINISHED = object()  # an anchored collection whose end has not come yet


class _Open:
    """A mapping or list whose end event has not come yet.

    ``last`` is the span of its latest child (a block collection ends where that ends);
    ``key``/``key_span`` the key waiting for its value; ``merged`` the keys a ``<<`` brought in,
    which a written key may still replace once; ``merge_line`` where the ``<<`` is.
    """

    __slots__ = ("is_map", "obj", "path", "flow", "start", "last", "anchor", "key", "key_span",
                 "merged", "merge_line", "weight")

    def __init__(self, is_map: bool, path: tuple, flow: bool, start: tuple[int, int], anchor):
        self.is_map = is_map
        self.obj = {} if is_map else []
        self.path = path
        self.flow = flow
        self.start = start
        self.last: SpanTuple | None = None
        self.anchor = anchor
        self.key = _NO_KEY
        self.key_span: SpanTuple | None = None
        self.merged: set | None = None
        self.merge_line: int | None = None
        self.weight = 0  # values below the children that are collections, beyond one for each


def compose(text: str, pure: bool = False) -> tuple[object, PositionTable]:
    """The document in ``text`` as plain data, and where each value is written.

    Raises :class:`YamlError` for the model's YAML rules and lets ruamel's own errors (text
    that is not YAML) through for the caller to translate. ``pure`` reads the events with
    ruamel's pure-Python parser instead of libyaml: the same events, eight times slower.
    """
    return _Composer(text, event_reader(text, pure)).run()


class _Composer:
    """Data and positions of one text, from the events ``next_event`` returns one by one."""

    def __init__(self, text: str, next_event):
        self.text = text
        self.next_event = next_event
        self.entries: dict[tuple, tuple] = {}
        self.aliases: dict[tuple, tuple] = {}
        self.merges: dict[tuple, list[tuple]] = {}
        self.anchors: dict[str, tuple] = {}
        self.sizes: dict[int, int] = {}
        self.repeated = 0  # values the aliases so far repeat, each alias a copy of its anchor
        self.stack: list[_Open] = []
        self.root: object = None

    def run(self) -> tuple[object, PositionTable]:
        """The text's only document (``None`` without one) and its position table."""
        text = self.text
        self.entries[()] = (None, (0, 0, text.count("\n"), len(text) - text.rfind("\n") - 1))
        next_event = self.next_event
        next_event()
        if next_event().__class__ is not StreamEndEvent:
            self._document()
        return self.root, PositionTable(self.entries, self.aliases, self.merges)

    def _document(self) -> None:
        """Read the events of the one document; the hot path (scalars) is written out inline."""
        next_event = self.next_event
        entries = self.entries
        anchors = self.anchors
        top: _Open | None = None
        while True:
            event = next_event()
            kind = event.__class__
            if kind is ScalarEvent:
                start = event.start_mark
                end = event.end_mark
                span = (start.line, start.column, end.line, end.column)
                value = event.value
                plain = False
                if event.ctag is not None:
                    value = _tagged(str(event.ctag), value, span)
                elif event.implicit[0]:
                    plain = True
                    value = resolve_plain(value)
                elif event.style == "|" or event.style == ">":
                    span = self._trimmed(span, start.index, end.index)
                if event.anchor is not None:
                    anchors[event.anchor] = (value, None)
                if top is None:
                    self.root = value
                elif not top.is_map:
                    items = top.obj
                    entries[top.path + (len(items),)] = (None, span)
                    items.append(value)
                    top.last = span
                elif top.key is _NO_KEY:
                    if value.__class__ is str and value not in top.obj and value != "<<":
                        top.key = value
                        top.key_span = span
                    else:
                        self._key(top, value, span, plain and value == "<<", event.value)
                elif top.key is MERGE:
                    self._place(value, span)
                else:
                    path = top.path + (top.key,)
                    entries[path] = (top.key_span, span)
                    top.obj[top.key] = value
                    top.key = _NO_KEY
                    top.last = span
            elif kind is MappingStartEvent:
                top = self._open(event, True)
            elif kind is SequenceStartEvent:
                top = self._open(event, False)
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                top = self._close(event)
            elif kind is AliasEvent:
                self._alias(event)
            elif kind is DocumentEndEvent:
                break
        event = next_event()
        if event.__class__ is not StreamEndEvent:
            mark = event.start_mark
            raise YamlError(
                "expected a single document in the stream, but found another document",
                Span.point(mark.line, mark.column),
            )

    def _alias(self, event) -> None:
        """``*name``: the anchored value itself, as a key or as a value."""
        start = event.start_mark
        end = event.end_mark
        span = (start.line, start.column, end.line, end.column)
        anchored = self.anchors.get(event.anchor)
        if anchored is None:
            raise YamlError(f"found undefined alias {event.anchor!r}", Span(*span))
        value, path = anchored
        if value is _UNFINISHED:
            raise YamlError(
                f"alias *{event.anchor} is inside its own anchor; recursive data is not allowed",
                Span(*span),
            )
        if value.__class__ is dict or value.__class__ is list:
            self.repeated += self.sizes[id(value)] - 1
            if self.repeated > MAX_ALIAS_VALUES:
                raise YamlError(
                    f"with alias *{event.anchor} the aliases repeat more than {MAX_ALIAS_VALUES:,} "
                    f"values; a model needs far fewer (is this a \"billion laughs\" document?)",
                    Span(*span),
                )
        stack = self.stack
        if stack and stack[-1].key is _NO_KEY and stack[-1].is_map:
            self._key(stack[-1], value, span, False, "*" + event.anchor)
        else:
            self._place(value, span, None, path)

    def _open(self, event, is_map: bool) -> _Open:
        """A mapping or list starts: the new innermost open collection."""
        tag = event.ctag
        if tag is not None:
            tag = str(tag)
        if tag is not None and tag != NON_SPECIFIC_TAG and tag != (MAP_TAG if is_map else SEQ_TAG):
            raise YamlError(_tag_problem(tag, is_map), _event_span(event))
        stack = self.stack
        if not stack:
            path: tuple = ()
        else:
            top = stack[-1]
            if not top.is_map:
                path = top.path + (len(top.obj),)
            elif top.key is not _NO_KEY:
                path = top.path + (top.key,)
            else:
                self._collection_key(event)
            if len(stack) >= MAX_DEPTH:
                raise YamlError(
                    f"the document nests deeper than {MAX_DEPTH} levels", _event_span(event)
                )
        start = event.start_mark
        frame = _Open(is_map, path, event.flow_style, (start.line, start.column), event.anchor)
        if frame.anchor is not None:
            self.anchors[frame.anchor] = (_UNFINISHED, path)
        stack.append(frame)
        return frame

    def _close(self, event) -> _Open | None:
        """The innermost collection ends: place it in its parent, which becomes innermost again."""
        stack = self.stack
        frame = stack.pop()
        value = ordered(frame.obj) if frame.is_map else frame.obj
        self.sizes[id(value)] = 1 + len(value) + frame.weight
        if frame.flow or frame.last is None:
            end = event.end_mark
            span = frame.start + (end.line, end.column)
        else:
            span = frame.start + frame.last[2:]
        if frame.anchor is not None:
            self.anchors[frame.anchor] = (value, frame.path)
        self._place(value, span, frame.path)
        return stack[-1] if stack else None

    def _key(self, top: _Open, key, span: SpanTuple, is_merge: bool, source: str = "") -> None:
        """``key`` was read where ``top`` expects a key: check it and wait for its value.

        ``source`` is the key's text as written (``*name`` for an alias): quoted when the key is
        a number or a collection.
        """
        if is_merge:
            if top.merge_line is not None:
                raise YamlError(
                    f"duplicate key '<<' (first at line {top.merge_line + 1}){DUPLICATE_HINT}", Span(*span)
                )
            top.merge_line = span[0]
            key = MERGE
        elif key.__class__ is not str:
            raise YamlError(f"key {_render_key(key, source)} is not text; put it in quotes",
                            Span(*span))
        elif key in top.obj:
            if top.merged is not None and key in top.merged:
                top.merged.discard(key)
            else:
                first = self.entries[top.path + (key,)][0][0] + 1
                raise YamlError(f"duplicate key {key!r} (first at line {first}){DUPLICATE_HINT}", Span(*span))
        top.key = key
        top.key_span = span

    def _place(self, value, span: SpanTuple, path: tuple | None = None,
               anchor_path: tuple | None = None) -> None:
        """A value is complete: store it in the open collection (or as the root) with its span."""
        stack = self.stack
        if not stack:
            self.root = value
            return
        top = stack[-1]
        top.last = span
        if (value.__class__ is dict or value.__class__ is list) and top.key is not MERGE:
            top.weight += self.sizes[id(value)] - 1
        if top.is_map:
            key = top.key
            top.key = _NO_KEY
            if path is None:
                path = top.path + (key,)
            self.entries[path] = (top.key_span, span)
            if anchor_path is not None:
                self.aliases[path] = anchor_path
            if key is MERGE:
                self._merge(top, value, span, path if anchor_path is None else anchor_path)
            else:
                top.obj[key] = value
        else:
            items = top.obj
            if path is None:
                path = top.path + (len(items),)
            self.entries[path] = (None, span)
            if anchor_path is not None:
                self.aliases[path] = anchor_path
            items.append(value)

    def _merge(self, top: _Open, value, span: SpanTuple, where: tuple) -> None:
        """``<<: value`` in ``top``: add the keys ``top`` lacks, the first merged mapping first."""
        if value.__class__ is dict:
            sources = [(value, where)]
        elif value.__class__ is list:
            sources = []
            for index, item in enumerate(value):
                item_path = where + (index,)
                if item.__class__ is not dict:
                    raise YamlError(
                        f"<< merges mappings; this is {describe(item)}",
                        Span(*self.entries[item_path][1]),
                    )
                sources.append((item, self.aliases.get(item_path, item_path)))
        else:
            raise YamlError(
                f"<< takes a mapping or a list of mappings, not {describe(value)}", Span(*span)
            )
        mapping = top.obj
        merged = top.merged = set()
        sizes = self.sizes
        for source, _ in sources:
            for key, item in source.items():
                if key not in mapping:
                    mapping[key] = item
                    merged.add(key)
                    if item.__class__ is dict or item.__class__ is list:
                        top.weight += sizes[id(item)] - 1
        self.merges[top.path] = [source_path for _, source_path in sources]

    def _collection_key(self, event) -> None:
        """A mapping or list used as a key: skip to its end and report it with its text."""
        start = event.start_mark
        last = event.end_mark
        flows = [event.flow_style]
        while flows:
            event = self.next_event()
            kind = event.__class__
            if kind is MappingStartEvent or kind is SequenceStartEvent:
                flows.append(event.flow_style)
                last = event.end_mark
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                if flows.pop():
                    last = event.end_mark
            else:
                last = event.end_mark
        quoted = " ".join(self.text[start.index:last.index].split())
        if len(quoted) > MAX_QUOTED_KEY:
            quoted = quoted[: MAX_QUOTED_KEY - 3] + "..."
        raise YamlError(f"key {quoted} is not text; put it in quotes",
                        Span(start.line, start.column, last.line, last.column))

    def _trimmed(self, span: SpanTuple, start: int, end: int) -> SpanTuple:
        """A block scalar's span without the line breaks and blank lines libyaml counts in it."""
        text = self.text
        stop = end
        while stop > start and text[stop - 1] in _TRAILING_SPACE:
            stop -= 1
        if stop == end:
            return span
        tail = text[stop:end]
        breaks = sum(tail.count(c) for c in _LINE_BREAKS) - tail.count("\r\n")
        line_start = max(text.rfind(c, 0, stop) for c in _LINE_BREAKS) + 1
        return (span[0], span[1], span[2] - breaks, stop - line_start)


def _tagged(tag: str, text: str, span: SpanTuple):
    """The value of a scalar with an explicit tag, or its :class:`YamlError` at ``span``."""
    try:
        return resolve_tagged(tag, text)
    except YamlError as error:
        raise YamlError(error.message, Span(*span)) from None


def _event_span(event) -> Span:
    start = event.start_mark
    end = event.end_mark
    return Span(start.line, start.column, end.line, end.column)


def _tag_problem(tag: str, is_map: bool) -> str:
    """Why a mapping or list cannot carry ``tag``."""
    if tag in SUPPORTED_TAGS:
        return f"tag {short_tag(tag)} cannot be used on a {'mapping' if is_map else 'list'}"
    return f"unsupported tag {short_tag(tag)}"


def _render_key(key, source: str) -> str:
    """A key that is not text, the way YAML writes it: a number as its value (``010`` is 8), a
    collection as its ``source`` text. A number too large for a float shows its text too (a key of
    5,000 digits is not ``inf``); text is cut to :data:`MAX_QUOTED_KEY` characters."""
    if key is True:
        return "true"
    if key is False:
        return "false"
    if key is None:
        return "null"
    if key.__class__ is dict or key.__class__ is list or not math.isfinite(key) or not source:
        text = source or str(key)
    else:
        text = str(key)
    if len(text) > MAX_QUOTED_KEY:
        return text[: MAX_QUOTED_KEY - 3] + "..."
    return text


def describe(value) -> str:
    """What kind of value this is, in a message: ``a list``, ``text``, ``true/false``..."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true/false"
    if value.__class__ is str:
        return "text"
    if value.__class__ is list:
        return "a list"
    if value.__class__ is dict:
        return "a mapping"
    return "a number"

"""Names declared nowhere: ``undefined-name`` in expressions, ``undeclared-variable`` in ``var`` paths.

The editor's symbol index (:mod:`tabletwin.editor.symbols`) already resolves every name of every
expression the way the engine does, with the local names of its place
(:mod:`tabletwin.editor.scope`); the names it could not resolve are in ``index.unknown``, which
this module turns into warnings.

A model indexed entry by entry hands its unknown names over per pass and entry, each list as it
was made, with the lines the entry moved since (:meth:`~tabletwin.editor.sitetable.Index.unknown_chunks`).
The warnings of such a list depend on the list, its lines and a few facts about the whole model
(the names declared, the variables, the loop variables, and for a content item the names its
rules see), so inside :func:`~tabletwin.checks.reuse.reusing` they are kept per list: while the
facts are equal, an entry an edit left alone gives the very warnings of the last run, and an
entry it moved gives them moved.
"""

from __future__ import annotations

import threading

from ..checks import kept, reuse
from ..editor.scope import scope_at
from ..editor.sitetable import GLOBAL_ORDER, Index, moved_span
from ..errors import Span
from ..validate.walk import mapping, ops_of
from .finding import lint, suggestions, with_suggestions

#: Unknown names that get "did you mean" (each costs a comparison with every name in scope); a
#: text with more unknown names than this is not a typo, and the rest are reported without.
MAX_SUGGESTED = 500
#: Contexts kept (:func:`_interned`): an equal one is then the same object, compared by identity.
KEPT_CONTEXTS = 4

_lock = threading.Lock()
_contexts: list = []
# The warnings kept per unknown-name list, of the last two runs: id(list) -> _Kept. A list not
# read by the last two runs is let go, so what is kept follows the documents being edited.
_fresh: dict = {}
_older: dict = {}


class _Kept:
    """The warnings of a list of unknown names made ``lines`` lower, in ``context`` (with the
    content item names when ``content``), the suggestions they looked up, and the loop variables
    of the list (those do not depend on the context)."""

    __slots__ = ("unknown", "loops", "context", "content", "suggested", "lines", "findings")

    def __init__(self, unknown, loops, context, content, suggested, lines, findings):
        self.unknown = unknown
        self.loops = loops
        self.context = context
        self.content = content
        self.suggested = suggested
        self.lines = lines
        self.findings = findings


def name_findings(index: Index) -> list:
    """``undefined-name`` for names in expressions, ``undeclared-variable`` for ``var`` paths."""
    keep = reuse.active()
    chunks = []
    for unknown, lines in index.unknown_chunks():
        last = (_fresh.get(id(unknown)) or _older.get(id(unknown))) if keep else None
        if last is not None and last.unknown is not unknown:
            last = None
        chunks.append((unknown, lines, last, _loop_names(unknown) if last is None else last.loops))
    # A loop's ``as`` that state.vars lacks is the validator's error already, at the ``as``.
    loop_variables = frozenset().union(*(loops for _unknown, _lines, _last, loops in chunks))
    global_names = tuple(name for (kind, name) in index.declared_keys() if kind in GLOBAL_ORDER)
    context = _interned((global_names, tuple(index.names("var")), loop_variables))
    if not keep:
        return _findings(index, chunks, context, False)[0]
    found, suggested_for, made = _findings(index, chunks, context, True)
    if len(suggested_for) > MAX_SUGGESTED:
        # Some names went without suggestions, by their order in the whole model: worked out
        # whole, and nothing kept.
        return _findings(index, chunks, context, False)[0]
    _keep(made)
    return found


def _keep(made: dict) -> None:
    global _fresh, _older
    with _lock:
        _older, _fresh = _fresh, made


def _loop_names(unknown: list) -> frozenset:
    return frozenset(site.name for site, _names in unknown if site.kind == "var" and site.path[-1:] == ("as",))


def _findings(index: Index, chunks: list, context: tuple, keep: bool) -> tuple[list, dict, dict]:
    """The warnings of ``chunks``, the suggestions looked up, and what to keep (when ``keep``;
    else the last warnings are not read either)."""
    global_names, variables, loop_variables = context
    content_context = None  # ``(context, content item names)``, made when first needed
    found: list = []
    suggested_for: dict = {}  # the same unknown name with the same local names: the same suggestions
    made: dict = {}
    for unknown, lines, last, loops in chunks:
        if keep and last is not None:
            if last.content and content_context is None:
                content_context = _interned((context, frozenset(_content_names(index))))
            if last.context is (content_context if last.content else context):
                suggested_for.update(last.suggested)
                if last.lines != lines:
                    last = _Kept(unknown, loops, last.context, last.content, last.suggested, lines,
                                 [kept.shifted_finding(finding, lines - last.lines) for finding in last.findings])
                made[id(unknown)] = last
                found += last.findings
                continue
        own: list = []
        looked_up: dict = {}
        content = False
        for site, local_names in unknown:
            if site.name in loop_variables:
                continue
            kind = site.kind
            if kind == "name" and site.path[:1] == ("content",):
                content = True
                if content_context is None:
                    content_context = _interned((context, frozenset(_content_names(index))))
                if site.name in content_context[1]:
                    continue
            if kind == "name":
                key = (site.name, tuple(local_names))
                if key not in suggested_for:
                    suggested_for[key] = suggestions(site.name, [*local_names, *global_names]) \
                        if len(suggested_for) < MAX_SUGGESTED else []
                suggested = looked_up[key] = suggested_for[key]
                span = moved_span(site.span, lines) if lines else site.span
                own.append(kept.determined(("undefined-name", site.name, site.path, site.exact, tuple(suggested)),
                                           span, lambda: _undefined(site, span, suggested)))
            elif kind == "var" and site.path and site.path[-1] == "var":
                suggested = suggestions(site.name, variables)
                span = moved_span(site.span, lines) if lines else site.span
                own.append(kept.determined(("undeclared-variable", site.name, site.path, site.exact,
                                            tuple(suggested)), span, lambda: _undeclared(site, span, suggested)))
        if keep:
            made[id(unknown)] = _Kept(unknown, loops, content_context if content else context, content, looked_up,
                                      lines, own)
        found += own
    return found, suggested_for, made


def _interned(context: tuple) -> tuple:
    """``context``, or the equal one kept (so that kept warnings compare it by identity)."""
    with _lock:
        for known in _contexts:
            if known == context:
                return known
        _contexts.insert(0, context)
        del _contexts[KEPT_CONTEXTS:]
    return context


# A finding is determined by the site's name, path, exactness and suggestions, but for its span:
# the last run's while they are the same, the last one moved when a line added above moved the
# site (:func:`~tabletwin.checks.kept.determined`), whose diagnostic the editor moves too.

def _undefined(site, span: Span, suggested: list):
    message = with_suggestions(f"'{site.name}' is not defined here", suggested)
    return lint("undefined-name", message, span, site.path, name=site.name,
                suggestions=suggested, exact=site.exact)


def _undeclared(site, span: Span, suggested: list):
    message = with_suggestions(f"variable '{site.name}' is not declared in state.vars", suggested)
    return lint("undeclared-variable", message, span, site.path, name=site.name,
                suggestions=suggested, exact=site.exact)


def _content_names(index: Index) -> set:
    """Names a content item's rules may see from where they run: an ``exec`` effect sees the local
    names at the ``exec``, an ``active_x`` those of the trigger or modifier being checked."""
    data = mapping(index.data)
    names = {"event", "value"}
    for _op, path, _owner in ops_of(data, ("exec",)):
        names.update(scope_at("model", data, path + ("op",), index).locals)
    for found in index.event_locals.values():
        names.update(found)
    for found in index.modified_kwargs.values():
        names.update(found)
    return names

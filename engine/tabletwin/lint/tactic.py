"""``unknown-label``: a tactic rule's ``pick`` that no place its ``at`` matches offers.

Only places whose options the model fixes are judged: a step choosing between actions and a
priority window (its actions and ``pass``), see :func:`tabletwin.editor.places.model_places`.
A rule matching any other place (a ``choose`` whose options are computed) is left alone.
"""

from __future__ import annotations

from ..editor.places import ModelFile
from ..editor.tactic_places import ACTION_OPTIONS, matches
from ..validate.walk import mapping, sequence
from .finding import lint, suggestions, with_suggestions


def label_findings(loaded, model: ModelFile | None) -> list:
    if model is None or model.loaded is None or loaded is None:
        return []
    places = model.places
    found = []
    for position, rule in enumerate(sequence(mapping(loaded.data).get("rules"))):
        rule = mapping(rule)
        pick = rule.get("pick")
        at = rule.get("at")
        patterns = [at] if isinstance(at, str) else [p for p in sequence(at) if isinstance(p, str)]
        if not isinstance(pick, (str, int)) or isinstance(pick, bool) or not patterns:
            continue
        matched = [place for pattern in patterns for place in matches(pattern, places)]
        if not matched or not all(place.name.startswith(ACTION_OPTIONS) and place.options for place in matched):
            continue
        offered = list(dict.fromkeys(option for place in matched for option in place.options))
        if str(pick) in offered:
            continue
        suggested = suggestions(str(pick), offered)
        where = ", ".join(f"'{place.name}'" for place in matched[:3]) + (" ..." if len(matched) > 3 else "")
        message = with_suggestions(f"pick '{pick}': {where} never offers it (offers "
                                   + ", ".join(offered) + ")", suggested)
        path = ("rules", position, "pick")
        found.append(lint("unknown-label", message, loaded.positions.value_span(path), path,
                          name=str(pick), suggestions=suggested))
    return found

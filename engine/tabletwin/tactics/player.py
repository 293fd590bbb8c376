"""A tactic as a player: the first rule that decides picks; otherwise the default.

Scope of a tactic's expressions: the model's global names, plus ``opts``, ``labels``, ``pool``,
``chosen``, ``where`` (the place without `` · n``), ``me``, ``o`` and ``i`` while scoring, and
the ``let`` names, each computed the first time something reads it during this decision.
"""

from __future__ import annotations

import re
from fnmatch import fnmatchcase

from ..game.labels import label
from ..model.code import evaluator_of
from .tactic import REQUEST_NAMES, Tactic

_SUBSET_SUFFIX = re.compile(r" · \d+$")

MAX_CACHED_PLACES = 10_000
"""Places whose base form, and whose matching rules per tactic, are remembered: a model has few
places, but a subset choice numbers its steps (`` · n``), so the caches stop growing here."""

_BASE_PLACES: dict[str, str] = {}


def base_place(where: str) -> str:
    base = _BASE_PLACES.get(where)
    if base is None:
        base = _SUBSET_SUFFIX.sub("", where)
        if len(_BASE_PLACES) < MAX_CACHED_PLACES:
            _BASE_PLACES[where] = base
    return base


def matches(patterns: list[str], where: str) -> bool:
    return any(fnmatchcase(where, pattern) for pattern in patterns)


def rules_at(tactic: Tactic, where: str) -> list:
    """``(rule, option labels or None, the label of a plain pick or None, the evaluator of its
    when_x or None)`` for the rules of ``tactic`` whose ``at`` matches ``where``, in order;
    worked out once per tactic and place, as every decision of every rollout asks."""
    found = tactic.rules_at.get(where)
    if found is None:
        found = [(rule, [str(o) for o in rule.options] if rule.options is not None else None,
                  label(rule.pick) if rule.pick_field == "pick" else None, evaluator_of(rule.when))
                 for rule in tactic.rules if matches(rule.at, where)]
        if len(tactic.rules_at) < MAX_CACHED_PLACES:
            tactic.rules_at[where] = found
    return found


class LetNames(dict):
    """Local names of one decision; the request's lists and ``let`` values are made on first read."""

    __slots__ = ("lets", "scope", "request")

    def __init__(self, names: dict, lets: dict, scope, request=None):
        super().__init__(names)
        self.lets = lets
        self.scope = scope
        self.request = request

    def __contains__(self, key) -> bool:
        return dict.__contains__(self, key) or key in self.lets or (key in REQUEST_NAMES and self.request is not None)

    def __missing__(self, key):
        request = self.request
        if request is not None and key in REQUEST_NAMES:
            options = dict.get(self, "opts")
            if options is None:
                options = self["opts"] = list(request.items if request.items is not None else request.values)
            if key == "labels":
                value = self[key] = list(request.options)
            elif key == "pool":
                value = self[key] = list(request.pool) if request.pool is not None else options
            elif key == "chosen":
                value = self[key] = list(request.chosen) if request.chosen is not None else []
            else:
                value = options
            return value
        code = self.lets.get(key)
        if code is None:
            raise KeyError(key)
        value = self[key] = code.run(self, self.scope)
        return value


def _names(tactic: Tactic, where: str, request, scope) -> LetNames:
    """The local names of a decision: the place, the deciding player and the literal lets."""
    names = {"where": where, "me": request.player}
    literal = tactic.literal_lets
    if literal:
        names.update(literal)
    return LetNames(names, tactic.lets, scope, request)


class RulePlayer:
    """Follows a tactic's rules (no look-ahead)."""

    def __init__(self, tactic: Tactic, rng):
        self.tactic = tactic
        self.rng = rng
        self.name = tactic.path

    def choose(self, game, request) -> int:
        index = self.rule_choice(game, request)
        if index is not None:
            return index
        return 0 if self.tactic.default == "first" else self.rng.randrange(len(request.options))

    def names(self, game, request) -> LetNames:
        return _names(self.tactic, base_place(request.where), request, game._runner.scope)

    def rule_choice(self, game, request) -> int | None:
        """The index the first deciding rule picks, or None when no rule decides."""
        tactic = self.tactic
        where = base_place(request.where)
        rules = tactic.rules_at.get(where)  # rules_at's cache, read first: every decision of a rollout asks
        if rules is None:
            rules = rules_at(tactic, where)
        if not rules:
            return None
        labels = request.options  # read, never changed
        names = None
        scope = game._runner.scope
        for rule, option_labels, pick_label, when in rules:
            if option_labels is not None and option_labels != labels:
                continue
            if names is None:
                names = _names(tactic, where, request, scope)
            if when is not None and not when(names, scope):
                continue
            if pick_label is not None:
                index = labels.index(pick_label) if pick_label in labels else None
            else:
                index = self._decide(rule, names, labels, scope)
            if index is not None:
                return index
        return None

    def _decide(self, rule, names: LetNames, labels: list[str], scope) -> int | None:
        kind = rule.pick_field
        if kind == "pick":
            wanted = label(rule.pick)
            return labels.index(wanted) if wanted in labels else None
        if kind == "pick_x":
            value = _evaluate(rule.pick, names, scope)
            for index, option in enumerate(names["opts"]):
                if option is value:
                    return index
            wanted = label(value)
            return labels.index(wanted) if wanted in labels else None
        options = names["opts"]
        if kind in ("max_x", "min_x"):
            best = None
            best_score = None
            for index, option in enumerate(options):
                names["o"], names["i"] = option, index
                score = _evaluate(rule.pick, names, scope)
                if best is None or (score > best_score if kind == "max_x" else score < best_score):
                    best, best_score = index, score
            return best
        # take_x: the first candidate it takes; none: done (if offered), else the first candidate.
        done = None
        first_candidate = None
        for index, option in enumerate(options):
            if option is None and labels[index] == "done":
                done = index
                continue
            if first_candidate is None:
                first_candidate = index
            names["o"], names["i"] = option, index
            if _evaluate(rule.pick, names, scope):
                return index
        return done if done is not None else first_candidate


def _evaluate(code, names, scope):
    return code(names, scope)

"""End conditions: tested in list order at the moments engine.md names, and only then."""

from __future__ import annotations

from ..errors import ExprError, NotExecutable
from ..expr import TSet, to_text
from .requests import End
from .stops import GameOver, ScopeEnded

EMPTY: dict = {}


def check_end(runner) -> None:
    """Raise GameOver or ScopeEnded if a condition fires; eliminations just happen."""
    model = runner.model
    scope = runner.scope
    main_id = model.flow.id
    for condition in model.end:
        if condition.condition is None:
            continue
        scoped = condition.scope is not None and condition.scope != main_id
        if scoped and str(condition.scope) not in runner.running_flows:
            continue
        result = condition.result
        if result == "eliminate" and condition.who is None:
            raise NotExecutable(f"end condition {condition.id}: eliminate needs who_x", path=condition.path)
        if condition.condition(EMPTY, scope):
            fired(runner, condition, scoped)


def fired(runner, condition, scoped: bool) -> None:
    """``condition`` holds: end the game or its scope (raising), eliminate, or go on (``continue``)."""
    result = condition.result
    if result == "continue":
        return
    if result == "eliminate":
        _eliminate(runner, condition)
        return
    if runner.tally is not None:
        runner.tally.use("end", condition.id)
    if scoped and result in ("win", "loss", "draw"):
        name = str(condition.scope)
        state = runner.state
        state.results[name] = result
        state.events.append(f"{name}:{result}")
        raise ScopeEnded(name)
    raise GameOver(End(_payoffs(runner, condition), condition.id))


def _eliminate(runner, condition) -> None:
    who = condition.who(EMPTY, runner.scope)
    players = runner.players_of(who)
    state = runner.state
    for player in players:
        if player not in state.eliminated:
            state.eliminated.append(player)
            state.events.append(f"eliminated:{player}")
            if runner.tally is not None:  # a use is an elimination, not a check that finds it again
                runner.tally.use("end", condition.id)


def _payoffs(runner, condition) -> list:
    n = runner.model.num_players
    result = condition.result
    if result == "draw":
        return [0] * n
    if result == "score":
        if condition.returns is None:
            raise NotExecutable(f"end condition {condition.id}: score needs returns_x", path=condition.path)
        returns = condition.returns(EMPTY, runner.scope)
        try:
            returns = list(returns)
        except TypeError:
            raise ExprError(f"end condition {condition.id}: returns_x gives {to_text(returns)}, not a list",
                            path=condition.path) from None
        if len(returns) != n:
            raise ExprError(f"end condition {condition.id}: returns_x gives {len(returns)} values, expected {n}",
                            path=condition.path)
        return returns
    if result not in ("win", "loss"):
        raise NotExecutable(f"end condition {condition.id}: unknown result {result!r}", path=condition.path)
    sign = 1 if result == "win" else -1
    if runner.model.mode == "cooperative":
        return [sign] * n
    if condition.who is None:
        raise NotExecutable(f"end condition {condition.id}: a competitive game needs who_x", path=condition.path)
    who = condition.who(EMPTY, runner.scope)
    if isinstance(who, (list, tuple, TSet)):
        raise ExprError(f"end condition {condition.id}: who_x gives a list ({to_text(who)}); a competitive "
                        f"{result} needs one player index (several winners: use result score with returns_x)",
                        path=condition.path)
    return [sign if p == who else -sign for p in range(n)]


def compiled_check(model):
    """``check(runner)``: :func:`check_end` for the compiled path (:mod:`.compile_flow`), with
    what it works out per condition at every check (scoped or not, a missing ``who_x``) worked
    out once."""
    main_id = model.flow.id
    conditions = []
    for condition in model.end:
        if condition.condition is None:
            continue
        scoped = condition.scope is not None and condition.scope != main_id
        conditions.append((condition, condition.condition.evaluator(), scoped, str(condition.scope) if scoped else None,
                           condition.result == "eliminate" and condition.who is None))
    conditions = tuple(conditions)
    if not any(scoped or without_who for _, _, scoped, _, without_who in conditions):
        plain = tuple((condition, holds) for condition, holds, *_ in conditions)

        def check_plain(runner) -> None:
            """Conditions of the whole game, each with what it needs: only whether it holds is asked."""
            scope = runner.scope
            for condition, holds in plain:
                if holds(EMPTY, scope):
                    fired(runner, condition, False)

        return check_plain

    def check(runner) -> None:
        scope = runner.scope
        for condition, holds, scoped, name, without_who in conditions:
            if scoped and name not in runner.running_flows:
                continue
            if without_who:
                raise NotExecutable(f"end condition {condition.id}: eliminate needs who_x", path=condition.path)
            if holds(EMPTY, scope):
                fired(runner, condition, scoped)

    return check

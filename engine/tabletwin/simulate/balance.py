"""The balance report's figures, computed from the games' results as JSON-ready dicts.

Sections (``docs/balance.md`` explains how to read them):

* :func:`outcomes` — draws, games without a winner, cut games, engine errors, end reasons: each a
  count out of all games with its share and Wilson interval.
* :func:`seat_advantage` — every seat's win rate against the fair share ``1/n`` and the largest
  gap between two seats, with the interval of the paired per-game difference of their win
  indicators (over the finished games).
* :func:`durations` — requests, decisions, chance events and main-loop rounds per finished game:
  mean (with its t-interval), median, 10th/90th percentile (nearest rank), min, max, histogram.
* :func:`choice` — options per decision (branching) and the share of forced decisions, overall,
  per seat and per place, each a ratio over games (:func:`~.stats.ratio_ci95`).
* :func:`coverage` — for every rule of the model, the games that used it and its uses; ``unused``
  lists the model paths of those no game used.

Every function takes the results in game order and gives the same dict for the same results,
however they were spread over processes. Numbers are rounded to ``stats.DIGITS`` decimals.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence

from ..game.tally import KINDS
from .runner import GameResult
from .stats import mean_ci95, paired_difference_ci95, ratio_ci95, rounded, wilson_ci95


HISTOGRAM_BINS = 20
"""Most bins in a duration histogram; bins are whole numbers wide, so fewer for narrow ranges."""

TOP_PLACES = 10
"""Places listed in the text report's "where decisions happen" (the JSON has them all)."""




def share(count: int, n: int) -> dict:
    """``{"games": count, "n": n, "share": count/n, "ci95": Wilson}``."""
    return {"games": count, "n": n, "share": rounded(count / n) if n else None,
            "ci95": rounded(wilson_ci95(count, n))}


def winners(payoffs: Sequence) -> list[int]:
    """The seats that won a game with these payoffs (``interfaces.md``).

    One seat wins with a payoff strictly above every other; when all payoffs are equal, a shared
    positive payoff is everybody's win (a cooperative ``win``, a solo game) and a shared payoff of
    zero or less nobody's (a draw, a shared loss). A tie at the top below that is no one's win.
    """
    if not payoffs:
        return []
    top = max(payoffs)
    leaders = [seat for seat, payoff in enumerate(payoffs) if payoff == top]
    if len(leaders) == len(payoffs):
        return leaders if top > 0 else []
    return leaders if len(leaders) == 1 else []


def is_draw(payoffs: Sequence) -> bool:
    """Every seat ended with the same payoff and nobody won (``draw``, a shared loss)."""
    return len(set(payoffs)) == 1 and not winners(payoffs)


# ---- outcome -----------------------------------------------------------------------------------


def outcomes(results: Sequence[GameResult]) -> dict:
    """How the games ended, each out of all games: the end reasons, draws, no winner, cut, errors."""
    n = len(results)
    finished = [r for r in results if r.finished]
    reasons = Counter(r.reason for r in finished)
    ordered = sorted(reasons.items(), key=lambda item: (-item[1], str(item[0])))
    return {
        "end_reasons": {str(reason): share(count, n) for reason, count in ordered},
        "draw": share(sum(1 for r in finished if is_draw(r.payoffs)), n),
        "no_winner": share(sum(1 for r in finished if not winners(r.payoffs)), n),
        "cut": share(sum(1 for r in results if r.cut), n),
        "error": share(sum(1 for r in results if r.error is not None), n),
    }


def seat_advantage(results: Sequence[GameResult], num_players: int) -> dict:
    """Each seat's win rate against ``1/n`` and the largest gap between two seats.

    The gap is between the seats with the highest and the lowest win rate; its interval is that
    of the mean per-game difference of their win indicators (1 if the seat won, else 0), paired on
    the same finished games. Picking the two extreme seats after looking makes the gap a little
    optimistic with many seats; with two seats it is exact.
    """
    finished = [r for r in results if r.finished]
    n = len(finished)
    fair = 1 / num_players
    won = []
    for result in finished:
        seats_won = set(winners(result.payoffs))
        won.append([1 if seat in seats_won else 0 for seat in range(num_players)])
    seats = []
    for seat in range(num_players):
        wins = sum(row[seat] for row in won)
        interval = wilson_ci95(wins, n)
        seats.append({"seat": seat, "win_rate": rounded(wins / n) if n else None, "win_ci95": rounded(interval),
                      "vs_fair": rounded(wins / n - fair) if n else None,
                      "vs_fair_ci95": rounded((interval[0] - fair, interval[1] - fair)) if interval else None})
    result = {"fair_share": rounded(fair), "n": n, "seats": seats, "max_gap": None, "max_gap_ci95": None,
              "max_gap_seats": None}
    if num_players < 2 or n == 0:
        return result
    rates = [sum(row[seat] for row in won) for seat in range(num_players)]
    best = max(range(num_players), key=lambda seat: (rates[seat], -seat))
    worst = min(range(num_players), key=lambda seat: (rates[seat], seat))
    if best == worst:
        worst = 1 if best == 0 else 0
    gap, interval = paired_difference_ci95([row[best] for row in won], [row[worst] for row in won])
    result.update(max_gap=rounded(gap), max_gap_ci95=rounded(interval), max_gap_seats=[best, worst])
    return result


# ---- duration ----------------------------------------------------------------------------------


def percentile(ordered: Sequence, q: float):
    """The nearest-rank ``q`` quantile of sorted values: the smallest value with ``q·n`` at or below it."""
    rank = max(1, math.ceil(q * len(ordered) - 1e-9))
    return ordered[rank - 1]


def histogram(values: Sequence[int], bins: int = HISTOGRAM_BINS) -> list[list[int]]:
    """``[low, high, count]`` bins (``low <= v < high``) of whole-number width covering every value."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / bins))
    counts = Counter((v - low) // width for v in values)
    last = (high - low) // width
    return [[low + i * width, low + (i + 1) * width, counts.get(i, 0)] for i in range(last + 1)]


def summary(values: Sequence[int]) -> dict | None:
    """The distribution of a per-game count; ``None`` for no games."""
    if not values:
        return None
    ordered = sorted(values)
    m, interval = mean_ci95(ordered)
    return {"n": len(ordered), "mean": rounded(m), "mean_ci95": rounded(interval),
            "median": rounded(statistics.median(ordered)), "p10": percentile(ordered, 0.1),
            "p90": percentile(ordered, 0.9), "min": ordered[0], "max": ordered[-1], "histogram": histogram(ordered)}


def durations(results: Sequence[GameResult]) -> dict:
    """Requests, decisions, chance events and main-loop rounds per finished game."""
    finished = [r for r in results if r.finished]
    has_rounds = any(r.rounds is not None for r in finished)
    return {"requests": summary([r.requests for r in finished]),
            "decisions": summary([r.decisions for r in finished]),
            "chance": summary([r.chance for r in finished]),
            "rounds": summary([r.rounds or 0 for r in finished]) if has_rounds else None}


# ---- choice ------------------------------------------------------------------------------------


def _choice_figures(per_game: list[tuple[int, int, int]], games: int) -> dict:
    """Branching and forced share of ``(decisions, options, forced)`` totals of the games that had
    any, out of ``games`` games (the others count as zeros)."""
    decisions = [d for d, _, _ in per_game]
    branching, branching_ci = ratio_ci95([o for _, o, _ in per_game], decisions, games)
    forced, forced_ci = ratio_ci95([f for _, _, f in per_game], decisions, games)
    return {"decisions": sum(decisions), "games": sum(1 for d in decisions if d),
            "branching": rounded(branching), "branching_ci95": rounded(branching_ci),
            "forced_share": rounded(forced), "forced_share_ci95": rounded(forced_ci)}


def choice(results: Sequence[GameResult], num_players: int) -> dict:
    """Options per decision and forced decisions, overall, per seat and per place (most decisions first).

    Over all games played (a cut game's decisions were still decisions). Each figure is a ratio
    of totals whose interval takes games as the unit; a seat or place keeps only the games where
    it had decisions, so memory grows with what happened, not with games × places.
    """
    overall, per_seat, per_place = [], {}, {}
    for result in results:
        game_total = [0, 0, 0]
        seat_total: dict = {}
        place_total: dict = {}
        for seat, place, decisions, options, forced in result.choices:
            for totals in (game_total, seat_total.setdefault(seat, [0, 0, 0]),
                           place_total.setdefault(place, [0, 0, 0])):
                totals[0] += decisions
                totals[1] += options
                totals[2] += forced
        overall.append(tuple(game_total))
        for seat, totals in seat_total.items():
            per_seat.setdefault(seat, []).append(tuple(totals))
        for place, totals in place_total.items():
            per_place.setdefault(place, []).append(tuple(totals))
    games = len(results)
    figures = _choice_figures(overall, games)
    figures["by_seat"] = [{"seat": seat, **_choice_figures(per_seat.get(seat, []), games)}
                          for seat in sorted(set(range(num_players)) | per_seat.keys())]
    places = {place: _choice_figures(rows, games) for place, rows in per_place.items()}
    ordered = sorted(places.items(), key=lambda item: (-item[1]["decisions"], item[0]))
    figures["by_place"] = {place: {**values, "mean_options": values["branching"]} for place, values in ordered}
    return figures


# ---- rule coverage -----------------------------------------------------------------------------


def coverage(results: Sequence[GameResult], rules: dict[str, dict[str, str]] | None) -> tuple[dict, list[str]]:
    """Per kind, every rule → ``{"games", "uses", "path"}``; and the paths of the unused rules.

    ``rules`` is the model's catalogue (:func:`tabletwin.game.tally.catalogue`); rules used but
    not in it (abilities, ``modify`` ops) are listed after the catalogue's, without a path.
    """
    games: Counter = Counter()
    uses: Counter = Counter()
    for result in results:
        for key, count in result.usage:
            games[key] += 1
            uses[key] += count
    rules = rules or {kind: {} for kind in KINDS}
    table, unused = {}, []
    for kind in KINDS:
        known = rules.get(kind, {})
        rows = {}
        for key, path in known.items():
            rows[key] = {"games": games[kind, key], "uses": uses[kind, key], "path": path}
            if not games[kind, key]:
                unused.append(path)
        extra = sorted(key for k, key in games if k == kind and key not in known)
        for key in extra:
            rows[key] = {"games": games[kind, key], "uses": uses[kind, key], "path": None}
        table[kind] = rows
    return table, unused


def balance(results: Sequence[GameResult], num_players: int, rules: dict | None) -> dict:
    """Every section of the balance report, as the keys ``simulate --json`` adds."""
    ends = outcomes(results)
    table, unused = coverage(results, rules)
    return {"draws": ends["draw"]["games"], "no_winner": ends["no_winner"]["games"], "outcomes": ends,
            "seat_advantage": seat_advantage(results, num_players), "duration": durations(results),
            "choice": choice(results, num_players), "coverage": table, "unused": unused}

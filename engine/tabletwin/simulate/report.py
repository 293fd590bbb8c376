"""Reports of ``simulate`` and ``compare``: the JSON documents of ``interfaces.md`` and text tables.

Counting rules:

* ``games`` = ``finished`` + ``unfinished`` (cut at the request limit) + the engine errors,
  which ``errors`` counts by ``"Kind: message"`` (the keys of the validator's ``stopped``).
* Payoff means and win rates are over the finished games (a game without payoffs has no
  winner). A seat **wins** a game when its payoff is strictly greater than every other seat's;
  when every seat ends with the same payoff (a cooperative or one-player game, a draw), all of
  them win if it is positive and none does otherwise (:func:`winners`).
* ``avg_requests`` is over all games, rounded to 2 decimals like the validator's test games.
* Numbers in the JSON are rounded to 6 decimals; an interval that does not exist (fewer than two
  finished games for a mean, none for a rate) is ``null``.
* ``compare`` pairs the games of one seed: only the seeds that finished with both line-ups count,
  and ``a``/``b`` are the means over those seeds, so ``diff`` is ``a - b``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from .balance import balance, winners
from .runner import MAX_REQUESTS, GameResult
from .stats import mean_ci95, paired_difference_ci95, rounded, wilson_ci95



def expand_specs(specs: Sequence[str], num_players: int) -> list[str]:
    """The spec of every seat, as ``make_players`` reads them: one spec for all, the rest random."""
    specs = [s.strip() for s in specs]
    if len(specs) == 1:
        specs = specs * num_players
    return specs + ["random"] * (num_players - len(specs))


@dataclass
class SeatLine:
    seat: int
    player: str
    mean_payoff: float | None
    payoff_ci95: tuple[float, float] | None
    wins: int
    win_rate: float | None
    win_ci95: tuple[float, float] | None

    def as_json(self) -> dict:
        return {"seat": self.seat, "player": self.player, "mean_payoff": rounded(self.mean_payoff),
                "payoff_ci95": rounded(self.payoff_ci95), "wins": self.wins, "win_rate": rounded(self.win_rate),
                "win_ci95": rounded(self.win_ci95)}


@dataclass
class SimulationReport:
    games: int
    seed: int
    finished: int
    unfinished: int
    errors: dict[str, int]
    reasons: dict[str, int]
    avg_requests: float
    seats: list[SeatLine] = field(default_factory=list)
    balance: dict = field(default_factory=dict)
    """The balance report's sections (:func:`.balance.balance`), already JSON."""

    def as_json(self) -> dict:
        return {"games": self.games, "seed": self.seed, "finished": self.finished, "unfinished": self.unfinished,
                "errors": dict(self.errors), "reasons": dict(self.reasons),
                "avg_requests": round(self.avg_requests, 2), "seats": [s.as_json() for s in self.seats],
                **self.balance}


def _by_count(counter: Counter) -> dict[str, int]:
    """Most frequent first, then by name: the same order however the games were spread."""
    return dict(sorted(counter.items(), key=lambda item: (-item[1], str(item[0]))))


def simulation_report(results: Sequence[GameResult], players: Sequence[str], seed: int,
                      rules: dict | None = None) -> SimulationReport:
    """The report of games played by one line-up; ``players`` is the spec of every seat.

    ``rules`` is the model's rule catalogue (:func:`tabletwin.game.tally.catalogue`), which the
    coverage table lists in full; without it only the rules used appear.
    """
    finished = [r for r in results if r.finished]
    errors = Counter(r.error for r in results if r.error is not None)
    reasons = Counter(r.reason for r in finished)
    requests = sum(r.requests for r in results)
    wins = Counter(seat for r in finished for seat in winners(r.payoffs))
    seats = []
    for seat, player in enumerate(players):
        m, ci = mean_ci95([r.payoffs[seat] for r in finished])
        n = len(finished)
        rate = wins[seat] / n if n else None
        seats.append(SeatLine(seat, player, m, ci, wins[seat], rate, wilson_ci95(wins[seat], n)))
    return SimulationReport(games=len(results), seed=seed, finished=len(finished),
                            unfinished=sum(1 for r in results if r.cut), errors=_by_count(errors),
                            reasons=_by_count(reasons), avg_requests=requests / len(results) if results else 0.0,
                            seats=seats, balance=balance(results, len(players), rules))


@dataclass
class ComparisonReport:
    games: int
    seed: int
    seat: int
    a_players: list[str]
    b_players: list[str]
    a_mean: float | None
    b_mean: float | None
    diff: float | None
    diff_ci95: tuple[float, float] | None
    pairs: int
    """Seeds that finished with both line-ups: the sample of the difference."""
    a_stopped: dict[str, int] = field(default_factory=dict)
    b_stopped: dict[str, int] = field(default_factory=dict)
    """Games that did not finish, per line-up: ``"Kind: message"`` or ``"cut"`` → count."""

    def as_json(self) -> dict:
        return {"games": self.games, "seed": self.seed, "seat": self.seat, "a": {"mean_payoff": rounded(self.a_mean)},
                "b": {"mean_payoff": rounded(self.b_mean)}, "diff": rounded(self.diff),
                "diff_ci95": rounded(self.diff_ci95)}


def _stopped(results: Sequence[GameResult]) -> dict[str, int]:
    return _by_count(Counter(r.error or f"cut at {MAX_REQUESTS:,} requests" for r in results if not r.finished))


def comparison_report(pairs: Sequence[tuple[GameResult, GameResult]], a_players: Sequence[str],
                      b_players: Sequence[str], seed: int, seat: int) -> ComparisonReport:
    """Seat ``seat``'s payoff with line-up a minus with line-up b, paired by seed."""
    both = [(a, b) for a, b in pairs if a.finished and b.finished]
    a_values = [a.payoffs[seat] for a, _ in both]
    b_values = [b.payoffs[seat] for _, b in both]
    diff, ci = paired_difference_ci95(a_values, b_values)
    return ComparisonReport(games=len(pairs), seed=seed, seat=seat, a_players=list(a_players),
                            b_players=list(b_players), a_mean=mean_ci95(a_values)[0], b_mean=mean_ci95(b_values)[0],
                            diff=diff, diff_ci95=ci, pairs=len(both), a_stopped=_stopped([a for a, _ in pairs]),
                            b_stopped=_stopped([b for _, b in pairs]))


# ---- text for people ---------------------------------------------------------------------------


def _num(value, sign: bool = False) -> str:
    if value is None:
        return "–"
    return f"{value:+.3f}" if sign else f"{value:.3f}"


def _pct(value) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def _seeds(games: int, seed: int) -> str:
    return f"seed {seed}" if games == 1 else f"seeds {seed}–{seed + games - 1}"


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{name} {count}" for name, count in counts.items()) or "none"


def simulation_text(report: SimulationReport, title: str) -> str:
    """The per-seat table, end reasons, average requests, engine errors and cut games."""
    lines = [f"{title}: {report.games} games, {_seeds(report.games, report.seed)}", ""]
    rows = [("seat", "player", "mean payoff", "± 95%", "wins", "win rate", "95% interval")]
    for s in report.seats:
        half = None if s.payoff_ci95 is None else (s.payoff_ci95[1] - s.payoff_ci95[0]) / 2
        rows.append((str(s.seat), s.player, _num(s.mean_payoff, sign=True), "–" if half is None else f"± {half:.3f}",
                     str(s.wins), _pct(s.win_rate),
                     "–" if s.win_ci95 is None else f"[{_pct(s.win_ci95[0])}, {_pct(s.win_ci95[1])}]"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    right = {0, 2, 3, 4, 5}
    for row in rows:
        cells = [cell.rjust(w) if i in right else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths))]
        lines.append("  " + "  ".join(cells).rstrip())
    lines.append("")
    lines.append(f"Finished: {report.finished} of {report.games}. End reasons: {_counts(report.reasons)}")
    lines.append(f"Average requests per game: {report.avg_requests:.1f}")
    lines.append(f"Cut at {MAX_REQUESTS:,} requests: {report.unfinished}")
    stopped = sum(report.errors.values())
    lines.append(f"Stopped by an engine error: {stopped}")
    for message, count in report.errors.items():
        lines.append(f"  {count}× {message}")
    if report.finished < report.games:
        lines.append("Means and win rates are over the finished games.")
    return "\n".join(lines)


def comparison_text(report: ComparisonReport, title: str) -> str:
    """Both line-ups' mean payoff for the seat and their paired difference with its interval."""
    a, b = ", ".join(report.a_players), ", ".join(report.b_players)
    lines = [f"{title}: seat {report.seat}, {report.games} paired games, {_seeds(report.games, report.seed)}", "",
             f"  a ({a}): mean payoff {_num(report.a_mean, sign=True)}",
             f"  b ({b}): mean payoff {_num(report.b_mean, sign=True)}"]
    if report.diff_ci95 is None:
        lines.append(f"  difference a − b: {_num(report.diff, sign=True)} (too few games for an interval)")
    else:
        lo, hi = report.diff_ci95
        lines.append(f"  difference a − b: {_num(report.diff, sign=True)} ± {(hi - lo) / 2:.3f}  "
                     f"(95% interval [{_num(lo)}, {_num(hi)}])")
        if lo > 0:
            lines.append("  a does better than b for this seat (the interval is above 0)")
        elif hi < 0:
            lines.append("  b does better than a for this seat (the interval is below 0)")
        else:
            lines.append("  no difference shown at 95% (the interval contains 0)")
    if report.pairs < report.games:
        lines.append("")
        lines.append(f"Only the {report.pairs} seeds that finished with both line-ups are compared.")
        for name, stopped in (("a", report.a_stopped), ("b", report.b_stopped)):
            for message, count in stopped.items():
                lines.append(f"  {name}: {count}× {message}")
    return "\n".join(lines)

"""The skill ladder: does a tactic win more when it looks further ahead (``tabletwin ladder``)?

Each *rung* is the tactic with its ``search`` given a budget of rollouts: ``rollouts`` and
``max_rollouts`` both set to the budget, so at each searched decision it plays at most that many
rollouts per option; budget 0 drops the search and leaves the tactic's rules alone. A rung plays
against two opponents: the same tactic at budget 0 (the ladder's floor) and ``random``.

Fairness and pairing: every seed is played once with the rung's tactic in each seat and the
opponent in all others (seats rotated), and every rung plays the same seeds, so the rungs differ
only in the budget. Per rung and opponent:

* ``win_rate`` — the share of those games the rung's seat won (:func:`.balance.winners`), with
  the Wilson interval over the games played (the rotated games of one seed count separately);
* ``mean_payoff`` — the rung's mean payoff, with the t-interval over seeds (each seed's value is
  the mean over its rotations, so the rotations of one seed are one observation).

The curve *rises* when the largest budget's mean payoff against the floor is shown higher than
budget 0's on the same seeds: a paired difference per seed whose 95% interval is above 0. One
comparison named in advance (largest budget against none), so no correction for many looks.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .balance import winners
from .runner import GameResult
from .stats import mean_ci95, paired_difference_ci95, rounded, wilson_ci95

MAX_BUDGETS = 16
"""Rungs in one ladder: each plays every seed several times, so a longer list is more likely a slip."""

OPPONENTS = ("floor", "random")
"""Who each rung plays: the tactic at budget 0, and the random player."""


class LadderError(Exception):
    """A ladder that cannot be set up; the message is ready after ``tabletwin ladder:``."""


def parse_budgets(text: str, limit: int) -> list[int]:
    """``"0,16,64"`` as whole numbers from 0 to ``limit``, in the order given, no repeats."""
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if not parts:
        raise LadderError("--budgets names no budget (give e.g. 0,16,64)")
    if len(parts) > MAX_BUDGETS:
        raise LadderError(f"--budgets names {len(parts)} budgets; at most {MAX_BUDGETS} in one ladder")
    budgets = []
    for part in parts:
        if part.isdecimal() and len(part) > len(str(limit)):
            # Too many digits for a budget (and perhaps for int()): say so without printing them all.
            raise LadderError(f"--budgets: a budget must be from 0 to {limit:,} rollouts, not a number of "
                              f"{len(part):,} digits")
        try:
            value = int(part)
        except ValueError:
            raise LadderError(f"--budgets: {part[:40]!r} is not a whole number") from None
        if not 0 <= value <= limit:
            raise LadderError(f"--budgets: a budget must be from 0 to {limit:,} rollouts, not {value:,}")
        if value in budgets:
            raise LadderError(f"--budgets names {value} twice")
        budgets.append(value)
    if 0 not in budgets:
        raise LadderError("--budgets must include 0: budget 0 is the floor every rung is measured against")
    return budgets


def variant_text(tactic_path: Path, name: str, at: Sequence[str], budget: int) -> str:
    """A tactic file that extends ``tactic_path`` with its search set to ``budget`` (none at 0)."""
    search = None if budget == 0 else {"at": list(at), "rollouts": budget, "max_rollouts": budget}
    data = {"tactic": f"{name}@{budget}", "extends": str(tactic_path.resolve()), "search": search}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"  # JSON is YAML: no YAML writer needed


def write_variants(tactic_path: Path, name: str, at: Sequence[str], budgets: Sequence[int],
                   folder: Path) -> dict[int, str]:
    """One tactic file per budget (and budget 0, the floor) in ``folder``: budget → its path."""
    paths = {}
    for budget in sorted({0, *budgets}):
        path = folder / f"budget-{budget}.yaml"
        path.write_text(variant_text(tactic_path, name, at, budget), encoding="utf-8")
        paths[budget] = str(path)
    return paths


def lineups(budgets: Sequence[int], paths: dict[int, str], seats: int) -> list[list[str]]:
    """Every line-up a seed is played with: per budget, per opponent, the rung in each seat."""
    plan = []
    for budget in budgets:
        for opponent in OPPONENTS:
            other = paths[0] if opponent == "floor" else "random"
            for seat in range(seats):
                plan.append([paths[budget] if s == seat else other for s in range(seats)])
    return plan


@dataclass
class Figures:
    """One rung against one opponent."""

    games: int
    wins: int
    win_rate: float | None
    win_ci95: tuple | None
    mean_payoff: float | None
    payoff_ci95: tuple | None
    per_seed: dict
    """seed → the rung's mean payoff over the seed's rotations (seeds where all finished)."""

    def as_json(self) -> dict:
        return {"games": self.games, "wins": self.wins, "win_rate": rounded(self.win_rate),
                "win_ci95": rounded(self.win_ci95), "mean_payoff": rounded(self.mean_payoff),
                "payoff_ci95": rounded(self.payoff_ci95)}


def _figures(rotations: Sequence[Sequence[GameResult]]) -> Figures:
    """``rotations[k][seat]``: seed ``k``'s game with the rung in ``seat``."""
    games = wins = 0
    per_seed = {}
    for by_seat in rotations:
        finished = [(seat, r) for seat, r in enumerate(by_seat) if r.finished]
        games += len(finished)
        wins += sum(1 for seat, r in finished if seat in winners(r.payoffs))
        if finished and len(finished) == len(by_seat):
            per_seed[by_seat[0].seed] = sum(r.payoffs[seat] for seat, r in finished) / len(finished)
    m, ci = mean_ci95(list(per_seed.values()))
    return Figures(games, wins, wins / games if games else None, wilson_ci95(wins, games), m, ci, per_seed)


@dataclass
class Ladder:
    tactic: str
    games: int
    seed: int
    budgets: list[int]
    rungs: list[dict]
    """Per budget: ``{"floor": Figures, "random": Figures}``."""
    gain: float | None
    gain_ci95: tuple | None

    @property
    def rises(self) -> bool:
        return self.gain_ci95 is not None and self.gain_ci95[0] > 0

    def as_json(self) -> dict:
        rungs = []
        for budget, figures in zip(self.budgets, self.rungs):
            floor = figures["floor"].as_json()
            rungs.append({"budget": budget, "win_rate": floor["win_rate"], "win_ci95": floor["win_ci95"],
                          "mean_payoff": floor["mean_payoff"], "payoff_ci95": floor["payoff_ci95"],
                          "games": floor["games"], "vs_random": figures["random"].as_json()})
        return {"tactic": self.tactic, "games": self.games, "seed": self.seed, "rungs": rungs,
                "gain": {"budget": max(self.budgets), "diff": rounded(self.gain), "diff_ci95": rounded(self.gain_ci95)},
                "rises": self.rises}


def ladder_report(results: Sequence[Sequence[GameResult]], budgets: Sequence[int], seats: int, tactic: str,
                  seed: int) -> Ladder:
    """The ladder from ``run_games`` results played with :func:`lineups`' line-ups."""
    rungs = []
    column = 0
    for _ in budgets:
        figures = {}
        for opponent in OPPONENTS:
            figures[opponent] = _figures([game[column:column + seats] for game in results])
            column += seats
        rungs.append(figures)
    # The gain of the largest budget over none, paired by seed, against the floor; budget 0's own
    # rung is the floor against itself (a fair share), played on the same seeds.
    floor = _floor_figures(results, budgets, seats)
    top = rungs[list(budgets).index(max(budgets))]["floor"].per_seed
    common = sorted(set(top) & set(floor))
    gain, gain_ci = paired_difference_ci95([top[s] for s in common], [floor[s] for s in common])
    return Ladder(tactic, len(results), seed, list(budgets), rungs, gain, gain_ci)


def _floor_figures(results, budgets, seats) -> dict:
    """Seed → budget 0's mean payoff against itself (:func:`parse_budgets` makes sure 0 is listed)."""
    column = list(budgets).index(0) * len(OPPONENTS) * seats
    return _figures([game[column:column + seats] for game in results]).per_seed


# ---- text for people ---------------------------------------------------------------------------


def _pct(value) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def _num(value) -> str:
    return "–" if value is None else f"{value:+.3f}"


def ladder_text(ladder: Ladder, title: str) -> str:
    seeds = f"seed {ladder.seed}" if ladder.games == 1 else f"seeds {ladder.seed}–{ladder.seed + ladder.games - 1}"
    lines = [f"{title}: ladder of {ladder.tactic}, {ladder.games} seeds ({seeds}), seats rotated", ""]
    rows = [("budget", "vs budget 0: wins", "95% interval", "mean payoff", "vs random: wins", "95% interval",
             "mean payoff")]
    for budget, figures in zip(ladder.budgets, ladder.rungs):
        row = [str(budget)]
        for opponent in OPPONENTS:
            f = figures[opponent]
            row += [_pct(f.win_rate), "–" if f.win_ci95 is None else f"[{_pct(f.win_ci95[0])}, {_pct(f.win_ci95[1])}]",
                    _num(f.mean_payoff)]
        rows.append(tuple(row))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        lines.append("  " + "  ".join(cell.rjust(w) for cell, w in zip(row, widths)).rstrip())
    lines.append("")
    lines.append(ladder_verdict(ladder))
    return "\n".join(lines)


def ladder_verdict(ladder: Ladder) -> str:
    """The plain answer: does more thinking win more? (One sentence; the text and HTML reports end with it.)"""
    top = max(ladder.budgets)
    if ladder.gain_ci95 is None:
        return f"Too few finished games to compare budget {top} with budget 0."
    lo, hi = ladder.gain_ci95
    if ladder.rises:
        return (f"More thinking wins more: budget {top} gains {_num(ladder.gain)} mean payoff over budget 0 "
                f"(95% interval [{lo:.3f}, {hi:.3f}]).")
    return (f"More thinking does not win more: a game of luck (budget {top} against budget 0: "
            f"{_num(ladder.gain)} mean payoff, 95% interval [{lo:.3f}, {hi:.3f}], over {ladder.games} "
            f"seeds; more games could still show a small gain).")

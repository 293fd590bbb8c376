"""``tabletwin sweep``: the balance report of every combination of constants, on the same seeds.

Every row plays the same seeds with the same players, so differences between rows come from the
rules, not the dice (as far as the games run alike). ``diff_to_first`` is each seat's payoff in
the row minus in the first row, paired by seed over the seeds that finished in both, with the
interval of the mean paired difference.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..game.tally import catalogue
from .balance import rounded
from .balance_text import interval_num, interval_pct, interval_pts, num, pct, pts, table
from .report import simulation_report
from .runner import GameResult, run_games
from .stats import paired_difference_ci95
from .variants import load_variant


def diff_to_first(first: Sequence[GameResult], row: Sequence[GameResult], num_players: int) -> list[dict]:
    both = [(a, b) for a, b in zip(row, first) if a.finished and b.finished]
    out = []
    for seat in range(num_players):
        diff, interval = paired_difference_ci95([a.payoffs[seat] for a, _ in both], [b.payoffs[seat] for _, b in both])
        out.append({"seat": seat, "diff": rounded(diff), "diff_ci95": rounded(interval), "n": len(both)})
    return out


def run_sweep(model_text: str, filename: str, grid: Sequence[dict], specs: Sequence[str], players: Sequence[str],
              games: int, seed: int = 0, jobs: int = 1, progress: Callable[[int, int], None] | None = None,
              backend=None) -> dict:
    """The ``sweep --json`` document: one row per combination in ``grid`` (a list of overrides);
    ``backend`` as for :func:`~tabletwin.simulate.runner.run_games`."""
    rows, first = [], None
    for index, overrides in enumerate(grid):
        model = load_variant(model_text, filename, overrides)
        step = None if progress is None else (
            lambda done, total, index=index: progress(index * games + done, len(grid) * games))
        results = [r for (r,) in run_games(model_text, [list(specs)], games, seed, jobs, filename=filename,
                                             model=model, overrides=overrides, progress=step, backend=backend)]
        report = simulation_report(results, players, seed, catalogue(model))
        if first is None:
            first = results
        rows.append({"set": dict(overrides), "report": report.as_json(),
                     "diff_to_first": diff_to_first(first, results, len(players))})
    return {"games": games, "seed": seed, "rows": rows}


def _set_label(values: dict) -> str:
    return ", ".join(f"{name}={value}" for name, value in values.items())


def sweep_text(doc: dict, title: str) -> str:
    rows = doc["rows"]
    seeds = f"seeds {doc['seed']}–{doc['seed'] + doc['games'] - 1}" if doc["games"] > 1 else f"seed {doc['seed']}"
    lines = [f"{title}: sweep of {len(rows)} variants, {doc['games']} games each on the same {seeds}", ""]
    head = ("variant", "seat", "win rate", "95% interval", "mean payoff", "Δ vs first", "95% interval",
            "requests", "largest gap", "95% interval")
    table_rows = [head]
    for row in rows:
        report = row["report"]
        requests = report["duration"]["requests"]
        adv = report["seat_advantage"]
        for seat, diff in zip(report["seats"], row["diff_to_first"]):
            first_line = seat["seat"] == 0
            table_rows.append((_set_label(row["set"]) if first_line else "", str(seat["seat"]), pct(seat["win_rate"]),
                               interval_pct(seat["win_ci95"]), num(seat["mean_payoff"], 3), num(diff["diff"], 3),
                               interval_num(diff["diff_ci95"], 3),
                               num(requests["mean"], 1) if requests and first_line else "",
                               pts(adv["max_gap"]) if first_line and adv["max_gap"] is not None else "",
                               interval_pts(adv["max_gap_ci95"]) if first_line and adv["max_gap"] is not None else ""))
    lines += table(table_rows, {1, 2, 4, 5, 7, 8})
    lines.append("")
    lines.append("Δ vs first: the seat's payoff minus in the first variant, paired on the same seeds.")
    for row in rows:
        unused = row["report"]["unused"]
        if unused:
            lines.append(f"{_set_label(row['set'])}: unused {', '.join(unused)}")
    return "\n".join(lines)

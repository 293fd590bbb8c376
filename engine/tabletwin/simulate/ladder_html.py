"""The skill ladder as one self-contained HTML file (``tabletwin ladder --html FILE``).

Built like the balance report's page (:mod:`.html_report`): inline style, inline SVG charts, no
script, nothing fetched. Input is the ``ladder --json`` document and the verdict sentence of
:func:`.ladder.ladder_verdict`.
"""

from __future__ import annotations

from .balance_text import interval_num, interval_pct, num, pct
from .html_report import _e, _page, _seeds, _table, bar_chart


def _payoff_bounds(rungs: list[dict], key: str) -> tuple[float, float]:
    values = [0.0]
    for rung in rungs:
        figures = rung if key == "floor" else rung["vs_random"]
        values += [v for v in [figures["mean_payoff"], *(figures["payoff_ci95"] or [])] if v is not None]
    low, high = min(values), max(values)
    return (low, high) if high > low else (low, low + 1)


def _charts(rungs: list[dict], key: str, opponent: str, fair: float | None) -> list[str]:
    figures = [(rung["budget"], rung if key == "floor" else rung["vs_random"]) for rung in rungs]
    wins = bar_chart([(f"budget {budget}", f["win_rate"], f["win_ci95"]) for budget, f in figures], reference=fair)
    low, high = _payoff_bounds(rungs, key)
    payoffs = bar_chart([(f"budget {budget}", f["mean_payoff"], f["payoff_ci95"]) for budget, f in figures],
                        low=low, high=high, percent=False)
    return [f'<div class="grid"><div class="card half"><h3>Win rate against {_e(opponent)}</h3>', wins,
            "</div>", f'<div class="card half"><h3>Mean payoff against {_e(opponent)}</h3>', payoffs,
            "</div></div>"]


def ladder_html(doc: dict, verdict: str, title: str, seats: int) -> str:
    """The page: the verdict first, then win rate and mean payoff per budget against each opponent."""
    rungs = doc["rungs"]
    fair = 1 / seats if seats else None
    gain = doc["gain"]
    body = [f"<h1>{_e(title)} — skill ladder of {_e(doc['tactic'])}</h1>",
            f'<p class="sub">{doc["games"]} seeds per rung ({_e(_seeds(doc["games"], doc["seed"]))}), seats '
            f"rotated; budgets {_e(', '.join(str(r['budget']) for r in rungs))} rollouts per option.</p>",
            f'<p class="verdict"><b>{_e(verdict)}</b></p>',
            f'<p>The curve {"rises" if doc["rises"] else "does not rise"}: budget {gain["budget"]} against '
            f"budget 0, paired per seed, {_e(num(gain['diff'], 3))} mean payoff, 95% interval "
            f"{_e(interval_num(gain['diff_ci95'], 3))}.</p>",
            "<h2>Against the same tactic without look-ahead (budget 0)</h2>",
            *_charts(rungs, "floor", "budget 0", fair),
            "<h2>Against random</h2>", *_charts(rungs, "random", "random", fair),
            '<p class="note">Bars: the rung\'s win rate (Wilson 95% interval) and mean payoff (95% interval over '
            "seeds); dashed line: the fair share of a seat.</p>"]
    rows = []
    for rung in rungs:
        for opponent, f in (("budget 0", rung), ("random", rung["vs_random"])):
            rows.append([str(rung["budget"]), opponent, str(f["games"]), pct(f["win_rate"]),
                         interval_pct(f["win_ci95"]), num(f["mean_payoff"], 3), interval_num(f["payoff_ci95"], 3)])
    body += ["<h2>Figures</h2>",
             _table(["budget", "against", "games", "win rate", "95% interval", "mean payoff", "95% interval"], rows,
                    {0, 2, 3, 5})]
    return _page(f"{title} — skill ladder", body)

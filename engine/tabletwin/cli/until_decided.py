"""``compare --until-decided``: paired games in batches until the sequential test decides.

Batch ``k`` plays the seeds following the previous batch, so the pairs are seeds ``S``, ``S + 1``,
… exactly as a fixed ``compare --games N`` plays them; the decision rule and why looking after
every batch keeps the 5% error are in :mod:`tabletwin.simulate.sequential`.
"""

from __future__ import annotations

from ..simulate.report import ComparisonReport, comparison_report
from ..simulate.runner import run_games
from ..simulate.sequential import run_sequential
from . import options


def compare_until_decided(args, model_text: str, filename: str, model, a: list[str], b: list[str],
                          a_players: list[str], b_players: list[str], overrides=None,
                          sources=None) -> tuple[ComparisonReport, str | None]:
    """The comparison of every pair played and the decision (``None`` when the cap came first)."""
    pairs: list = []
    jobs = options.cap_jobs("compare", getattr(args, "jobs", 1))
    backend = options.backend_of(args)

    def next_batch(size: int) -> list[float]:
        if pairs and any(result.too_long for result in pairs[-1]):
            return []  # a game ran out of work: the run ends there, as in a fixed compare
        batch = run_games(model_text, [a, b], size, args.seed + len(pairs), jobs, filename=filename, model=model,
                          overrides=overrides, sources=sources, backend=backend)
        pairs.extend(batch)
        return [ra.payoffs[args.seat] - rb.payoffs[args.seat] for ra, rb in batch if ra.finished and rb.finished]

    outcome = run_sequential(next_batch, args.max_games, args.margin)
    report = comparison_report(pairs, a_players, b_players, args.seed, args.seat)
    # The fixed-sample interval is not valid after stopping on the data; the anytime one is.
    report.diff_ci95 = outcome.bounds
    return report, outcome.decided


def decided_text(decided: str | None, games: int, max_games: int, margin: float) -> str:
    """The closing line of the text report: what was decided and after how many games."""
    if decided == "a":
        verdict = "a does better than b"
    elif decided == "b":
        verdict = "b does better than a"
    elif decided == "equal":
        verdict = f"a and b differ by less than {margin:g} in mean payoff"
    else:
        return (f"Undecided after {games} paired games (the cap, --max-games {max_games}): the difference is "
                f"neither shown nor ruled out beyond ±{margin:g}.")
    return (f"Decided after {games} paired games: {verdict} (the interval is a 95% confidence sequence, "
            f"valid however early the run stopped).")

"""The balance report as text for people, read from the ``simulate --json`` document."""

from __future__ import annotations

from .balance import TOP_PLACES


def pct(value) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def interval_pct(interval) -> str:
    return "–" if interval is None else f"[{pct(interval[0])}, {pct(interval[1])}]"


def pts(value) -> str:
    """A difference of two rates in percentage points."""
    return "–" if value is None else f"{100 * value:+.1f} pts"


def interval_pts(interval) -> str:
    return "–" if interval is None else f"[{100 * interval[0]:+.1f}, {100 * interval[1]:+.1f}] pts"


def num(value, digits: int = 2) -> str:
    if value is None:
        return "–"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.{digits}f}"


def interval_num(interval, digits: int = 2) -> str:
    return "–" if interval is None else f"[{interval[0]:.{digits}f}, {interval[1]:.{digits}f}]"


def table(rows: list[tuple], right: set[int]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.rjust(w) if i in right else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths))]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines


def _share_line(name: str, figure: dict) -> tuple:
    return (name, str(figure["games"]), pct(figure["share"]), interval_pct(figure["ci95"]))


def outcome_lines(doc: dict) -> list[str]:
    ends = doc["outcomes"]
    n = doc["games"]
    rows = [("how games ended", f"of {n}", "share", "95% interval")]
    rows += [_share_line(f"end: {reason}", figure) for reason, figure in ends["end_reasons"].items()]
    rows += [_share_line("draw (equal payoffs, no winner)", ends["draw"]),
             _share_line("no winner", ends["no_winner"]),
             _share_line("cut at the request limit", ends["cut"]),
             _share_line("engine error", ends["error"])]
    lines = ["Outcome", *table(rows, {1, 2})]
    adv = doc["seat_advantage"]
    lines.append("")
    lines.append(f"Seat advantage (fair share {pct(adv['fair_share'])}, over {adv['n']} finished games)")
    rows = [("seat", "win rate", "95% interval", "vs fair share", "95% interval")]
    for seat in adv["seats"]:
        rows.append((str(seat["seat"]), pct(seat["win_rate"]), interval_pct(seat["win_ci95"]), pts(seat["vs_fair"]),
                     interval_pts(seat["vs_fair_ci95"])))
    lines += table(rows, {0, 1, 3})
    if adv["max_gap"] is not None:
        best, worst = adv["max_gap_seats"]
        low_high = adv["max_gap_ci95"]
        verdict = ""
        if low_high is not None:
            verdict = "  (shown at 95%)" if low_high[0] > 0 else "  (not shown at 95%: the interval contains 0)"
        lines.append(f"  largest gap: seat {best} − seat {worst} = {pts(adv['max_gap'])}, "
                     f"95% interval {interval_pts(low_high)}{verdict}")
    return lines


def duration_lines(doc: dict) -> list[str]:
    rows = [("per finished game", "n", "mean", "95% interval", "median", "p10", "p90", "max")]
    names = {"requests": "requests", "decisions": "decisions", "chance": "chance events", "rounds": "main-loop rounds"}
    for key, name in names.items():
        figure = doc["duration"].get(key)
        if figure is None:
            rows.append((name, "–", "–", "–", "–", "–", "–", "–"))
            continue
        rows.append((name, str(figure["n"]), num(figure["mean"]), interval_num(figure["mean_ci95"]),
                     num(figure["median"]), str(figure["p10"]), str(figure["p90"]), str(figure["max"])))
    return ["Duration", *table(rows, {1, 2, 4, 5, 6, 7})]


def choice_lines(doc: dict) -> list[str]:
    choice = doc["choice"]
    rows = [("decisions", "n", "options per decision", "95% interval", "forced", "95% interval")]

    def row(name, figure):
        return (name, str(figure["decisions"]), num(figure["branching"]), interval_num(figure["branching_ci95"]),
                pct(figure["forced_share"]), interval_pct(figure["forced_share_ci95"]))

    rows.append(row("all", choice))
    rows += [row(f"seat {seat['seat']}", seat) for seat in choice["by_seat"]]
    places = list(choice["by_place"].items())
    rows += [row(place, figure) for place, figure in places[:TOP_PLACES]]
    lines = ["Choice (forced: a choice with one option, taken without asking)", *table(rows, {1, 2, 4})]
    if len(places) > TOP_PLACES:
        lines.append(f"  … and {len(places) - TOP_PLACES} more places (see --json or --html)")
    return lines


def coverage_lines(doc: dict) -> list[str]:
    n = doc["games"]
    rows = [("rule", "games", "uses", "uses per game")]
    for kind, entries in doc["coverage"].items():
        for key, figure in entries.items():
            rows.append((f"{kind} {key}", f"{figure['games']}/{n}", str(figure["uses"]),
                         num(figure["uses"] / n if n else None)))
    lines = ["Rule coverage"]
    lines += table(rows, {1, 2, 3}) if len(rows) > 1 else ["  (no rules to count)"]
    unused = doc["unused"]
    lines.append(f"Unused in every game: {', '.join(unused)}" if unused else "Every rule was used in some game.")
    return lines


def balance_text(doc: dict) -> str:
    parts = [outcome_lines(doc), duration_lines(doc), choice_lines(doc), coverage_lines(doc)]
    return "\n\n".join("\n".join(part) for part in parts)

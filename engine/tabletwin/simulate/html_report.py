"""The balance report and the sweep as one self-contained HTML file.

No network: the style is inline, the charts are inline SVG drawn here, the fonts are the system's
(``font-family: system-ui, sans-serif``), and there is no script. Every text from the model or the
command line is escaped. Input is the JSON documents of ``simulate --json`` and ``sweep --json``.
"""

from __future__ import annotations

from html import escape

from .balance_text import interval_num, interval_pct, interval_pts, num, pct, pts

STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px 32px;color:#1d2430;background:#fff;
max-width:1120px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #d5dae1;
padding-bottom:4px}
p.sub{color:#5a6472;margin:0 0 12px}
table{border-collapse:collapse;font-size:13px;margin:6px 0 10px}
th,td{padding:3px 10px;text-align:left;border-bottom:1px solid #eceff3}
th{background:#f4f6f9;font-weight:600}td.n{text-align:right;font-variant-numeric:tabular-nums}
tr.unused td{color:#a12a2a;background:#fdf1f1}
.grid{display:flex;flex-wrap:wrap;gap:18px}
.card{border:1px solid #e1e5ea;border-radius:6px;padding:8px 12px}
.card h3{font-size:14px;margin:0 0 4px}
.half{flex:1 1 480px;max-width:530px}
.note{color:#5a6472;font-size:12px}
svg text{font-family:system-ui,-apple-system,"Segoe UI",sans-serif}
"""

BAR = "#3b6fb6"
WHISKER = "#1d2430"
REFERENCE = "#c0392b"
HIST = "#5b8fd1"


def _e(text) -> str:
    return escape(str(text), quote=True)


def bar_chart(rows: list[tuple[str, float | None, list | None]], low: float = 0.0, high: float = 1.0,
              reference: float | None = None, percent: bool = True, width: int = 500) -> str:
    """Horizontal bars from ``low`` to the value, with the 95% interval as a whisker."""
    label_width = min(240, max(90, 7 * max((len(str(label)) for label, _, _ in rows), default=0) + 12))
    bar_height, gap, right = 16, 8, 70
    height = len(rows) * (bar_height + gap) + 26
    plot = width - label_width - right
    span = (high - low) or 1.0

    def x(value: float) -> float:
        return label_width + plot * (min(max(value, low), high) - low) / span

    parts = [f'<svg width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img">']
    zero = x(0.0 if low < 0 < high else low)
    for tick in (low, (low + high) / 2, high):
        tx = x(tick)
        text = f"{100 * tick:.0f}%" if percent else f"{tick:.3g}"
        parts.append(f'<line x1="{tx:.1f}" y1="4" x2="{tx:.1f}" y2="{height - 20}" stroke="#e3e7ec"/>'
                     f'<text x="{tx:.1f}" y="{height - 6}" font-size="10" text-anchor="middle" fill="#5a6472">'
                     f'{text}</text>')
    for index, (label, value, interval) in enumerate(rows):
        y = 6 + index * (bar_height + gap)
        parts.append(f'<text x="{label_width - 8}" y="{y + 12}" font-size="12" text-anchor="end">{_e(label)}</text>')
        if value is None:
            continue
        start, end = sorted((zero, x(value)))
        parts.append(f'<rect x="{start:.1f}" y="{y}" width="{max(end - start, 1):.1f}" height="{bar_height}" '
                     f'fill="{BAR}" rx="2"/>')
        if interval is not None:
            lo, hi = x(interval[0]), x(interval[1])
            mid = y + bar_height / 2
            parts.append(f'<line x1="{lo:.1f}" y1="{mid}" x2="{hi:.1f}" y2="{mid}" stroke="{WHISKER}" '
                         f'stroke-width="1.5"/>'
                         f'<line x1="{lo:.1f}" y1="{mid - 5}" x2="{lo:.1f}" y2="{mid + 5}" stroke="{WHISKER}" '
                         f'stroke-width="1.5"/>'
                         f'<line x1="{hi:.1f}" y1="{mid - 5}" x2="{hi:.1f}" y2="{mid + 5}" stroke="{WHISKER}" '
                         f'stroke-width="1.5"/>')
        text = pct(value) if percent else num(value)
        parts.append(f'<text x="{label_width + plot + 6}" y="{y + 12}" font-size="12">{_e(text)}</text>')
    if reference is not None:
        rx = x(reference)
        parts.append(f'<line x1="{rx:.1f}" y1="2" x2="{rx:.1f}" y2="{height - 20}" stroke="{REFERENCE}" '
                     f'stroke-dasharray="4 3" stroke-width="1.5"/>')
    parts.append("</svg>")
    return "".join(parts)


def histogram_chart(bins: list[list[int]], width: int = 250, height: int = 120) -> str:
    """Columns of a duration histogram, ``[low, high, count]`` per bin."""
    if not bins:
        return '<p class="note">no finished games</p>'
    top = max(count for _, _, count in bins) or 1
    plot_h = height - 28
    column = (width - 10) / len(bins)
    parts = [f'<svg width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img">']
    for index, (low, high, count) in enumerate(bins):
        h = plot_h * count / top
        x = 5 + index * column
        title = f"{low}" if high - low == 1 else f"{low}–{high - 1}"
        parts.append(f'<rect x="{x:.1f}" y="{4 + plot_h - h:.1f}" width="{max(column - 1, 1):.1f}" height="{h:.1f}" '
                     f'fill="{HIST}"><title>{_e(title)}: {count}</title></rect>')
    parts.append(f'<line x1="5" y1="{4 + plot_h}" x2="{width - 5}" y2="{4 + plot_h}" stroke="#8a94a3"/>')
    last = bins[-1][1] - 1
    parts.append(f'<text x="5" y="{height - 8}" font-size="10" fill="#5a6472">{bins[0][0]}</text>'
                 f'<text x="{width - 5}" y="{height - 8}" font-size="10" text-anchor="end" fill="#5a6472">'
                 f'{last}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _table(head: list[str], rows: list[list[str]], numeric: set[int], classes: list[str] | None = None) -> str:
    out = ["<table><tr>", *(f"<th>{_e(h)}</th>" for h in head), "</tr>"]
    for index, row in enumerate(rows):
        css = f' class="{classes[index]}"' if classes and classes[index] else ""
        out.append(f"<tr{css}>")
        out.extend(f'<td class="n">{_e(c)}</td>' if i in numeric else f"<td>{_e(c)}</td>" for i, c in enumerate(row))
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def _page(title: str, body: list[str]) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>{''.join(body)}</body></html>\n")


def _seeds(games: int, seed: int) -> str:
    return f"seed {seed}" if games == 1 else f"seeds {seed}–{seed + games - 1}"


def _outcome(doc: dict) -> list[str]:
    seats = doc["seats"]
    adv = doc["seat_advantage"]
    body = ["<h2>Outcome</h2>", '<div class="grid"><div class="card half"><h3>Win rate per seat</h3>',
            bar_chart([(f"seat {s['seat']} ({s['player']})", s["win_rate"], s["win_ci95"]) for s in seats],
                      reference=adv["fair_share"]),
            f'<p class="note">Bars: win rate over {adv["n"]} finished games; whiskers: 95% interval; dashed line: '
            f'the fair share {pct(adv["fair_share"])}.</p></div>']
    means = [s["mean_payoff"] for s in seats if s["mean_payoff"] is not None]
    bounds = [v for s in seats for v in (s["payoff_ci95"] or [])] + means + [0.0]
    low, high = min(bounds), max(bounds)
    if low == high:
        high = low + 1
    body += ['<div class="card half"><h3>Mean payoff per seat</h3>',
             bar_chart([(f"seat {s['seat']}", s["mean_payoff"], s["payoff_ci95"]) for s in seats], low=low, high=high,
                       percent=False), '<p class="note">Whiskers: 95% interval of the mean (Student t).</p>',
             "</div></div>"]
    rows = [[str(s["seat"]), s["player"], num(s["mean_payoff"], 3), interval_num(s["payoff_ci95"], 3), str(s["wins"]),
             pct(s["win_rate"]), interval_pct(s["win_ci95"]), pts(a["vs_fair"]), interval_pts(a["vs_fair_ci95"])]
            for s, a in zip(seats, adv["seats"])]
    body.append(_table(["seat", "player", "mean payoff", "95% interval", "wins", "win rate", "95% interval",
                        "vs fair share", "95% interval"], rows, {0, 2, 4, 5, 7}))
    if adv["max_gap"] is not None:
        best, worst = adv["max_gap_seats"]
        body.append(f'<p>Largest gap between seats: seat {best} − seat {worst} = <b>{_e(pts(adv["max_gap"]))}</b>, '
                    f'95% interval {_e(interval_pts(adv["max_gap_ci95"]))} (paired per-game difference of '
                    f'the two seats\' wins, n = {adv["n"]}).</p>')
    ends = doc["outcomes"]
    bars = [(f"end: {reason}", f["share"], f["ci95"]) for reason, f in ends["end_reasons"].items()]
    bars += [("draw", ends["draw"]["share"], ends["draw"]["ci95"]),
             ("no winner", ends["no_winner"]["share"], ends["no_winner"]["ci95"]),
             ("cut at the limit", ends["cut"]["share"], ends["cut"]["ci95"]),
             ("engine error", ends["error"]["share"], ends["error"]["ci95"])]
    body += ['<div class="card"><h3>How games ended (share of all games, Wilson 95% interval)</h3>',
             bar_chart(bars, width=720), f'<p class="note">n = {doc["games"]} games.</p></div>']
    if doc["errors"]:
        body.append(_table(["engine error", "games"], [[m, str(c)] for m, c in doc["errors"].items()], {1}))
    return body


def _duration(doc: dict) -> list[str]:
    names = {"requests": "Requests", "decisions": "Decisions", "chance": "Chance events",
             "rounds": "Rounds of the main loop"}
    cards, rows = [], []
    for key, name in names.items():
        figure = doc["duration"].get(key)
        if figure is None:
            continue
        cards.append(f'<div class="card"><h3>{_e(name)}</h3>{histogram_chart(figure["histogram"])}</div>')
        rows.append([name, str(figure["n"]), num(figure["mean"]), interval_num(figure["mean_ci95"]),
                     num(figure["median"]), str(figure["p10"]), str(figure["p90"]), str(figure["min"]),
                     str(figure["max"])])
    table = _table(["per finished game", "n", "mean", "95% interval", "median", "p10", "p90", "min", "max"], rows,
                   {1, 2, 4, 5, 6, 7, 8})
    return ["<h2>Duration</h2>", table, '<div class="grid">', *cards, "</div>"]


def _choice(doc: dict) -> list[str]:
    choice = doc["choice"]

    def row(name, f):
        return [name, str(f["decisions"]), num(f["branching"]), interval_num(f["branching_ci95"]),
                pct(f["forced_share"]), interval_pct(f["forced_share_ci95"])]

    rows = [row("all decisions", choice)] + [row(f"seat {s['seat']}", s) for s in choice["by_seat"]]
    places = list(choice["by_place"].items())
    rows += [row(place, f) for place, f in places]
    head = ["where", "decisions", "options per decision", "95% interval", "forced", "95% interval"]
    top = places[:12]
    high = max([f["branching_ci95"][1] if f["branching_ci95"] else f["branching"] or 1 for _, f in top] + [2])
    chart = bar_chart([(place, f["branching"], f["branching_ci95"]) for place, f in top], low=0, high=high,
                      percent=False, width=720) if top else ""
    return ["<h2>Choice</h2>",
            '<p class="note">A forced decision is a choice with a single option, which the engine takes without '
            "asking. Places are listed with the most decisions first; intervals take games as the unit.</p>",
            _table(head, rows, {1, 2, 4}), '<div class="card"><h3>Options per decision, by place</h3>', chart,
            "</div>"]


def _coverage(doc: dict) -> list[str]:
    n = doc["games"]
    rows, classes = [], []
    for kind, entries in doc["coverage"].items():
        for key, f in entries.items():
            rows.append([kind, key, f["path"] or "", f"{f['games']}/{n}", pct(f["games"] / n if n else None),
                         str(f["uses"]), num(f["uses"] / n if n else None)])
            classes.append("unused" if f["games"] == 0 else "")
    unused = doc["unused"]
    note = (f'<p>Unused in every game ({len(unused)}): {_e(", ".join(unused))}</p>' if unused
            else "<p>Every rule was used in some game.</p>")
    return ["<h2>Rule coverage</h2>", note,
            _table(["kind", "rule", "model path", "games", "share", "uses", "uses per game"], rows, {3, 4, 5, 6},
                   classes)]


def simulation_html(doc: dict, title: str) -> str:
    players = ", ".join(f"{s['player']}" for s in doc["seats"])
    body = [f"<h1>{_e(title)} — balance report</h1>",
            f'<p class="sub">{doc["games"]} games, {_e(_seeds(doc["games"], doc["seed"]))}; players: '
            f"{_e(players)}; {doc['finished']} finished.</p>"]
    body += _outcome(doc) + _duration(doc) + _choice(doc) + _coverage(doc)
    return _page(f"{title} — balance report", body)


def _set_label(values: dict) -> str:
    return ", ".join(f"{name}={value}" for name, value in values.items())


def sweep_html(doc: dict, title: str) -> str:
    rows = doc["rows"]
    body = [f"<h1>{_e(title)} — sweep</h1>",
            f'<p class="sub">{len(rows)} variants × {doc["games"]} games on the same seeds '
            f'({_e(_seeds(doc["games"], doc["seed"]))}).</p>']
    seats = len(rows[0]["report"]["seats"]) if rows else 0
    for seat in range(seats):
        bars = [(_set_label(r["set"]), r["report"]["seats"][seat]["win_rate"], r["report"]["seats"][seat]["win_ci95"])
                for r in rows]
        fair = rows[0]["report"]["seat_advantage"]["fair_share"]
        body += [f'<div class="card"><h3>Seat {seat} win rate per variant</h3>',
                 bar_chart(bars, reference=fair, width=720), "</div>"]
    head = ["variant", "seat", "win rate", "95% interval", "mean payoff", "95% interval", "Δ payoff vs first",
            "95% interval", "requests (mean)", "largest gap", "95% interval", "unused"]
    table_rows = []
    for row in rows:
        report = row["report"]
        gap = report["seat_advantage"]
        for seat_line, diff in zip(report["seats"], row["diff_to_first"]):
            requests = report["duration"]["requests"]
            table_rows.append([_set_label(row["set"]), str(seat_line["seat"]), pct(seat_line["win_rate"]),
                               interval_pct(seat_line["win_ci95"]), num(seat_line["mean_payoff"], 3),
                               interval_num(seat_line["payoff_ci95"], 3), num(diff["diff"], 3),
                               interval_num(diff["diff_ci95"], 3),
                               num(requests["mean"]) if requests else "–", pts(gap["max_gap"]),
                               interval_pts(gap["max_gap_ci95"]), str(len(report["unused"]))])
    body.append(_table(head, table_rows, {1, 2, 4, 6, 8, 9, 11}))
    body.append('<p class="note">Δ payoff vs first: the seat\'s payoff in this variant minus in the first row, '
                "paired on the seeds that finished in both.</p>")
    return _page(f"{title} — sweep", body)

// The balance report and the skill ladder as HTML text with inline SVG charts, drawn from what the
// server sends (no game logic here). Every piece of model text goes through escapeHtml; colours
// come from classes styled with the theme's variables in media/webview.css (no inline styles: the
// page's content security policy allows none). Rules and places with a known line are links
// (`data-kind`/`data-key`, `data-place`) that the webview turns into "show in the editor".

import { escapeHtml as e } from "./escape";
import type { BalanceReport, ChoiceFigures, Distribution, Interval, LadderFigures, LadderResult, RuleLocations,
              Share, SimulationResult } from "./reportProtocol";

// ---- numbers -----------------------------------------------------------------------------------

export function pct(value: number | null | undefined): string {
  return value === null || value === undefined ? "–" : `${(100 * value).toFixed(1)}%`;
}

export function num(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined) return "–";
  return Number.isInteger(value) ? String(value) : value.toFixed(digits);
}

/** A difference of two rates in percentage points. */
export function pts(value: number | null | undefined): string {
  return value === null || value === undefined ? "–" : `${value >= 0 ? "+" : ""}${(100 * value).toFixed(1)} pts`;
}

export function signed(value: number | null | undefined, digits = 3): string {
  return value === null || value === undefined ? "–" : `${value >= 0 ? "+" : ""}${value.toFixed(digits)}`;
}

export function interval(range: Interval, format: (value: number) => string): string {
  return range === null ? "–" : `[${format(range[0])}, ${format(range[1])}]`;
}

const fixed = (digits: number) => (value: number) => value.toFixed(digits);

function seeds(games: number, seed: number): string {
  return games === 1 ? `seed ${seed}` : `seeds ${seed}–${seed + games - 1}`;
}

// ---- charts ------------------------------------------------------------------------------------

export interface Bar {
  label: string;
  value: number | null;
  interval: Interval;
}

export interface BarScale {
  low: number;
  high: number;
  percent: boolean;
  /** A dashed line at this value (the fair share). */
  reference?: number;
  width?: number;
}

const BAR_HEIGHT = 16;
const BAR_GAP = 8;

/** Horizontal bars from 0 (or `low`) to each value, the 95% interval as a whisker, the value at the right. */
export function barChart(title: string, bars: Bar[], scale: BarScale): string {
  const width = scale.width ?? 480;
  const labelWidth = Math.min(220, Math.max(80, 7 * Math.max(0, ...bars.map((b) => b.label.length)) + 12));
  const right = 64;
  const plot = width - labelWidth - right;
  const height = bars.length * (BAR_HEIGHT + BAR_GAP) + 24;
  const span = scale.high - scale.low || 1;
  const x = (value: number) => labelWidth + (plot * (Math.min(Math.max(value, scale.low), scale.high) - scale.low)) / span;
  const text = (value: number) => (scale.percent ? pct(value) : num(value, 3));
  const tick = (value: number) => (scale.percent ? `${Math.round(100 * value)}%` : `${+value.toPrecision(3)}`);
  const parts = [`<svg class="tt-chart" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
                 `role="img" aria-label="${e(title)}">`];
  for (const value of [scale.low, (scale.low + scale.high) / 2, scale.high]) {
    const tx = x(value).toFixed(1);
    parts.push(`<line class="tt-gridline" x1="${tx}" y1="2" x2="${tx}" y2="${height - 18}"/>` +
               `<text class="tt-tick" x="${tx}" y="${height - 5}" text-anchor="middle">${e(tick(value))}</text>`);
  }
  const zero = x(scale.low < 0 && scale.high > 0 ? 0 : scale.low);
  bars.forEach((bar, index) => {
    const y = 4 + index * (BAR_HEIGHT + BAR_GAP);
    parts.push(`<text class="tt-label" x="${labelWidth - 6}" y="${y + 12}" text-anchor="end">${e(bar.label)}</text>`);
    if (bar.value === null) {
      parts.push(`<text class="tt-tick" x="${labelWidth + 4}" y="${y + 12}">no games</text>`);
      return;
    }
    const [from, to] = [zero, x(bar.value)].sort((a, b) => a - b);
    const about = `${bar.label}: ${text(bar.value)}` +
                  (bar.interval ? `, 95% interval ${interval(bar.interval, text)}` : "");
    parts.push(`<rect class="tt-bar" x="${from.toFixed(1)}" y="${y}" width="${Math.max(to - from, 1).toFixed(1)}" ` +
               `height="${BAR_HEIGHT}" rx="2"><title>${e(about)}</title></rect>`);
    if (bar.interval) {
      const [lo, hi] = [x(bar.interval[0]).toFixed(1), x(bar.interval[1]).toFixed(1)];
      const mid = y + BAR_HEIGHT / 2;
      parts.push(`<path class="tt-whisker" d="M${lo} ${mid}H${hi}M${lo} ${mid - 5}V${mid + 5}M${hi} ${mid - 5}V${mid + 5}"/>`);
    }
    parts.push(`<text class="tt-value" x="${labelWidth + plot + 6}" y="${y + 12}">${e(text(bar.value))}</text>`);
  });
  if (scale.reference !== undefined) {
    const rx = x(scale.reference).toFixed(1);
    parts.push(`<line class="tt-reference" x1="${rx}" y1="1" x2="${rx}" y2="${height - 18}"/>`);
  }
  parts.push("</svg>");
  return parts.join("");
}

/** Columns of a duration histogram: `[low, high, count]` per bin. */
export function histogramChart(title: string, bins: [number, number, number][], width = 260, height = 110): string {
  if (bins.length === 0) return `<p class="tt-hint">No finished games.</p>`;
  const top = Math.max(1, ...bins.map(([, , count]) => count));
  const plot = height - 26;
  const column = (width - 10) / bins.length;
  const parts = [`<svg class="tt-chart" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
                 `role="img" aria-label="${e(title)}">`];
  bins.forEach(([low, high, count], index) => {
    const h = (plot * count) / top;
    const values = high - low === 1 ? `${low}` : `${low}–${high - 1}`;
    parts.push(`<rect class="tt-column" x="${(5 + index * column).toFixed(1)}" y="${(4 + plot - h).toFixed(1)}" ` +
               `width="${Math.max(column - 1, 1).toFixed(1)}" height="${h.toFixed(1)}">` +
               `<title>${e(values)}: ${count} game${count === 1 ? "" : "s"}</title></rect>`);
  });
  parts.push(`<line class="tt-axis" x1="5" y1="${4 + plot}" x2="${width - 5}" y2="${4 + plot}"/>`,
             `<text class="tt-tick" x="5" y="${height - 6}">${bins[0][0]}</text>`,
             `<text class="tt-tick" x="${width - 5}" y="${height - 6}" text-anchor="end">${bins[bins.length - 1][1] - 1}</text>`,
             "</svg>");
  return parts.join("");
}

// ---- tables ------------------------------------------------------------------------------------

/** A table: cells are HTML already (escape text first); `numeric` columns align right. */
export function table(caption: string, head: string[], rows: string[][], numeric: number[] = [],
                      rowClasses: string[] = []): string {
  const cell = (tag: string, html: string, column: number) =>
    `<${tag}${numeric.includes(column) ? ' class="tt-n"' : ""}>${html}</${tag}>`;
  return `<table class="tt-report-table"><caption>${e(caption)}</caption><thead><tr>` +
         head.map((h, c) => cell("th", e(h), c)).join("") + "</tr></thead><tbody>" +
         rows.map((row, r) => `<tr${rowClasses[r] ? ` class="${rowClasses[r]}"` : ""}>` +
                              row.map((html, c) => cell("td", html, c)).join("") + "</tr>").join("") +
         "</tbody></table>";
}

/** A rule's name, a link to its line when the server said where it is written. */
export function ruleLink(locations: RuleLocations, kind: string, key: string): string {
  if (!locations.rules[kind]?.[key]) return e(key);
  const line = locations.rules[kind][key].start.line + 1;
  return `<a href="#" class="tt-rule" data-kind="${e(kind)}" data-key="${e(key)}" ` +
         `title="Show line ${line} in the editor">${e(key)}</a>`;
}

export function placeLink(locations: RuleLocations, place: string): string {
  const where = locations.places[place];
  if (!where) return e(place);
  return `<a href="#" class="tt-rule" data-place="${e(place)}" title="Show line ${where.start.line + 1} in the editor">` +
         `${e(place)}</a>`;
}

// ---- the balance report ------------------------------------------------------------------------

function shareRow(name: string, figure: Share): string[] {
  return [e(name), `${figure.games}`, pct(figure.share), interval(figure.ci95, pct)];
}

export function renderOutcome(report: BalanceReport): string {
  const advantage = report.seat_advantage;
  const wins = barChart("Win rate per seat, with 95% intervals",
                        report.seats.map((s) => ({ label: `seat ${s.seat} (${s.player})`, value: s.win_rate,
                                                   interval: s.win_ci95 })),
                        { low: 0, high: 1, percent: true, reference: advantage.fair_share });
  const bounds = [0, ...report.seats.flatMap((s) => [s.mean_payoff, ...(s.payoff_ci95 ?? [])])
    .filter((v): v is number => v !== null)];
  let [low, high] = [Math.min(...bounds), Math.max(...bounds)];
  if (low === high) high = low + 1;
  const payoffs = barChart("Mean payoff per seat, with 95% intervals",
                           report.seats.map((s) => ({ label: `seat ${s.seat}`, value: s.mean_payoff,
                                                      interval: s.payoff_ci95 })),
                           { low, high, percent: false });
  const seats = table("Per seat", ["seat", "player", "mean payoff", "95% interval", "wins", "win rate", "95% interval",
                                   "vs fair share", "95% interval"],
                      report.seats.map((s, i) => {
                        const a = advantage.seats[i];
                        return [`${s.seat}`, e(s.player), signed(s.mean_payoff), interval(s.payoff_ci95, fixed(3)),
                                `${s.wins}`, pct(s.win_rate), interval(s.win_ci95, pct), pts(a?.vs_fair),
                                interval(a?.vs_fair_ci95 ?? null, (v) => pts(v).replace(" pts", ""))];
                      }), [0, 2, 4, 5, 7]);
  const gap = advantage.max_gap === null || advantage.max_gap_seats === null ? "" :
    `<p class="tt-gap">Seat advantage: the largest gap between seats is seat ${advantage.max_gap_seats[0]} − seat ` +
    `${advantage.max_gap_seats[1]} = <b>${pts(advantage.max_gap)}</b>, 95% interval ` +
    `${interval(advantage.max_gap_ci95, (v) => pts(v).replace(" pts", ""))} pts (fair share ` +
    `${pct(advantage.fair_share)}, n = ${advantage.n} finished games).</p>`;
  const ends = report.outcomes;
  const outcomes = table(`How the ${report.games} games ended`, ["outcome", "games", "share", "95% interval"],
                         [shareRow("draw", ends.draw), shareRow("no winner", ends.no_winner),
                          shareRow("cut at the request limit", ends.cut), shareRow("engine error", ends.error)],
                         [1, 2]);
  const errors = Object.keys(report.errors).length === 0 ? "" :
    table("Engine errors", ["error", "games"], Object.entries(report.errors).map(([m, c]) => [e(m), `${c}`]), [1]);
  return `<section id="tt-outcome" aria-labelledby="tt-outcome-h"><h2 id="tt-outcome-h">Outcome</h2>` +
         `<div class="tt-figures"><figure class="tt-figure"><figcaption>Win rate per seat (dashed: fair share)</figcaption>` +
         `${wins}</figure><figure class="tt-figure"><figcaption>Mean payoff per seat</figcaption>${payoffs}</figure></div>` +
         seats + gap + outcomes + errors + "</section>";
}

const DURATIONS: [keyof BalanceReport["duration"], string][] = [
  ["requests", "Requests"], ["decisions", "Decisions"], ["chance", "Chance events"], ["rounds", "Rounds of the main loop"]];

export function renderDuration(report: BalanceReport): string {
  const present = DURATIONS.filter(([key]) => report.duration[key] !== null) as [keyof BalanceReport["duration"], string][];
  const figure = (key: keyof BalanceReport["duration"]) => report.duration[key] as Distribution;
  const rows = present.map(([key, name]) => {
    const d = figure(key);
    return [e(name), `${d.n}`, num(d.mean), interval(d.mean_ci95, fixed(2)), num(d.median), `${d.p10}`, `${d.p90}`,
            `${d.min}`, `${d.max}`];
  });
  const charts = present.map(([key, name]) =>
    `<figure class="tt-figure"><figcaption>${e(name)} per game</figcaption>` +
    `${histogramChart(`Histogram of ${name.toLowerCase()} per finished game`, figure(key).histogram)}</figure>`);
  return `<section id="tt-duration" aria-labelledby="tt-duration-h"><h2 id="tt-duration-h">Duration</h2>` +
         (present.length === 0 ? `<p class="tt-hint">No game finished.</p>` :
          table("Per finished game", ["", "n", "mean", "95% interval", "median", "p10", "p90", "min", "max"], rows,
                [1, 2, 4, 5, 6, 7, 8]) + `<div class="tt-figures">${charts.join("")}</div>`) + "</section>";
}

function choiceRow(name: string, f: ChoiceFigures): string[] {
  return [name, `${f.decisions}`, num(f.branching), interval(f.branching_ci95, fixed(2)), pct(f.forced_share),
          interval(f.forced_share_ci95, pct)];
}

export function renderChoice(report: BalanceReport, locations: RuleLocations): string {
  const choice = report.choice;
  const places = Object.entries(choice.by_place);
  const rows = [choiceRow("all decisions", choice), ...choice.by_seat.map((s) => choiceRow(`seat ${s.seat}`, s)),
                ...places.map(([place, f]) => choiceRow(placeLink(locations, place), f))];
  const top = places.slice(0, 12);
  const high = Math.max(2, ...top.map(([, f]) => f.branching_ci95?.[1] ?? f.branching ?? 1));
  const chart = top.length === 0 ? "" :
    `<figure class="tt-figure"><figcaption>Options per decision, by place (most decisions first)</figcaption>` +
    barChart("Options per decision by place, with 95% intervals",
             top.map(([place, f]) => ({ label: place, value: f.branching, interval: f.branching_ci95 })),
             { low: 0, high, percent: false, width: 640 }) + "</figure>";
  return `<section id="tt-choice" aria-labelledby="tt-choice-h"><h2 id="tt-choice-h">Choice</h2>` +
         `<p class="tt-hint">Branching: options per decision. A forced decision has one option; the engine takes it ` +
         `without asking. Places are listed with the most decisions first.</p>` +
         table("Decisions overall, per seat and per place",
               ["where", "decisions", "options per decision", "95% interval", "forced", "95% interval"], rows, [1, 2, 4]) +
         chart + "</section>";
}

export function renderCoverage(report: BalanceReport, locations: RuleLocations): string {
  const n = report.games;
  const rows: string[][] = [];
  const classes: string[] = [];
  for (const [kind, entries] of Object.entries(report.coverage)) {
    for (const [key, row] of Object.entries(entries)) {
      const dead = row.games === 0;
      rows.push([e(kind), ruleLink(locations, kind, key), `${row.games}/${n}`, `${row.uses}`,
                 dead ? "never used" : ""]);
      classes.push(dead ? "tt-dead" : "");
    }
  }
  const unused = report.unused.length;
  const note = unused === 0 ? `<p>Every rule was used in some game.</p>` :
    `<p class="tt-dead-note"><b>${unused} ${unused === 1 ? "rule was" : "rules were"} never used</b> in ${n} games: ` +
    `a bug, or a rule to cut? They are highlighted below and marked in the editor.</p>`;
  return `<section id="tt-coverage" aria-labelledby="tt-coverage-h"><h2 id="tt-coverage-h">Rule coverage</h2>` + note +
         table("Every rule: games that used it and times used", ["kind", "rule", "games used", "times used", ""],
               rows, [2, 3], classes) + "</section>";
}

export function renderEndReasons(report: BalanceReport): string {
  const reasons = Object.entries(report.outcomes.end_reasons);
  if (reasons.length === 0) {
    return `<section id="tt-ends" aria-labelledby="tt-ends-h"><h2 id="tt-ends-h">End reasons</h2>` +
           `<p class="tt-hint">No game finished.</p></section>`;
  }
  const chart = barChart("Share of games per end reason, with 95% intervals",
                         reasons.map(([reason, f]) => ({ label: reason, value: f.share, interval: f.ci95 })),
                         { low: 0, high: 1, percent: true });
  return `<section id="tt-ends" aria-labelledby="tt-ends-h"><h2 id="tt-ends-h">End reasons</h2>` +
         table(`Share of all ${report.games} games`, ["end reason", "games", "share", "95% interval"],
               reasons.map(([reason, f]) => shareRow(reason, f)), [1, 2]) +
         `<figure class="tt-figure">${chart}</figure></section>`;
}

export function renderSimulation(result: SimulationResult): string {
  const report = result.report;
  const players = report.seats.map((s) => s.player).join(", ");
  return `<header><h1>${e(result.model)}: balance report</h1>` +
         `<p class="tt-hint">${report.games} games, ${seeds(report.games, report.seed)}; players ${e(players)}; ` +
         `${report.finished} finished, ${report.avg_requests} requests per game on average. Figures with 95% ` +
         `intervals; rules and places link to their lines.</p></header>` +
         renderOutcome(report) + renderDuration(report) + renderChoice(report, result.locations) +
         renderCoverage(report, result.locations) + renderEndReasons(report);
}

// ---- the skill ladder --------------------------------------------------------------------------

function ladderCharts(result: LadderResult, opponent: "floor" | "random", fair: number | undefined): string {
  const figures = result.report.rungs.map((r): [number, LadderFigures] => [r.budget, opponent === "floor" ? r : r.vs_random]);
  const against = opponent === "floor" ? "budget 0" : "random";
  const wins = barChart(`Win rate per budget against ${against}, with 95% intervals`,
                        figures.map(([budget, f]) => ({ label: `budget ${budget}`, value: f.win_rate, interval: f.win_ci95 })),
                        { low: 0, high: 1, percent: true, reference: fair });
  const bounds = [0, ...figures.flatMap(([, f]) => [f.mean_payoff, ...(f.payoff_ci95 ?? [])])
    .filter((v): v is number => v !== null)];
  let [low, high] = [Math.min(...bounds), Math.max(...bounds)];
  if (low === high) high = low + 1;
  const payoffs = barChart(`Mean payoff per budget against ${against}, with 95% intervals`,
                           figures.map(([budget, f]) => ({ label: `budget ${budget}`, value: f.mean_payoff,
                                                           interval: f.payoff_ci95 })),
                           { low, high, percent: false });
  return `<div class="tt-figures"><figure class="tt-figure"><figcaption>Win rate against ${against}</figcaption>${wins}` +
         `</figure><figure class="tt-figure"><figcaption>Mean payoff against ${against}</figcaption>${payoffs}</figure></div>`;
}

/** `seats`: the model's seats (the fair share's dashed line), when known. */
export function renderLadder(result: LadderResult, seats?: number): string {
  const report = result.report;
  const fair = seats ? 1 / seats : undefined;
  const gain = report.gain;
  const rows = report.rungs.flatMap((r) => ([["budget 0", r], ["random", r.vs_random]] as [string, LadderFigures][])
    .map(([against, f]) => [`${r.budget}`, against, `${f.games}`, pct(f.win_rate), interval(f.win_ci95, pct),
                            signed(f.mean_payoff), interval(f.payoff_ci95, fixed(3))]));
  return `<header><h1>${e(result.model)}: skill ladder of ${e(report.tactic)}</h1>` +
         `<p class="tt-hint">Tactic file ${e(result.tactic)}; ${report.games} seeds per rung ` +
         `(${seeds(report.games, report.seed)}), seats rotated; budgets ` +
         `${report.rungs.map((r) => r.budget).join(", ")} rollouts per option.</p></header>` +
         `<p class="tt-verdict ${report.rises ? "tt-rises" : "tt-flat"}" role="status"><b>${e(result.verdict)}</b></p>` +
         `<p>The curve ${report.rises ? "rises" : "does not rise"}: budget ${gain.budget} against budget 0, paired ` +
         `per seed, ${signed(gain.diff)} mean payoff, 95% interval ${interval(gain.diff_ci95, fixed(3))}.</p>` +
         `<section aria-labelledby="tt-floor-h"><h2 id="tt-floor-h">Against the same tactic at budget 0</h2>` +
         ladderCharts(result, "floor", fair) + "</section>" +
         `<section aria-labelledby="tt-random-h"><h2 id="tt-random-h">Against random</h2>` +
         ladderCharts(result, "random", fair) + "</section>" +
         table("Per budget and opponent", ["budget", "against", "games", "win rate", "95% interval", "mean payoff",
                                           "95% interval"], rows, [0, 2, 3, 5]);
}

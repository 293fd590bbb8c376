// What the server answers to `tabletwin/simulationReport` and `tabletwin/ladder`
// (server/tabletwin_lsp/features/report.py), the messages between the report panels and their
// webview, and the check of what the webview posts (it draws model text: untrusted).

/** An interval of a figure; null when it does not exist (too few games). */
export type Interval = [number, number] | null;

export interface Share {
  games: number;
  n: number;
  share: number | null;
  ci95: Interval;
}

export interface SeatLine {
  seat: number;
  player: string;
  mean_payoff: number | null;
  payoff_ci95: Interval;
  wins: number;
  win_rate: number | null;
  win_ci95: Interval;
}

export interface Distribution {
  n: number;
  mean: number;
  mean_ci95: Interval;
  median: number;
  p10: number;
  p90: number;
  min: number;
  max: number;
  /** `[low, high, count]`: values from low to high - 1. */
  histogram: [number, number, number][];
}

export interface ChoiceFigures {
  decisions: number;
  games: number;
  branching: number | null;
  branching_ci95: Interval;
  forced_share: number | null;
  forced_share_ci95: Interval;
}

export interface CoverageRow {
  games: number;
  uses: number;
  path: string | null;
}

/** The `simulate --json` document (interfaces.md, docs/balance.md). */
export interface BalanceReport {
  games: number;
  seed: number;
  finished: number;
  unfinished: number;
  errors: Record<string, number>;
  reasons: Record<string, number>;
  avg_requests: number;
  seats: SeatLine[];
  draws: number;
  no_winner: number;
  outcomes: {
    end_reasons: Record<string, Share>;
    draw: Share;
    no_winner: Share;
    cut: Share;
    error: Share;
  };
  seat_advantage: {
    fair_share: number;
    n: number;
    seats: { seat: number; win_rate: number | null; win_ci95: Interval; vs_fair: number | null; vs_fair_ci95: Interval }[];
    max_gap: number | null;
    max_gap_ci95: Interval;
    max_gap_seats: [number, number] | null;
  };
  duration: {
    requests: Distribution | null;
    decisions: Distribution | null;
    chance: Distribution | null;
    rounds: Distribution | null;
  };
  choice: ChoiceFigures & {
    by_seat: (ChoiceFigures & { seat: number })[];
    by_place: Record<string, ChoiceFigures>;
  };
  coverage: Record<string, Record<string, CoverageRow>>;
  unused: string[];
}

/** An LSP range: 0-based lines, columns in the editor's units. */
export interface TextRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

export interface RuleLocations {
  /** kind → rule → where it is written. */
  rules: Record<string, Record<string, TextRange>>;
  places: Record<string, TextRange>;
}

export interface SimulationResult {
  model: string;
  version: number | null;
  report: BalanceReport;
  locations: RuleLocations;
}

export interface LadderFigures {
  games: number;
  wins: number;
  win_rate: number | null;
  win_ci95: Interval;
  mean_payoff: number | null;
  payoff_ci95: Interval;
}

/** The `ladder --json` document. */
export interface LadderReport {
  tactic: string;
  games: number;
  seed: number;
  rungs: (LadderFigures & { budget: number; vs_random: LadderFigures })[];
  gain: { budget: number; diff: number | null; diff_ci95: Interval };
  rises: boolean;
}

export interface LadderResult {
  model: string;
  tactic: string;
  report: LadderReport;
  verdict: string;
}

export type ToReport =
  | { type: "simulation"; result: SimulationResult }
  | { type: "ladder"; result: LadderResult; seats: number | null }
  | { type: "busy"; message: string }
  | { type: "note"; message: string }
  | { type: "failure"; message: string };

export type FromReport =
  | { type: "ready" }
  | { type: "rule"; kind: string; key: string }
  | { type: "place"; place: string };

const MAX_NAME = 4096;

function name(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= MAX_NAME;
}

export function parseFromReport(message: unknown): FromReport | undefined {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return undefined;
  const m = message as Record<string, unknown>;
  if (m.type === "ready") return { type: "ready" };
  if (m.type === "rule" && name(m.kind) && name(m.key)) return { type: "rule", kind: m.kind, key: m.key };
  if (m.type === "place" && name(m.place)) return { type: "place", place: m.place };
  return undefined;
}

/** The note when the model was edited after the games were played, so lines may have moved. */
export function staleNote(reportVersion: number | null, documentVersion: number): string | undefined {
  return reportVersion !== null && reportVersion !== documentVersion
    ? "The model was edited after these games: the rules' lines may have moved. Run the command again for a fresh report."
    : undefined;
}

/** Where a rule or place the webview asked for is written, from the server's answer only. */
export function locate(locations: RuleLocations, message: FromReport): TextRange | undefined {
  const own = Object.prototype.hasOwnProperty;
  if (message.type === "rule") {
    const kind = own.call(locations.rules, message.kind) ? locations.rules[message.kind] : undefined;
    return kind && own.call(kind, message.key) ? kind[message.key] : undefined;
  }
  if (message.type === "place") {
    return own.call(locations.places, message.place) ? locations.places[message.place] : undefined;
  }
  return undefined;
}

// What the server answers, turned into text for people: the status bar, the test-games
// summary and the checks of what people type. Plain functions, unit-tested with `node --test`.

/** `tabletwin/documentStatus` (server/tabletwin_lsp/features/status.py). */
export interface DocumentStatus {
  kind: "model" | "tactic" | "other";
  readable: boolean;
  errors: number;
  warnings: number;
  executable: number | null;
  players: number | null;
  testGames: TestGamesSummary | null;
  /** A model being written: empty, or no `flow` yet (older servers leave it out). */
  draft?: boolean;
}

/** The result of `tabletwin.runTestGames`. */
export interface TestGamesSummary {
  games: number;
  finished: number;
  avg_requests: number;
  reasons: Record<string, number>;
  stopped: Record<string, number>;
  unfinished: number;
  /** Seeds of the games stopped at the time limit (the setting tabletwin.gameSeconds). */
  timed_out?: number[];
  version?: number;
}

export interface StatusBarText {
  text: string;
  tooltip: string;
  /** Whether the item should draw attention (errors, or test games that stopped). */
  trouble: boolean;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function percent(fraction: number): string {
  return `${Math.floor(fraction * 1000) / 10}%`.replace(".0%", "%");
}

export function stoppedCount(summary: TestGamesSummary): number {
  return Object.values(summary.stopped).reduce((a, b) => a + b, 0);
}

/** One line about test games: `20/20 finished`, `17/20 finished, 3 stopped`. */
export function testGamesLine(summary: TestGamesSummary): string {
  const parts = [`${summary.finished}/${summary.games} finished`];
  const stopped = stoppedCount(summary);
  if (stopped) parts.push(`${stopped} stopped`);
  if (summary.unfinished) parts.push(`${summary.unfinished} cut`);
  if (summary.timed_out?.length) parts.push(`${summary.timed_out.length} timed out`);
  return parts.join(", ");
}

/** What to tell when test games hit the time limit (undefined when none did). */
export function timedOutMessage(summary: TestGamesSummary, seconds: number): string | undefined {
  const seeds = summary.timed_out ?? [];
  if (!seeds.length) return undefined;
  const games = `${seeds.length} of ${summary.games} test games`;
  const which = seeds.length === 1 ? `seed ${seeds[0]}` : `seeds ${seeds.join(", ")}`;
  const were = seeds.length === 1 ? "was" : "were";
  return `Tabletwin: ${games} did not finish within ${seconds} s (${which}) and ${were} stopped. ` +
    "A game that never ends, or a slow model? The limit is the setting tabletwin.gameSeconds.";
}

export function statusBarText(status: DocumentStatus): StatusBarText {
  if (status.kind === "tactic") {
    const text = status.errors ? `$(error) Tactic: ${plural(status.errors, "error")}` : "$(check) Tactic";
    return { text, tooltip: "Tabletwin tactic file" + (status.warnings ? `, ${plural(status.warnings, "warning")}` : ""),
             trouble: status.errors > 0 };
  }
  if (!status.readable && status.draft) {
    const text = status.errors ? `$(error) Model: ${plural(status.errors, "error")}` : "$(edit) Model: no flow yet";
    return { text, tooltip: "A model being written: it is checked in full, and its test games can run, once it has a flow",
             trouble: status.errors > 0 };
  }
  if (!status.readable) {
    return { text: "$(error) Model: does not load", tooltip: "The YAML does not load as a model; see Problems",
             trouble: true };
  }
  const tooltip: string[] = [];
  let text: string;
  if (status.errors) {
    text = `$(error) Model: ${plural(status.errors, "error")}`;
    tooltip.push(`${plural(status.errors, "error")}: test games cannot run until they are fixed`);
  } else {
    const executable = status.executable ?? 0;
    text = `$(${executable >= 1 ? "check" : "warning"}) Model: ${percent(executable)} executable`;
    tooltip.push(executable >= 1 ? "Every rule can be played by the engine"
                                 : "Some rules are text only (see the gaps in Problems)");
  }
  if (status.warnings) tooltip.push(plural(status.warnings, "warning"));
  let trouble = status.errors > 0;
  if (status.testGames) {
    text += ` · ${testGamesLine(status.testGames)}`;
    tooltip.push(`Last test games: ${testGamesLine(status.testGames)}; ${status.testGames.avg_requests} requests per game`);
    trouble ||= stoppedCount(status.testGames) > 0 || (status.testGames.timed_out?.length ?? 0) > 0;
  } else if (!status.errors) {
    tooltip.push("Click to run the test games");
  }
  return { text, tooltip: tooltip.join("\n"), trouble };
}

/** Players for `--players`: `human` at the seats a person plays, `random` elsewhere. */
export function seatsByHand(players: number, human: number[] | "all"): string {
  return Array.from({ length: players }, (_, seat) =>
    human === "all" || human.includes(seat) ? "human" : "random").join(",");
}

/** A comma-separated players list for `tabletwin.simulate`, or the reason it is not one. */
export function checkPlayers(text: string, players: number | null): string | undefined {
  const specs = text.split(",").map((s) => s.trim());
  if (specs.some((s) => !s)) return "Give one player per seat, separated by commas (e.g. random,random)";
  if (specs.includes("human")) return "A human cannot play a simulation; use random, first, agent:NAME or a tactic file";
  if (players !== null && specs.length > players) {
    return `The model has ${players} seats: give at most ${players} players (seats left out play random)`;
  }
  return undefined;
}

/** A whole number of games from 1 to 1,000,000, or the reason it is not one. */
export function checkGames(text: string): string | undefined {
  const value = Number(text.trim().replace(/[_,]/g, ""));
  if (!/^\s*[\d_,]+\s*$/.test(text) || !Number.isInteger(value) || value < 1 || value > 1_000_000) {
    return "A whole number of games from 1 to 1,000,000";
  }
  return undefined;
}

export function parseGames(text: string): number {
  return Number(text.trim().replace(/[_,]/g, ""));
}

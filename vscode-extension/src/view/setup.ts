// The Player's set-up, decided on plain values: which players the seats may have, and whose eyes
// the game is seen through. Shared by the extension and the webview.

import type { PlayerChoice } from "./messages";
import type { PlayView } from "./protocol";

export const BY_HAND = "human";

/** The names under the model's top-level `agents:` mapping (block style), in their order. */
export function agentNames(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  const start = lines.findIndex((line) => /^agents\s*:\s*(#.*)?$/.test(line));
  if (start < 0) return [];
  const names: string[] = [];
  let indent: number | undefined;
  for (const line of lines.slice(start + 1)) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    const match = /^(\s+)(?:"([^"]+)"|'([^']+)'|([^\s:#'"][^:#]*?))\s*:(\s|$)/.exec(line);
    const depth = /^\s*/.exec(line)![0].length;
    if (depth === 0) break;
    indent ??= depth;
    if (depth === indent && match) names.push(match[2] ?? match[3] ?? match[4]);
  }
  return names;
}

/** The value of a top-level `game:` key (models and tactics name their game with it). */
export function gameName(text: string): string | undefined {
  const match = /^game\s*:\s*["']?([^"'#\n\r]*?)["']?\s*(#.*)?$/m.exec(text);
  return match?.[1] || undefined;
}

export interface TacticFile {
  /** The file's path, as the server opens it. */
  path: string;
  /** Its path relative to the workspace, for people. */
  label: string;
}

export function playerChoices(agents: string[], tactics: TacticFile[]): PlayerChoice[] {
  return [
    { value: BY_HAND, label: "by hand" },
    { value: "random", label: "random" },
    { value: "first", label: "first option" },
    ...agents.map((name) => ({ value: `agent:${name}`, label: `agent ${name}` })),
    ...tactics.map((tactic) => ({ value: tactic.path, label: `tactic ${tactic.label}` })),
  ];
}

export function handSeats(players: string[]): number[] {
  return players.flatMap((player, seat) => (player === BY_HAND ? [seat] : []));
}

/**
 * Whose eyes a new game is seen through: a seat played by hand is seen as that seat (the first
 * one when people share the screen); without one, as chosen.
 */
export function startViewAs(players: string[], chosen: number | null): number | null {
  return handSeats(players)[0] ?? chosen;
}

/**
 * While a game with seats played by hand runs, it is seen through one of them: the seat whose
 * question is open (people sharing the screen take turns), else the seat seen so far, else the
 * first. (After the end anyone's view may have been chosen; going back into the game returns
 * to a hand-played seat's.) The seat to switch to, or undefined to stay.
 */
export function followViewAs(players: string[], view: PlayView): number | undefined {
  const hands = handSeats(players);
  if (hands.length === 0 || view.end || view.error) return undefined;
  const asked = view.request?.by_hand ? view.request.player : null;
  if (asked !== null && hands.includes(asked)) return asked === view.view_as ? undefined : asked;
  return view.view_as !== null && hands.includes(view.view_as) ? undefined : hands[0];
}

/** While a seat is played by hand the view stays that seat's; once the game is over, anyone's. */
export function viewAsLocked(players: string[], view: PlayView | undefined): boolean {
  return handSeats(players).length > 0 && !view?.end && !view?.error;
}

/** A 1-based line and column from the server as a 0-based position for the editor. */
export function editorPosition(line: number, column: number): { line: number; character: number } {
  return { line: Math.max(0, line - 1), character: Math.max(0, column - 1) };
}

/** The largest seed the set-up offers (the engine takes any integer; this keeps it readable). */
export const MAX_RANDOM_SEED = 2 ** 31 - 1;

export function randomSeed(random: () => number): number {
  return Math.floor(random() * (MAX_RANDOM_SEED + 1));
}

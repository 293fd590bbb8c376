// Test games that stopped with an engine error: their diagnostics carry how to replay them
// (`data.player`), and the server's summary message says that some stopped.

import type { StoppedGame } from "./protocol";

/** `data.player` of a diagnostic, when it is one (anything else: undefined). */
export function stoppedGameOf(data: unknown): StoppedGame | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const player = (data as { player?: unknown }).player;
  if (typeof player !== "object" || player === null) return undefined;
  const { seed, players, request } = player as Record<string, unknown>;
  if (typeof seed !== "number" || !Number.isSafeInteger(seed)) return undefined;
  if (!Array.isArray(players) || !players.every((p) => typeof p === "string")) return undefined;
  if (typeof request !== "number" || !Number.isSafeInteger(request) || request < 0) return undefined;
  return { seed, players: players as string[], request };
}

/** Whether a message from the server is the test-games summary with stopped games in it. */
export function summaryHasStops(message: string): boolean {
  return /^Test games: .*\b\d+ stopped by an engine error/.test(message);
}

// The messages between the panels (extension side) and their webviews. The webviews post only
// what a user did; the extension checks each message before acting on it, because a webview is
// a page that draws model text and is treated as untrusted.

import { DiagramResult, PlayView, SPECTATOR, Until } from "./protocol";

/** A seat's player as the set-up offers it: a value for `players` and a label for people. */
export interface PlayerChoice {
  value: string;
  label: string;
}

export interface SetupInfo {
  model: string;
  seats: number;
  choices: PlayerChoice[];
  players: string[];
  seed: number;
  viewAs: number | null;
}

export type ToDiagram =
  | { type: "diagram"; diagram: DiagramResult }
  | { type: "problem"; message: string };

export type ToPlayer =
  | { type: "setup"; setup: SetupInfo }
  | { type: "view"; view: PlayView }
  | { type: "track"; svg: string }
  | { type: "busy"; busy: boolean }
  | { type: "failure"; message: string };

export type FromDiagram =
  | { type: "ready" }
  | { type: "reveal"; station: string };

export type FromPlayer =
  | { type: "ready" }
  | { type: "start"; players: string[]; seed: number; viewAs: number | null }
  | { type: "answer"; index: number }
  | { type: "advance"; until: Until }
  | { type: "back"; index: number }
  | { type: "restart" }
  | { type: "viewAs"; seat: number | null }
  | { type: "reveal"; line: number; column: number }
  | { type: "station"; station: string };

/** The most seats and players' texts a message may carry (far above any model). */
export const MAX_SEATS = 64;
export const MAX_SPEC_LENGTH = 4096;

function record(message: unknown): Record<string, unknown> | undefined {
  return typeof message === "object" && message !== null && !Array.isArray(message)
    ? (message as Record<string, unknown>) : undefined;
}

function whole(value: unknown, low = 0): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= low;
}

/** A viewer: a seat, everyone (null) or a spectator (-1). */
function seat(value: unknown): value is number | null {
  return value === null || value === SPECTATOR || (whole(value) && value < MAX_SEATS);
}

function station(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= MAX_SPEC_LENGTH;
}

export function parseFromDiagram(message: unknown): FromDiagram | undefined {
  const m = record(message);
  if (m?.type === "ready") return { type: "ready" };
  if (m?.type === "reveal" && station(m.station)) return { type: "reveal", station: m.station };
  return undefined;
}

export function parseFromPlayer(message: unknown): FromPlayer | undefined {
  const m = record(message);
  switch (m?.type) {
    case "ready":
    case "restart":
      return { type: m.type };
    case "start": {
      const players = m.players;
      if (!Array.isArray(players) || players.length === 0 || players.length > MAX_SEATS) return undefined;
      if (!players.every((p) => typeof p === "string" && p.length > 0 && p.length <= MAX_SPEC_LENGTH)) return undefined;
      if (typeof m.seed !== "number" || !Number.isSafeInteger(m.seed) || !seat(m.viewAs)) return undefined;
      return { type: "start", players: players as string[], seed: m.seed, viewAs: m.viewAs };
    }
    case "answer":
    case "back":
      return whole(m.index) ? { type: m.type, index: m.index } : undefined;
    case "advance":
      return m.until === "one" || m.until === "human" || m.until === "end" ? { type: "advance", until: m.until } : undefined;
    case "viewAs":
      return seat(m.seat) ? { type: "viewAs", seat: m.seat } : undefined;
    case "reveal":
      return whole(m.line, 1) && whole(m.column, 1) ? { type: "reveal", line: m.line, column: m.column } : undefined;
    case "station":
      return station(m.station) ? { type: "station", station: m.station } : undefined;
    default:
      return undefined;
  }
}

// What the server sends for the Diagram and the Player (docs/design/player-and-diagram.md).
// Types only: the webviews draw these documents as they are; they compute nothing of the game.

/** `tabletwin/diagram` `{uri}`. */
export interface DiagramResult {
  version: number | null;
  /** null when there is a problem: the webview keeps its last picture. */
  svg: string | null;
  stations: StationPlace[];
  problem: string | null;
}

export interface StationPlace {
  id: string;
  line: number;
  column: number;
}

export type RequestKind = "decision" | "chance" | "end" | "error";

export interface PlayRequest {
  index: number;
  kind: RequestKind;
  player: number | null;
  /** Where the game asks (`step turn`); null for the end and for an error. */
  where: string | null;
  station: string | null;
  line: number | null;
  column: number | null;
  options: string[];
  probabilities: number[] | null;
  by_hand: boolean;
  seen_by?: number[];
}

export interface VariableChange {
  name: string;
  seat: number | null;
  before: string;
  after: string;
}

export interface Move {
  card: string;
  from: string | null;
  to: string | null;
}

/** Something a seat was shown (a card looked at, a hand revealed). */
export interface Observation {
  kind: string;
  where: string;
  player: number | null;
  text: string;
  seen_by: number[];
}

export interface LogEntry {
  /** null for what the game did by itself (a system step with one action). */
  index: number | null;
  kind: RequestKind;
  player: number | null;
  where: string;
  station?: string | null;
  line: number | null;
  column: number | null;
  options: string[];
  answer: string;
  seen_by?: number[];
  automatic?: boolean;
  by_hand?: boolean;
  changes?: { variables?: VariableChange[]; moves?: Move[]; events?: string[]; seen?: Observation[] };
}

export interface Zone {
  name: string;
  owner: number | null;
  visibility: string;
  cards: string[];
}

export interface Variable {
  name: string;
  per_player: boolean;
  values: string[];
}

export interface BoardCell {
  id: string;
  x: number;
  y: number;
  pieces: string[];
}

/** Cells are centred at (x, y) in drawing units, y downwards: a square cell is 1 wide, a hex
 * cell has radius 1 (centre to corner), pointy unless `orientation` is "flat". */
export interface Board {
  name: string;
  shape: "square" | "hex";
  orientation?: string | null;
  width?: number;
  height?: number;
  cells: BoardCell[];
}

export interface PlayTable {
  zones: Zone[];
  variables: Variable[];
  board: { boards: Board[] } | null;
}

export interface PlayEnd {
  reason: string;
  payoffs: number[];
}

export interface PlayError {
  kind: string;
  message: string;
  line: number | null;
  column: number | null;
  station: string | null;
}

/** The Player's view of one game, already masked for `view_as` by the engine. */
export interface PlayView {
  seed: number;
  players: string[];
  /** null: everyone; a seat; or SPECTATOR (only what is public). */
  view_as: number | null;
  seats: number;
  request: PlayRequest | null;
  log: LogEntry[];
  /** How many earlier log entries the view leaves out (it carries the latest ones). */
  log_omitted?: number;
  table: PlayTable | null;
  end: PlayEnd | null;
  error: PlayError | null;
}

/** What every `tabletwin/player/*` request answers (start adds the session). `problem`: why the
 * call could not be done; the view is then unchanged. */
export interface PlayResult {
  session?: string;
  view: PlayView;
  problem?: string | null;
}

/** `view_as` of someone watching: sees only what every seat sees. */
export const SPECTATOR = -1;

export type Until = "one" | "human" | "end";

/** `data.player` of a diagnostic about a stopped test game: how to replay it. */
export interface StoppedGame {
  seed: number;
  players: string[];
  request: number;
}

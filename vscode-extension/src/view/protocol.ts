// What the server sends for the Diagram and the Player (docs/design/player-and-diagram.md).
// Types only: the webviews draw these documents as they are; they compute nothing of the game.

/** `tabletwin/diagram` `{uri}`. */
export interface DiagramResult {
  version: number | null;
  svg: string;
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
  where: string;
  station: string | null;
  line: number | null;
  column: number | null;
  options: string[];
  probabilities: number[] | null;
  by_hand: boolean;
}

export interface VariableChange {
  name: string;
  seat: number | null;
  before: string;
  after: string;
}

export interface Move {
  card: string;
  from: string;
  to: string;
}

export interface LogEntry {
  index: number;
  kind: RequestKind;
  player: number | null;
  where: string;
  line: number | null;
  column: number | null;
  options: string[];
  answer: string;
  seen_by?: number[];
  automatic?: boolean;
  changes?: { variables?: VariableChange[]; moves?: Move[]; events?: string[] };
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

export interface Board {
  name: string;
  shape: "square" | "hex";
  orientation?: string | null;
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
  view_as: number | null;
  seats: number;
  request: PlayRequest | null;
  log: LogEntry[];
  table: PlayTable;
  end: PlayEnd | null;
  error: PlayError | null;
}

export type Until = "one" | "human" | "end";

/** `data.player` of a diagnostic about a stopped test game: how to replay it. */
export interface StoppedGame {
  seed: number;
  players: string[];
  request: number;
}

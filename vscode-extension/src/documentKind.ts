// Which YAML documents are tabletwin documents, decided on the text and the file's name the same
// way the server decides (engine/tabletwin/editor/kind.py), so the code lens and the status bar
// appear exactly where the server answers. A model being written is a model before it has a
// `flow`: a file named *.model.yaml (even empty), or a text whose first key is `game`.

export type DocumentKind = "model" | "tactic" | "other";

const TOP_KEY = /^(flow|game|actions|tactic)\s*:/gm;
// The first line that is not blank, a comment, a directive or a document start.
const FIRST_LINE = /^(?![ \t]*(?:#|$)|---|%)(.*)$/m;
const MODEL_NAME = /\.model\.ya?ml$/i;

/** Whether a file name (or path, or URI) names a model: `*.model.yaml`, `*.model.yml`. */
export function isModelName(fileName: string | undefined): boolean {
  return !!fileName && MODEL_NAME.test(fileName);
}

export function documentKind(text: string, fileName?: string): DocumentKind {
  text = text.replace(/^\ufeff/, "");
  const keys = new Set<string>();
  for (const match of text.matchAll(TOP_KEY)) keys.add(match[1]);
  if (keys.has("tactic")) return "tactic";
  if (keys.has("flow") || (keys.has("game") && keys.has("actions"))) return "model";
  const first = FIRST_LINE.exec(text);
  if ((first && /^game[ \t]*:/.test(first[1])) || isModelName(fileName)) return "model";
  return "other";
}

/** The 0-based line of the top-level `flow:` key (where the "Run test games" lens goes), or -1. */
export function flowLine(text: string): number {
  const lines = text.split(/\r\n|\r|\n/);
  return lines.findIndex((line) => /^flow\s*:/.test(line));
}

// Which YAML documents are tabletwin documents, decided on the text the same way the server
// decides (server/tabletwin_lsp/documents.py), so the code lens and the status bar appear
// exactly where the server answers.

export type DocumentKind = "model" | "tactic" | "other";

const TOP_KEY = /^(flow|game|actions|tactic)\s*:/gm;

export function documentKind(text: string): DocumentKind {
  const keys = new Set<string>();
  for (const match of text.matchAll(TOP_KEY)) keys.add(match[1]);
  if (keys.has("tactic")) return "tactic";
  if (keys.has("flow") || (keys.has("game") && keys.has("actions"))) return "model";
  return "other";
}

/** The 0-based line of the top-level `flow:` key (where the "Run test games" lens goes), or -1. */
export function flowLine(text: string): number {
  const lines = text.split(/\r\n|\r|\n/);
  return lines.findIndex((line) => /^flow\s*:/.test(line));
}

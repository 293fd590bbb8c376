// The pure parts of "Tabletwin: New Model" (src/newModel.ts): the templates it offers, the file
// name it creates and the text it writes.

export interface Template {
  label: string;
  description: string;
  /** The file in templates/. */
  file: string;
}

export const TEMPLATES: readonly Template[] = [
  { label: "Turn loop", description: "players take turns until someone reaches a goal", file: "turn-loop.model.yaml" },
  { label: "Card game", description: "a shuffled deck, a hand per player, draw and play cards",
    file: "card-game.model.yaml" },
  { label: "Board game", description: "a grid of cells, place stones, three in a row wins", file: "board-game.model.yaml" },
];

export const SUFFIX = ".model.yaml";

/** The file name to create for what was typed: `.model.yaml` added unless it ends in .model.yaml/.yml. */
export function modelFileName(typed: string): string {
  const name = typed.trim();
  if (/\.model\.ya?ml$/i.test(name)) return name;
  return name.replace(/\.ya?ml$/i, "") + SUFFIX;
}

/** Why a typed file name cannot be used, or undefined when it can. */
export function fileNameProblem(typed: string): string | undefined {
  const name = typed.trim();
  if (!name) return "Type a file name, e.g. my-game.model.yaml";
  if (/[\\/:*?"<>|]/.test(name)) return "A file name without folders or any of \\ / : * ? \" < > |";
  if (name.startsWith(".")) return "A file name that does not start with a dot";
  return undefined;
}

/** The game's id for a file name: lower case words joined by hyphens (`My Game.model.yaml` → `my-game`). */
export function gameId(fileName: string): string {
  const stem = fileName.replace(/\.model\.ya?ml$/i, "");
  const id = stem.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return id || "my-game";
}

/** The template's text for a new file: its top-level `game:` set to the file's game id. */
export function instantiate(template: string, fileName: string): string {
  return template.replace(/^game:[ \t]*[^\r\n]*$/m, `game: ${gameId(fileName)}`);
}

// The `tabletwin.*` settings: which ones the server reads, and which ones need a restart.

/** Settings the server reads (server/tabletwin_lsp/settings.py), by their editor names. */
export const SERVER_KEYS = ["testGames", "runTestGames", "debounceMs", "gameSeconds", "diagnostics.workspace"] as const;

/** Settings that choose the server process: changing one restarts it. */
export const LAUNCH_KEYS = ["server.path", "python"] as const;

export type ServerSettingValues = Partial<Record<(typeof SERVER_KEYS)[number], unknown>>;

/** The section sent to the server: only the keys it knows, only those that have a value. */
export function serverSection(get: (key: string) => unknown): ServerSettingValues {
  const section: ServerSettingValues = {};
  for (const key of SERVER_KEYS) {
    const value = get(key);
    if (value !== undefined && value !== null) section[key] = value;
  }
  return section;
}

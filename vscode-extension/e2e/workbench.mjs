// Small helpers the code-server runner and its scenarios share (run.mjs, panels.mjs, firstMinutes.mjs,
// editorFeatures.mjs).

/** How long one step of a scenario may take. */
export const STEP_MS = 30_000;

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The first truthy value `probe()` gives, asking every 150 ms for at most `timeoutMs`. */
export async function until(what, probe, timeoutMs = STEP_MS) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(150);
  }
}

export function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** The editor's cursor from the status bar: [line, column], 1-based. */
export async function cursor(page) {
  const text = await page.locator('[id="status.editor.selection"]').innerText();
  const match = /Ln (\d+), Col (\d+)/.exec(text);
  if (!match) throw new Error(`no cursor position in the status bar: ${text}`);
  return [Number(match[1]), Number(match[2])];
}

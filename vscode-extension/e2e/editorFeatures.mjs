// The language server's editor features as a person sees them in code-server (run by panels.mjs
// after its own scenarios, in the same page):
// 1. semantic colours: on `min(MAX_HP, ...)` of spell duel, the token inspector (Developer:
//    Inspect Editor Tokens and Scopes) says the server typed MAX_HP as a readonly enumMember and
//    min as a defaultLibrary function, and the rendered spans carry the colours it names, two
//    different ones;
// 2. inlay hints: the constant's value after MAX_HP is text of the editor's line; after Run Test
//    Games on Kuhn poker, `used in 12/20 games` follows the action check;
// 3. signature help: typing ` + max(1, ` into that expression opens the parameter hints with the
//    second parameter active; the file is then reverted.

import { command, openFile } from './panels.mjs';
import { until } from './workbench.mjs';

// examples/spell_duel.yaml, line 97 (1-based columns).
const MEND_LINE = 97;
const MIN_COLUMN = 49;
const MAX_HP_COLUMN = 53;
const AFTER_CALL_COLUMN = 75; // after `+ 3)`, before the closing quote
// examples/kuhn_poker.yaml: the key `check:` of the action, and what 20 test games did with it.
const CHECK_LINE = 68;
const CHECK_USED = 'used in 12/20 games';

function plain(text) {
  return text.replace(/\u00a0/g, ' ');
}

async function goTo(page, line, column) {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden' });
}

/** The text of the rendered editor line that matches `pattern` (inlay hints included). */
async function lineText(page, pattern) {
  return until(`an editor line matching ${pattern}`, async () => {
    for (const text of await page.locator('.monaco-editor .view-lines .view-line').allTextContents()) {
      if (pattern.test(plain(text))) return plain(text);
    }
    return undefined;
  });
}

/** The token inspector's text for the token at the cursor, once it has the server's semantic type. */
async function inspect(page, line, column) {
  return until(`the semantic token at ${line}:${column}`, async () => {
    await goTo(page, line, column);
    await command(page, 'Developer: Inspect Editor Tokens and Scopes');
    const widget = page.locator('.token-inspect-widget');
    await widget.waitFor();
    const text = plain(await widget.innerText());
    await page.keyboard.press('Escape');
    await widget.waitFor({ state: 'hidden' });
    return /semantic token type/.test(text) ? text : undefined;
  }, 60_000);
}

/** The computed colour of the first rendered span whose text is exactly `word` on the matching line. */
async function spanColour(page, pattern, word) {
  return until(`the colour of ${word}`, () => page.evaluate(([source, flags, wanted]) => {
    const pattern = new RegExp(source, flags);
    for (const line of document.querySelectorAll('.monaco-editor .view-lines .view-line')) {
      if (!pattern.test(line.textContent.replace(/\u00a0/g, ' '))) continue;
      for (const span of line.querySelectorAll('span > span')) {
        if (span.textContent === wanted) return getComputedStyle(span).color;
      }
    }
    return undefined;
  }, [pattern.source, pattern.flags, word]));
}

function hexToRgb(hex) {
  const n = parseInt(hex.slice(1, 7), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

function field(text, name) {
  const match = new RegExp(`${name}\\s*(\\S[^\\n]*)`).exec(text);
  if (!match) throw new Error(`no "${name}" in the token inspector:\n${text}`);
  return match[1].trim();
}

async function semanticColours(page, log) {
  await openFile(page, 'spell-duel.model.yaml');
  const mend = /value_x: "min\(MAX_HP/;
  const constant = await inspect(page, MEND_LINE, MAX_HP_COLUMN);
  const builtin = await inspect(page, MEND_LINE, MIN_COLUMN);
  const seen = {
    constant: [field(constant, 'semantic token type'), field(constant, 'modifiers')],
    builtin: [field(builtin, 'semantic token type'), field(builtin, 'modifiers')],
  };
  const wanted = { constant: ['enumMember', 'readonly'], builtin: ['function', 'defaultLibrary'] };
  if (JSON.stringify(seen) !== JSON.stringify(wanted)) {
    throw new Error(`semantic tokens: ${JSON.stringify(seen)}, expected ${JSON.stringify(wanted)}`);
  }
  const colours = {
    constant: [hexToRgb(field(constant, 'foreground')), await spanColour(page, mend, 'MAX_HP')],
    builtin: [hexToRgb(field(builtin, 'foreground')), await spanColour(page, mend, 'min')],
  };
  for (const [name, [named, rendered]] of Object.entries(colours)) {
    if (named !== rendered) throw new Error(`${name}: the inspector says ${named}, the editor draws ${rendered}`);
  }
  if (colours.constant[1] === colours.builtin[1]) {
    throw new Error(`the constant and the builtin have the same colour ${colours.constant[1]}`);
  }
  log(`semantic colours: MAX_HP ${colours.constant[1]}, min ${colours.builtin[1]}`);
}

async function inlayHints(page, log) {
  await openFile(page, 'spell-duel.model.yaml');
  await goTo(page, MEND_LINE, MAX_HP_COLUMN);
  const line = await lineText(page, /min\(MAX_HP\s*= 10, hp\[actor\] \+ 3\)/);
  log(`inlay hint of a constant: ${line.trim()}`);

  await openFile(page, 'kuhn.model.yaml');
  await command(page, 'Tabletwin: Run Test Games');
  await goTo(page, CHECK_LINE, 3);
  // The hint sits after the key, before its colon: `check used in 12/20 games:`.
  const check = await lineText(page, new RegExp(`^\\s*check\\s*${CHECK_USED}\\s*:$`));
  log(`inlay hint after test games: ${check.trim()}`);
}

async function signatureHelp(page, log) {
  await openFile(page, 'spell-duel.model.yaml');
  await goTo(page, MEND_LINE, AFTER_CALL_COLUMN);
  await page.keyboard.type(' + max(1, ', { delay: 50 });
  const widget = page.locator('.parameter-hints-widget');
  await widget.waitFor({ state: 'visible' });
  const signature = plain(await widget.locator('.signature .code').first().innerText());
  const active = plain(await widget.locator('.signature .parameter.active').first().innerText());
  const overloads = plain(await widget.locator('.overloads').innerText()).trim();
  if (signature !== 'max(iterable, key=f, default=v)' || active !== 'key=f' || overloads !== '1/2') {
    throw new Error(`parameter hints: "${signature}", active "${active}", ${overloads}`);
  }
  log(`signature help: ${signature}, active parameter ${active}, form ${overloads}`);
  await page.keyboard.press('Escape');
  await command(page, 'File: Revert File');
}

/** The three scenarios in a workbench that is up (panels.mjs calls this after its own). */
export async function editorFeatures(page, log) {
  for (const [name, scenario] of [['semantic colours', semanticColours], ['inlay hints', inlayHints],
                                  ['signature help', signatureHelp]]) {
    try {
      await scenario(page, log);
    } catch (error) {
      throw new Error(`${name}: ${error.message}`);
    }
  }
}

/** The same as a --ui scenario of its own (run.mjs's signature), for running it alone. */
export async function run({ page, log }) {
  await page.locator('.monaco-workbench .explorer-folders-view').waitFor({ timeout: 60_000 });
  await editorFeatures(page, log);
}

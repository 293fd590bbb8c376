// The first minutes of a model in code-server, as a person works: run.mjs calls run() after the
// extension-host suite (with --ui, after panels.mjs).
//
// 1. Tabletwin: New Model from the command palette: pick "Card game", type a file name; the new
//    file opens with the template (its game id from the file name), the status bar calls it
//    100% executable and the editor shows no error squiggle.
// 2. The completion flow in that file: type a key, accept it with Enter, and the suggestions of
//    its values open by themselves; Enter after `key:` indents the next line.

import { STEP_MS, check, cursor, sleep, until } from './workbench.mjs';

/** Runs a command from the palette; retried while the workbench is still registering the
 * extensions' commands (a fresh page lists them a few seconds after it shows). */
async function command(page, title) {
  const end = Date.now() + STEP_MS;
  for (;;) {
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(`>${title}`);
    const rows = page.locator('.quick-input-list .monaco-list-row', { hasText: title });
    await rows.first().waitFor({ timeout: 3_000 }).catch(() => {});
    for (let i = 0; i < (await rows.count()); i++) {
      if ((await rows.nth(i).locator('.label-name').first().innerText()).trim() === title) {
        await rows.nth(i).click();
        return;
      }
    }
    await page.keyboard.press('Escape');
    if (Date.now() > end) throw new Error(`no command "${title}" in the palette`);
    await sleep(1_000);
  }
}

/** The labels of the rows the suggest widget shows, or undefined while it is closed. */
async function suggestions(page) {
  const widget = page.locator('.editor-widget.suggest-widget.visible');
  if (!(await widget.count())) return undefined;
  const labels = await widget.locator('.monaco-list-row .label-name').allInnerTexts();
  return labels.length ? labels.map((label) => label.trim()) : undefined;
}

async function newModel(page, log) {
  await command(page, 'Tabletwin: New Model');
  const rows = page.locator('.quick-input-list .monaco-list-row');
  await rows.first().waitFor();
  const labels = (await rows.locator('.label-name').allInnerTexts()).map((label) => label.trim());
  check(JSON.stringify(labels) === JSON.stringify(['Turn loop', 'Card game', 'Board game']),
        `the templates offered: ${JSON.stringify(labels)}`);
  await rows.filter({ hasText: 'Card game' }).first().click();
  const input = page.locator('.quick-input-widget input');
  await until('the file name box with the template name', async () => (await input.inputValue()) === 'card-game.model.yaml');
  await input.fill('first-cards');
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab', { hasText: 'first-cards.model.yaml' }).first().waitFor();
  const lines = page.locator('.monaco-editor .view-lines').first();
  // The editor draws spaces as no-break spaces.
  await until('the template in the editor', async () =>
    (await lines.innerText()).replace(/\u00a0/g, ' ').includes('\ngame: first-cards\nlabel: Card game\n'));
  const status = page.locator('.statusbar-item', { hasText: 'Model:' }).first();
  const shown = await until('the status bar of the new model', async () => {
    const text = (await status.innerText()).trim();
    return text.includes('executable') ? text : undefined;
  });
  check(shown.endsWith('Model: 100% executable'), `the status bar says "${shown}"`);
  const squiggles = await page.locator('.monaco-editor .squiggly-error').count();
  check(squiggles === 0, `the new model has ${squiggles} error squiggles`);
  log(`new model: card game as first-cards.model.yaml; status "${shown}", no error squiggles`);
}

async function completionFlow(page, log) {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('mode');
  const keys = await until('the key suggestions', () => suggestions(page));
  check(keys[0] === 'mode', `the first key suggested is "${keys[0]}" (${keys.slice(0, 5).join(', ')})`);
  await page.keyboard.press('Enter');
  const values = await until('the value suggestions after accepting the key', async () => {
    const shown = await suggestions(page);
    return shown && shown.includes('competitive') ? shown : undefined;
  });
  check(JSON.stringify(values) === JSON.stringify(['competitive', 'cooperative']), `values: ${values.join(', ')}`);
  const [line, column] = await cursor(page);
  check(column === 7, `after accepting mode the cursor is at column ${column}`);
  log(`completion: accepted "mode", its values opened by themselves: ${values.join(', ')}`);
  await page.keyboard.press('Escape');
  await until('the suggest widget to close', async () => (await suggestions(page)) === undefined);
  await page.keyboard.press('Enter');
  // The status bar shows the new position a moment after the key: read it once it has moved.
  const [next, indent] = await until('the cursor to leave the line of "mode: "', async () => {
    const position = await cursor(page);
    return position[0] !== line ? position : undefined;
  });
  check(next === line + 1 && indent === 3, `Enter after "mode: " put the cursor on line ${next}, column ${indent}`);
  log(`indentation: Enter after "mode:" starts line ${next} at column ${indent}`);
  await page.keyboard.press('Control+Z');
  await page.keyboard.press('Control+Z');
  await page.keyboard.press('Control+Z');
}

export async function run({ page, log }) {
  page.setDefaultTimeout(STEP_MS);
  await page.locator('.monaco-workbench .explorer-folders-view').waitFor();
  for (const [name, scenario] of [['new model', newModel], ['completion flow', completionFlow]]) {
    try {
      await scenario(page, log);
    } catch (error) {
      throw new Error(`${name}: ${error.message}`);
    }
  }
}

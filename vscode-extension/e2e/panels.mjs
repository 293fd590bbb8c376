// What a person does with the Diagram and the Player in code-server, driven through the page:
// run.mjs calls run() after the extension-host suite (with --ui). The webviews are iframes
// inside the workbench; their documents are read through Playwright's frames.
//
// 1. Diagram of tic-tac-toe: click a station, the editor's cursor goes to the station's line.
//    Spell duel's larger diagram keeps its scroll position when an edit redraws it.
// 2. Player on Kuhn poker: seat 0 by hand to the end (checking or calling, so it comes to a
//    showdown); before the end no text or attribute of the webview's document is the opponent's
//    card, which the view of everyone shows afterwards.
// 3. Border skirmish by keyboard: Enter on a button, arrow keys to the Board tab with its cells.
// 4. A stopped test game of engine-error.model.yaml, opened from the summary's button: the
//    Player shows the engine's message and its line link moves the cursor there.
// 5. Simulate... on Pig: the balance report's figures in the webview are the command line's
//    (.expected.json of e2e.sh), and a rule's link (by mouse, then by keyboard) moves the
//    cursor to the rule's line.
// 6. Skill Ladder... on Pig with tactics/pig-search.yaml: the verdict and one row per budget and
//    opponent.
// Screenshots of the Diagram, the Player, the balance report and the ladder go to --images.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { editorFeatures } from './editorFeatures.mjs';
import { STEP_MS, check, cursor, sleep, until } from './workbench.mjs';

const KUHN_SEED = 5;

/** The frame of a webview whose document has an element matching `selector`. */
async function webviewFrame(page, selector, timeoutMs = STEP_MS) {
  return until(`a webview with ${selector}`, async () => {
    for (const frame of page.frames()) {
      if (await frame.$(selector).catch(() => null)) return frame;
    }
    return undefined;
  }, timeoutMs);
}

export async function command(page, title) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(`>${title}`);
  // The row whose label is exactly the title ("Close All Editors" also finds "... in Group").
  const rows = page.locator('.quick-input-list .monaco-list-row', { hasText: title });
  await rows.first().waitFor();
  for (let i = 0; i < (await rows.count()); i++) {
    if ((await rows.nth(i).locator('.label-name').first().innerText()).trim() === title) {
      await rows.nth(i).click();
      return;
    }
  }
  throw new Error(`no command "${title}" in the palette`);
}

export async function openFile(page, name) {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(name);
  // Recently opened files are listed first, before the search results: wait for this one's row.
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().click();
  await page.locator('.tabs-container .tab', { hasText: name }).first().waitFor();
  // The extension starts the server with the first model; its answers come after that.
  await page.locator('.monaco-editor .view-lines').first().click();
}

async function closeEditors(page) {
  await command(page, 'View: Close All Editors');
  await sleep(500);
}

async function diagram(page, images, log) {
  await openFile(page, 'tic-tac-toe.model.yaml');
  await command(page, 'Tabletwin: Show Diagram');
  const frame = await webviewFrame(page, '#tt-picture svg [data-station]');
  const stations = await frame.$$eval('[data-station]', (all) =>
    all.map((s) => ({ id: s.getAttribute('data-station'), line: Number(s.getAttribute('data-line')),
                      column: Number(s.getAttribute('data-column')) })));
  check(stations.length >= 2, `the diagram has ${stations.length} stations`);
  // The station furthest down the file, so the cursor certainly moves.
  const target = stations.reduce((a, b) => (b.line > a.line ? b : a));
  await frame.click(`[data-station="${target.id}"]`);
  const [line] = await until(`the cursor on line ${target.line}`, async () => {
    const at = await cursor(page);
    return at[0] === target.line ? at : undefined;
  });
  log(`diagram: clicked ${target.id}; the cursor is on line ${line}`);
  // By keyboard: focus the first station and press Enter.
  const first = stations.find((s) => s.line !== target.line);
  await frame.focus(`[data-station="${first.id}"]`);
  await frame.press(`[data-station="${first.id}"]`, 'Enter');
  await until(`the cursor on line ${first.line} after Enter`, async () => ((await cursor(page))[0] === first.line ? true : undefined));
  log(`diagram: Enter on ${first.id}; the cursor is on line ${first.line}`);
  if (images) await page.screenshot({ path: path.join(images, 'diagram.png') });
  await closeEditors(page);
}

/** Spell duel's diagram is larger than the panel: after an edit it is redrawn where it was scrolled to. */
async function diagramScroll(page, images, log) {
  await openFile(page, 'spell-duel.model.yaml');
  await command(page, 'Tabletwin: Show Diagram');
  const frame = await webviewFrame(page, '#tt-picture svg [data-station]');
  const scrolled = await frame.evaluate(() => {
    const picture = document.getElementById('tt-picture');
    picture.scrollTop = 300;
    picture.scrollLeft = 150;
    return [picture.scrollTop, picture.scrollLeft];
  });
  check(scrolled[0] > 0 && scrolled[1] > 0, `the diagram of spell duel does not scroll (${scrolled})`);
  const flowLine = () => frame.getAttribute('[data-station="flow"]', 'data-line').then(Number);
  const line = await flowLine();
  const draws = () => frame.evaluate(() => Number(document.body.dataset.draws ?? 0));
  const before = await draws();
  // An edit above the flow: the server's next picture has the flow one line lower.
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('# one more line\n');
  await until('a redraw after the edit', async () => ((await draws()) > before && (await flowLine()) === line + 1 ? true : undefined));
  const after = await frame.evaluate(() => {
    const picture = document.getElementById('tt-picture');
    return [picture.scrollTop, picture.scrollLeft];
  });
  check(after[0] === scrolled[0] && after[1] === scrolled[1], `scrolled to ${scrolled} before the edit, ${after} after`);
  log(`diagram: redrawn after an edit (flow on line ${line + 1}), still scrolled to ${after}`);
  await page.keyboard.press('Control+Z');
  await until('the flow back on its line', async () => ((await flowLine()) === line ? true : undefined));
  await command(page, 'File: Revert File');
  await closeEditors(page);
}

/** Every text node and attribute value of a frame's document, trimmed. */
function everything(frame) {
  return frame.evaluate(() => {
    const found = [];
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) found.push(node.textContent.trim());
      else for (const attribute of node.attributes) found.push(attribute.value.trim());
    }
    // Form controls hold their current value outside the attributes.
    for (const control of document.querySelectorAll('input, select')) found.push(control.value);
    return found.filter(Boolean);
  });
}

async function views(frame) {
  return Number(await frame.evaluate(() => document.body.dataset.views ?? '0'));
}

async function click(frame, selector) {
  const before = await views(frame);
  await frame.click(selector);
  await until(`a new view after clicking ${selector}`, async () => ((await views(frame)) > before ? true : undefined));
}

async function player(page, images, log) {
  await openFile(page, 'kuhn.model.yaml');
  await command(page, 'Tabletwin: Open Player');
  const frame = await webviewFrame(page, '#tt-start');
  await frame.selectOption('#tt-seat-0', 'human');
  await frame.selectOption('#tt-seat-1', 'random');
  await frame.fill('#tt-seed', String(KUHN_SEED));
  check(await frame.isDisabled('#tt-view-as'), 'the viewer can be chosen while seat 0 is played by hand');
  await click(frame, '#tt-start');
  const seen = [];
  let shot;
  for (let step = 0; step < 20; step++) {
    if (await frame.$('.tt-end, .tt-error')) break;
    seen.push(await everything(frame));
    const options = await frame.$$eval('.tt-option', (all) => all.map((b) => b.textContent));
    if (options.length) {
      if (images && !shot) shot = await page.screenshot({ path: path.join(images, 'player.png') });
      const pick = options.includes('check') ? 'check' : options.includes('call') ? 'call' : options[0];
      await click(frame, `.tt-option[data-answer="${options.indexOf(pick)}"]`);
      log(`player: seat 0 answered ${pick}`);
    } else {
      await click(frame, '#tt-run-human');
    }
  }
  check(await frame.$('.tt-end'), 'the game of Kuhn poker did not end');
  const reason = await frame.textContent('.tt-end h2');
  // Seat 0 never bets, so the opponent never faces a bet and cannot fold: a showdown.
  check(reason === 'Game over: showdown', `the game ended with "${reason}", not at the showdown`);
  // Once the game is over anyone's view may be chosen: everyone's shows the opponent's card.
  const before = await views(frame);
  await frame.selectOption('#tt-view-as-now', '');
  await until('the view of everyone', async () => ((await views(frame)) > before ? true : undefined));
  const hands = await frame.$$eval('.tt-zone', (zones) => zones.map((z) => [
    z.querySelector('.tt-zone-name').textContent, [...z.querySelectorAll('.tt-card')].map((c) => c.textContent)]));
  const mine = hands.find(([name]) => name === 'hand of seat 0')?.[1][0];
  const theirs = hands.find(([name]) => name === 'hand of seat 1')?.[1][0];
  check(mine && theirs && theirs !== '?' && mine !== theirs, `hands at the end: ${JSON.stringify(hands)}`);
  check(seen.length >= 2, `only ${seen.length} views were seen before the end`);
  for (const [index, texts] of seen.entries()) {
    check(!texts.includes(theirs), `the opponent's card ${theirs} is in the webview's document before the end (view ${index})`);
  }
  check(seen.at(-1).includes(mine), `seat 0's own card ${mine} was not shown before the end`);
  log(`player: ${seen.length} views before the end; seat 0 held ${mine}, the opponent's ${theirs} never appeared; ${reason}`);
  // Back to seat 0's first question: the game goes on through seat 0's eyes again.
  await click(frame, '[data-back="2"]');
  const again = await frame.$$eval('.tt-option', (all) => all.map((b) => b.textContent));
  check(again.join() === 'check,bet', `after "back here" the options are ${again}`);
  const indexes = await frame.$$eval('.tt-entry .tt-index', (all) => all.map((i) => i.textContent));
  check(indexes.join() === ',0,1', `after "back here" the log is ${indexes}`);
  check(!(await everything(frame)).includes(theirs), `the opponent's card ${theirs} is shown after going back`);
  log('player: "back here" reopened request 2 as seen by seat 0');
  await closeEditors(page);
}

/** Border skirmish with computer seats, by keyboard: the Board tab draws the view's cells. */
async function board(page, images, log) {
  await openFile(page, 'border-skirmish.model.yaml');
  await command(page, 'Tabletwin: Open Player');
  const frame = await webviewFrame(page, '#tt-start');
  const seats = await frame.$$eval('select[data-seat]', (all) => all.length);
  for (let seat = 0; seat < seats; seat++) await frame.selectOption(`#tt-seat-${seat}`, 'random');
  await frame.fill('#tt-seed', '3');
  await click(frame, '#tt-start');
  await frame.focus('#tt-step');
  const before = await views(frame);
  await frame.press('#tt-step', 'Enter');
  await until('a view after Enter on "Step one request"', async () => ((await views(frame)) > before ? true : undefined));
  await frame.focus('[role=tab][data-tab="zones"]');
  await frame.press('[role=tab][data-tab="zones"]', 'ArrowRight');
  await frame.waitForSelector('[role=tab][data-tab="board"][aria-selected="true"]');
  const focused = await frame.evaluate(() => document.activeElement?.getAttribute('data-tab'));
  check(focused === 'board', `the focus is on ${focused} after ArrowRight, not on the Board tab`);
  const cells = await frame.$$eval('#tt-panel-board .tt-board-cell', (all) => all.map((c) => c.getAttribute('data-cell')));
  // The model's 5×5 field without its centre c3.
  check(cells.length === 24 && !cells.includes('c3') && cells.includes('a1') && cells.includes('e5'),
        `board cells: ${cells.join(' ')}`);
  const pieces = await frame.$$eval('#tt-panel-board .tt-piece', (all) => all.map((p) => p.textContent));
  check(pieces.length > 0, 'no pieces on the board');
  log(`board: ${cells.length} cells, pieces ${pieces.join(', ')}; tabs and buttons work from the keyboard`);
  await frame.locator('#tt-panel-board').scrollIntoViewIfNeeded();
  if (images) await page.screenshot({ path: path.join(images, 'player-board.png') });
  await closeEditors(page);
}

async function stoppedGame(page, images, log) {
  await openFile(page, 'engine-error.model.yaml');
  await command(page, 'Tabletwin: Run Test Games');
  const button = page.locator('.notification-toast .monaco-button', { hasText: 'Open in the Player' }).first();
  await button.waitFor({ timeout: 60_000 });
  await button.click();
  const frame = await webviewFrame(page, '.tt-error');
  const message = await frame.textContent('.tt-error-message');
  check(message.includes('ZeroDivisionError'), `the Player shows ${message}`);
  const line = Number(await frame.getAttribute('.tt-error a.tt-line', 'data-line'));
  await frame.click('.tt-error a.tt-line');
  await until(`the cursor on line ${line}`, async () => ((await cursor(page))[0] === line ? true : undefined));
  log(`stopped game: the Player shows "${message}" and its link moved the cursor to line ${line}`);
  if (images) await page.screenshot({ path: path.join(images, 'player-error.png') });
  await closeEditors(page);
}

/** As the report shows a rate and a number (src/view/reportRender.ts). */
function pct(value) {
  return `${(100 * value).toFixed(1)}%`;
}

function num(value) {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

async function balanceReport(page, images, log) {
  const workspace = new URL(page.url()).searchParams.get('folder');
  const expected = JSON.parse(await readFile(path.join(workspace, '.expected.json'), 'utf8')).simulate;
  await openFile(page, 'pig.model.yaml');
  await command(page, 'Tabletwin: Simulate...');
  const input = page.locator('.quick-input-widget input');
  await page.locator('.quick-input-widget', { hasText: 'How many games?' }).waitFor();
  await input.fill(String(expected.games));
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget', { hasText: 'Players by seat' }).waitFor();
  await input.fill('random,random');
  await page.keyboard.press('Enter');
  const frame = await webviewFrame(page, '#tt-coverage');
  const outcome = await frame.textContent('#tt-outcome');
  for (const seat of expected.seats) {
    for (const figure of [pct(seat.win_rate), `[${pct(seat.win_ci95[0])}, ${pct(seat.win_ci95[1])}]`]) {
      check(outcome.includes(figure), `seat ${seat.seat}'s ${figure} is not in the report's outcome`);
    }
  }
  const requests = expected.duration.requests;
  const duration = await frame.$$eval('#tt-duration tbody tr:first-child td', (cells) => cells.map((c) => c.textContent));
  const shown = [duration[0], duration[1], duration[2], duration[4], duration[5], duration[6], duration[7], duration[8]];
  const wanted = ['Requests', ...[requests.n, requests.mean, requests.median, requests.p10, requests.p90, requests.min,
                                  requests.max].map(num)];
  check(shown.join('|') === wanted.join('|'), `the requests row is ${duration.join(' | ')}, not ${wanted.join(' | ')}`);
  const rules = Object.values(expected.coverage).reduce((n, rows) => n + Object.keys(rows).length, 0);
  const rows = await frame.$$eval('#tt-coverage tbody tr', (all) => all.length);
  check(rows === rules, `the coverage table has ${rows} rows for ${rules} rules`);
  check((await frame.$$('#tt-outcome svg .tt-whisker')).length === 2 * expected.seats.length, 'whiskers missing');
  log(`balance report: win rates ${expected.seats.map((s) => pct(s.win_rate)).join(', ')} with their intervals, ` +
      `requests ${duration.slice(1).join(' ')}, ${rows} rules in the coverage table`);
  const links = await frame.$$eval('#tt-coverage a.tt-rule', (all) => all.map((a) => ({
    kind: a.dataset.kind, key: a.dataset.key, line: Number(/line (\d+)/.exec(a.title)[1]) })));
  // The rule furthest down the file, so the cursor certainly moves.
  const target = links.reduce((a, b) => (b.line > a.line ? b : a));
  await frame.click(`#tt-coverage a[data-kind="${target.kind}"][data-key="${target.key}"]`);
  await until(`the cursor on line ${target.line}`, async () => ((await cursor(page))[0] === target.line ? true : undefined));
  log(`balance report: clicked ${target.kind} ${target.key}; the cursor is on line ${target.line}`);
  const other = links.find((l) => l.line !== target.line);
  const selector = `#tt-coverage a[data-kind="${other.kind}"][data-key="${other.key}"]`;
  await frame.focus(selector);
  await frame.press(selector, 'Enter');
  await until(`the cursor on line ${other.line} after Enter`, async () => ((await cursor(page))[0] === other.line ? true : undefined));
  log(`balance report: Enter on ${other.kind} ${other.key}; the cursor is on line ${other.line}`);
  if (images) await page.screenshot({ path: path.join(images, 'editor-balance-report.png') });
  await closeEditors(page);
}

async function skillLadder(page, images, log) {
  await openFile(page, 'pig.model.yaml');
  await command(page, 'Tabletwin: Skill Ladder...');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'pig-search.yaml' }).first().click();
  const input = page.locator('.quick-input-widget input');
  await page.locator('.quick-input-widget', { hasText: 'Budgets of rollouts' }).waitFor();
  await input.fill('0,2');
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget', { hasText: 'How many seeds' }).waitFor();
  await input.fill('3');
  await page.keyboard.press('Enter');
  const frame = await webviewFrame(page, '.tt-verdict', 120_000);
  const verdict = (await frame.textContent('.tt-verdict')).trim();
  check(/^More thinking (wins more|does not win more: a game of luck)/.test(verdict), `the verdict is "${verdict}"`);
  const rows = await frame.$$eval('.tt-report-table tbody tr', (all) =>
    all.map((row) => [...row.cells].slice(0, 2).map((c) => c.textContent).join(' vs ')));
  check(rows.join(', ') === '0 vs budget 0, 0 vs random, 2 vs budget 0, 2 vs random', `the ladder's rows: ${rows.join(', ')}`);
  check((await frame.$$('svg.tt-chart')).length === 4, 'the ladder has not four charts');
  log(`skill ladder: ${rows.length} rows; "${verdict}"`);
  if (images) await page.screenshot({ path: path.join(images, 'editor-ladder.png') });
  await closeEditors(page);
}

export async function run({ page, images, log }) {
  page.setDefaultTimeout(STEP_MS);
  await page.locator('.monaco-workbench .explorer-folders-view').waitFor();
  // Room for the editor and a panel beside it.
  await command(page, 'View: Close Primary Side Bar');
  for (const [name, scenario] of [['diagram', diagram], ['diagram scroll', diagramScroll], ['player', player], ['board', board], ['stopped game', stoppedGame],
                                 ['balance report', balanceReport],
                                 ['skill ladder', skillLadder]]) {
    try {
      await scenario(page, images, log);
    } catch (error) {
      throw new Error(`${name}: ${error.message}`);
    }
  }
  // Semantic colours, inlay hints and signature help (editorFeatures.mjs).
  await editorFeatures(page, log);
}

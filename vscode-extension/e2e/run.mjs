#!/usr/bin/env node
// Runs VS Code extension-host tests inside a real VS Code (code-server) driven by headless
// Chromium, offline. Install code-server first with scripts/install-code-server.sh.
//
// Usage:
//   node e2e/run.mjs --extension <dir> --tests <file.js> --workspace <dir>
//     [--install-vsix <file.vsix>] [--settings <file.json>]
//     [--screenshot <out.png> --open <file relative to the workspace[:line]>] [--timeout <seconds>]
//     [--ui <scenario.mjs> ... [--images <dir>]]
//
// --ui runs a scenario module after the tests, in a fresh page of the same code-server, as a
// person would work; several --ui run in turn, each in a page of its own. A scenario's
// run({page, images, log}) clicks through the workbench and webviews and throws when something
// is wrong, which fails the run with exit code 1.
//
// The exit code is the one the extension host reports for the tests (1 when run() rejects), 124
// when they do not finish within --timeout, 2 when the harness itself fails (arguments, code-server,
// browser), 130/143 on SIGINT/SIGTERM. code-server and Chromium are always stopped and the
// throwaway profile removed.

import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { sleep } from './workbench.mjs';

const CODE_SERVER_DIR =
  process.env.CODE_SERVER_DIR || path.join(os.homedir(), '.cache', 'tabletwin', 'code-server');
const CODE_SERVER_ENTRY = path.join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// playwright-core adds --headless itself; these are the other flags that work here (see the
// design note on editor e2e tests).
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
const VIEWPORT = { width: 1280, height: 800 };

const DEFAULT_TIMEOUT_S = 180;
const HEALTHZ_TIMEOUT_MS = 60_000;
const INSTALL_VSIX_TIMEOUT_MS = 120_000;
const KILL_GRACE_MS = 5_000;
const SCREENSHOT_STEP_TIMEOUT_MS = 30_000;
// How long the screenshot waits for the language server's squiggles before taking it anyway.
const SQUIGGLE_WAIT_MS = 15_000;
const SETTLE_MS = 1_500;

const EXIT_HARNESS = 2;
const EXIT_TIMEOUT = 124;
const EXIT_SIGNAL = { SIGINT: 130, SIGTERM: 143 };

// Settings that keep the throwaway profile quiet; --settings overrides any of them.
const BASE_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'security.workspace.trust.enabled': false,
};

// VS Code only honours extensionDevelopmentPath/extensionTestsPath from the URL payload and only
// reports the tests' exit code when the smoke-test driver is enabled in the page's workbench
// configuration. code-server has no flag for it, so patch the attribute as the workbench reads it.
// (Rewriting the HTML response instead makes Chromium block the websocket to 127.0.0.1.)
function enableSmokeTestDriver() {
  const getAttribute = Element.prototype.getAttribute;
  Element.prototype.getAttribute = function (name) {
    const value = getAttribute.call(this, name);
    if (this.id !== 'vscode-workbench-web-configuration' || name !== 'data-settings' || !value) {
      return value;
    }
    const settings = JSON.parse(value);
    settings.developmentOptions = { ...settings.developmentOptions, enableSmokeTestDriver: true };
    return JSON.stringify(settings);
  };
}

const USAGE =
  'usage: node e2e/run.mjs --extension <dir> --tests <file.js> --workspace <dir> [--install-vsix <file.vsix>]\n' +
  '         [--settings <file.json>] [--screenshot <out.png> --open <file in workspace>] [--timeout <seconds>]\n' +
  '         [--ui <scenario.mjs> ... [--images <dir>]]';

/** A failure that its message explains: reported in one line, without a stack. */
class HarnessError extends Error {}
class UsageError extends HarnessError {}

function log(message) {
  process.stderr.write(`[e2e] ${message}\n`);
}

function parseOptions(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        extension: { type: 'string' },
        tests: { type: 'string' },
        workspace: { type: 'string' },
        'install-vsix': { type: 'string' },
        settings: { type: 'string' },
        screenshot: { type: 'string' },
        open: { type: 'string' },
        ui: { type: 'string', multiple: true },
        images: { type: 'string' },
        timeout: { type: 'string', default: String(DEFAULT_TIMEOUT_S) },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(error.message);
  }
  for (const required of ['extension', 'tests', 'workspace']) {
    if (!values[required]) throw new UsageError(`--${required} is required`);
  }
  if (Boolean(values.screenshot) !== Boolean(values.open)) {
    throw new UsageError('--screenshot and --open go together');
  }
  const timeoutS = Number(values.timeout);
  if (!Number.isFinite(timeoutS) || timeoutS <= 0) {
    throw new UsageError(`--timeout must be a positive number of seconds, got ${values.timeout}`);
  }
  const resolve = (p) => (p ? path.resolve(p) : undefined);
  return {
    extension: resolve(values.extension),
    tests: resolve(values.tests),
    workspace: resolve(values.workspace),
    vsix: resolve(values['install-vsix']),
    settings: resolve(values.settings),
    screenshot: resolve(values.screenshot),
    open: values.open,
    ui: (values.ui ?? []).map(resolve),
    images: resolve(values.images),
    timeoutMs: timeoutS * 1000,
  };
}

async function checkInputs(options) {
  const machine = [
    [CODE_SERVER_ENTRY, 'code-server is not installed; run scripts/install-code-server.sh or set CODE_SERVER_DIR'],
    [CHROMIUM, 'Chromium is missing; apt-get install chromium, or set CHROMIUM_PATH'],
  ];
  for (const [file, advice] of machine) {
    if (!(await stat(file).catch(() => null))) throw new HarnessError(`${file} not found: ${advice}`);
  }
  const mustExist = [
    [options.extension, '--extension'],
    [options.tests, '--tests'],
    [options.workspace, '--workspace'],
    [options.vsix, '--install-vsix'],
    [options.settings, '--settings'],
    ...options.ui.map((file) => [file, '--ui']),
    [options.open && path.join(options.workspace, options.open.replace(/:\d+$/, '')), '--open'],
  ];
  for (const [file, what] of mustExist) {
    if (file && !(await stat(file).catch(() => null))) {
      throw new UsageError(`${what}: ${file} does not exist`);
    }
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Prints each line of a stream with a prefix, so interleaved sources stay readable. */
function forwardLines(stream, prefix, out) {
  readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    if (line.trim()) out.write(`${prefix} ${line}\n`);
  });
}

/**
 * A throwaway profile under one temp folder: user data, extensions, config, and the XDG and temp
 * directories that code-server, its extension host (IPC and git sockets) and Chromium write to.
 */
async function createProfile(root, settingsFile) {
  const dirs = {
    userData: path.join(root, 'user-data'),
    extensions: path.join(root, 'extensions'),
    config: path.join(root, 'config.yaml'),
    env: {
      XDG_CONFIG_HOME: path.join(root, 'xdg', 'config'),
      XDG_DATA_HOME: path.join(root, 'xdg', 'data'),
      XDG_CACHE_HOME: path.join(root, 'xdg', 'cache'),
      XDG_STATE_HOME: path.join(root, 'xdg', 'state'),
      TMPDIR: path.join(root, 'tmp'),
    },
  };
  const settingsDirs = [path.join(dirs.userData, 'User'), path.join(dirs.userData, 'Machine')];
  for (const dir of [dirs.extensions, ...settingsDirs, ...Object.values(dirs.env)]) {
    await mkdir(dir, { recursive: true });
  }
  // Without a config file code-server writes one with password auth into the real ~/.config.
  await writeFile(dirs.config, 'auth: none\ncert: false\n');
  let settings = {};
  if (settingsFile) {
    try {
      settings = JSON.parse(await readFile(settingsFile, 'utf8'));
    } catch (error) {
      throw new HarnessError(`--settings ${settingsFile}: not plain JSON (${error.message})`);
    }
  }
  // The same settings as user and as machine settings: in a remote window (which a code-server
  // window is) VS Code takes machine-scoped settings, such as a server's path, from the machine
  // file once that file exists, and a test that changes a setting creates it.
  for (const dir of settingsDirs) {
    await writeFile(path.join(dir, 'settings.json'), JSON.stringify({ ...BASE_SETTINGS, ...settings }, null, 2));
  }
  return dirs;
}

function codeServerEnv(profile) {
  // An empty gallery disables the marketplace (open-vsx), which is unreachable offline anyway.
  const env = { ...process.env, ...profile.env, EXTENSIONS_GALLERY: '{}' };
  // PORT overrides --bind-addr; VSCODE_* (set inside a VS Code terminal) would make code-server
  // hand the command to that other instance; a password would re-enable authentication.
  for (const name of Object.keys(env)) {
    if (name === 'PORT' || name.startsWith('VSCODE_') || name.endsWith('PASSWORD')) delete env[name];
  }
  return env;
}

function profileArgs(profile) {
  return [
    '--user-data-dir', profile.userData,
    '--extensions-dir', profile.extensions,
    '--config', profile.config,
  ];
}

/**
 * Starts a process in its own process group, so stopping it also stops what it started
 * (code-server's extension host and the language server under it).
 */
function spawnGroup(args, env, prefix) {
  const child = spawn(process.execPath, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  });
  forwardLines(child.stdout, prefix, process.stdout);
  forwardLines(child.stderr, prefix, process.stderr);
  return child;
}

/** Sends a signal to a process group; false when the group no longer exists. */
function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    if (error.code === 'ESRCH') return false;
    throw error;
  }
}

async function stopGroup(child) {
  signalGroup(child.pid, 'SIGTERM');
  const stopped = await Promise.race([child.exited.then(() => true), sleep(KILL_GRACE_MS).then(() => false)]);
  if (!stopped) log(`code-server did not stop within ${KILL_GRACE_MS / 1000} s; killing it`);
  // Members of the group may outlive the leader, and would go on writing into the temp folder
  // while it is removed: kill them and wait until they are gone.
  signalGroup(child.pid, 'SIGKILL');
  const deadline = Date.now() + KILL_GRACE_MS;
  while ((await groupIsRunning(child.pid)) && Date.now() < deadline) await sleep(50);
}

/**
 * Whether a process of the group is still running. Zombies do not count: orphans wait a while for
 * init to reap them, and they write nothing. Linux only (reads /proc).
 */
async function groupIsRunning(pgid) {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // "pid (command) state ppid pgrp ...", where the command may contain spaces and parentheses.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z') return true;
  }
  return false;
}

async function installVsix(vsix, profile, env) {
  log(`installing ${vsix}`);
  const child = spawnGroup(
    [CODE_SERVER_ENTRY, ...profileArgs(profile), '--force', '--install-extension', vsix],
    env,
    '[code-server install]',
  );
  const result = await Promise.race([child.exited, sleep(INSTALL_VSIX_TIMEOUT_MS).then(() => null)]);
  if (!result) {
    await stopGroup(child);
    throw new HarnessError(`installing ${vsix} took more than ${INSTALL_VSIX_TIMEOUT_MS / 1000} s`);
  }
  if (result.code !== 0) {
    throw new HarnessError(`installing ${vsix} failed (exit ${result.code ?? result.signal ?? result.error})`);
  }
}

async function waitForHealthz(baseUrl, server) {
  const deadline = Date.now() + HEALTHZ_TIMEOUT_MS;
  let exited = false;
  server.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new HarnessError('code-server exited before it became healthy');
    try {
      const response = await fetch(new URL('/healthz', baseUrl), { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new HarnessError(`code-server was not healthy within ${HEALTHZ_TIMEOUT_MS / 1000} s`);
}

/** A vscode-remote URI for a local path, as the workbench served by code-server expects it. */
function remoteUri(host, file) {
  return `vscode-remote://${host}${pathToFileURL(file).pathname}`;
}

function workbenchUrl(baseUrl, workspace, payload) {
  const url = new URL(baseUrl);
  url.searchParams.set('folder', workspace);
  if (payload) url.searchParams.set('payload', JSON.stringify(payload));
  return url.href;
}

function printable(value) {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Renders console arguments as the browser's console would. VS Code logs as
 * console.log('%c INFO', 'color: ...', message, ...args), and the extension host's output (mocha's
 * reporter) arrives as such a message with its own format directives, so every string argument is
 * treated as a format for the arguments after it; %c styles are dropped.
 */
function formatConsoleArgs(values) {
  const parts = [];
  const rest = [...values];
  while (rest.length > 0) {
    const value = rest.shift();
    if (typeof value !== 'string') {
      parts.push(printable(value));
      continue;
    }
    parts.push(
      value.replace(/%[sdifoOc%]/g, (token) => {
        if (token === '%%') return '%';
        if (rest.length === 0) return token;
        const arg = rest.shift();
        return token === '%c' ? '' : printable(arg);
      }),
    );
  }
  return parts.join(' ').trim();
}

/** Forwards a page's console in order; flush() waits until every message seen so far is printed. */
function forwardConsole(page, prefix) {
  let printed = Promise.resolve();
  page.on('console', (message) => {
    // The arguments are gone once the page closes; then only the flat text is left.
    const flatText = () => message.text().replace(/%c|color: #[0-9a-f]+/gi, '').trim();
    const text = Promise.all(message.args().map((arg) => arg.jsonValue()))
      .then((values) => (values.length > 0 ? formatConsoleArgs(values) : flatText()))
      .catch(flatText);
    printed = printed.then(async () => {
      const type = message.type();
      const out = ['error', 'warning'].includes(type) ? process.stderr : process.stdout;
      const linePrefix = `${prefix}${type === 'log' || type === 'info' ? '' : `[${type}]`} `;
      out.write((await text).split('\n').map((line) => `${linePrefix}${line}\n`).join(''));
    });
  });
  page.on('pageerror', (error) => process.stderr.write(`${prefix}[pageerror] ${error.message}\n`));
  return { flush: () => printed };
}

class TimeoutError extends HarnessError {}

/** Opens the workbench with the extension and its tests; resolves to the tests' exit code. */
async function runTests(browser, server, baseUrl, options) {
  const host = new URL(baseUrl).host;
  const context = await browser.newContext({ viewport: VIEWPORT });
  let timer;
  try {
    const page = await context.newPage();
    const browserConsole = forwardConsole(page, '[browser]');
    await page.addInitScript(enableSmokeTestDriver);
    let reportExit;
    const exited = new Promise((resolve) => (reportExit = resolve));
    // VS Code calls this when the extension host running the tests exits.
    await page.exposeFunction('codeAutomationExit', (code) => reportExit(Number.isInteger(code) ? code : 1));
    const failed = new Promise((_, reject) => {
      page.on('crash', () => reject(new HarnessError('the browser page crashed')));
      server.exited.then(() => reject(new HarnessError('code-server exited during the tests')));
      timer = setTimeout(
        () => reject(new TimeoutError(`the extension tests did not finish within ${options.timeoutMs / 1000} s`)),
        options.timeoutMs,
      );
    });
    failed.catch(() => {}); // Observed by the race below; this only keeps an early rejection handled.

    const url = workbenchUrl(baseUrl, options.workspace, [
      ['extensionDevelopmentPath', remoteUri(host, options.extension)],
      ['extensionTestsPath', remoteUri(host, options.tests)],
    ]);
    log(`opening ${url}`);
    const started = Date.now();
    try {
      await page.goto(url, { waitUntil: 'commit' });
      const code = await Promise.race([exited, failed]);
      log(`extension tests finished with exit code ${code} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return code;
    } finally {
      await browserConsole.flush();
    }
  } finally {
    clearTimeout(timer);
    await context.close().catch(() => {});
  }
}

/** Opens the workspace as a person would, opens one file and the Problems panel, and saves a PNG. */
async function takeScreenshot(browser, baseUrl, options) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  let step = 'opening the workspace';
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(SCREENSHOT_STEP_TIMEOUT_MS);
    page.on('pageerror', (error) => process.stderr.write(`[browser:screenshot][pageerror] ${error.message}\n`));
    let payload;
    if (!options.vsix) {
      // Without an installed VSIX the extension under test is only loaded as a development one.
      await page.addInitScript(enableSmokeTestDriver);
      payload = [['extensionDevelopmentPath', remoteUri(new URL(baseUrl).host, options.extension)]];
    }
    await page.goto(workbenchUrl(baseUrl, options.workspace, payload));
    await page.locator('.monaco-workbench .explorer-folders-view').waitFor();

    step = `opening ${options.open} with Quick Open`;
    await page.keyboard.press('Control+P');
    const quickInput = page.locator('.quick-input-widget input');
    await quickInput.waitFor();
    await quickInput.fill(options.open);
    // Quick Open searches files through ripgrep; wait for a result row before accepting.
    await page.locator('.quick-input-list .monaco-list-row').first().waitFor();
    await page.keyboard.press('Enter');
    // `file:line` opens the file at that line (Quick Open's own syntax); the tab shows the file name.
    const fileName = path.basename(options.open.replace(/:\d+$/, ''));
    await page.locator('.tabs-container .tab').filter({ hasText: fileName }).waitFor();

    step = 'waiting for squiggles';
    const squiggles = page.locator('.monaco-editor .squiggly-error, .monaco-editor .squiggly-warning');
    const sawSquiggle = await squiggles
      .first()
      .waitFor({ timeout: SQUIGGLE_WAIT_MS })
      .then(() => true, () => false);
    if (!sawSquiggle) log(`no squiggle appeared in ${options.open} within ${SQUIGGLE_WAIT_MS / 1000} s`);

    step = 'opening the Problems panel';
    await page.keyboard.press('Control+Shift+M');
    await page.locator('.markers-panel').waitFor();
    await sleep(SETTLE_MS);

    step = 'saving the screenshot';
    await mkdir(path.dirname(options.screenshot), { recursive: true });
    await page.screenshot({ path: options.screenshot });
    log(`screenshot saved to ${options.screenshot}`);
  } catch (error) {
    // Playwright appends a multi-line call log; its first line says what went wrong.
    throw new Error(`${step}: ${error.message.split('\n')[0]}`);
  } finally {
    await context.close().catch(() => {});
  }
}

const UI_TIMEOUT_MS = 300_000;

/** Runs one --ui scenario in a fresh page with the extension under development; true if it passed. */
async function runUi(browser, baseUrl, options, scenarioFile) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  let page;
  try {
    page = await context.newPage();
    page.on('pageerror', (error) => process.stderr.write(`[browser:ui][pageerror] ${error.message}\n`));
    await page.addInitScript(enableSmokeTestDriver);
    const payload = [['extensionDevelopmentPath', remoteUri(new URL(baseUrl).host, options.extension)]];
    await page.goto(workbenchUrl(baseUrl, options.workspace, payload));
    if (options.images) await mkdir(options.images, { recursive: true });
    const scenario = await import(pathToFileURL(scenarioFile).href);
    const started = Date.now();
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`did not finish within ${UI_TIMEOUT_MS / 1000} s`)), UI_TIMEOUT_MS);
    });
    try {
      await Promise.race([scenario.run({ page, images: options.images, log: (line) => log(`ui: ${line}`) }), timeout]);
    } finally {
      clearTimeout(timer);
    }
    log(`ui scenario ${path.basename(scenarioFile)} passed after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return true;
  } catch (error) {
    log(`FAILED: ui scenario ${path.basename(scenarioFile)}: ${error.message.split('\n')[0]}`);
    // E2E_FAILURE_SCREENSHOT: a PNG path for what the page showed when the scenario failed.
    const shot = process.env.E2E_FAILURE_SCREENSHOT;
    if (shot && page) await page.screenshot({ path: shot }).then(() => log(`screenshot of the failure: ${shot}`), () => {});
    return false;
  } finally {
    await context.close().catch(() => {});
  }
}

/** Everything that must be undone however the run ends; safe to call more than once. */
class Resources {
  constructor() {
    this.tempRoot = undefined;
    this.server = undefined;
    this.browser = undefined;
    this.cleaning = undefined;
  }

  cleanup() {
    this.cleaning ??= (async () => {
      if (this.browser) await this.browser.close().catch((error) => log(`closing the browser: ${error.message}`));
      if (this.server) {
        await stopGroup(this.server).catch((error) => log(`stopping code-server: ${error.message}`));
        this.server = undefined;
      }
      if (this.tempRoot) {
        await rm(this.tempRoot, { recursive: true, force: true, maxRetries: 3 }).catch((error) =>
          log(`removing ${this.tempRoot}: ${error.message}`),
        );
      }
    })();
    return this.cleaning;
  }

  /** Last resort when the process exits without cleanup (synchronous: no awaiting possible). */
  killServerNow() {
    if (this.server) signalGroup(this.server.pid, 'SIGKILL');
  }
}

async function run(options, resources) {
  await checkInputs(options);
  resources.tempRoot = await mkdtemp(path.join(os.tmpdir(), 'tabletwin-e2e-'));
  const profile = await createProfile(resources.tempRoot, options.settings);
  const env = codeServerEnv(profile);

  if (options.vsix) await installVsix(options.vsix, profile, env);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}/`;
  resources.server = spawnGroup(
    [
      CODE_SERVER_ENTRY,
      '--bind-addr', `127.0.0.1:${port}`,
      '--auth', 'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      ...profileArgs(profile),
    ],
    env,
    '[code-server]',
  );
  await waitForHealthz(baseUrl, resources.server);
  log(`code-server is up at ${baseUrl}`);

  resources.browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    env: { ...process.env, ...profile.env },
    // The driver's own handlers close the browser and stop code-server in order.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });

  let exitCode;
  try {
    exitCode = await runTests(resources.browser, resources.server, baseUrl, options);
  } catch (error) {
    if (!(error instanceof TimeoutError)) throw error;
    log(`FAILED: ${error.message}`);
    exitCode = EXIT_TIMEOUT;
  }

  for (const scenarioFile of options.ui) {
    if (!(await runUi(resources.browser, baseUrl, options, scenarioFile)) && exitCode === 0) exitCode = 1;
  }

  if (options.screenshot) {
    await takeScreenshot(resources.browser, baseUrl, options).catch((error) =>
      log(`warning: the screenshot step failed: ${error.message}`),
    );
  }
  return exitCode;
}

async function main() {
  const resources = new Resources();
  let signalExit;
  process.on('exit', () => resources.killServerNow());
  for (const signal of Object.keys(EXIT_SIGNAL)) {
    // Kept installed: a second Ctrl+C would otherwise kill the driver before it has cleaned up.
    process.on(signal, async () => {
      if (signalExit !== undefined) return;
      signalExit = EXIT_SIGNAL[signal];
      log(`${signal} received; cleaning up`);
      await resources.cleanup();
      process.exit(signalExit);
    });
  }

  let exitCode;
  try {
    exitCode = await run(parseOptions(process.argv.slice(2)), resources);
  } catch (error) {
    // After a signal the run fails because its browser and server were taken away; not news.
    if (signalExit === undefined) {
      log(`error: ${error instanceof HarnessError ? error.message : (error.stack ?? error)}`);
      if (error instanceof UsageError) process.stderr.write(`${USAGE}\n`);
    }
    exitCode = EXIT_HARNESS;
  } finally {
    await resources.cleanup();
  }
  process.exit(signalExit ?? exitCode);
}

main();

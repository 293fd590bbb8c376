// The Player's regions as HTML text, drawn from the view the server sends. Every piece of model
// text goes through escapeHtml; ids and data- attributes tell the webview what a click means.

import { escapeHtml as e } from "./escape";
import type { SetupInfo } from "./messages";
import { Board, LogEntry, PlayTable, PlayView, SPECTATOR, Variable } from "./protocol";
import { BY_HAND, startViewAs, viewAsLocked } from "./setup";

export type TableTab = "zones" | "board";

function seatName(seat: number | null, view: Pick<PlayView, "players" | "view_as">): string {
  if (seat === null) return "Chance";
  const player = view.players[seat];
  const who = player === BY_HAND ? (seat === view.view_as ? "you" : "by hand") : shortPlayer(player);
  return `Seat ${seat} (${who})`;
}

/** A player spec for people: a tactic file by its name rather than its whole path. */
export function shortPlayer(player: string | undefined): string {
  if (player === undefined) return "?";
  const file = /[^/\\]+\.ya?ml$/i.exec(player);
  return file ? `tactic ${file[0]}` : player;
}

function lineLink(line: number | null, column: number | null, text: string): string {
  if (line === null || line === undefined) return e(text);
  return `<a href="#" class="tt-line" data-line="${e(line)}" data-column="${e(column ?? 1)}" ` +
         `title="Show line ${e(line)} in the editor">${e(text)}</a>`;
}

/** The choices of viewer: everyone, each seat, a spectator. */
function viewerOptions(seats: number, selected: number | null): string {
  const choices: [string, string, boolean][] = [
    ["", "everyone", selected === null],
    ...Array.from({ length: seats }, (_, seat): [string, string, boolean] => [String(seat), `seat ${seat}`, selected === seat]),
    [String(SPECTATOR), "a spectator (public only)", selected === SPECTATOR],
  ];
  return choices.map(([value, label, on]) => `<option value="${value}"${on ? " selected" : ""}>${label}</option>`).join("");
}

export function renderSetup(setup: SetupInfo): string {
  const seats = Array.from({ length: setup.seats }, (_, seat) => {
    const current = setup.players[seat] ?? "random";
    const options = setup.choices.map((choice) =>
      `<option value="${e(choice.value)}"${choice.value === current ? " selected" : ""}>${e(choice.label)}</option>`);
    return `<label class="tt-field">Seat ${seat} <select id="tt-seat-${seat}" data-seat="${seat}">${options.join("")}</select></label>`;
  });
  const viewAs = startViewAs(setup.players, setup.viewAs);
  const locked = setup.players.includes(BY_HAND);
  return `<details id="tt-setup-box" open><summary><h2>Set-up: ${e(setup.model)}</h2></summary>
<div class="tt-setup-fields">${seats.join("")}
<label class="tt-field">Seed <input id="tt-seed" type="number" step="1" value="${e(setup.seed)}"></label>
<label class="tt-field">View as <select id="tt-view-as"${locked ? " disabled" : ""}>${viewerOptions(setup.seats, viewAs)}</select></label>
</div>
<div class="tt-buttons"><button id="tt-start">Start</button> <button id="tt-random-game" class="tt-secondary">Random game</button></div>
<p class="tt-hint">A seat played by hand is seen through its eyes: the view follows it.</p></details>`;
}

function controls(view: PlayView): string {
  const anyHand = view.players.includes(BY_HAND);
  return `<div class="tt-buttons" role="group" aria-label="Computer seats">
<button id="tt-step" data-advance="one">Step one request</button>
${anyHand ? `<button id="tt-run-human" data-advance="human">Run to the next question by hand</button>` : ""}
<button id="tt-run-end" data-advance="end">Run to the end</button></div>`;
}

function payoffs(view: PlayView): string {
  const rows = (view.end?.payoffs ?? []).map((value, seat) =>
    `<tr><th scope="row">${e(seatName(seat, view))}</th><td>${e(value)}</td></tr>`);
  return `<table class="tt-grid"><thead><tr><th scope="col">Seat</th><th scope="col">Payoff</th></tr></thead>` +
         `<tbody>${rows.join("")}</tbody></table>`;
}

export function renderQuestion(view: PlayView): string {
  const restart = `<button id="tt-restart" class="tt-secondary">Restart</button>`;
  if (view.error) {
    const where = view.error.line !== null ? ` ${lineLink(view.error.line, view.error.column, `line ${view.error.line}`)}` : "";
    return `<div class="tt-error" role="alert"><h2>The engine stopped</h2>
<p><span class="tt-error-kind">${e(view.error.kind)}</span>: <span class="tt-error-message">${e(view.error.message)}</span></p>
<p>At${where || " an unknown place"}</p></div><div class="tt-buttons">${restart}</div>`;
  }
  if (view.end) {
    return `<div class="tt-end" role="status"><h2>Game over: ${e(view.end.reason)}</h2>${payoffs(view)}</div>
<div class="tt-buttons">${restart}</div>`;
  }
  const request = view.request;
  if (!request) return `<p>No question is open.</p><div class="tt-buttons">${restart}</div>`;
  const where = lineLink(request.line, request.column, request.where ?? "?");
  const heading = request.kind === "chance"
    ? `<h2>Request ${e(request.index)}: chance at ${where}</h2>`
    : `<h2>Request ${e(request.index)}: ${e(seatName(request.player, view))} decides at ${where}</h2>`;
  if (request.by_hand && request.kind === "decision") {
    const buttons = request.options.map((option, index) =>
      `<button class="tt-option" data-answer="${index}">${e(option)}</button>`);
    return `${heading}<div class="tt-buttons tt-options" role="group" aria-label="Options">${buttons.join("")}</div>
<div class="tt-buttons">${restart}</div>`;
  }
  const options = request.options.map((option, index) => {
    const chance = request.probabilities?.[index];
    return `<li><span class="tt-option-text">${e(option)}</span>${chance !== undefined && chance !== null ? ` <span class="tt-probability">${e(formatProbability(chance))}</span>` : ""}</li>`;
  });
  return `${heading}<ul class="tt-waiting-options" aria-label="Options">${options.join("")}</ul>${controls(view)}
<div class="tt-buttons">${restart}</div>`;
}

export function formatProbability(p: number): string {
  return `${Math.round(p * 1000) / 10}%`;
}

function changes(entry: LogEntry): string {
  const items: string[] = [];
  for (const v of entry.changes?.variables ?? []) {
    const name = v.seat === null || v.seat === undefined ? v.name : `${v.name}[${v.seat}]`;
    items.push(`<li><span class="tt-var">${e(name)}</span> ${e(v.before)} → ${e(v.after)}</li>`);
  }
  for (const m of entry.changes?.moves ?? []) {
    items.push(`<li><span class="tt-card">${e(m.card)}</span> ${e(m.from ?? "nowhere")} → ${e(m.to ?? "out of the game")}</li>`);
  }
  for (const seen of entry.changes?.seen ?? []) {
    const who = seen.seen_by.length ? seen.seen_by.map((s) => `seat ${s}`).join(", ") : "nobody";
    items.push(`<li>${e(who)} saw <span class="tt-card">${e(seen.text)}</span> (${e(seen.where)})</li>`);
  }
  for (const event of entry.changes?.events ?? []) items.push(`<li class="tt-event">${e(event)}</li>`);
  return items.length ? `<ul class="tt-changes">${items.join("")}</ul>` : "";
}

export function renderLog(view: PlayView): string {
  if (view.log.length === 0) return `<h2>Log</h2><p class="tt-hint">Nothing has happened yet.</p>`;
  const entries = view.log.map((entry) => {
    const who = entry.kind === "chance" ? "Chance" : entry.player === null ? "The game" : seatName(entry.player, view);
    const auto = entry.automatic ? ` <span class="tt-hint">(only option)</span>` : "";
    const index = entry.index === null ? "" : e(entry.index);
    const back = entry.index === null ? "" : ` <button class="tt-back tt-secondary" data-back="${index}" ` +
      `title="Replay the game to just before request ${index}">back here</button>`;
    return `<li class="tt-entry"><div><span class="tt-index">${index}</span> ` +
           `${e(who)} at ${lineLink(entry.line, entry.column, entry.where)}: <span class="tt-answer">${e(entry.answer)}</span>${auto}` +
           `${back}</div>${changes(entry)}</li>`;
  });
  const omitted = view.log_omitted ? `<p class="tt-hint">${e(view.log_omitted)} earlier entries are not shown.</p>` : "";
  return `<h2>Log</h2>${omitted}<ol class="tt-log">${entries.join("")}</ol>`;
}

function variables(list: Variable[], seats: number): string {
  const shared = list.filter((v) => !v.per_player);
  const perPlayer = list.filter((v) => v.per_player);
  let html = "";
  if (shared.length) {
    html += `<table class="tt-grid"><caption>Values</caption><tbody>${shared.map((v) =>
      `<tr><th scope="row">${e(v.name)}</th><td>${e(v.values[0] ?? "")}</td></tr>`).join("")}</tbody></table>`;
  }
  if (perPlayer.length) {
    const head = Array.from({ length: seats }, (_, seat) => `<th scope="col">Seat ${seat}</th>`).join("");
    html += `<table class="tt-grid"><caption>Per player</caption><thead><tr><th scope="col">Variable</th>${head}</tr></thead>` +
            `<tbody>${perPlayer.map((v) => `<tr><th scope="row">${e(v.name)}</th>${v.values.map((value) =>
              `<td>${e(value)}</td>`).join("")}</tr>`).join("")}</tbody></table>`;
  }
  return html;
}

function zones(table: PlayTable): string {
  if (!table.zones.length) return "";
  return `<ul class="tt-zones">${table.zones.map((zone) => {
    const owner = zone.owner === null || zone.owner === undefined ? "" : ` of seat ${e(zone.owner)}`;
    const cards = zone.cards.length
      ? zone.cards.map((card) => `<li class="tt-card">${e(card)}</li>`).join("")
      : `<li class="tt-empty">empty</li>`;
    return `<li class="tt-zone"><span class="tt-zone-name">${e(zone.name)}${owner}</span> ` +
           `<span class="tt-hint">${e(zone.visibility)}</span><ul class="tt-cards">${cards}</ul></li>`;
  }).join("")}</ul>`;
}

/** Drawing units (a square cell's side, a hex cell's radius) in pixels. */
const UNIT = 64;

function hexPoints(cx: number, cy: number, pointy: boolean): string {
  return Array.from({ length: 6 }, (_, k) => {
    const angle = (Math.PI / 3) * k + (pointy ? Math.PI / 6 : 0);
    return `${(cx + UNIT * Math.cos(angle)).toFixed(1)},${(cy + UNIT * Math.sin(angle)).toFixed(1)}`;
  }).join(" ");
}

/** One board as SVG: the engine places each cell's centre; squares are 1 wide, hexagons of radius 1. */
export function renderBoard(board: Board): string {
  if (!board.cells.length) return `<p class="tt-hint">${e(board.name)}: no cells</p>`;
  const hex = board.shape === "hex";
  const pointy = board.orientation !== "flat";
  const half = hex ? UNIT : UNIT / 2;
  const xs = board.cells.map((c) => c.x * UNIT);
  const ys = board.cells.map((c) => c.y * UNIT);
  const left = Math.min(...xs) - half;
  const top = Math.min(...ys) - half;
  const width = Math.max(...xs) + half - left;
  const height = Math.max(...ys) + half - top;
  const cells = board.cells.map((cell) => {
    const x = cell.x * UNIT;
    const y = cell.y * UNIT;
    const shape = hex
      ? `<polygon class="tt-cell" points="${hexPoints(x, y, pointy)}"/>`
      : `<rect class="tt-cell" x="${(x - half).toFixed(1)}" y="${(y - half).toFixed(1)}" width="${UNIT}" height="${UNIT}"/>`;
    const label = cell.pieces.length
      ? `<text class="tt-piece" x="${x.toFixed(1)}" y="${y.toFixed(1)}">${e(cell.pieces.join(" "))}</text>` : "";
    const title = cell.pieces.length ? `${cell.id}: ${cell.pieces.join(", ")}` : cell.id;
    return `<g class="tt-board-cell" data-cell="${e(cell.id)}"><title>${e(title)}</title>${shape}${label}</g>`;
  });
  return `<figure class="tt-board"><figcaption>${e(board.name)}</figcaption>` +
         `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${e(board.name)}" ` +
         `viewBox="${left.toFixed(1)} ${top.toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}" ` +
         `width="${width.toFixed(0)}" height="${height.toFixed(0)}">${cells.join("")}</svg></figure>`;
}

/** The table: a tab list (arrow keys move between tabs) over zones and values, and boards. */
export function renderTable(view: PlayView, active: TableTab): string {
  const table = view.table ?? { zones: [], variables: [], board: null };
  const boards = table.board?.boards ?? [];
  const tab = boards.length ? active : "zones";
  const tabs: [TableTab, string][] = [["zones", "Zones and values"], ...(boards.length ? [["board", "Board"] as [TableTab, string]] : [])];
  const list = tabs.map(([id, label]) =>
    `<button role="tab" id="tt-tab-${id}" data-tab="${id}" aria-controls="tt-panel-${id}" aria-selected="${id === tab}" ` +
    `tabindex="${id === tab ? 0 : -1}">${label}</button>`).join("");
  const body = tab === "board"
    ? boards.map(renderBoard).join("")
    : (zones(table) + variables(table.variables, view.seats)) || `<p class="tt-hint">No zones or values.</p>`;
  return `<h2>Table</h2><div role="tablist" aria-label="Table">${list}</div>` +
         `<div role="tabpanel" id="tt-panel-${tab}" aria-labelledby="tt-tab-${tab}" tabindex="0">${body}</div>`;
}

export function renderStatus(view: PlayView): string {
  const lineup = view.players.map((p, seat) => `${seat}: ${shortPlayer(p)}`).join(", ");
  const locked = viewAsLocked(view.players, view);
  return `<p>Seed <span id="tt-current-seed">${e(view.seed)}</span> · players ${e(lineup)} · ` +
         `<label>seen by <select id="tt-view-as-now"${locked ? " disabled" : ""}>${viewerOptions(view.seats, view.view_as)}</select></label></p>`;
}

/** The station to highlight on the track: the open question's, or where the engine stopped. */
export function currentStation(view: PlayView): string | null {
  return view.error?.station ?? view.request?.station ?? null;
}

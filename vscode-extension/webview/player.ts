// The Player webview: the set-up, the open question, the log, the track and the table, drawn
// from the view the server sends; every click is posted to the extension, which asks the server.

import type { FromPlayer, SetupInfo, ToPlayer } from "../src/view/messages";
import type { PlayView } from "../src/view/protocol";
import { currentStation, renderLog, renderQuestion, renderSetup, renderStatus, renderTable, TableTab }
  from "../src/view/playerRender";
import { BY_HAND, randomSeed } from "../src/view/setup";
import { focusKey, restoreFocus, safeSvg, stationOf, vscode } from "./api";

const region = (id: string) => document.getElementById(id)!;
const setupRegion = region("tt-setup");
const statusRegion = region("tt-status");
const questionRegion = region("tt-question");
const logRegion = region("tt-log");
const trackRegion = region("tt-track-picture");
const tableRegion = region("tt-table");
const failureRegion = region("tt-failure");

let view: PlayView | undefined;
let setup: SetupInfo | undefined;
let tab: TableTab = "zones";
let busy = false;
/** The set-up folds away when a game it started is shown, leaving room for the game. */
let foldSetup = true;
/** How many views have been drawn (the end-to-end tests wait on it). */
let views = 0;

function post(message: FromPlayer): void {
  vscode.postMessage(message);
}

function redraw(target: HTMLElement, html: string): void {
  const key = target.contains(document.activeElement) ? focusKey(document.activeElement) : undefined;
  target.innerHTML = html;
  if (key) restoreFocus(key, () => target.querySelector<HTMLElement>("button:not([disabled]), [tabindex='0']"));
}

function drawView(): void {
  if (!view) return;
  statusRegion.hidden = false;
  redraw(statusRegion, renderStatus(view));
  const hadFocus = questionRegion.contains(document.activeElement) || document.activeElement === document.body;
  redraw(questionRegion, renderQuestion(view));
  // After an answer the next question's first option takes the focus, so play goes on by keyboard.
  if (hadFocus && !questionRegion.contains(document.activeElement)) {
    questionRegion.querySelector<HTMLElement>(".tt-option, [data-advance], #tt-restart")?.focus();
  }
  redraw(logRegion, renderLog(view));
  redraw(tableRegion, renderTable(view, tab));
  highlight();
}

function highlight(): void {
  const station = view ? currentStation(view) : null;
  for (const element of Array.from(trackRegion.querySelectorAll(".tt-current"))) element.classList.remove("tt-current");
  if (!station) return;
  const current = trackRegion.querySelector(`[data-station="${CSS.escape(station)}"]`);
  current?.classList.add("tt-current");
  current?.setAttribute("aria-current", "step");
  if (current) keepInView(current);
}

/** Scrolls the track (only the track, not the page) so the current station is in sight. */
function keepInView(station: Element): void {
  const box = station.getBoundingClientRect();
  const frame = trackRegion.getBoundingClientRect();
  if (box.top < frame.top || box.bottom > frame.bottom) trackRegion.scrollTop += box.top - frame.top - (frame.height - box.height) / 2;
  if (box.left < frame.left || box.right > frame.right) trackRegion.scrollLeft += box.left - frame.left - (frame.width - box.width) / 2;
}

function selectedPlayers(): string[] {
  return Array.from(setupRegion.querySelectorAll<HTMLSelectElement>("select[data-seat]")).map((s) => s.value);
}

function lockViewAs(): void {
  const select = setupRegion.querySelector<HTMLSelectElement>("#tt-view-as");
  if (!select) return;
  const hand = selectedPlayers().indexOf(BY_HAND);
  select.disabled = hand >= 0;
  if (hand >= 0) select.value = String(hand);
}

function start(seed?: number): void {
  const seedInput = setupRegion.querySelector<HTMLInputElement>("#tt-seed")!;
  if (seed !== undefined) seedInput.value = String(seed);
  const value = Number(seedInput.value);
  if (!Number.isSafeInteger(value)) {
    showFailure("The seed must be a whole number.");
    return;
  }
  const viewAs = setupRegion.querySelector<HTMLSelectElement>("#tt-view-as")!.value;
  post({ type: "start", players: selectedPlayers(), seed: value, viewAs: viewAs === "" ? null : Number(viewAs) });
}

function showFailure(message: string): void {
  failureRegion.textContent = message;
  failureRegion.hidden = !message;
}

window.addEventListener("message", (event: MessageEvent<ToPlayer>) => {
  const message = event.data;
  switch (message.type) {
    case "setup":
      setup = message.setup;
      setupRegion.innerHTML = renderSetup(setup);
      // Sent again when the page reloads: a game already shown keeps its room.
      if (view) setupRegion.querySelector("details")?.removeAttribute("open");
      lockViewAs();
      break;
    case "view":
      view = message.view;
      showFailure("");
      drawView();
      if (foldSetup) setupRegion.querySelector("details")?.removeAttribute("open");
      foldSetup = false;
      document.body.dataset.views = String(++views);
      vscode.setState({ tab });
      break;
    case "track": {
      const node = safeSvg(message.svg);
      if (typeof node === "string") trackRegion.textContent = node;
      else trackRegion.replaceChildren(node);
      highlight();
      break;
    }
    case "busy":
      busy = message.busy;
      document.body.classList.toggle("tt-busy", busy);
      document.body.setAttribute("aria-busy", String(busy));
      break;
    case "failure":
      showFailure(message.message);
      break;
  }
});

document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const line = target.closest<HTMLElement>("a.tt-line");
  if (line) {
    event.preventDefault();
    post({ type: "reveal", line: Number(line.dataset.line), column: Number(line.dataset.column) });
    return;
  }
  const station = stationOf(target)?.getAttribute("data-station");
  if (station) return post({ type: "station", station });
  const tabButton = target.closest<HTMLElement>("[data-tab]");
  if (tabButton) return selectTab(tabButton.dataset.tab as TableTab);
  const button = target.closest<HTMLButtonElement>("button");
  if (!button || busy) return;
  if (button.id === "tt-start" || button.id === "tt-random-game") {
    foldSetup = true;
    return start(button.id === "tt-random-game" ? randomSeed(Math.random) : undefined);
  }
  if (button.id === "tt-restart") return post({ type: "restart" });
  if (button.dataset.answer !== undefined) return post({ type: "answer", index: Number(button.dataset.answer) });
  if (button.dataset.advance) return post({ type: "advance", until: button.dataset.advance as "one" | "human" | "end" });
  if (button.dataset.back !== undefined) return post({ type: "back", index: Number(button.dataset.back) });
});

function selectTab(next: TableTab): void {
  tab = next;
  vscode.setState({ tab });
  if (view) redraw(tableRegion, renderTable(view, tab));
  tableRegion.querySelector<HTMLElement>(`[data-tab="${tab}"]`)?.focus();
}

document.addEventListener("keydown", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.getAttribute("role") === "tab") {
    const tabs = Array.from(tableRegion.querySelectorAll<HTMLElement>("[role=tab]"));
    const at = tabs.indexOf(target as HTMLElement);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      selectTab(tabs[(to + tabs.length) % tabs.length].dataset.tab as TableTab);
    }
    return;
  }
  const station = stationOf(target)?.getAttribute("data-station");
  if (station && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    post({ type: "station", station });
  }
});

document.addEventListener("change", (event) => {
  const target = event.target as HTMLElement;
  if (target.matches("select[data-seat]")) lockViewAs();
  if (target.id === "tt-view-as-now") {
    const value = (target as HTMLSelectElement).value;
    post({ type: "viewAs", seat: value === "" ? null : Number(value) });
  }
});

tab = ((vscode.getState() as { tab?: TableTab } | undefined)?.tab) ?? "zones";
post({ type: "ready" });

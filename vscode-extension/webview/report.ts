// The report webview (balance report and skill ladder): draws what the extension sends with the
// pure functions of src/view/reportRender.ts, and asks the extension to show a rule's or a
// place's line when its link is clicked (or reached with Tab and Enter).

import type { FromReport, ToReport } from "../src/view/reportProtocol";
import { renderLadder, renderSimulation } from "../src/view/reportRender";
import { vscode } from "./api";

const content = document.getElementById("tt-report")!;
const status = document.getElementById("tt-status")!;
/** How many reports have been drawn (the end-to-end tests wait on it). */
let draws = 0;

function post(message: FromReport): void {
  vscode.postMessage(message);
}

function showStatus(text: string, failure: boolean): void {
  status.textContent = text;
  status.className = failure ? "tt-failure" : "tt-busy-note";
  status.hidden = !text;
}

window.addEventListener("message", (event: MessageEvent<ToReport>) => {
  const message = event.data;
  if (message.type === "busy" || message.type === "note") return showStatus(message.message, false);
  if (message.type === "failure") return showStatus(message.message, true);
  showStatus("", false);
  content.innerHTML = message.type === "simulation" ? renderSimulation(message.result)
                                                      : renderLadder(message.result, message.seats ?? undefined);
  content.setAttribute("aria-busy", "false");
  document.body.dataset.draws = String(++draws);
});

document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest<HTMLElement>("a.tt-rule") : null;
  if (!link) return;
  event.preventDefault();
  if (link.dataset.place !== undefined) post({ type: "place", place: link.dataset.place });
  else if (link.dataset.kind !== undefined && link.dataset.key !== undefined) {
    post({ type: "rule", kind: link.dataset.kind, key: link.dataset.key });
  }
});

post({ type: "ready" });

// The Diagram webview: draws the SVG the server sends, keeps the last good picture when the
// model cannot be read, and asks the extension to show a station's line when it is clicked.

import type { FromDiagram, ToDiagram } from "../src/view/messages";
import { safeSvg, stationOf, vscode } from "./api";

interface State {
  left: number;
  top: number;
}

const picture = document.getElementById("tt-picture")!;
const problem = document.getElementById("tt-problem")!;
let restored = false;
/** How many pictures have been drawn (the end-to-end tests wait on it). */
let draws = 0;

function post(message: FromDiagram): void {
  vscode.postMessage(message);
}

function showProblem(message: string | null): void {
  problem.textContent = message ? `The diagram is not up to date: ${message}` : "";
  problem.hidden = !message;
}

function draw(svg: string): void {
  const node = safeSvg(svg);
  if (typeof node === "string") return showProblem(node);
  const { scrollLeft, scrollTop } = picture;
  const focused = stationOf(document.activeElement)?.getAttribute("data-station");
  picture.replaceChildren(node);
  picture.setAttribute("aria-busy", "false");
  if (!restored) {
    const state = vscode.getState() as State | undefined;
    picture.scrollLeft = state?.left ?? 0;
    picture.scrollTop = state?.top ?? 0;
    restored = true;
  } else {
    picture.scrollLeft = scrollLeft;
    picture.scrollTop = scrollTop;
  }
  document.body.dataset.draws = String(++draws);
  if (focused) {
    picture.querySelector<SVGGElement>(`[data-station="${CSS.escape(focused)}"]`)?.focus({ preventScroll: true });
  }
}

window.addEventListener("message", (event: MessageEvent<ToDiagram>) => {
  const message = event.data;
  if (message.type === "diagram") {
    showProblem(message.diagram.problem);
    if (message.diagram.svg) draw(message.diagram.svg);
  } else if (message.type === "problem") {
    showProblem(message.message);
  }
});

function reveal(target: EventTarget | null): boolean {
  const station = stationOf(target)?.getAttribute("data-station");
  if (station) post({ type: "reveal", station });
  return Boolean(station);
}

picture.addEventListener("click", (event) => reveal(event.target));
picture.addEventListener("keydown", (event) => {
  if ((event.key === "Enter" || event.key === " ") && reveal(event.target)) event.preventDefault();
});
picture.addEventListener("scroll", () => {
  vscode.setState({ left: picture.scrollLeft, top: picture.scrollTop } satisfies State);
});

post({ type: "ready" });

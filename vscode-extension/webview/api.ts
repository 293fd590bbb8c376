// What a webview script shares: the VS Code handle, drawing the server's SVG safely, and
// keeping the focus on the same control across redraws (keyboard users lose nothing).

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export const vscode = acquireVsCodeApi();

const UNSAFE_ELEMENTS = "script, foreignObject, iframe, object, embed, style, link, image, use";

/**
 * The server's SVG fragment as a node, without anything that could run or load: scripts,
 * foreign content, event attributes and links to outside the picture. (The page's content
 * security policy blocks them too; this keeps them out of the document altogether.)
 */
export function safeSvg(text: string): SVGSVGElement | string {
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = parsed.documentElement;
  if (parsed.querySelector("parsererror") || root.nodeName !== "svg") return "the picture from the server is not SVG";
  for (const bad of Array.from(root.querySelectorAll(UNSAFE_ELEMENTS))) bad.remove();
  for (const element of [root, ...Array.from(root.querySelectorAll("*"))]) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const link = name === "href" || name.endsWith(":href");
      if (name.startsWith("on") || name === "style" || (link && !attribute.value.startsWith("#"))) {
        element.removeAttribute(attribute.name);
      }
    }
  }
  // Stations are controls: reachable with Tab, announced as buttons.
  for (const station of Array.from(root.querySelectorAll("[data-station]"))) {
    station.setAttribute("tabindex", "0");
    station.setAttribute("role", "button");
  }
  return document.importNode(root, true) as unknown as SVGSVGElement;
}

/** The station a click or key press was on, if any. */
export function stationOf(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest("[data-station]") : null;
}

const FOCUS_ATTRIBUTES = ["data-answer", "data-back", "data-advance", "data-tab", "data-station"];

/** A selector that finds the same control after a redraw. */
export function focusKey(element: Element | null): string | undefined {
  if (!element || element === document.body) return undefined;
  if (element.id) return `#${CSS.escape(element.id)}`;
  for (const name of FOCUS_ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (value !== null) return `[${name}="${CSS.escape(value)}"]`;
  }
  return undefined;
}

export function restoreFocus(key: string | undefined, fallback?: () => HTMLElement | null): void {
  const again = key ? document.querySelector<HTMLElement>(key) : null;
  const target = again && !(again as HTMLButtonElement).disabled ? again : fallback?.();
  target?.focus();
}

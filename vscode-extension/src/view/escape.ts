// Model text (names, options, card labels, messages) reaches the webviews' HTML only through
// these functions: a model is untrusted input, and markup in it must show as text.

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

// The HTML page of a webview: a strict content security policy (nothing remote, scripts only with
// this page's nonce, styles only from the extension's media folder), one stylesheet, one script.

import { escapeHtml } from "./escape";

export interface PageParts {
  /** `webview.cspSource`: where the webview may load the extension's own files from. */
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUri: string;
  title: string;
  /** Trusted markup written by the extension (no model text). */
  body: string;
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `style-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join("; ");
}

export function pageHtml(parts: PageParts): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(parts.cspSource, parts.nonce).replace(/[&"<>]/g, escapeHtml)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(parts.styleUri)}">
<title>${escapeHtml(parts.title)}</title>
</head>
<body>
${parts.body}
<script nonce="${escapeHtml(parts.nonce)}" src="${escapeHtml(parts.scriptUri)}"></script>
</body>
</html>`;
}

/** A fresh nonce: 32 characters from a cryptographic source. */
export function makeNonce(random: (size: number) => Uint8Array): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(random(32), (byte) => alphabet[byte % alphabet.length]).join("");
}

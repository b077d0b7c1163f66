/**
 * The download name of a report and its `Content-Disposition` header.
 *
 * `reportFileName("陈 CV.pdf")` → `陈 CV-report.pdf`: the source's name without its extension
 * (or `fallback` when nothing is left), `-report.pdf` after it, path separators, control
 * characters and bidirectional overrides (which would display "x\u202Efdp.exe" reversed) dropped,
 * at most 120 characters before the suffix.
 */
export function reportFileName(source: string, fallback: string): string {
  const base = source
    .split(/[\\/]/)
    .pop()!
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it strips from the name
    .replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .trim();
  return `${Array.from(base || fallback)
    .slice(0, 120)
    .join("")
    .trim()}-report.pdf`;
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266 §4.3, RFC 5987 / RFC 8187): an ASCII
 * fallback for old clients — each other character, quote or backslash becomes `_` — and the
 * exact UTF-8 name, percent-encoded, which every current browser prefers.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

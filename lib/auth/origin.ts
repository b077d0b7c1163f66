import { PanelistError } from "@/lib/errors";

/**
 * The origins state-changing requests may come from, first the app's own: `APP_URL` (the set-up
 * writes the URL it actually serves, port included), else `BETTER_AUTH_URL`, else
 * `http://localhost:$PORT`; then every origin in `TRUSTED_ORIGINS` (comma-separated). Exact
 * origins only — no `localhost:*`: another port of the same host is another origin.
 * @throws {Error} when one of the variables is not a URL.
 */
export function trustedOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  const own = env.APP_URL ?? env.BETTER_AUTH_URL ?? `http://localhost:${env.PORT ?? 3000}`;
  const extra = (env.TRUSTED_ORIGINS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set([own, ...extra].map((u) => new URL(u).origin.toLowerCase()))];
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery check for one request, after Go's `net/http.CrossOriginProtection`
 * (Go 1.25) and OWASP's CSRF cheat sheet ("Fetch Metadata" + "Verifying Origin"):
 * 1. safe methods (GET, HEAD, OPTIONS) pass — they change nothing;
 * 2. `Sec-Fetch-Site: same-origin` or `none` (typed in the address bar) passes; any other value
 *    (`same-site` — another port of the same host —, `cross-site`) passes only when `Origin` is
 *    trusted;
 * 3. without `Sec-Fetch-Site` (older browsers; plain http to a non-loopback host), `Origin` must
 *    be one of {@link trustedOrigins};
 * 4. with neither header (nor a `Referer`, read as `Origin` when that is missing) the request did not come from a browser (curl, scripts, server-to-server
 *    calls): it passes — a browser always sends `Origin` on a cross-origin POST, so an attacker's
 *    page cannot strip it.
 * @throws {PanelistError} 403 `forbidden:csrf`.
 */
export function assertSameOrigin(req: Request, origins: readonly string[] = trustedOrigins()): void {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return;
  const site = req.headers.get("sec-fetch-site")?.toLowerCase() ?? null;
  // Without Origin, a Referer still names the page that sent the request (better-auth reads it too).
  const origin = (req.headers.get("origin") ?? refererOrigin(req.headers.get("referer")))?.toLowerCase() ?? null;
  if (site === "same-origin" || site === "none") return;
  if (site === null && origin === null) return;
  if (origin !== null && origin !== "null" && origins.includes(origin)) return;
  throw new PanelistError("forbidden:csrf", "This request did not come from Panelist's own pages.");
}

function refererOrigin(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

/**
 * The response headers every answer of the app carries, for `next.config.ts` `headers()`
 * (docs/security.md, "Edges"). They are set there, not in a proxy: a proxy matching the upload
 * routes would buffer and truncate their bodies at 10 MB (docs/architecture.md).
 *
 * Next applies these rules in its router, before a page or handler runs, and a handler's own
 * header of the same name is then dropped (next/dist/server/send-response.js appends a handler's
 * header only when the response does not have it yet). So the config decides `Cache-Control` on
 * every `/api` answer; where two rules match, the later one wins (Next docs, `headers`).
 */

/** One entry of Next's `headers()` (next.config `headers`). */
export type HeaderRule = { source: string; headers: { key: string; value: string }[] };

/**
 * The Content-Security-Policy (CSP Level 3, W3C).
 *
 * - `script-src 'self' 'unsafe-inline'`: the App Router streams its payload in inline
 *   `<script>self.__next_f.push(…)</script>` tags. Nonces would remove `'unsafe-inline'`, but
 *   Next can only add them from a proxy (middleware) that sets a fresh nonce per request, which
 *   forces every page into dynamic rendering and would put a proxy in front of the upload
 *   routes. The app renders no user HTML (React escapes text; no `dangerouslySetInnerHTML` on
 *   user data), so the inline allowance guards against little; `object-src`, `base-uri`,
 *   `form-action` and `frame-ancestors` are locked regardless, and `'unsafe-eval'` is never
 *   allowed in production.
 * - `'unsafe-eval'` (and `ws:` for hot reload) only under `next dev`: React Refresh evaluates
 *   modules with `eval`.
 * - `style-src 'unsafe-inline'`: charts (recharts) and score bars set `style` attributes.
 * - `img-src data: blob:`: inline SVG icons and images made in the page; `font-src data:`:
 *   fonts inlined by CSS. Fetches and the task-status EventSource go to the app itself (`'self'`).
 * @param dev `next dev` (NODE_ENV=development).
 */
export function contentSecurityPolicy(dev: boolean): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-inline'", ...(dev ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...(dev ? ["ws:"] : [])],
    "media-src": ["'self'", "blob:"],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "frame-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "manifest-src": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * `Permissions-Policy` (W3C Permissions Policy): everything the app does not use is off for the
 * page and any frame; the microphone stays on for the app's own origin, because the interview's
 * voice answers use the browser's speech recognition (components/interview/speech.tsx), which
 * asks for it.
 */
export const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=(self)",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "hid=()",
  "bluetooth=()",
  "midi=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
  "display-capture=()",
  "browsing-topics=()",
].join(", ");

/** The API routes that stream Server-Sent Events: their answers must not be compressed (buffered) by Next. */
const STREAMING_API_ROUTES = ["/api/tasks/:id/events", "/api/interviews/:id/chat"];

/**
 * The header rules of the app.
 * - every path: CSP, `X-Frame-Options: DENY` (for browsers without `frame-ancestors`),
 *   `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`,
 *   `Permissions-Policy`, `Cross-Origin-Opener-Policy: same-origin`, and
 *   `Strict-Transport-Security` (two years, subdomains; RFC 6797) when the app's URL is https —
 *   browsers ignore it over http anyway (RFC 6797 §8.1).
 * - `/api/*`: `Cache-Control: no-store` — answers hold one person's or organisation's data
 *   (reports, lists, sessions) and none is meant to be cached by a browser or a shared cache.
 * - the streaming routes: `no-store, no-transform`, after the `/api` rule so it overrides it —
 *   without `no-transform` Next's gzip would compress, and so hold back, every event.
 * @param env `dev` for `next dev`, `appUrl` the public URL of the app (`APP_URL`), read when the
 *   config is loaded: at `next build` for a production server (the rules go into the build's
 *   routes manifest), so build with the production `APP_URL`.
 */
export function securityHeaderRules(env: { dev: boolean; appUrl: string | undefined }): HeaderRule[] {
  const https = (env.appUrl ?? "").toLowerCase().startsWith("https://");
  const everywhere = [
    { key: "Content-Security-Policy", value: contentSecurityPolicy(env.dev) },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: PERMISSIONS_POLICY },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
    ...(https ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : []),
  ];
  return [
    { source: "/:path*", headers: everywhere },
    { source: "/api/:path*", headers: [{ key: "Cache-Control", value: "no-store" }] },
    ...STREAMING_API_ROUTES.map((source) => ({ source, headers: [{ key: "Cache-Control", value: "no-store, no-transform" }] })),
  ];
}

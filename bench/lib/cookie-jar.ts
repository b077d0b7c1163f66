/**
 * A browser's cookie store for one bench client, as far as the app's cookies need: every
 * response's `Set-Cookie` lines (RFC 6265 §5.2) replace the cookie of that name, one with
 * `Max-Age` ≤ 0 or an `Expires` in the past removes it, and a cookie past its `Max-Age` /
 * `Expires` is no longer sent (§5.3 step 11, §5.4). Domain, path, `Secure` and `HttpOnly` are not
 * looked at: every bench request goes to the one app origin. So better-auth's signed session
 * cookie cache (`session_data`, lib/auth/auth.ts `cookieCacheOptions`, AUTH_SESSION_CACHE_SECONDS)
 * is sent while it lives and refreshed only by the responses that refresh it, as in a browser.
 */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; expiresAt: number }>();
  /** How many responses carried at least one `Set-Cookie`. */
  updates = 0;

  /** A jar holding `header`'s cookies (`a=1; b=2`, a `Cookie` header), without expiry. */
  static from(header: string): CookieJar {
    const jar = new CookieJar();
    for (const pair of header.split(/;\s*/)) {
      const eq = pair.indexOf("=");
      if (eq > 0) jar.cookies.set(pair.slice(0, eq), { value: pair.slice(eq + 1), expiresAt: Number.POSITIVE_INFINITY });
    }
    return jar;
  }

  /** The `Cookie` header to send now ("" when the jar is empty). */
  header(now = Date.now()): string {
    const out: string[] = [];
    for (const [name, c] of this.cookies) {
      if (c.expiresAt <= now) this.cookies.delete(name);
      else out.push(`${name}=${c.value}`);
    }
    return out.join("; ");
  }

  /** Takes the `Set-Cookie` lines of a response. */
  update(headers: Headers, now = Date.now()): void {
    const lines = headers.getSetCookie();
    if (lines.length) this.updates++;
    for (const line of lines) {
      const [pair, ...attrs] = line.split(/;\s*/);
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      let expiresAt = Number.POSITIVE_INFINITY;
      let maxAgeSeen = false;
      for (const attr of attrs) {
        const [key, val = ""] = attr.split("=", 2);
        const k = key.trim().toLowerCase();
        // Max-Age wins over Expires (RFC 6265 §5.3 step 3).
        if (k === "max-age" && /^-?\d+$/.test(val.trim())) {
          expiresAt = now + Number(val.trim()) * 1000;
          maxAgeSeen = true;
        } else if (k === "expires" && !maxAgeSeen) {
          const t = Date.parse(val);
          if (!Number.isNaN(t)) expiresAt = t;
        }
      }
      if (expiresAt <= now) this.cookies.delete(name);
      else this.cookies.set(name, { value: pair.slice(eq + 1), expiresAt });
    }
  }
}

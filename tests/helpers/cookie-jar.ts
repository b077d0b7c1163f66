import { CookieJar as ToughCookieJar } from "tough-cookie";

/**
 * A browser's cookie store for one client (a bench's candidate, a session test's browser), on
 * tough-cookie (RFC 6265: every response's `Set-Cookie` replaces the cookie of that name, `Max-Age`
 * ≤ 0 or a past `Expires` removes it, an expired cookie is no longer sent). So better-auth's signed session cookie cache
 * (`session_data`, lib/auth/auth.ts `cookieCacheOptions`, AUTH_SESSION_CACHE_SECONDS) is sent
 * while it lives and refreshed only by the responses that refresh it, as in a browser.
 */
export class CookieJar {
  private readonly jar = new ToughCookieJar();
  /** How many responses carried at least one `Set-Cookie`. */
  updates = 0;

  private constructor(private readonly url: string) {}

  /** A jar for the app at `url` holding `header`'s cookies (`a=1; b=2`, a `Cookie` header), without expiry. */
  static from(header: string, url: string): CookieJar {
    const jar = new CookieJar(url);
    for (const pair of header.split(/;\s*/)) if (pair.includes("=")) jar.jar.setCookieSync(pair, url);
    return jar;
  }

  /** The value of the cookie named `name`, or ending in `.name` (better-auth prefixes its own); undefined when there is none. */
  value(name: string): string | undefined {
    return this.jar.getCookiesSync(this.url).find((c) => c.key === name || c.key.endsWith(`.${name}`))?.value;
  }

  /** The `Cookie` header to send now ("" when the jar is empty). */
  header(): string {
    return this.jar.getCookieStringSync(this.url);
  }

  /** Takes the `Set-Cookie` lines of a response (a malformed one is ignored, as a browser does). */
  update(headers: Headers): void {
    const lines = headers.getSetCookie();
    if (lines.length) this.updates++;
    for (const line of lines) this.jar.setCookieSync(line, this.url, { ignoreError: true });
  }
}

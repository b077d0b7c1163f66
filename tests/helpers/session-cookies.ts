/**
 * A browser's cookie jar, as far as the session tests need one: a `Cookie` header, read by name
 * and updated from an answer's `Set-Cookie` lines (RFC 6265 §5.3: an empty value or `Max-Age=0`
 * removes the cookie).
 */

/** The value of the cookie whose name is `name` or ends with `.name` (better-auth prefixes its own), or undefined. */
export function cookieNamed(header: string, name: string): string | undefined {
  for (const pair of header.split("; ")) {
    const i = pair.indexOf("=");
    const n = pair.slice(0, i);
    if (n === name || n.endsWith(`.${name}`)) return pair.slice(i + 1);
  }
  return undefined;
}

/** `header` after the browser applied `res`'s `Set-Cookie` lines. */
export function withSetCookies(header: string, res: Response): string {
  const jar = new Map(
    header
      .split("; ")
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)] as const),
  );
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(";").map((s) => s.trim());
    const i = pair!.indexOf("=");
    const name = pair!.slice(0, i);
    const value = pair!.slice(i + 1);
    if (value === "" || attrs.some((a) => /^max-age=0$/i.test(a))) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([n, v]) => `${n}=${v}`).join("; ");
}

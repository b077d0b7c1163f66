/**
 * How long what the door knows of a signed-in person may be reused without asking the database
 * (docs/security.md, "Session cache"): better-auth's signed session cookie cache
 * (`session.cookieCache`) and the membership cache of lib/auth/guard.ts both live this long, so
 * a ban, a sign-out elsewhere, a platform-role or membership change takes effect within it.
 */

/** Default age, seconds: a ban or a role change reaches every process within a minute. */
const DEFAULT_SECONDS = 60;

/**
 * `AUTH_SESSION_CACHE_SECONDS` (whole seconds ≥ 0; default 60); 0 turns both caches off (every
 * request reads the session and the membership from the database).
 * @throws Error when the variable is set to anything but a whole number ≥ 0.
 */
export function sessionCacheSeconds(): number {
  const raw = process.env.AUTH_SESSION_CACHE_SECONDS?.trim();
  if (!raw) return DEFAULT_SECONDS;
  if (!/^\d+$/.test(raw)) throw new Error(`AUTH_SESSION_CACHE_SECONDS must be a whole number of seconds ≥ 0 (got "${raw}")`);
  return Number(raw);
}

/** Most entries a {@link TtlCache} keeps: far above the people one process serves within a minute. */
const MAX_ENTRIES = 10_000;

/**
 * A small in-process map whose entries expire `ttlMs()` after they were set; the oldest entry
 * goes first when it is full (a Map iterates in insertion order). `ttlMs()` is read on each
 * write, so a test can change the age; 0 stores nothing.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  constructor(private readonly ttlMs: () => number) {}

  /** The value stored under `key`, or undefined when there is none or it expired. */
  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: V): void {
    const ttl = this.ttlMs();
    if (ttl <= 0) return;
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expiresAt: Date.now() + ttl });
  }
}

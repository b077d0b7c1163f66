/**
 * The request limits in force (docs/security.md, "Request limits"): every rule of
 * lib/ratelimit/policies.ts at its console override, else its `RATE_LIMIT_*` variable, else its
 * default; and the allow-list. The console's rows are read from PostgreSQL at most once per
 * {@link LIMIT_SETTINGS_TTL_MS} per process (so a change reaches every web process within that
 * time, without a deploy); the environment is read on every call.
 */
import { BlockList, isIP } from "node:net";
import { getDb } from "@/lib/db/client";
import { type AllowlistRow, listAllowlistEntries, listRateLimitOverrides } from "@/lib/db/queries/rate-limits";
import { createLogger } from "@/lib/log";
import { addCidr } from "./client-ip";
import { LIMIT_RULES, limitsFromEnv } from "./policies";

/** How long a process keeps the console's overrides and allow-list before reading them again, ms. */
export const LIMIT_SETTINGS_TTL_MS = 5_000;

/** Who a request is, for the allow-list. */
export interface LimitSubject {
  userId?: string | null;
  organizationId?: string | null;
  /** The client address (`ClientAddress.ip`, lib/ratelimit/client-ip.ts). */
  ip?: string | null;
}

/** The allow-list's verdict for one subject: `multiplier` null lifts every limit; otherwise limits × multiplier (1 = not listed). */
export interface Allowance {
  multiplier: number | null;
  /** The entries that matched. */
  entryIds: string[];
}

/** The limits in force. */
export interface LimitSettings {
  /** Rule id → limit in force (units per the rule's period). */
  limits: ReadonlyMap<string, number>;
  /** Rule id → the console's value, for the rules that have one. */
  overrides: ReadonlyMap<string, number>;
  /** Rule id → the environment's (or built-in) value. */
  defaults: ReadonlyMap<string, number>;
  allowlist: readonly AllowlistRow[];
  /** The allow-list's verdict for a subject. */
  allowanceFor(subject: LimitSubject): Allowance;
}

type Cached = { at: number; overrides: Map<string, number>; allowlist: AllowlistRow[] };
let cached: Cached | undefined;
const log = createLogger("ratelimit");

/** Forgets the cached console rows, so this process reads them again on the next call (the console calls it after a change). */
export function invalidateLimitSettings(): void {
  cached = undefined;
  loading = undefined;
  invalidations++;
}
let invalidations = 0;

/**
 * The limits in force now.
 * When PostgreSQL cannot be read, the last rows read stand (or none, on a process that never
 * read them): a database outage neither lifts a limit an admin lowered for long nor breaks requests.
 * @throws {Error} when a `RATE_LIMIT_*` variable is malformed (lib/ratelimit/policies.ts).
 */
export async function getLimitSettings(now: number = Date.now()): Promise<LimitSettings> {
  const defaults = limitsFromEnv();
  let current = cached;
  if (!current || now - current.at >= LIMIT_SETTINGS_TTL_MS) {
    // One read at a time per process: the requests that arrive while it runs wait for it
    // instead of each sending their own two queries when the cache expires under load.
    if (!loading) {
      const read = load(now).finally(() => {
        if (loading === read) loading = undefined;
      });
      loading = read;
    }
    current = await loading;
  }
  return buildSettings(defaults, current.overrides, current.allowlist);
}

let loading: Promise<Cached> | undefined;

async function load(now: number): Promise<Cached> {
  const generation = invalidations;
  try {
    const db = getDb();
    const [overrideRows, allowlist] = await Promise.all([listRateLimitOverrides(db), listAllowlistEntries(db)]);
    const known = new Set(LIMIT_RULES.map((r) => r.id));
    const fresh = { at: now, overrides: new Map(overrideRows.filter((o) => known.has(o.ruleId)).map((o) => [o.ruleId, o.limit])), allowlist };
    // Rows read before an invalidation may be the old ones: used for this call, not kept.
    cached = generation === invalidations ? fresh : { ...fresh, at: Number.NEGATIVE_INFINITY };
    return fresh;
  } catch (err) {
    log.warn({ err: String(err) }, "request-limit settings could not be read; the last ones read stand");
    cached = { at: now, overrides: cached?.overrides ?? new Map(), allowlist: cached?.allowlist ?? [] };
    return cached;
  }
}

/**
 * Settings from explicit parts, no I/O (tests, and the console's preview).
 * @param defaults rule id → environment/built-in limit; `overrides` win over it.
 */
export function buildSettings(defaults: Map<string, number>, overrides: Map<string, number>, allowlist: AllowlistRow[]): LimitSettings {
  const limits = new Map(defaults);
  for (const [id, v] of overrides) limits.set(id, v);
  const users = new Map<string, AllowlistRow[]>();
  const orgs = new Map<string, AllowlistRow[]>();
  const ranges: { row: AllowlistRow; list: BlockList }[] = [];
  for (const row of allowlist) {
    if (row.kind === "user") users.set(row.value, [...(users.get(row.value) ?? []), row]);
    else if (row.kind === "organization") orgs.set(row.value, [...(orgs.get(row.value) ?? []), row]);
    else {
      const list = cidrList(row.value);
      if (list) ranges.push({ row, list });
    }
  }
  return {
    limits,
    overrides,
    defaults,
    allowlist,
    allowanceFor(subject) {
      const matched: AllowlistRow[] = [];
      if (subject.userId) matched.push(...(users.get(subject.userId) ?? []));
      if (subject.organizationId) matched.push(...(orgs.get(subject.organizationId) ?? []));
      const ipType = subject.ip ? isIP(subject.ip) : 0;
      if (ipType) for (const r of ranges) if (r.list.check(subject.ip!, ipType === 6 ? "ipv6" : "ipv4")) matched.push(r.row);
      if (matched.length === 0) return { multiplier: 1, entryIds: [] };
      const unlimited = matched.some((m) => m.multiplier === null);
      return { multiplier: unlimited ? null : Math.max(...matched.map((m) => m.multiplier ?? 1)), entryIds: matched.map((m) => m.id) };
    },
  };
}

/**
 * A CIDR range (`203.0.113.0/24`, `2001:db8::/32`) or a lone address as a BlockList, or null when
 * `value` is neither.
 */
export function cidrList(value: string): BlockList | null {
  const list = new BlockList();
  return addCidr(list, value) ? list : null;
}

import { isIP } from "node:net";
import type { Redis } from "ioredis";
import type { Db } from "@/lib/db/client";
import { insertAuditEntry } from "@/lib/db/queries/audit";
import {
  type AllowlistRow,
  allowlistLabels,
  deleteAllowlistEntry,
  deleteRateLimitOverride,
  findOrganizationIdByIdOrSlug,
  findUserIdByIdOrEmail,
  listAllowlistEntries,
  listRateLimitOverrides,
  type RateLimitOverrideRow,
  upsertAllowlistEntry,
  upsertRateLimitOverride,
} from "@/lib/db/queries/rate-limits";
import { PanelistError } from "@/lib/errors";
import { createLogger } from "@/lib/log";
import { networkAddress } from "@/lib/ratelimit/client-ip";
import { recentRefusals, refusalCounts } from "@/lib/ratelimit/hits";
import { invalidateLimitSettings } from "@/lib/ratelimit/limit-settings";
import { findRule, LIMIT_RULES, type LimitRule, limitsFromEnv } from "@/lib/ratelimit/policies";
import { ALLOWLIST_MAX_MULTIPLIER, type AllowlistEntryView, type AllowlistKind, type LimitRuleView, type LimitsBody, type RefusalView } from "./contracts";

/**
 * The console's request-limit settings (docs/security.md, "Request limits"): every rule of the
 * catalogue (lib/ratelimit/policies.ts) with its default, the admins' override, the limit in
 * force and its refusals; and the allow-list. Every change is written with its `audit_log` row
 * in one transaction, then this process's cached settings are dropped
 * (`invalidateLimitSettings`), so the change holds here at once and in every other web process
 * within `LIMIT_SETTINGS_TTL_MS` (lib/ratelimit/limit-settings.ts) — no deploy.
 */
const log = createLogger("console");

/** How many refusals the console lists. */
export const RECENT_REFUSALS_SHOWN = 50;
/** An override's upper bound for a byte rule: 1 TiB per period. */
const MAX_BYTES = 2 ** 40;
/** An override's upper bound for any other rule: ten million requests, files or failures per period (far above any default; a typo such as an extra digit stays visible, a lifted limit is the allow-list's job). */
const MAX_COUNT = 10_000_000;

/** The largest value an override of `rule` may take. */
export function limitBound(rule: Pick<LimitRule, "unit">): number {
  return rule.unit === "bytes" ? MAX_BYTES : MAX_COUNT;
}

/** A 422 whose message is the issue itself ("limit: an integer from 0 to 10000000"), so the console can show it as it comes. */
const invalid = (path: string, message: string) => new PanelistError("unprocessable:admin", `${path}: ${message}`, { issues: [{ path, message }] });

function ruleOrThrow(ruleId: string): LimitRule {
  const rule = findRule(ruleId);
  if (!rule) throw invalid("ruleId", `no request-limit rule is called "${ruleId}"`);
  return rule;
}

/**
 * Every rule in catalogue order with its default (the environment variable, else built in), the
 * console's override, the limit in force and the refusals counted today.
 * @param redis where the refusal counts are; when it cannot be asked, `hits24h` is null (the rules still answer).
 * @throws {Error} when a `RATE_LIMIT_*` variable is malformed (the limiter would throw too).
 */
export async function listLimitRules(db: Db, redis: Redis): Promise<LimitRuleView[]> {
  const defaults = limitsFromEnv();
  const [overrides, counts] = await Promise.all([
    listRateLimitOverrides(db),
    refusalCounts(redis, { days: 1 }).catch((err) => {
      log.warn({ err: String(err) }, "refusal counts could not be read");
      return null;
    }),
  ]);
  const byRule = new Map(overrides.map((o) => [o.ruleId, o]));
  return LIMIT_RULES.map((rule) => {
    const defaultLimit = defaults.get(rule.id) ?? rule.defaultLimit;
    const o = byRule.get(rule.id);
    return {
      id: rule.id,
      policy: rule.policy,
      dimension: rule.dimension,
      unit: rule.unit,
      period: rule.period,
      description: rule.description,
      env: rule.env,
      defaultLimit,
      fromEnv: Boolean(process.env[rule.env]?.trim()),
      override: o ? { limit: o.limit, updatedBy: o.updatedBy, updatedAt: o.updatedAt.toISOString() } : null,
      effective: o ? o.limit : defaultLimit,
      max: limitBound(rule),
      hits24h: counts ? (counts[rule.id] ?? 0) : null,
    };
  });
}

/** The latest refusals, newest first, or null when Redis cannot be asked. */
export async function listRecentRefusals(redis: Redis, limit = RECENT_REFUSALS_SHOWN): Promise<RefusalView[] | null> {
  try {
    return await recentRefusals(redis, { limit });
  } catch (err) {
    log.warn({ err: String(err) }, "recent refusals could not be read");
    return null;
  }
}

/** The body of `GET /api/admin/settings/limits` (`limitsBodySchema`, lib/console/contracts.ts). */
export async function limitsBody(db: Db, redis: Redis): Promise<LimitsBody> {
  const [rules, refusals] = await Promise.all([listLimitRules(db, redis), listRecentRefusals(redis)]);
  return { rules, refusals };
}

/**
 * Sets one rule's limit (`rate_limit.set` in `audit_log`, with the value before and after).
 * @param c.limit units per the rule's period; 0 refuses everything.
 * @throws {PanelistError} 422 `unprocessable:admin` for an unknown rule, or a limit that is not an
 *   integer from 0 to {@link limitBound}.
 */
export async function setLimitOverride(db: Db, c: { ruleId: string; limit: number; actorId: string | null }): Promise<RateLimitOverrideRow> {
  const rule = ruleOrThrow(c.ruleId);
  const max = limitBound(rule);
  if (!Number.isSafeInteger(c.limit) || c.limit < 0 || c.limit > max) throw invalid("limit", `an integer from 0 to ${max}`);
  const after = await db.transaction(async (tx) => {
    const { before, after } = await upsertRateLimitOverride(tx, { ruleId: rule.id, limit: c.limit, updatedBy: c.actorId });
    await insertAuditEntry(tx, {
      actorId: c.actorId,
      action: "rate_limit.set",
      target: `rate_limit:${rule.id}`,
      before: before ? { limit: before.limit } : null,
      after: { limit: after.limit },
    });
    return after;
  });
  invalidateLimitSettings();
  return after;
}

/**
 * Removes one rule's override, so its default holds again (`rate_limit.delete` in `audit_log`).
 * @returns false when the rule had no override (nothing written).
 * @throws {PanelistError} 422 `unprocessable:admin` for an unknown rule.
 */
export async function removeLimitOverride(db: Db, c: { ruleId: string; actorId: string | null }): Promise<boolean> {
  const rule = ruleOrThrow(c.ruleId);
  const removed = await db.transaction(async (tx) => {
    const row = await deleteRateLimitOverride(tx, { ruleId: rule.id });
    if (row)
      await insertAuditEntry(tx, {
        actorId: c.actorId,
        action: "rate_limit.delete",
        target: `rate_limit:${rule.id}`,
        before: { limit: row.limit },
        after: null,
      });
    return row;
  });
  invalidateLimitSettings();
  return Boolean(removed);
}

/**
 * An address or CIDR range in the form the allow-list stores: the network address (host bits
 * cleared) in its canonical text (`2001:DB8::0:1/32` → `2001:db8::/32`) with its prefix; a lone
 * address becomes /32 or /128.
 * @throws {PanelistError} 422 `unprocessable:admin` for anything else, a zone id (`fe80::1%eth0`),
 *   or a /0 — a range holding every address is no allow-list entry.
 */
export function normaliseIpRange(raw: string): string {
  const [addr = "", prefixRaw, ...rest] = raw.trim().split("/");
  const type = isIP(addr);
  if (!type || rest.length > 0 || addr.includes("%")) throw invalid("value", "an IPv4 or IPv6 address, or a CIDR range such as 203.0.113.0/24");
  const bits = type === 6 ? 128 : 32;
  if (prefixRaw !== undefined && !/^\d{1,3}$/.test(prefixRaw)) throw invalid("value", `the prefix length must be a number from 1 to ${bits}`);
  const prefix = prefixRaw === undefined ? bits : Number(prefixRaw);
  if (prefix < 1 || prefix > bits) throw invalid("value", `the prefix length must be from 1 to ${bits} (a /0 would allow every address)`);
  return `${networkAddress(addr, prefix)}/${prefix}`;
}

/**
 * The stored form of an allow-list value: a user id (given the id or an e-mail), an organisation
 * id (given the id or the slug), or a normalised range ({@link normaliseIpRange}).
 * @throws {PanelistError} 422 `unprocessable:admin` when no such user or organisation exists, or the range is invalid.
 */
export async function resolveAllowlistValue(db: Db, { kind, value }: { kind: AllowlistKind; value: string }): Promise<string> {
  const v = value.trim();
  if (kind === "ip_range") return normaliseIpRange(v);
  const id = kind === "user" ? await findUserIdByIdOrEmail(db, { value: v }) : await findOrganizationIdByIdOrSlug(db, { value: v });
  if (!id) throw invalid("value", kind === "user" ? "no user has this id or e-mail" : "no organisation has this id or slug");
  return id;
}

/** Every allow-list entry, oldest first, with whom it names (`allowlistEntrySchema`). */
export async function listAllowlist(db: Db): Promise<AllowlistEntryView[]> {
  const rows = await listAllowlistEntries(db);
  const labels = await allowlistLabels(db, {
    userIds: rows.filter((r) => r.kind === "user").map((r) => r.value),
    organizationIds: rows.filter((r) => r.kind === "organization").map((r) => r.value),
  });
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    value: r.value,
    label: labels.get(`${r.kind}:${r.value}`) ?? null,
    multiplier: r.multiplier,
    note: r.note,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
  }));
}

const auditEntry = (r: AllowlistRow) => ({ kind: r.kind, value: r.value, multiplier: r.multiplier, note: r.note });

/**
 * Adds an allow-list entry, or replaces the one of the same kind and value (`allowlist.set` in
 * `audit_log`).
 * @param c.multiplier every limit × this (1 to {@link ALLOWLIST_MAX_MULTIPLIER}); null lifts every request limit.
 * @throws {PanelistError} 422 `unprocessable:admin` as {@link resolveAllowlistValue}, or for a multiplier out of range.
 */
export async function setAllowlistEntry(
  db: Db,
  c: { kind: AllowlistKind; value: string; multiplier: number | null; note: string; actorId: string | null },
): Promise<AllowlistRow> {
  if (c.multiplier !== null && (!Number.isSafeInteger(c.multiplier) || c.multiplier < 1 || c.multiplier > ALLOWLIST_MAX_MULTIPLIER)) {
    throw invalid("multiplier", `an integer from 1 to ${ALLOWLIST_MAX_MULTIPLIER}, or null for no limits`);
  }
  const value = await resolveAllowlistValue(db, c);
  const after = await db.transaction(async (tx) => {
    const { before, after } = await upsertAllowlistEntry(tx, { kind: c.kind, value, multiplier: c.multiplier, note: c.note.trim(), createdBy: c.actorId });
    await insertAuditEntry(tx, {
      actorId: c.actorId,
      action: "allowlist.set",
      target: `allowlist:${c.kind}:${value}`,
      before: before ? auditEntry(before) : null,
      after: auditEntry(after),
    });
    return after;
  });
  invalidateLimitSettings();
  return after;
}

/**
 * Removes one allow-list entry (`allowlist.delete` in `audit_log`).
 * @returns false when there was no such entry (nothing written).
 */
export async function removeAllowlistEntry(db: Db, c: { id: string; actorId: string | null }): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    const row = await deleteAllowlistEntry(tx, { id: c.id });
    if (row)
      await insertAuditEntry(tx, {
        actorId: c.actorId,
        action: "allowlist.delete",
        target: `allowlist:${row.kind}:${row.value}`,
        before: auditEntry(row),
        after: null,
      });
    return row;
  });
  invalidateLimitSettings();
  return Boolean(removed);
}

import { asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../client";
import { organization, rateLimitAllowlist, rateLimitOverrides, user } from "../schema";

export type RateLimitOverrideRow = typeof rateLimitOverrides.$inferSelect;
export type AllowlistRow = typeof rateLimitAllowlist.$inferSelect;

/** Every console override of a request-limit rule, by rule id. */
export async function listRateLimitOverrides(db: Db | Tx): Promise<RateLimitOverrideRow[]> {
  return db.select().from(rateLimitOverrides).orderBy(asc(rateLimitOverrides.ruleId));
}

/** Sets one rule's limit (insert or replace); returns the row before (undefined when there was none) and after. */
export async function upsertRateLimitOverride(
  tx: Tx,
  row: { ruleId: string; limit: number; updatedBy: string | null },
): Promise<{ before: RateLimitOverrideRow | undefined; after: RateLimitOverrideRow }> {
  const [before] = await tx.select().from(rateLimitOverrides).where(eq(rateLimitOverrides.ruleId, row.ruleId)).for("update");
  const [after] = await tx
    .insert(rateLimitOverrides)
    .values(row)
    .onConflictDoUpdate({ target: rateLimitOverrides.ruleId, set: { limit: row.limit, updatedBy: row.updatedBy, updatedAt: sql`now()` } })
    .returning();
  return { before, after: after! };
}

/** Removes one rule's override (back to the environment default); returns the removed row, or undefined. */
export async function deleteRateLimitOverride(tx: Tx, { ruleId }: { ruleId: string }): Promise<RateLimitOverrideRow | undefined> {
  const [row] = await tx.delete(rateLimitOverrides).where(eq(rateLimitOverrides.ruleId, ruleId)).returning();
  return row;
}

/** Every allow-list entry, oldest first. */
export async function listAllowlistEntries(db: Db | Tx): Promise<AllowlistRow[]> {
  return db.select().from(rateLimitAllowlist).orderBy(asc(rateLimitAllowlist.createdAt), asc(rateLimitAllowlist.id));
}

/** Adds (or, for the same kind and value, replaces) an allow-list entry; returns the row before and after. */
export async function upsertAllowlistEntry(
  tx: Tx,
  row: { kind: AllowlistRow["kind"]; value: string; multiplier: number | null; note: string; createdBy: string | null },
): Promise<{ before: AllowlistRow | undefined; after: AllowlistRow }> {
  const [before] = await tx
    .select()
    .from(rateLimitAllowlist)
    .where(sql`${rateLimitAllowlist.kind} = ${row.kind} and ${rateLimitAllowlist.value} = ${row.value}`)
    .for("update");
  const [after] = await tx
    .insert(rateLimitAllowlist)
    .values(row)
    .onConflictDoUpdate({ target: [rateLimitAllowlist.kind, rateLimitAllowlist.value], set: { multiplier: row.multiplier, note: row.note } })
    .returning();
  return { before, after: after! };
}

/** Removes one allow-list entry; returns it, or undefined when there was none. */
export async function deleteAllowlistEntry(tx: Tx, { id }: { id: string }): Promise<AllowlistRow | undefined> {
  const [row] = await tx.delete(rateLimitAllowlist).where(eq(rateLimitAllowlist.id, id)).returning();
  return row;
}

/** The id of the user whose id or e-mail (any case) is `value`, or undefined (the allow-list names people by either). */
export async function findUserIdByIdOrEmail(db: Db | Tx, { value }: { value: string }): Promise<string | undefined> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(or(eq(user.id, value), eq(user.email, value.toLowerCase())))
    .limit(1);
  return row?.id;
}

/** The id of the organisation whose id or slug is `value`, or undefined. */
export async function findOrganizationIdByIdOrSlug(db: Db | Tx, { value }: { value: string }): Promise<string | undefined> {
  const [row] = await db
    .select({ id: organization.id })
    .from(organization)
    .where(or(eq(organization.id, value), eq(organization.slug, value)))
    .limit(1);
  return row?.id;
}

/** Whom allow-list values name: user id → e-mail, organisation id → "name (slug)". Ids that no longer exist are absent. */
export async function allowlistLabels(
  db: Db | Tx,
  { userIds, organizationIds }: { userIds: string[]; organizationIds: string[] },
): Promise<Map<string, string>> {
  const [users, orgs] = await Promise.all([
    userIds.length ? db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, userIds)) : [],
    organizationIds.length
      ? db.select({ id: organization.id, name: organization.name, slug: organization.slug }).from(organization).where(inArray(organization.id, organizationIds))
      : [],
  ]);
  return new Map<string, string>([
    ...users.map((u): [string, string] => [`user:${u.id}`, u.email]),
    ...orgs.map((o): [string, string] => [`organization:${o.id}`, `${o.name} (${o.slug})`]),
  ]);
}

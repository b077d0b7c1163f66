import { desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../client";
import { auditLog, user } from "../schema";

/** One console change as `audit_log` keeps it. */
export type AuditEntryInput = {
  /** Who made the change (a user id); null only for the system itself. */
  actorId: string | null;
  /** `<thing>.<verb>`, e.g. `user.set_role`, `budget.set`, `price.delete`. */
  action: string;
  /** What it changed, e.g. `user:<id>`, `global:month` (a budget), `openai/gpt-4o` (a price). */
  target: string;
  /** The value before the change (null: it did not exist). */
  before: unknown;
  /** The value after the change (null: it was removed). */
  after: unknown;
};

/** Appends one row to `audit_log`; pass the transaction that makes the change, so both commit together. */
export async function insertAuditEntry(db: Db | Tx, e: AuditEntryInput): Promise<void> {
  await insertAuditEntries(db, [e]);
}

/**
 * The latest console changes, newest first (`audit_log_created_idx`), with the actor's name and
 * e-mail (null when the actor was the system, or has been deleted). `limit` ≤ 200.
 */
export async function listAuditEntries(db: Db, { limit }: { limit: number }) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      target: auditLog.target,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorName: user.name,
      actorEmail: user.email,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(Math.min(limit, 200));
}

/**
 * The bulk form of {@link insertAuditEntry}: many rows with one multi-row INSERT (a replay or a
 * discard of many tasks), in the transaction of the change.
 */
export async function insertAuditEntries(db: Db | Tx, rows: AuditEntryInput[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(auditLog)
    .values(rows.map((e) => ({ actorId: e.actorId, action: e.action, target: e.target, before: e.before ?? null, after: e.after ?? null })));
}

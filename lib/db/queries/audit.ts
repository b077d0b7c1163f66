import type { Db, Tx } from "../client";
import { auditLog } from "../schema";

/**
 * One console change in `audit_log`: who (`actorId`, a user id), what (`action`, e.g.
 * `budget.set`), on what (`target`, e.g. `user:*:day`), and the values before and after (null
 * for a creation or a deletion). Written in the transaction of the change itself.
 */
export async function insertAuditEntry(
  db: Db | Tx,
  entry: { actorId: string | null; action: string; target: string; before: unknown; after: unknown },
): Promise<void> {
  await db.insert(auditLog).values({ actorId: entry.actorId, action: entry.action, target: entry.target, before: entry.before, after: entry.after });
}

/**
 * The bulk form of {@link insertAuditEntry}: many rows with one multi-row INSERT (a replay or a
 * discard of many tasks), in the transaction of the change.
 */
export async function insertAuditEntries(
  db: Db | Tx,
  rows: { actorId: string | null; action: string; target: string; before: unknown; after: unknown }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(auditLog).values(rows.map((e) => ({ actorId: e.actorId, action: e.action, target: e.target, before: e.before, after: e.after })));
}

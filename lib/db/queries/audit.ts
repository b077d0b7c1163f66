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

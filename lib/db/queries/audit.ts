import type { Db, Tx } from "../client";
import { auditLog } from "../schema";

/**
 * Appends one entry to the audit log: who (`actorId`, null for the system) did what
 * (`action`, e.g. `price.set`) to what (`target`, e.g. `openai/gpt-4o-mini`), with the state
 * before and after (JSON, null when there was none). Call it in the transaction of the change.
 */
export async function insertAuditEntry(
  db: Db | Tx,
  e: { actorId: string | null; action: string; target: string; before: unknown; after: unknown },
): Promise<void> {
  await db.insert(auditLog).values({ actorId: e.actorId, action: e.action, target: e.target, before: e.before ?? null, after: e.after ?? null });
}

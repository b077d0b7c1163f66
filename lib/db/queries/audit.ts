import type { Db, Tx } from "../client";
import { auditLog } from "../schema";

/** One console change: who (`actorId`, a user id), what (`action`, e.g. `task.replay`), on what (`target`, e.g. `task:<id>`), before and after. */
export type AuditEntry = { actorId: string | null; action: string; target: string; before: unknown; after: unknown };

/** Writes audit rows with one multi-row INSERT, inside the caller's transaction (the change and its record commit together). */
export async function insertAuditEntries(tx: Tx | Db, rows: AuditEntry[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(auditLog)
    .values(rows.map((r) => ({ actorId: r.actorId, action: r.action, target: r.target, before: r.before ?? null, after: r.after ?? null })));
}

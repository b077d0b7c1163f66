/**
 * The task state machine's vocabulary (docs/architecture.md, "The task pipeline"), shared by
 * the database, the API and the UI. No imports: the browser bundle may use it.
 */
export const TASK_STATUSES = ["PENDING", "PROCESSING", "RETRYING", "COMPLETED", "FAILED", "TERMINATED_BY_POLICY"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

const END_STATUSES: readonly TaskStatus[] = ["COMPLETED", "FAILED", "TERMINATED_BY_POLICY"];

/** A task in an end state never changes again (short of an admin replay). */
export function isEnded(status: string | null | undefined): boolean {
  return status != null && (END_STATUSES as readonly string[]).includes(status);
}

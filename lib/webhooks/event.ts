import type { TaskStatus } from "@/lib/tasks/status";

const TASK_EVENT_TYPES = ["task.completed", "task.failed", "task.terminated"] as const;
type TaskEventType = (typeof TASK_EVENT_TYPES)[number];

/**
 * The body POSTed to a task's callback URL, in the Standard Webhooks payload shape
 * (`type`, `timestamp`, `data`; spec §"Payload structure"). A "thin" payload: the client
 * fetches the result with `GET /api/tasks/{taskId}` (and the domain route) if it wants it.
 */
type TaskEvent = {
  type: TaskEventType;
  /** When the task ended (`tasks.finished_at`), ISO 8601 UTC; not when the attempt was sent. */
  timestamp: string;
  data: {
    taskId: string;
    /** The task type, e.g. `resume.analyze`. */
    type: string;
    status: Extract<TaskStatus, "COMPLETED" | "FAILED" | "TERMINATED_BY_POLICY">;
    error: { code: string; message: string } | null;
  };
};

const EVENT_BY_STATUS: Record<TaskEvent["data"]["status"], TaskEventType> = {
  COMPLETED: "task.completed",
  FAILED: "task.failed",
  TERMINATED_BY_POLICY: "task.terminated",
};

/**
 * The event for an ended task, or null when `task.status` is not an end state.
 * @param task the row as it is after the ending transition (status, error, finishedAt set).
 */
export function taskEvent(task: {
  id: string;
  type: string;
  status: string;
  errorCode: string | null;
  errorMessage: string | null;
  finishedAt: Date | null;
}): TaskEvent | null {
  if (!Object.hasOwn(EVENT_BY_STATUS, task.status) || !task.finishedAt) return null;
  const status = task.status as TaskEvent["data"]["status"];
  const type = EVENT_BY_STATUS[status];
  return {
    type,
    timestamp: task.finishedAt.toISOString(),
    data: {
      taskId: task.id,
      type: task.type,
      status,
      error: task.errorCode ? { code: task.errorCode, message: task.errorMessage ?? "" } : null,
    },
  };
}

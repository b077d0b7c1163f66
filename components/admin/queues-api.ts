import {
  adminTaskDetailSchema,
  adminTaskListSchema,
  discardResultSchema,
  dlqListSchema,
  queueOverviewSchema,
  replayResultSchema,
} from "@/lib/tasks/admin-contracts";
import { requestJson } from "../tasks/api";

export type { AdminTaskDetail, AdminTaskItem, AdminTaskList, DlqList, QueueOverview, StreamOverview, UpstreamOverview } from "@/lib/tasks/admin-contracts";

/** The console's task search filters (every one optional; empty strings mean "any"). */
export type TaskFilters = { status: string; type: string; user: string; organization: string };

/** How often each console view refreshes, ms: queues and the DLQ are watched live; a task while it runs. */
export const POLL_MS = { queues: 3_000, dlq: 3_000, tasks: 5_000, taskRunning: 2_000, taskEnded: 10_000 } as const;

export const adminKeys = {
  queues: ["admin", "queues"] as const,
  tasks: (filters: TaskFilters, before: string | null) => ["admin", "tasks", filters, before] as const,
  task: (id: string) => ["admin", "task", id] as const,
  dlq: (before: string | null) => ["admin", "dlq", before] as const,
  /** Everything a replay or discard changes. */
  all: ["admin"] as const,
};

const qs = (p: Record<string, string | null | undefined>) => {
  const s = new URLSearchParams(Object.entries(p).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== "")).toString();
  return s ? `?${s}` : "";
};

export const fetchQueues = (signal?: AbortSignal) => requestJson("/api/admin/queues", { signal }, queueOverviewSchema);

export const fetchTasks = (filters: TaskFilters, before: string | null, signal?: AbortSignal) =>
  requestJson(`/api/admin/tasks${qs({ ...filters, before, limit: "25" })}`, { signal }, adminTaskListSchema);

export const fetchTask = (id: string, signal?: AbortSignal) => requestJson(`/api/admin/tasks/${encodeURIComponent(id)}`, { signal }, adminTaskDetailSchema);

export const fetchDlq = (before: string | null, signal?: AbortSignal) => requestJson(`/api/admin/dlq${qs({ before, limit: "25" })}`, { signal }, dlqListSchema);

export const replayTasks = (body: { taskIds: string[] } | { all: true }) =>
  requestJson("/api/admin/dlq/replay", { method: "POST", body: JSON.stringify(body) }, replayResultSchema);

export const discardTasks = (taskIds: string[]) =>
  requestJson("/api/admin/dlq/discard", { method: "POST", body: JSON.stringify({ taskIds }) }, discardResultSchema);

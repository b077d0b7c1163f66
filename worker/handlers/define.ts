import type { Db } from "@/lib/db/client";
import type { TaskContext, TaskHandler } from "@/lib/queue/consumer";
import type { TaskAttempt } from "@/lib/tasks/attempt";
import { TASK_DEFINITIONS, type TaskPayload, type TaskType } from "@/lib/tasks/definitions";
import { isLastRetry, toTaskError } from "./llm-errors";

/**
 * A handler for `type`: the name and payload schema come from the task's definition, and
 * `run` — a call of the domain's service — gets the payload and the attempt it runs in. The
 * LLM layer's errors it throws become the pipeline's ({@link toTaskError}: capacity refusals
 * deferred, retryable ones retried, the rest ended by policy); a `TaskError` passes as it is.
 */
export function taskHandler<T extends TaskType>(
  type: T,
  run: (payload: TaskPayload<T>, attempt: TaskAttempt) => Promise<Awaited<ReturnType<TaskHandler["process"]>>>,
): TaskHandler<TaskPayload<T>> {
  return {
    type,
    payloadSchema: TASK_DEFINITIONS[type].payloadSchema as TaskHandler<TaskPayload<T>>["payloadSchema"],
    async process({ task, payload, attempt, signal }: TaskContext<TaskPayload<T>>) {
      try {
        return await run(payload, {
          taskId: task.id,
          ownerId: task.ownerId,
          organizationId: task.organizationId,
          attempt,
          lane: task.lane as TaskAttempt["lane"],
          signal,
          preferFallback: isLastRetry(task, attempt),
        });
      } catch (err) {
        throw toTaskError(err);
      }
    },
  };
}

/** Builds one task type's handler on a database client. */
export type HandlerFactory<T extends TaskType> = (db: Db) => TaskHandler<TaskPayload<T>>;

import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import type { Logger } from "@/lib/log";
import type { Lane } from "./names";
import { submitTasks } from "./producer";

/**
 * Submits tasks that carry a `fairKey` (a recruiter's bulk work on the batch lane), after their
 * transaction committed. Interim form: published at once like {@link submitTasks}; the fair
 * feeder replaces it (admission per group, weighted round-robin).
 */
export async function submitFairTasks(
  deps: { redis: Redis; db: Db; log: Logger },
  list: { id: string; type: string; lane: Lane; fairKey: string | null }[],
): Promise<void> {
  await submitTasks(deps, list);
}

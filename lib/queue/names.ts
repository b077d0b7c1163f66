/**
 * Stream, group and channel names (docs/architecture.md, "The task pipeline"). Braces are a Redis Cluster hash tag: every
 * key of one task type lands in one slot, so multi-key commands and Lua stay cluster-safe.
 * `PANELIST_REDIS_PREFIX` (default empty) lets tests share one Redis without colliding.
 */
// Task types and lanes are defined once, with each type's payload and attempts.
export { LANES, type Lane, type TaskType } from "@/lib/tasks/definitions";

import type { Lane, TaskType } from "@/lib/tasks/definitions";

export const CONSUMER_GROUP = "workers";

export function redisPrefix(): string {
  return process.env.PANELIST_REDIS_PREFIX ?? "";
}

/** `panelist:{<type>}:<lane>` */
export function streamKey(type: TaskType, lane: Lane): string {
  return `${redisPrefix()}panelist:{${type}}:${lane}`;
}

/** `panelist:{<type>}:dlq` — a copy of every task that ended FAILED. */
export function dlqKey(type: TaskType): string {
  return `${redisPrefix()}panelist:{${type}}:dlq`;
}

/** Pub/sub channel carrying `{taskId, status}` on every task status change. */
export function taskEventsChannel(): string {
  return `${redisPrefix()}panelist:task-events`;
}

/** Present while Redis still holds what the relay published; its absence means Redis lost data. */
export function relayEpochKey(): string {
  return `${redisPrefix()}panelist:{relay}:epoch`;
}

/** While a republish after a Redis loss is under way: `<pass id> <tasks so far> <last task id published>` (lib/queue/relay.ts). */
export function relayRepublishKey(): string {
  return `${redisPrefix()}panelist:{relay}:republish`;
}

export function relayLockKey(): string {
  return `${redisPrefix()}panelist:{relay}:lock`;
}

/** Held by the one fair feeder admitting tasks at a time (lib/queue/fair-feeder.ts). */
export function fairFeederLockKey(): string {
  return `${redisPrefix()}panelist:{fair}:lock`;
}

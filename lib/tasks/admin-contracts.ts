/**
 * The JSON of the console's queue, task and DLQ APIs (`/api/admin/queues`, `/api/admin/tasks`,
 * `/api/admin/tasks/{id}`, `/api/admin/dlq`, `/api/admin/dlq/replay`, `/api/admin/dlq/discard`):
 * zod schemas with inferred types, built by lib/tasks/admin-view.ts and lib/tasks/queue-overview.ts
 * and read by components/admin/queues-api.ts. Browser-safe (zod only). Durations are ms,
 * timestamps ISO 8601, money integer micro-dollars.
 */
import { z } from "zod";
import { TASK_STATUSES } from "./status";

const lane = z.enum(["interactive", "batch"]);
const iso = z.iso.datetime({ offset: true });

/** A task in the console's lists (any owner). */
export const adminTaskItemSchema = z.object({
  id: z.string(),
  type: z.string(),
  lane,
  status: z.enum(TASK_STATUSES),
  attempts: z.number().int().min(0),
  maxAttempts: z.number().int().min(1),
  /** The last error (a task error code, lib/tasks/error-codes.ts, or one of an older version) and its raw text. */
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  ownerId: z.string(),
  ownerEmail: z.string().nullable(),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  createdAt: iso,
  startedAt: iso.nullable(),
  finishedAt: iso.nullable(),
  updatedAt: iso,
  /** Set when an admin discarded it from the DLQ view. */
  discardedAt: iso.nullable(),
});
export type AdminTaskItem = z.infer<typeof adminTaskItemSchema>;

/** A page of tasks, newest first; `nextCursor` is passed as `before` for the next (older) page, null on the last. */
export const adminTaskListSchema = z.object({ items: z.array(adminTaskItemSchema), nextCursor: z.string().nullable() });
export type AdminTaskList = z.infer<typeof adminTaskListSchema>;

/** `GET /api/admin/dlq`: a page of the DLQ and its size (`total`, counted up to `totalCap`; `total > totalCap` never happens, `total === totalCap` reads "or more"). */
export const dlqListSchema = adminTaskListSchema.extend({ total: z.number().int().min(0), totalCap: z.number().int().min(1) });
export type DlqList = z.infer<typeof dlqListSchema>;

const taskEventSchema = z.object({
  id: z.string(),
  /** attempt_failed | retry_scheduled | dead_lettered | budget_wait | replayed | discarded (schema.ts, task_events) */
  kind: z.string(),
  attempt: z.number().int().nullable(),
  errorCode: z.string().nullable(),
  message: z.string().nullable(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: iso,
});

const usageSchema = z.object({
  id: z.string(),
  attempt: z.number().int().nullable(),
  feature: z.string(),
  provider: z.string(),
  model: z.string(),
  inputTokens: z.number().int(),
  cachedInputTokens: z.number().int(),
  outputTokens: z.number().int(),
  /** null: the model has no known price. */
  costMicroUsd: z.number().int().nullable(),
  latencyMs: z.number().int(),
  ttftMs: z.number().int().nullable(),
  /** `ok`, an error code, or `in_flight`. */
  outcome: z.string(),
  cacheHit: z.boolean(),
  createdAt: iso,
});

/** `GET /api/admin/tasks/{id}`: one task with what happened to it. */
export const adminTaskDetailSchema = z.object({
  task: adminTaskItemSchema.extend({
    payload: z.record(z.string(), z.unknown()),
    availableAt: iso,
    leaseExpiresAt: iso.nullable(),
    messageId: z.string().nullable(),
  }),
  events: z.array(taskEventSchema),
  /** Its `llm_usage` rows, oldest first (at most {@link TASK_USAGE_LIMIT}). */
  usage: z.array(usageSchema),
});
export type AdminTaskDetail = z.infer<typeof adminTaskDetailSchema>;
/** Usage rows shown per task. */
export const TASK_USAGE_LIMIT = 200;

/** `POST /api/admin/dlq/replay` */
export const replayResultSchema = z.object({ replayed: z.array(z.string()), skipped: z.array(z.string()), more: z.boolean() });
export type ReplayResultBody = z.infer<typeof replayResultSchema>;
/** `POST /api/admin/dlq/discard` */
export const discardResultSchema = z.object({ discarded: z.array(z.string()), skipped: z.array(z.string()) });
export type DiscardResultBody = z.infer<typeof discardResultSchema>;

const percentilesSchema = z.object({ p50: z.number().nullable(), p90: z.number().nullable(), p99: z.number().nullable() });
export type Percentiles = z.infer<typeof percentilesSchema>;

/**
 * How a stream is doing: `idle` — nothing waiting or pending; `busy` — work waiting or running
 * and moving; `stalled` — an entry waiting or pending longer than {@link STALL_AFTER_MS} (so a
 * stuck queue never reads as an idle one).
 */
export const streamHealthSchema = z.enum(["idle", "busy", "stalled"]);
export type StreamHealth = z.infer<typeof streamHealthSchema>;
/**
 * Oldest waiting age or oldest pending idle time from which a stream is `stalled`: the default
 * task lease (TASK_LEASE_MS, 60 s) — a running attempt's heartbeat resets its entry's idle time
 * every lease/3, so an entry idle a whole lease has no live consumer (docs/architecture.md, "Reclaim").
 */
export const STALL_AFTER_MS = 60_000;

export const streamOverviewSchema = z.object({
  type: z.string(),
  lane,
  stream: z.string(),
  /** XLEN */
  length: z.number().int().min(0),
  /** Entries not yet delivered to the consumer group (XINFO GROUPS `lag`); null when Redis cannot tell. */
  lag: z.number().int().min(0).nullable(),
  /** Delivered, not ACKed (the PEL). */
  pending: z.number().int().min(0),
  /** The oldest PEL entry: time since its last delivery or claim, and age since it was added; 0 when none. */
  oldestPendingIdleMs: z.number().min(0),
  oldestPendingAgeMs: z.number().min(0),
  /** Age of the oldest entry not yet delivered; 0 when none waits (lib/queue/stats.ts). */
  oldestWaitingAgeMs: z.number().min(0),
  consumers: z.array(z.object({ name: z.string(), pending: z.number().int().min(0), idleMs: z.number().min(0) })),
  /** Entries of the type's DLQ stream (a copy; the database's DLQ is `GET /api/admin/dlq`). Repeated on each lane of the type. */
  dlqLength: z.number().int().min(0),
  health: streamHealthSchema,
  /** Tasks of this type × lane that ended in the last full minute, and per minute over the last hour. */
  completedLastMinute: z.number().int().min(0),
  failedLastMinute: z.number().int().min(0),
  completedPerMinuteHour: z.number().min(0),
  /**
   * From the workers' task timing histograms merged across processes (lib/metrics): every attempt
   * since the live workers started, not a recent window; null before one ran (shown "—").
   */
  queueWaitMs: percentilesSchema.nullable(),
  runMs: percentilesSchema.nullable(),
});
export type StreamOverview = z.infer<typeof streamOverviewSchema>;

export const upstreamOverviewSchema = z.object({
  provider: z.string(),
  model: z.string(),
  /** The model serves as the primary or the fallback (LLM_FALLBACK_MODEL). */
  role: z.enum(["primary", "fallback"]),
  /** The governor's sliding window now (docs/governor.md): granted requests and tokens, and the quota (null: unlimited). */
  requests: z.number().min(0),
  rpmLimit: z.number().int().nullable(),
  tokens: z.number().min(0),
  tpmLimit: z.number().int().nullable(),
  /** Shared pause after an upstream 429 / Retry-After, ms left. */
  pausedForMs: z.number().min(0),
  breaker: z.object({
    state: z.enum(["closed", "open", "half_open"]),
    consecutiveFailures: z.number().int().min(0),
    openForMs: z.number().min(0),
    timesOpened: z.number().int().min(0),
  }),
});
export type UpstreamOverview = z.infer<typeof upstreamOverviewSchema>;

/** `GET /api/admin/queues` */
export const queueOverviewSchema = z.object({
  generatedAt: iso,
  streams: z.array(streamOverviewSchema),
  /** Every minute of the last hour, oldest first, all streams together (minutes with nothing are 0). */
  throughput: z.array(z.object({ minute: iso, completed: z.number().int().min(0), failed: z.number().int().min(0), terminated: z.number().int().min(0) })),
  /** `offline`: no upstream model configured — no quota or circuit to show. */
  engine: z.enum(["offline", "online"]),
  upstream: z.array(upstreamOverviewSchema),
});
export type QueueOverview = z.infer<typeof queueOverviewSchema>;

import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { TASK_STATUSES } from "@/lib/tasks/status";

/** PostgreSQL `bytea` as a Node Buffer (file bytes live in the database so any worker can read them). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

// ── better-auth tables (field names as its Drizzle adapter expects) ─────────────────────
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** The platform role (better-auth admin plugin): `user` or `admin` (lib/auth/permissions.ts). Recruiting is organisation membership, not a role here. */
  role: text("role", { enum: ["user", "admin"] })
    .notNull()
    .default("user"),
  banned: boolean("banned").notNull().default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The organisation a recruiter acts in (better-auth organization plugin); null for a candidate. */
    activeOrganizationId: text("active_organization_id"),
    /** Set while an admin impersonates this session's user (admin plugin). */
    impersonatedBy: text("impersonated_by"),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ── organisations (better-auth organization plugin): recruiters are their members ────────
export const organization = pgTable("organization", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  logo: text("logo"),
  metadata: text("metadata"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

export const member = pgTable(
  "member",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** owner | admin | member (lib/auth/permissions.ts) — an organisation's admin is not a platform admin. */
    role: text("role").notNull().default("member"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("member_org_user_uq").on(t.organizationId, t.userId), index("member_user_idx").on(t.userId)],
);

export const invitation = pgTable(
  "invitation",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role"),
    status: text("status").notNull().default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    inviterId: text("inviter_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("invitation_org_idx").on(t.organizationId), index("invitation_email_idx").on(t.email)],
);

// ── tasks: the durable half of the pipeline (docs/architecture.md) ────────────────────
export { TASK_STATUSES, type TaskStatus } from "@/lib/tasks/status";

export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    lane: text("lane", { enum: ["interactive", "batch"] }).notNull(),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("PENDING"),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The organisation the work is done for (a recruiter's batch); null for a candidate's own work. */
    organizationId: text("organization_id").references(() => organization.id, { onDelete: "set null" }),
    /** Task-type specific input, e.g. `{resumeId}`; the stream message carries only the task id. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** +1 at each claim; drives retries and the DLQ rule. Also the fencing token of the current attempt. */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(3),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    /** When a RETRYING task becomes due again (backoff), or when a PENDING task may first run. */
    availableAt: timestamp("available_at", { withTimezone: true }).notNull().defaultNow(),
    /** While PROCESSING: the claim expires here unless the worker's heartbeat extends it. */
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
    /** Stream entry id of the latest XADD; the relay checks it still exists in Redis. */
    messageId: text("message_id"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Where the worker POSTs a signed event when the task ends (lib/webhooks, docs/webhooks.md); null = no callback. */
    callbackUrl: text("callback_url"),
    /**
     * The fair-queuing group of a batch-lane task (a recruiter's organisation): such a task is not
     * XADDed by its producer but admitted by the fair feeder (lib/queue/fair-feeder.ts), a few per
     * group at a time, so one organisation's 200 files cannot hold another's 5 behind them.
     * Null = published at once, like every other task.
     */
    fairKey: text("fair_key"),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Set when an admin discards a FAILED task from the DLQ view; the row and its status stay. */
    discardedAt: timestamp("discarded_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tasks_owner_idx").on(t.ownerId, t.createdAt),
    // The interactive submit guard (open interactive tasks per owner): its cost is those few, not the owner's history.
    index("tasks_owner_open_idx").on(t.ownerId).where(sql`lane = 'interactive' and status in ('PENDING','PROCESSING','RETRYING')`),
    // The relay scans only unfinished tasks.
    index("tasks_open_idx").on(t.status, t.availableAt).where(sql`status in ('PENDING','RETRYING','PROCESSING')`),
    // The relay's orphan pass: PENDING tasks with no stream entry (docs/architecture.md, "The backlog at scale").
    // Without it each tick filtered every PENDING row, a 1 M backlog's worth once a second.
    index("tasks_unpublished_idx").on(t.createdAt).where(sql`status = 'PENDING' and message_id is null and fair_key is null`),
    // The republish after a Redis loss: keyset pages of PENDING tasks by id, each page read in O(page size).
    index("tasks_pending_id_idx").on(t.id).where(sql`status = 'PENDING' and fair_key is null`),
    // The console's task search and DLQ view.
    index("tasks_status_created_idx").on(t.status, t.createdAt),
    index("tasks_org_created_idx").on(t.organizationId, t.createdAt),
    // The console's throughput per minute: a range scan over the last hour's ended tasks.
    index("tasks_finished_idx").on(t.finishedAt).where(sql`finished_at is not null`),
    // The fair feeder: each group's unadmitted and admitted-but-unfinished tasks.
    index("tasks_fair_idx").on(t.fairKey, t.createdAt).where(sql`fair_key is not null and status in ('PENDING','PROCESSING','RETRYING')`),
  ],
);

/**
 * What happened to a task beyond its current row: each failed attempt (retry or DLQ), each wait
 * for a budget, and each admin action (replay, discard). Success needs no event: the row's
 * started/finished times and the usage rows tell it. The console's task timeline reads these.
 */
export const taskEvents = pgTable(
  "task_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    /** attempt_failed | retry_scheduled | dead_lettered | budget_wait | replayed | discarded */
    kind: text("kind").notNull(),
    attempt: integer("attempt"),
    errorCode: text("error_code"),
    message: text("message"),
    /** The admin who acted (replayed, discarded); null for the pipeline's own events. */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("task_events_task_idx").on(t.taskId, t.createdAt)],
);

// ── files and resumes ───────────────────────────────────────────────────────────────────
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    mediaType: text("media_type").notNull(),
    kind: text("kind", { enum: ["pdf", "docx", "text"] }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("files_owner_sha_idx").on(t.ownerId, t.sha256)],
);

export const resumes = pgTable(
  "resumes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    jobDescription: text("job_description"),
    /** SHA-256 of (file sha256, whitespace-normalised JD): the duplicate-upload key. */
    dedupeKey: text("dedupe_key").notNull(),
    /** Detected at extraction; null until then. */
    language: text("language", { enum: ["en", "zh"] }),
    /** The latest analysis task for this resume. */
    taskId: uuid("task_id").references(() => tasks.id),
    /**
     * Set for a resume **of an organisation** (a recruiter's bulk upload, or the copy a candidate's
     * application makes): the organisation reads it, `owner_id` is who uploaded or applied, and it
     * is not in that person's own resume list. Null = a person's own resume.
     */
    organizationId: text("organization_id").references(() => organization.id, { onDelete: "cascade" }),
    /** The bulk upload it came in (recruiter batches); null otherwise. */
    batchId: uuid("batch_id").references((): AnyPgColumn => batches.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("resumes_owner_created_idx").on(t.ownerId, t.createdAt),
    index("resumes_owner_dedupe_idx").on(t.ownerId, t.dedupeKey),
    index("resumes_org_dedupe_idx").on(t.organizationId, t.dedupeKey).where(sql`organization_id is not null`),
    index("resumes_batch_idx").on(t.batchId).where(sql`batch_id is not null`),
  ],
);

export const analyses = pgTable(
  "analyses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    resumeId: uuid("resume_id")
      .notNull()
      .references(() => resumes.id, { onDelete: "cascade" }),
    /** One result per task: a redelivered or late message cannot write a second one. */
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    engine: text("engine").notNull(),
    promptVersion: text("prompt_version"),
    overallScore: real("overall_score").notNull(),
    result: jsonb("result").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("analyses_task_uq").on(t.taskId), index("analyses_resume_idx").on(t.resumeId)],
);

/**
 * A resume file's offline profile (lines, dated roles, years, dictionary skills: lib/resume/offline/profile.ts),
 * which a job's ranking reads instead of extracting every file again (docs/recruiting.md, "Ranking").
 * It depends only on the bytes (and the day "Present" was read), so it is keyed by the file's SHA-256;
 * `version` changes when the profile's shape or meaning does, so an old row is never read.
 */
export const resumeProfiles = pgTable(
  "resume_profiles",
  {
    sha256: text("sha256").notNull(),
    version: integer("version").notNull(),
    language: text("language", { enum: ["en", "zh"] }).notNull(),
    profile: jsonb("profile").notNull(),
    /** When it was made: "Present" in a role means this day. */
    madeAt: timestamp("made_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.version] })],
);

// ── LLM usage: one row per upstream call, offline analysis or cache hit (docs/finops.md) ─
export const llmUsage = pgTable(
  "llm_usage",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Generated before the call; the unique index makes a replayed write a no-op. */
    callId: uuid("call_id").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    organizationId: text("organization_id").references(() => organization.id, { onDelete: "set null" }),
    /** resume.analyze | interview.plan | interview.chat | interview.evaluate | … */
    feature: text("feature").notNull(),
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "set null" }),
    attempt: integer("attempt"),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    inputTokens: integer("input_tokens").notNull().default(0),
    /** Part of input_tokens served from the provider's prompt cache (priced at its own rate). */
    cachedInputTokens: integer("cached_input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull().default(0),
    /** Part of output_tokens spent on reasoning (billed as output). */
    reasoningTokens: integer("reasoning_tokens").notNull().default(0),
    /** True when the provider sent no usage and the tokens were counted with the tokenizer. */
    estimated: boolean("estimated").notNull().default(false),
    /** Integer micro-dollars (1 USD = 1 000 000); null = the model has no known price ("unpriced"), never 0 for that. */
    costMicroUsd: bigint("cost_micro_usd", { mode: "number" }),
    latencyMs: integer("latency_ms").notNull(),
    /** Time to first token of a streamed call, ms; null for unstreamed calls. */
    ttftMs: integer("ttft_ms"),
    /** `ok`, the error code of the call, or `in_flight` while it runs (a worker killed mid-call leaves it so). */
    outcome: text("outcome").notNull(),
    /** Served from the exact-match result cache: no upstream call, cost 0. */
    cacheHit: boolean("cache_hit").notNull().default(false),
    /** What a cache hit saved: the cost of the call that produced the cached result, micro-dollars. */
    savedMicroUsd: bigint("saved_micro_usd", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("llm_usage_call_uq").on(t.callId), index("llm_usage_task_idx").on(t.taskId), index("llm_usage_created_idx").on(t.createdAt)],
);

/**
 * Usage summed per bucket (hour and day) × provider × model × feature × user × organisation,
 * maintained in the transaction that completes each usage row, so no dashboard reads
 * `llm_usage`. Key columns hold '' instead of null (one unique key, no NULL semantics).
 * Latency and TTFT histograms are counts per bucket of `lib/finops/latency-buckets.ts`,
 * summed element-wise by `panelist_int_array_add` (migration 0004).
 */
export const llmUsageRollups = pgTable(
  "llm_usage_rollups",
  {
    /** `hour` and `day` for the totals cube; `day` and `month` for the per-user and per-organisation cubes. */
    granularity: text("granularity", { enum: ["hour", "day", "month"] }).notNull(),
    bucketStart: timestamp("bucket_start", { withTimezone: true }).notNull(),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    feature: text("feature").notNull(),
    userId: text("user_id").notNull().default(""),
    organizationId: text("organization_id").notNull().default(""),
    requests: integer("requests").notNull().default(0),
    /** Requests whose outcome was not `ok`. */
    errors: integer("errors").notNull().default(0),
    /** Requests refused upstream with 429 (`rate_limited` from upstream). */
    rateLimited: integer("rate_limited").notNull().default(0),
    inputTokens: bigint("input_tokens", { mode: "number" }).notNull().default(0),
    cachedInputTokens: bigint("cached_input_tokens", { mode: "number" }).notNull().default(0),
    outputTokens: bigint("output_tokens", { mode: "number" }).notNull().default(0),
    reasoningTokens: bigint("reasoning_tokens", { mode: "number" }).notNull().default(0),
    /** Priced requests' cost, micro-dollars. */
    costMicroUsd: bigint("cost_micro_usd", { mode: "number" }).notNull().default(0),
    unpricedRequests: integer("unpriced_requests").notNull().default(0),
    estimatedRequests: integer("estimated_requests").notNull().default(0),
    cacheHits: integer("cache_hits").notNull().default(0),
    savedMicroUsd: bigint("saved_micro_usd", { mode: "number" }).notNull().default(0),
    latencyMsSum: bigint("latency_ms_sum", { mode: "number" }).notNull().default(0),
    latencyBuckets: integer("latency_buckets").array().notNull().default(sql`'{}'::integer[]`),
    ttftCount: integer("ttft_count").notNull().default(0),
    ttftMsSum: bigint("ttft_ms_sum", { mode: "number" }).notNull().default(0),
    ttftBuckets: integer("ttft_buckets").array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    primaryKey({
      name: "llm_usage_rollups_pk",
      columns: [t.granularity, t.bucketStart, t.provider, t.model, t.feature, t.userId, t.organizationId],
    }),
    index("llm_usage_rollups_bucket_idx").on(t.granularity, t.bucketStart),
    // One index range per cube for the console's reads: the totals cube is a small share of a
    // day's rows (the per-user cube is most of them), and the primary key cannot seek past
    // provider, model and feature to user_id (docs/finops.md, "Console").
    index("llm_usage_rollups_totals_idx").on(t.granularity, t.bucketStart).where(sql`user_id = '' and organization_id = ''`),
    index("llm_usage_rollups_orgs_idx").on(t.granularity, t.bucketStart).where(sql`user_id = '' and organization_id <> ''`),
  ],
);

/** Per-model price overrides set on the console (self-hosted, discounted models); else the catalog's price. */
export const modelPrices = pgTable(
  "model_prices",
  {
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    /** Micro-dollars per million tokens (= dollars per token × 10^12 / 10^6). */
    inputMicroUsdPerMTok: bigint("input_micro_usd_per_mtok", { mode: "number" }).notNull(),
    cachedInputMicroUsdPerMTok: bigint("cached_input_micro_usd_per_mtok", { mode: "number" }).notNull(),
    outputMicroUsdPerMTok: bigint("output_micro_usd_per_mtok", { mode: "number" }).notNull(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "model_prices_pk", columns: [t.provider, t.model] })],
);

/**
 * Money budgets (docs/finops.md, "Budgets"). scope_id: '' for global; an organisation id, or
 * '*' for the default of every organisation; a user id or '*'; a feature name or '*'.
 */
export const budgets = pgTable(
  "budgets",
  {
    scope: text("scope", { enum: ["global", "organization", "user", "feature"] }).notNull(),
    scopeId: text("scope_id").notNull().default(""),
    period: text("period", { enum: ["day", "month"] }).notNull(),
    limitMicroUsd: bigint("limit_micro_usd", { mode: "number" }).notNull(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "budgets_pk", columns: [t.scope, t.scopeId, t.period] })],
);

/** One row per alert rule (docs/finops.md, "Alerts"): its editable threshold and parameters. */
export const alertRules = pgTable("alert_rules", {
  /** budget_80 | budget_95 | budget_100 | stream_lag | oldest_pending | llm_p99_latency | llm_rate_anomaly | dlq_growing | upstream_429_rate | unpriced_model */
  kind: text("kind").primaryKey(),
  threshold: doublePrecision("threshold").notNull(),
  params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
  enabled: boolean("enabled").notNull().default(true),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An alert that fired: once per (kind, subject, period); cleared_at set when it recovers. */
export const alertEvents = pgTable(
  "alert_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    /** What it is about: a budget key, a stream, a model… */
    subject: text("subject").notNull(),
    /** The period it fires once in (a budget's day/month, else the firing hour). */
    periodKey: text("period_key").notNull(),
    value: doublePrecision("value").notNull(),
    threshold: doublePrecision("threshold").notNull(),
    message: text("message").notNull(),
    firedAt: timestamp("fired_at", { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
    /** pending | delivered | failed | none (no ALERT_WEBHOOK_URL) */
    webhookStatus: text("webhook_status").notNull().default("none"),
  },
  (t) => [
    uniqueIndex("alert_events_once_uq").on(t.kind, t.subject, t.periodKey),
    index("alert_events_active_idx").on(t.firedAt).where(sql`cleared_at is null`),
  ],
);

/** Every console change (role, ban, budget, threshold, price, replay, discard): who, what, before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    target: text("target").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/**
 * Exact-match result cache for analyses, plans and evaluations (docs/finops.md, "Cache"): the key
 * is a SHA-256 of the input, the prompt version, the model and the language.
 */
export const llmCache = pgTable("llm_cache", {
  key: text("key").primaryKey(),
  feature: text("feature").notNull(),
  provider: text("provider").notNull(),
  model: text("model").notNull(),
  promptVersion: text("prompt_version").notNull(),
  language: text("language").notNull(),
  result: jsonb("result").notNull(),
  /** What producing the result cost, micro-dollars (null when unpriced): what each hit saves. */
  costMicroUsd: bigint("cost_micro_usd", { mode: "number" }),
  hits: integer("hits").notNull().default(0),
  createdAt: createdAt(),
  lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
});

// ── mock interviews ─────────────────────────────────────────────────────────────────────
export const interviews = pgTable(
  "interviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    level: text("level", { enum: ["junior", "mid", "senior"] }).notNull(),
    questionCount: integer("question_count").notNull(),
    language: text("language", { enum: ["en", "zh"] }).notNull(),
    resumeId: uuid("resume_id").references(() => resumes.id, { onDelete: "set null" }),
    jobDescription: text("job_description"),
    /** The knowledge base its questions are drawn from (each question cites its passage); null = the question bank. */
    knowledgeBaseId: uuid("knowledge_base_id").references((): AnyPgColumn => knowledgeBases.id, { onDelete: "set null" }),
    /** The question plan (lib/interview/schemas.ts `Plan`); null until the plan task completes. */
    plan: jsonb("plan"),
    planEngine: text("plan_engine"),
    planTaskId: uuid("plan_task_id").references(() => tasks.id),
    evaluateTaskId: uuid("evaluate_task_id").references(() => tasks.id),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("interviews_owner_created_idx").on(t.ownerId, t.createdAt)],
);

export const interviewMessages = pgTable(
  "interview_messages",
  {
    /** The UI message id (AI SDK `UIMessage.id`), unique per interview. */
    id: text("id").notNull(),
    interviewId: uuid("interview_id")
      .notNull()
      .references(() => interviews.id, { onDelete: "cascade" }),
    /** Order within the interview. */
    seq: integer("seq").notNull(),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    /** question | follow_up | closing (interviewer); answer | skip (candidate). */
    kind: text("kind").notNull(),
    /** The planned question this turn belongs to. */
    questionId: text("question_id"),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("interview_messages_pk").on(t.interviewId, t.id), uniqueIndex("interview_messages_seq_uq").on(t.interviewId, t.seq)],
);

export const interviewReports = pgTable(
  "interview_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    interviewId: uuid("interview_id")
      .notNull()
      .references(() => interviews.id, { onDelete: "cascade" }),
    /** One report per evaluate task. */
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    engine: text("engine").notNull(),
    overallScore: real("overall_score").notNull(),
    report: jsonb("report").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("interview_reports_task_uq").on(t.taskId), index("interview_reports_interview_idx").on(t.interviewId)],
);

// ── the recruiter workspace: jobs, batches, applications (docs/recruiting.md) ────────────
export const JOB_SENIORITIES = ["junior", "mid", "senior", "lead"] as const;
export const APPLICATION_STAGES = ["new", "shortlisted", "interview", "offer", "rejected"] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** Canonical skill names (lib/text/skills-dictionary.ts where known); editable by the recruiter. */
    requiredSkills: jsonb("required_skills").$type<string[]>().notNull().default([]),
    preferredSkills: jsonb("preferred_skills").$type<string[]>().notNull().default([]),
    /** Who produced the skill lists: `offline`, a model id, or `edited` once a recruiter changed them (a late model result then leaves them alone). */
    skillsSource: text("skills_source").notNull().default("offline"),
    /** The model extraction task (`job.skills`), when a model is configured. */
    skillsTaskId: uuid("skills_task_id").references(() => tasks.id, { onDelete: "set null" }),
    seniority: text("seniority", { enum: JOB_SENIORITIES }),
    location: text("location"),
    language: text("language", { enum: ["en", "zh"] })
      .notNull()
      .default("en"),
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    /** Ranking weights per criterion key (lib/jobs/ranking.ts); null = the defaults. */
    weights: jsonb("weights").$type<Record<string, number>>(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("jobs_org_created_idx").on(t.organizationId, t.createdAt), index("jobs_open_idx").on(t.status, t.createdAt)],
);

/** One bulk upload of files on a job; its items are the resumes with this `batch_id`, plus the files refused at the door. */
export const batches = pgTable(
  "batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    /** Files received (accepted + refused; the entries of a ZIP count one each). */
    fileCount: integer("file_count").notNull(),
    /** Files refused before any task: `[{fileName, error: {code, message}}]`. */
    refused: jsonb("refused").$type<{ fileName: string; error: { code: string; message: string } }[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index("batches_org_created_idx").on(t.organizationId, t.createdAt), index("batches_job_idx").on(t.jobId)],
);

/** A resume in a job's pipeline: uploaded by the organisation, or a candidate's application (a copy the organisation reads). */
export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    /** The organisation's resume (resumes.organization_id = organization_id). */
    resumeId: uuid("resume_id")
      .notNull()
      .references(() => resumes.id, { onDelete: "cascade" }),
    source: text("source", { enum: ["uploaded", "applied"] }).notNull(),
    /** The candidate who applied (source `applied`); null for an uploaded file. */
    candidateId: text("candidate_id").references(() => user.id, { onDelete: "set null" }),
    stage: text("stage", { enum: APPLICATION_STAGES }).notNull().default("new"),
    notes: text("notes").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("applications_job_resume_uq").on(t.jobId, t.resumeId),
    index("applications_job_stage_idx").on(t.jobId, t.stage),
    index("applications_candidate_idx").on(t.candidateId).where(sql`candidate_id is not null`),
  ],
);

/** An application's history: created, stage moves, notes. */
export const applicationEvents = pgTable(
  "application_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** created | stage | note */
    kind: text("kind").notNull(),
    fromStage: text("from_stage"),
    toStage: text("to_stage"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("application_events_app_idx").on(t.applicationId, t.createdAt)],
);

/** A candidate's interview report shared with an organisation (read-only there); withdrawn = no longer readable. */
export const reportShares = pgTable(
  "report_shares",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    interviewId: uuid("interview_id")
      .notNull()
      .references(() => interviews.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    /** The job it was shared for (an application or an invitation), if any. */
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    sharedBy: text("shared_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("report_shares_active_uq").on(t.interviewId, t.organizationId).where(sql`withdrawn_at is null`),
    index("report_shares_org_idx").on(t.organizationId, t.createdAt),
  ],
);

/** A recruiter's invitation to a mock interview configured for a job; the link carries `token`. */
export const interviewInvites = pgTable(
  "interview_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    /** 32 random bytes, base64url; the secret in the link. */
    token: text("token").notNull().unique(),
    /** Whom it is for (shown on the invite; not enforced). */
    email: text("email"),
    role: text("role").notNull(),
    level: text("level", { enum: ["junior", "mid", "senior"] }).notNull(),
    questionCount: integer("question_count").notNull(),
    language: text("language", { enum: ["en", "zh"] }).notNull(),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    interviewId: uuid("interview_id").references(() => interviews.id, { onDelete: "set null" }),
    /** Whether the candidate agreed, when accepting, that the report goes to the organisation. */
    shareReport: boolean("share_report"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("interview_invites_job_idx").on(t.jobId, t.createdAt)],
);

/** A fairness audit of a job's ranking (docs/fairness.md); filled by its `job.fairness_audit` task. */
export const fairnessAudits = pgTable(
  "fairness_audits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "set null" }),
    /** The audit's findings (lib/jobs/contracts.ts `FairnessAuditResult`); null until the task completes. */
    result: jsonb("result"),
    createdAt: createdAt(),
  },
  (t) => [index("fairness_audits_job_idx").on(t.jobId, t.createdAt)],
);

/** Per-organisation settings the platform sets (paying tiers). */
export const organizationSettings = pgTable("organization_settings", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organization.id, { onDelete: "cascade" }),
  /** Weight in the batch lane's fair queuing (lib/queue/fair-feeder.ts): 2 = twice the share of a weight-1 organisation. */
  batchWeight: integer("batch_weight").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ── request limits the console changes without a deploy (docs/security.md, "Request limits") ──
/** An admin's value for one request-limit rule (`LIMIT_RULES` id, lib/ratelimit/policies.ts), replacing its environment default. */
export const rateLimitOverrides = pgTable("rate_limit_overrides", {
  /** e.g. `upload.user.minute` */
  ruleId: text("rule_id").primaryKey(),
  /** Units (requests, files, bytes, failures) per the rule's period; 0 refuses everything. */
  limit: bigint("limit", { mode: "number" }).notNull(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Callers whose limits are raised (`multiplier` × every rule) or lifted (`multiplier` null): a
 * partner's integration (a user), an organisation, or an office NAT (an IP range in CIDR form).
 */
export const rateLimitAllowlist = pgTable(
  "rate_limit_allowlist",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["user", "organization", "ip_range"] }).notNull(),
    /** A user id, an organisation id, or a CIDR range (`203.0.113.0/24`, `2001:db8::/32`); a lone address is stored as /32 or /128. */
    value: text("value").notNull(),
    /** null: no request limits at all; else every limit × this. */
    multiplier: integer("multiplier"),
    note: text("note").notNull().default(""),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("rate_limit_allowlist_uq").on(t.kind, t.value)],
);

// ── webhook deliveries: one row per task-end event sent to a task's callbackUrl ─────────
/** One attempt's record, appended to `webhook_deliveries.attempt_log`. */
export type WebhookAttempt = {
  /** 1-based attempt number. */
  attempt: number;
  /** When the attempt started, ISO 8601. */
  at: string;
  durationMs: number;
  /** The receiver's HTTP status; null when no response came (timeout, refused, DNS). */
  statusCode: number | null;
  /** Why it failed (`http_500`, `redirect_not_followed`, `timeout`, `ECONNREFUSED`, …); null on success. */
  error: string | null;
};

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    /** Also the Standard Webhooks `webhook-id` (`msg_<id>`), the same on every retry. */
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    /** `tasks.finished_at` of the end this event reports: with task_id, one event per task end. */
    taskEndedAt: timestamp("task_ended_at", { withTimezone: true }).notNull(),
    eventType: text("event_type", { enum: ["task.completed", "task.failed", "task.terminated"] }).notNull(),
    /** Copied from `tasks.callback_url` at enqueue time. */
    url: text("url").notNull(),
    /** The exact JSON body, signed and sent byte for byte on every attempt. */
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    /** +1 at each claim; fences the outcome write of that attempt. */
    attempts: integer("attempts").notNull().default(0),
    /** When the next attempt is due; while an attempt is in flight, when its claim expires. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    attemptLog: jsonb("attempt_log").$type<WebhookAttempt[]>().notNull().default([]),
    createdAt: createdAt(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_task_end_uq").on(t.taskId, t.taskEndedAt),
    // The dispatcher scans only deliveries still to be attempted.
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

// ── knowledge bases ─────────────────────────────────────────────────────────────────────
// Documents and their status live here; their chunks and vectors live in the vector store
// (lib/knowledge/vector-store/: pgvector in this database where the extension exists, else
// the PGlite sidecar), so these migrations never need CREATE EXTENSION (docs/knowledge.md).

/** A knowledge base: a person's own (`organization_id` null) or an organisation's shared one. */
export const knowledgeBases = pgTable(
  "knowledge_bases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Who created it; for a personal knowledge base, its owner. */
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Set for an organisation's knowledge base: every member reads it, its recruiters write it. */
    organizationId: text("organization_id").references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The embedding model its chunks were (or are being) embedded with, e.g. `offline:hash-v1`, `openai:text-embedding-3-small`. */
    embeddingModel: text("embedding_model").notNull(),
    /** The vectors' dimension under that model; fixed per knowledge base until the model changes. */
    embeddingDim: integer("embedding_dim").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("knowledge_bases_owner_idx").on(t.ownerId, t.createdAt).where(sql`organization_id is null`),
    index("knowledge_bases_org_idx").on(t.organizationId, t.createdAt).where(sql`organization_id is not null`),
  ],
);

export const KB_DOCUMENT_KINDS = ["pdf", "docx", "text", "markdown"] as const;

/** A document of a knowledge base; `task_id` is its latest `kb.vectorize` task, whose status is the document's. */
export const kbDocuments = pgTable(
  "kb_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    knowledgeBaseId: uuid("knowledge_base_id")
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    kind: text("kind", { enum: KB_DOCUMENT_KINDS }).notNull(),
    /** SHA-256 of the bytes: an identical re-upload to the same knowledge base is the same document. */
    sha256: text("sha256").notNull(),
    taskId: uuid("task_id").references(() => tasks.id),
    /** Filled when vectorizing completes: chunks stored, pages read, the model they were embedded with. */
    chunkCount: integer("chunk_count"),
    pageCount: integer("page_count"),
    embeddingModel: text("embedding_model"),
    vectorizedAt: timestamp("vectorized_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("kb_documents_kb_sha_uq").on(t.knowledgeBaseId, t.sha256),
    index("kb_documents_kb_created_idx").on(t.knowledgeBaseId, t.createdAt),
    index("kb_documents_task_idx").on(t.taskId),
  ],
);

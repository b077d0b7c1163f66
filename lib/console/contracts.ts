import { z } from "zod";
import { LIMIT_POLICIES } from "@/lib/ratelimit/policies";

/**
 * The JSON bodies of the console's APIs (`/api/admin/overview`, `cost`, `users`, `settings/*`,
 * `audit`, `settings/limits`, `settings/allowlist`). Built by lib/console/view.ts and lib/console/cost.ts; read by
 * components/admin/api.ts, which parses them outside production builds. Browser-safe (zod
 * only). Money is integer micro-dollars (1 USD = 1 000 000); `null` money means "unpriced":
 * every request it sums was of a model without a price — never shown as $0. Times are ISO
 * 8601, UTC.
 */
const count = z.number().int().min(0);
const micro = z.number().int();
const iso = z.iso.datetime();
const rate = z.number().min(0).max(1).nullable();

/** Percentiles of a histogram (ms), null without samples; `mean` from the exact sums. */
const percentilesSchema = z.object({ p50: z.number().nullable(), p95: z.number().nullable(), p99: z.number().nullable(), mean: z.number().nullable() });

/** What one row of the cost tables sums. */
const usageSchema = z.object({
  requests: count,
  errors: count,
  /** Requests refused upstream with 429. */
  rateLimited: count,
  inputTokens: count,
  cachedInputTokens: count,
  outputTokens: count,
  reasoningTokens: count,
  /** Cost of the priced requests; null when every request was unpriced. */
  costMicroUsd: micro.nullable(),
  unpricedRequests: count,
  /** Requests whose tokens were counted locally (the provider sent no usage). */
  estimatedRequests: count,
  cacheHits: count,
  savedMicroUsd: micro,
  /** errors / requests; null without requests. */
  errorRate: rate,
  /** cacheHits / requests; null without requests. */
  cacheHitRate: rate,
  latencyMs: percentilesSchema,
  /** Time to first token of streamed calls. */
  ttftMs: percentilesSchema,
});
export type UsageView = z.infer<typeof usageSchema>;

export const COST_RANGES = ["24h", "48h", "7d", "30d", "90d"] as const;
export type CostRange = (typeof COST_RANGES)[number];
export const GRANULARITIES = ["hour", "day"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** A stacked series: `keys` name the stacks; `costMicroUsd[i]` of a point is stack `keys[i]`'s cost in that bucket. */
const stackedSeriesSchema = z.object({
  keys: z.array(z.string()),
  points: z.array(z.object({ bucketStart: iso, costMicroUsd: z.array(micro) })),
});

const spenderSchema = z.object({
  costMicroUsd: micro.nullable(),
  requests: count,
  unpricedRequests: count,
  inputTokens: count,
  outputTokens: count,
});

/** `GET /api/admin/cost?range=&granularity=` */
export const costBodySchema = z.object({
  range: z.enum(COST_RANGES),
  granularity: z.enum(GRANULARITIES),
  /** First bucket start, and the end of the last bucket. */
  from: iso,
  to: iso,
  generatedAt: iso,
  /** The top users and organisations cover whole UTC days (their cubes are daily): from this day's start to `to`. */
  spendersFrom: iso,
  totals: usageSchema,
  series: z.object({
    /** Stack keys are `provider/model`. */
    byModel: stackedSeriesSchema,
    byFeature: stackedSeriesSchema,
    /** Tokens and requests per bucket (all models). */
    tokens: z.array(z.object({ bucketStart: iso, inputTokens: count, outputTokens: count, requests: count })),
  }),
  models: z.array(usageSchema.extend({ provider: z.string(), model: z.string() })),
  features: z.array(usageSchema.extend({ feature: z.string() })),
  topUsers: z.array(spenderSchema.extend({ userId: z.string(), name: z.string().nullable(), email: z.string().nullable() })),
  topOrganizations: z.array(spenderSchema.extend({ organizationId: z.string(), name: z.string().nullable() })),
});
export type CostBody = z.infer<typeof costBodySchema>;

const periodCostSchema = z.object({ costMicroUsd: micro.nullable(), requests: count, unpricedRequests: count, errors: count });

const streamSchema = z.object({
  type: z.string(),
  lane: z.string(),
  length: count,
  lag: count.nullable(),
  pending: count,
  oldestPendingIdleMs: count.nullable(),
  oldestWaitingAgeMs: count.nullable(),
  dlqLength: count,
});

export const activeAlertSchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** The rule's English title (lib/alerts/rules.ts). */
  title: z.string(),
  subject: z.string(),
  message: z.string(),
  value: z.number(),
  threshold: z.number(),
  firedAt: iso,
});

/** `GET /api/admin/overview` */
export const overviewBodySchema = z.object({
  generatedAt: iso,
  /** The UTC day so far. */
  today: periodCostSchema,
  /** The UTC month so far, its projection to the month's end and the global monthly budget. */
  month: periodCostSchema.extend({
    start: iso,
    end: iso,
    /** Month-to-date cost plus the last 7 days' run rate over the rest of the month; null when unpriced. */
    projectedMicroUsd: micro.nullable(),
    budget: z.object({ limitMicroUsd: micro, utilization: z.number().nullable(), projectedUtilization: z.number().nullable() }).nullable(),
  }),
  alerts: z.array(activeAlertSchema),
  queues: z.object({
    /** False when Redis could not be asked (the rest of the overview still answers). */
    available: z.boolean(),
    streams: z.array(streamSchema),
    totals: z.object({ length: count, lag: count, pending: count, dlqLength: count }),
  }),
});
export type OverviewBody = z.infer<typeof overviewBodySchema>;

export const PLATFORM_ROLE_VALUES = ["user", "admin"] as const;
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(PLATFORM_ROLE_VALUES),
  banned: z.boolean(),
  banReason: z.string().nullable(),
  createdAt: iso,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /api/admin/users?limit=&offset=&q=` */
export const usersBodySchema = z.object({ items: z.array(adminUserSchema), total: count });
/** `PATCH /api/admin/users/{id}` */
export const userBodySchema = z.object({ user: adminUserSchema });

export const BUDGET_SCOPES = ["global", "organization", "user", "feature"] as const;
export const BUDGET_PERIODS = ["day", "month"] as const;
export const budgetSchema = z.object({
  scope: z.enum(BUDGET_SCOPES),
  scopeId: z.string(),
  period: z.enum(BUDGET_PERIODS),
  limitMicroUsd: micro,
  updatedBy: z.string().nullable(),
  updatedAt: iso,
  /**
   * Where it stands in its current period (`budgetStatuses`): its own subject, or for a '*'
   * default the subject under it that used most of it; null when nothing is known (Redis did
   * not answer, or no subject spent under the default yet).
   */
  status: z
    .object({
      subjectId: z.string(),
      spentMicroUsd: micro,
      reservedMicroUsd: micro,
      /** spent / limit; may exceed 1. */
      utilization: z.number(),
      resetsAt: iso,
    })
    .nullable(),
});
export type BudgetView = z.infer<typeof budgetSchema>;
/** `GET|PUT|DELETE /api/admin/settings/budgets`: the budgets after the change. */
export const budgetsBodySchema = z.object({ items: z.array(budgetSchema) });

export const alertRuleSchema = z.object({
  kind: z.string(),
  /** The catalogue's English title and description (lib/alerts/rules.ts); the console shows its own translation when it has one. */
  title: z.string(),
  description: z.string(),
  /** `fraction` (0.8 = 80 %), `entries`, `minutes`, `seconds`, `factor`, `tasks` or `requests`. */
  unit: z.string(),
  threshold: z.number(),
  defaultThreshold: z.number(),
  /** Bounds a new threshold must stay within (inclusive). */
  min: z.number(),
  max: z.number(),
  params: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: iso.nullable(),
});
export type AlertRuleView = z.infer<typeof alertRuleSchema>;
/** `GET|PATCH /api/admin/settings/alerts`: the rules after the change. */
export const alertRulesBodySchema = z.object({ items: z.array(alertRuleSchema) });

export const priceOverrideSchema = z.object({
  provider: z.string(),
  model: z.string(),
  inputMicroUsdPerMTok: micro,
  cachedInputMicroUsdPerMTok: micro,
  outputMicroUsdPerMTok: micro,
  updatedBy: z.string().nullable(),
  updatedAt: iso,
});
export type PriceOverrideView = z.infer<typeof priceOverrideSchema>;
/** `GET|PUT|DELETE /api/admin/settings/prices`: the overrides after the change, and the models seen unpriced in the last 30 days. */
export const pricesBodySchema = z.object({
  items: z.array(priceOverrideSchema),
  unpricedModels: z.array(z.object({ provider: z.string(), model: z.string(), unpricedRequests: count })),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: iso,
  actor: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
/** `GET /api/admin/audit?limit=` */
export const auditBodySchema = z.object({ items: z.array(auditEntrySchema) });

export const LIMIT_DIMENSIONS = ["user", "ip", "organization", "route"] as const;
export const LIMIT_UNITS = ["requests", "files", "bytes", "failures"] as const;
export const LIMIT_PERIODS = ["minute", "hour", "day"] as const;
export { LIMIT_POLICIES };

/** One request-limit rule as the console shows it (lib/console/rate-limits.ts; the catalogue is lib/ratelimit/policies.ts). */
export const limitRuleSchema = z.object({
  /** `<policy>.<dimension>.<period>[.<unit>]`, e.g. `upload.user.minute`. */
  id: z.string(),
  policy: z.enum(LIMIT_POLICIES),
  dimension: z.enum(LIMIT_DIMENSIONS),
  unit: z.enum(LIMIT_UNITS),
  period: z.enum(LIMIT_PERIODS),
  /** The catalogue's English line. */
  description: z.string(),
  /** The environment variable that sets `defaultLimit`. */
  env: z.string(),
  /** Units per period before the console: the environment variable's value, else the built-in default. */
  defaultLimit: count,
  /** True when `defaultLimit` comes from the environment variable. */
  fromEnv: z.boolean(),
  /** The console's value, when an admin set one. */
  override: z.object({ limit: count, updatedBy: z.string().nullable(), updatedAt: iso }).nullable(),
  /** The limit in force: the override, else `defaultLimit`. 0 refuses everything. */
  effective: count,
  /** The largest value an override may take. */
  max: count,
  /** Refusals by this rule over the current UTC day (the limiter's per-day counts); null when Redis could not be asked. */
  hits24h: count.nullable(),
});
export type LimitRuleView = z.infer<typeof limitRuleSchema>;

/** One refused request (lib/ratelimit/hits.ts `RefusalHit`). */
export const refusalSchema = z.object({
  at: iso,
  policy: z.enum(LIMIT_POLICIES),
  ruleId: z.string(),
  dimension: z.enum(LIMIT_DIMENSIONS),
  /** Who was counted: a user id, an organisation id, a client address, or the route. */
  subject: z.string(),
  route: z.string(),
});
export type RefusalView = z.infer<typeof refusalSchema>;

/** `GET|PUT|DELETE /api/admin/settings/limits`: every rule after the change, and the latest refusals (newest first; null when Redis could not be asked). */
export const limitsBodySchema = z.object({ rules: z.array(limitRuleSchema), refusals: z.array(refusalSchema).nullable() });
export type LimitsBody = z.infer<typeof limitsBodySchema>;

export const ALLOWLIST_KINDS = ["user", "organization", "ip_range"] as const;
export type AllowlistKind = (typeof ALLOWLIST_KINDS)[number];
/** The largest multiplier an allow-list entry may raise limits by (null lifts them instead). */
export const ALLOWLIST_MAX_MULTIPLIER = 1000;

/** One allow-list entry. */
export const allowlistEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ALLOWLIST_KINDS),
  /** A user id, an organisation id, or a normalised CIDR range (`203.0.113.0/24`; a lone address as /32 or /128). */
  value: z.string(),
  /** Whom `value` names, for people: the user's e-mail or the organisation's name (slug); null for a range, or a subject deleted since. */
  label: z.string().nullable(),
  /** Every limit × this; null: no request limits at all. */
  multiplier: z.number().int().min(1).nullable(),
  note: z.string(),
  createdBy: z.string().nullable(),
  createdAt: iso,
});
export type AllowlistEntryView = z.infer<typeof allowlistEntrySchema>;
/** `GET|PUT|DELETE /api/admin/settings/allowlist`: every entry after the change, oldest first. */
export const allowlistBodySchema = z.object({ items: z.array(allowlistEntrySchema) });

/**
 * The request-limit catalogue (docs/security.md, "Request limits"): every rule the request
 * limiter (lib/ratelimit/request-limiter.ts) and the sign-in throttle enforce, its default, and
 * the environment variable that changes the default. Admins change any rule on the console
 * (`rate_limit_overrides`); an override wins over the environment until it is removed.
 *
 * A route declares one **policy** (`route({ limit: "upload" })`); a policy has one rule per
 * **dimension** and period it is counted in:
 * - `user` — the signed-in person;
 * - `ip` — the client address as the trusted proxies report it (lib/ratelimit/client-ip.ts);
 * - `organization` — the actor's active organisation (only when the route acts in one);
 * - `route` — every caller of the policy together: a ceiling that protects the service, not a
 *   fairness rule.
 *
 * Defaults are set so that a person working by hand never meets them and a script always does
 * (ten uploads a minute is one every six seconds, sustained; a recruiter's 200-file batch is one
 * request and 200 files of the organisation's daily allowance).
 */

/** Who a rule counts. */
export type LimitDimension = "user" | "ip" | "organization" | "route";
/** What a rule counts: requests, the files of a bulk upload, stored bytes, or failed sign-ins. */
export type LimitUnit = "requests" | "files" | "bytes" | "failures";
export type LimitPeriod = "minute" | "hour" | "day";

export const PERIOD_SECONDS: Record<LimitPeriod, number> = { minute: 60, hour: 3600, day: 86_400 };

/**
 * The policies routes declare:
 * - `read` — every GET of the API (fails open without Redis);
 * - `write` — every other state-changing route without a policy of its own (fails open);
 * - `upload` — one resume (`POST /api/resumes`): requests and stored bytes (fails closed);
 * - `bulk_upload` — a recruiter's batch (`POST /api/jobs/{id}/resumes`): one request, its files and bytes against the organisation (fails closed);
 * - `chat` — an interview turn (fails open: without Redis the governor refuses the upstream call and the offline interviewer answers);
 * - `interview_create` — a new mock interview (fails closed: it queues a paid plan);
 * - `sign_in` — failed sign-ins, counted by the sign-in throttle (fails closed);
 * - `sign_up` — new accounts (fails closed).
 */
export const LIMIT_POLICIES = ["read", "write", "upload", "bulk_upload", "chat", "interview_create", "sign_in", "sign_up"] as const;
export type LimitPolicy = (typeof LIMIT_POLICIES)[number];

/** What a policy does when Redis cannot be asked: refuse (503 `unavailable:<surface>`) or let the request through (logged). */
export const POLICY_WHEN_REDIS_DOWN: Record<LimitPolicy, "closed" | "open"> = {
  read: "open",
  write: "open",
  upload: "closed",
  bulk_upload: "closed",
  chat: "open",
  interview_create: "closed",
  sign_in: "closed",
  sign_up: "closed",
};

/** One limit: at most `limit` `unit`s per `period` per `dimension` under `policy`. */
export interface LimitRule {
  /** `<policy>.<dimension>.<period>` plus `.<unit>` when the unit is not requests, e.g. `upload.user.day.bytes`. */
  id: string;
  policy: LimitPolicy;
  dimension: LimitDimension;
  unit: LimitUnit;
  period: LimitPeriod;
  /** The built-in default (units per period); the environment variable replaces it. */
  defaultLimit: number;
  /** `RATE_LIMIT_*`: a non-negative integer; 0 refuses everything. */
  env: string;
  /** One line for the console and docs/security.md. */
  description: string;
}

const MB = 1024 * 1024;

type RuleSpec = Omit<LimitRule, "id">;
function rule(spec: RuleSpec): LimitRule {
  const unitPart = spec.unit === "requests" ? "" : `.${spec.unit}`;
  return { id: `${spec.policy}.${spec.dimension}.${spec.period}${unitPart}`, ...spec };
}

/** Every rule, in the order the console lists them. */
export const LIMIT_RULES: readonly LimitRule[] = [
  rule({
    policy: "upload",
    dimension: "user",
    unit: "requests",
    period: "minute",
    defaultLimit: 10,
    env: "RATE_LIMIT_UPLOAD_PER_MINUTE",
    description: "Resume uploads per person per minute",
  }),
  rule({
    policy: "upload",
    dimension: "user",
    unit: "requests",
    period: "day",
    defaultLimit: 200,
    env: "RATE_LIMIT_UPLOAD_PER_DAY",
    description: "Resume uploads per person per day",
  }),
  rule({
    policy: "upload",
    dimension: "user",
    unit: "bytes",
    period: "day",
    defaultLimit: 500 * MB,
    env: "RATE_LIMIT_UPLOAD_BYTES_PER_DAY",
    description: "Bytes of resumes stored per person per day",
  }),
  rule({
    policy: "upload",
    dimension: "ip",
    unit: "requests",
    period: "minute",
    defaultLimit: 60,
    env: "RATE_LIMIT_UPLOAD_PER_IP_PER_MINUTE",
    description: "Resume uploads per client address per minute",
  }),
  rule({
    policy: "upload",
    dimension: "route",
    unit: "requests",
    period: "minute",
    defaultLimit: 3000,
    env: "RATE_LIMIT_UPLOAD_TOTAL_PER_MINUTE",
    description: "Resume uploads per minute, everyone together",
  }),
  rule({
    policy: "bulk_upload",
    dimension: "user",
    unit: "requests",
    period: "minute",
    defaultLimit: 10,
    env: "RATE_LIMIT_BULK_UPLOAD_PER_MINUTE",
    description: "Bulk-upload requests per recruiter per minute",
  }),
  rule({
    policy: "bulk_upload",
    dimension: "organization",
    unit: "files",
    period: "day",
    defaultLimit: 2000,
    env: "RATE_LIMIT_ORG_FILES_PER_DAY",
    description: "Resume files bulk-uploaded per organisation per day (ten 200-file batches)",
  }),
  rule({
    policy: "bulk_upload",
    dimension: "organization",
    unit: "bytes",
    period: "day",
    defaultLimit: 5000 * MB,
    env: "RATE_LIMIT_ORG_BYTES_PER_DAY",
    description: "Bytes bulk-uploaded per organisation per day",
  }),
  rule({
    policy: "chat",
    dimension: "user",
    unit: "requests",
    period: "minute",
    defaultLimit: 30,
    env: "RATE_LIMIT_CHAT_PER_MINUTE",
    description: "Interview turns per person per minute",
  }),
  rule({
    policy: "chat",
    dimension: "ip",
    unit: "requests",
    period: "minute",
    defaultLimit: 120,
    env: "RATE_LIMIT_CHAT_PER_IP_PER_MINUTE",
    description: "Interview turns per client address per minute",
  }),
  rule({
    policy: "interview_create",
    dimension: "user",
    unit: "requests",
    period: "hour",
    defaultLimit: 20,
    env: "RATE_LIMIT_INTERVIEW_CREATE_PER_HOUR",
    description: "New mock interviews per person per hour",
  }),
  rule({
    policy: "write",
    dimension: "user",
    unit: "requests",
    period: "minute",
    defaultLimit: 120,
    env: "RATE_LIMIT_WRITE_PER_MINUTE",
    description: "Other changes per person per minute",
  }),
  rule({
    policy: "write",
    dimension: "ip",
    unit: "requests",
    period: "minute",
    defaultLimit: 600,
    env: "RATE_LIMIT_WRITE_PER_IP_PER_MINUTE",
    description: "Other changes per client address per minute",
  }),
  rule({
    policy: "write",
    dimension: "organization",
    unit: "requests",
    period: "minute",
    defaultLimit: 1200,
    env: "RATE_LIMIT_WRITE_PER_ORG_PER_MINUTE",
    description: "Other changes per organisation per minute",
  }),
  rule({
    policy: "read",
    dimension: "user",
    unit: "requests",
    period: "minute",
    defaultLimit: 600,
    env: "RATE_LIMIT_READ_PER_MINUTE",
    description: "Reads per person per minute",
  }),
  rule({
    policy: "read",
    dimension: "ip",
    unit: "requests",
    period: "minute",
    defaultLimit: 1200,
    env: "RATE_LIMIT_READ_PER_IP_PER_MINUTE",
    description: "Reads per client address per minute",
  }),
  rule({
    policy: "sign_in",
    dimension: "user",
    unit: "failures",
    period: "hour",
    defaultLimit: 10,
    env: "RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR",
    description: "Failed sign-ins per account per hour, from anywhere",
  }),
  rule({
    policy: "sign_in",
    dimension: "ip",
    unit: "failures",
    period: "hour",
    defaultLimit: 100,
    env: "RATE_LIMIT_SIGN_IN_FAILURES_PER_IP_PER_HOUR",
    description: "Failed sign-ins per client address per hour, any account",
  }),
  rule({
    policy: "sign_up",
    dimension: "ip",
    unit: "requests",
    period: "hour",
    defaultLimit: 20,
    env: "RATE_LIMIT_SIGN_UP_PER_IP_PER_HOUR",
    description: "New accounts per client address per hour",
  }),
];

/**
 * The sign-in back-off per (client address, account): after the `n`-th failure in a row the next
 * attempt waits `base × 2^(n-1)` ms, capped at {@link SIGN_IN_BACKOFF_MAX_MS} (exponential
 * back-off, as OWASP's Authentication Cheat Sheet, "Login Throttling", suggests over lock-outs).
 * `RATE_LIMIT_SIGN_IN_BACKOFF_MS` changes the base (default 1 000; 0 turns the back-off off).
 */
export const SIGN_IN_BACKOFF_BASE_MS = 1000;
export const SIGN_IN_BACKOFF_MAX_MS = 15 * 60 * 1000;

/** The rule with this id, or undefined. */
export function findRule(id: string): LimitRule | undefined {
  return LIMIT_RULES.find((r) => r.id === id);
}

/** The rules of one policy. */
export function rulesOf(policy: LimitPolicy): LimitRule[] {
  return LIMIT_RULES.filter((r) => r.policy === policy);
}

/**
 * Every rule's limit before the console's overrides: its `env` variable when set, else its
 * default. Read on every call (cheap), so tests and scripts can change the environment.
 * @returns rule id → limit (units per period).
 * @throws {Error} naming the variable when one is set to anything but a non-negative integer,
 *   so a typo is seen at once instead of silently lifting a limit.
 */
export function limitsFromEnv(env: Record<string, string | undefined> = process.env): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of LIMIT_RULES) out.set(r.id, nonNegativeInt(r.env, env[r.env]) ?? r.defaultLimit);
  return out;
}

/** `RATE_LIMIT_SIGN_IN_BACKOFF_MS` or {@link SIGN_IN_BACKOFF_BASE_MS}. @throws {Error} as {@link limitsFromEnv}. */
export function signInBackoffBaseMs(env: Record<string, string | undefined> = process.env): number {
  return nonNegativeInt("RATE_LIMIT_SIGN_IN_BACKOFF_MS", env.RATE_LIMIT_SIGN_IN_BACKOFF_MS) ?? SIGN_IN_BACKOFF_BASE_MS;
}

function nonNegativeInt(name: string, raw: string | undefined): number | undefined {
  const v = raw?.trim();
  if (!v) return undefined;
  if (!/^\d+$/.test(v) || !Number.isSafeInteger(Number(v))) throw new Error(`${name} must be a non-negative integer (got "${raw}")`);
  return Number(v);
}

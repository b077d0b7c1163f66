/**
 * The request limits as the API door applies them (docs/request-limits.md): `limitRequest` at
 * the door (app/api/_lib/route.ts, right after authentication, before the body is read) charges
 * one request against every request rule of the route's policy; a handler that learns a
 * request's size only from its body charges it with `chargeUnits` before writing anything (the
 * bytes of an upload, the files and bytes of a bulk upload). Either refusal is a
 * {@link PanelistError} 429 `rate_limited:<surface>` with `Retry-After` and the RateLimit headers
 * (rate-limit-headers.ts), recorded for the console (hits.ts); a refusal by `chargeUnits` also
 * gives back what the door charged, so a refused request costs nothing anywhere.
 *
 * Redis unreachable (an error, or no answer within the limiter's timeout): a policy that fails
 * closed (`POLICY_WHEN_REDIS_DOWN`: uploads, interview creation, sign-in) answers 503
 * `unavailable:<surface>` with `Retry-After` and logs each refusal; one that fails open (reads,
 * other writes, chat — whose upstream calls the governor still guards) lets the request through
 * uncounted and logs that at most once a minute per policy.
 */
import { PanelistError, type Surface } from "@/lib/errors";
import { createLogger, type Logger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { recordRefusal } from "./hits";
import { type LimitPolicy, POLICY_WHEN_REDIS_DOWN } from "./policies";
import { rateLimitHeaders, refusalMessage, reportedRule } from "./rate-limit-headers";
import { type LimitCost, RedisUnavailableError, RequestLimiter, type RequestSubject, type RuleResult } from "./request-limiter";

/** What the door decided for one request; the handler passes it to {@link chargeUnits}. */
export interface LimitTicket {
  policy: LimitPolicy;
  subject: RequestSubject;
  /** Method and route pattern, e.g. `POST /api/resumes` (for the refusal record). */
  route: string;
  /** Every verdict so far: the door's, then each allowed `chargeUnits`'. */
  results: RuleResult[];
  /** The allow-list lifted every limit for this subject. */
  unlimited: boolean;
  /** Redis could not be asked and the policy fails open: nothing was counted. */
  unchecked: boolean;
}

/** The surface of a policy's errors (`rate_limited:<surface>`, `unavailable:<surface>`). */
export const POLICY_SURFACE: Record<LimitPolicy, Surface> = {
  read: "api",
  write: "api",
  upload: "upload",
  bulk_upload: "batch",
  chat: "interview",
  interview_create: "interview",
  sign_in: "auth",
  sign_up: "auth",
};

/** Retry-After of a 503 while Redis cannot count, s. */
const REDIS_DOWN_RETRY_S = 5;
/** A fail-open policy logs its unchecked requests at most this often, ms. */
const OPEN_LOG_EVERY_MS = 60_000;

let log: Logger = createLogger("ratelimit");
let limiter: RequestLimiter | undefined;
const lastOpenLog = new Map<LimitPolicy, number>();

/** The process-wide limiter, on the shared command connection (`getRedis()`). */
export function getRequestLimiter(): RequestLimiter {
  limiter ??= new RequestLimiter(getRedis());
  return limiter;
}

/**
 * Replaces the process-wide limiter (tests: another mode, an unreachable Redis) and, when given,
 * the logger; undefined restores the default limiter. Forgets when the fail-open line was last logged.
 */
export function setRequestLimiter(next: RequestLimiter | undefined, opts: { log?: Logger } = {}): void {
  limiter = next;
  if (opts.log) log = opts.log;
  lastOpenLog.clear();
}

/**
 * Charges one request against the request rules of `policy` for `subject`.
 * @returns the ticket (its results give the answer's RateLimit headers).
 * @throws {PanelistError} 429 `rate_limited:<surface>` when a rule refuses (nothing charged);
 *   503 `unavailable:<surface>` when Redis cannot count and the policy fails closed.
 */
export async function limitRequest({ policy, subject, route }: { policy: LimitPolicy; subject: RequestSubject; route: string }): Promise<LimitTicket> {
  const ticket: LimitTicket = { policy, subject, route, results: [], unlimited: false, unchecked: false };
  const decision = await checkOrDown(ticket, { requests: 1 });
  if (!decision) return { ...ticket, unchecked: true };
  ticket.unlimited = decision.unlimited;
  ticket.results = decision.results;
  if (!decision.allowed) throw await refusal(ticket, decision.results);
  return ticket;
}

/**
 * Charges what a request turned out to cost (`{bytes}` of an upload, `{files, bytes}` of a bulk
 * upload) against the rules of the ticket's policy in those units. Without a ticket (a route
 * with `limit: false`) or for an allow-listed subject it charges nothing.
 * @returns `refund()`, which gives these units back (an upload that stored nothing new); it never
 *   throws (a failure is logged: the units stay charged).
 * @throws {PanelistError} 429 as {@link limitRequest}, after giving back what the door charged;
 *   503 when Redis cannot count and the policy fails closed.
 */
export async function chargeUnits(ticket: LimitTicket | null | undefined, cost: LimitCost): Promise<{ refund(): Promise<void> }> {
  const none = { refund: async () => undefined };
  if (!ticket || ticket.unlimited) return none;
  const decision = await checkOrDown(ticket, cost);
  if (!decision) return none;
  if (!decision.allowed) {
    try {
      await getRequestLimiter().refund(ticket.results);
      for (const r of ticket.results) r.charged = false;
    } catch (err) {
      log.warn({ err: String(err), policy: ticket.policy }, "the door's charge could not be given back after a refusal");
    }
    throw await refusal(ticket, decision.results);
  }
  ticket.results.push(...decision.results);
  return {
    refund: async () => {
      try {
        await getRequestLimiter().refund(decision.results);
      } catch (err) {
        log.warn({ err: String(err), policy: ticket.policy }, "a charge could not be given back");
      }
    },
  };
}

/**
 * The RateLimit headers of an answer the limits let through: those of the tightest rule
 * charged (none without a ticket, for an allow-listed subject, or when nothing was counted).
 */
export function allowedHeaders(ticket: LimitTicket | null | undefined): Record<string, string> {
  const rule = ticket ? reportedRule(ticket.results) : undefined;
  return rule ? rateLimitHeaders(rule, { refused: false }) : {};
}

/** The limiter's verdict, or null when Redis is down and the policy fails open (logged); throws the 503 when it fails closed. */
async function checkOrDown(ticket: LimitTicket, cost: LimitCost) {
  try {
    return await getRequestLimiter().check({ policy: ticket.policy, subject: ticket.subject, cost });
  } catch (err) {
    if (!(err instanceof RedisUnavailableError)) throw err;
    const surface = POLICY_SURFACE[ticket.policy];
    if (POLICY_WHEN_REDIS_DOWN[ticket.policy] === "closed") {
      log.error({ err: err.message, policy: ticket.policy, route: ticket.route }, "request limits cannot be counted (Redis unavailable): refused");
      throw new PanelistError(
        `unavailable:${surface}`,
        "This is paused for a moment: the service that counts requests is unavailable. Please try again shortly.",
        {
          headers: { "Retry-After": String(REDIS_DOWN_RETRY_S) },
          cause: err,
        },
      );
    }
    const now = Date.now();
    if (now - (lastOpenLog.get(ticket.policy) ?? Number.NEGATIVE_INFINITY) >= OPEN_LOG_EVERY_MS) {
      lastOpenLog.set(ticket.policy, now);
      log.warn(
        { err: err.message, policy: ticket.policy, route: ticket.route },
        "request limits cannot be counted (Redis unavailable): let through uncounted (logged once a minute)",
      );
    }
    return null;
  }
}

/** Records each refused rule and builds the 429. */
async function refusal(ticket: LimitTicket, results: RuleResult[]): Promise<PanelistError> {
  const redis = getRequestLimiter().redis;
  for (const r of results.filter((x) => !x.allowed)) {
    await recordRefusal(redis, { policy: ticket.policy, ruleId: r.ruleId, dimension: r.dimension, subject: r.subject, route: ticket.route });
  }
  const rule = reportedRule(results)!;
  return new PanelistError(`rate_limited:${POLICY_SURFACE[ticket.policy]}`, refusalMessage(rule), { headers: rateLimitHeaders(rule, { refused: true }) });
}

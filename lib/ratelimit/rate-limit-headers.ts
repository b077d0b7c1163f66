/**
 * How a request limit is told to the client (docs/request-limits.md, "Answers"):
 * - `RateLimit-Policy` and `RateLimit`, the structured fields of the IETF httpapi draft
 *   "RateLimit header fields for HTTP" (draft-ietf-httpapi-ratelimit-headers-10, §3–4): a policy
 *   item `"<name>";q=<quota>;w=<window s>` (plus `qu="content-bytes"` for a byte rule, the
 *   draft's quota unit), and a limit item `"<name>";r=<remaining>;t=<seconds>`;
 * - the older `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` (seconds until
 *   the reset, as GitHub's and the draft's `t`, not an epoch time) that most clients read;
 * - on a refusal, `Retry-After` (RFC 9110 §10.2.3, whole seconds, rounded up, at least 1) and a
 *   message that says when to try again in words.
 * The names are the rule ids with dots as dashes (`upload.user.minute` → `upload-user-minute`).
 */
import { type LimitPolicy, PERIOD_SECONDS } from "./policies";
import type { RuleResult } from "./request-limiter";

type HeaderRule = Pick<RuleResult, "ruleId" | "unit" | "periodMs" | "limit" | "remaining" | "resetMs" | "retryAfterMs">;
type MessageRule = HeaderRule & Pick<RuleResult, "policy" | "cost">;

/** `upload.user.minute` → `upload-user-minute` (an sf-string: printable ASCII, no quote or backslash). */
export function policyName(ruleId: string): string {
  return ruleId.replace(/\./g, "-").replace(/[^\x20-\x7e]|["\\]/g, "_");
}

/** Whole seconds, rounded up, for a delay in ms (≥ 1 when the delay is > 0). */
export function secondsUp(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

/**
 * The headers for one rule. `refused`: `t`, `X-RateLimit-Reset` and `Retry-After` say when the
 * refused cost would pass (`retryAfterMs`); otherwise they say when the count is back to zero.
 */
export function rateLimitHeaders(r: HeaderRule, { refused }: { refused: boolean }): Record<string, string> {
  const name = policyName(r.ruleId);
  const windowS = Math.round(r.periodMs / 1000);
  const unit = r.unit === "bytes" ? ';qu="content-bytes"' : "";
  const t = refused ? Math.max(1, secondsUp(r.retryAfterMs)) : secondsUp(r.resetMs);
  const remaining = r.remaining;
  const headers: Record<string, string> = {
    "RateLimit-Policy": `"${name}";q=${r.limit};w=${windowS}${unit}`,
    RateLimit: `"${name}";r=${remaining};t=${t}`,
    "X-RateLimit-Limit": String(r.limit),
    "X-RateLimit-Remaining": String(remaining),
    "X-RateLimit-Reset": String(t),
  };
  if (refused) headers["Retry-After"] = String(t);
  return headers;
}

/**
 * The rule to report on an answer: for a refusal, the refused rule that keeps the request out
 * longest (its retry is when the request can pass); otherwise the tightest rule, the one with
 * the smallest share of its limit left (ties: the later reset).
 */
export function reportedRule<R extends HeaderRule & { allowed: boolean }>(results: readonly R[]): R | undefined {
  const refused = results.filter((r) => !r.allowed);
  if (refused.length > 0) return refused.reduce((a, b) => (b.retryAfterMs > a.retryAfterMs ? b : a));
  const share = (r: R) => (r.limit > 0 ? r.remaining / r.limit : 0);
  return results.reduce<R | undefined>((a, b) => (!a || share(b) < share(a) || (share(b) === share(a) && b.resetMs > a.resetMs) ? b : a), undefined);
}

/** `42 seconds`, `1 minute`, `3 hours` — a delay in words, rounded up to its unit. */
export function delayInWords(ms: number): string {
  const s = Math.max(1, secondsUp(ms));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (s < 90) return plural(s, "second");
  if (s < 90 * 60) return plural(Math.ceil(s / 60), "minute");
  return plural(Math.ceil(s / 3600), "hour");
}

const TOO_MANY: Record<LimitPolicy, string> = {
  read: "Too many requests.",
  write: "Too many changes in a short time.",
  upload: "Too many uploads.",
  bulk_upload: "Too many bulk uploads.",
  chat: "Too many interview messages.",
  interview_create: "Too many new interviews.",
  sign_in: "Too many failed sign-ins.",
  sign_up: "Too many new accounts from this address.",
};

/**
 * What a refused request is told: what is used up, then when to try again, e.g.
 * "Too many uploads. Try again in 42 seconds.". A cost that can never pass (over the limit, or a
 * limit of 0) says so instead of promising a time.
 */
export function refusalMessage(r: MessageRule): string {
  const what =
    r.unit === "requests" || r.unit === "failures"
      ? TOO_MANY[r.policy]
      : r.policy === "bulk_upload"
        ? `Your organisation's daily allowance of bulk-uploaded ${r.unit === "files" ? "files" : "bytes"} is used up.`
        : `Your daily allowance of uploaded ${r.unit} is used up.`;
  if (r.limit <= 0) return `${what.replace(/\.$/, "")}: this is switched off for now.`;
  if (r.cost > r.limit) {
    const period = Object.entries(PERIOD_SECONDS).find(([, s]) => s * 1000 === r.periodMs)?.[0] ?? "period";
    return `This request needs ${r.cost} ${r.unit}, more than the ${r.limit} allowed per ${period}.`;
  }
  return `${what} Try again in ${delayInWords(r.retryAfterMs)}.`;
}

import type { AlertEventRow } from "@/lib/db/queries/alerts";
import { type DeliveryResult, deliverWebhook } from "@/lib/webhooks/deliver";
import { webhookSecret } from "@/lib/webhooks/secret";
import { type LookupAll, webhookAllowHosts } from "@/lib/webhooks/url-policy";
import { ALERT_RULE_CATALOGUE, type AlertKind } from "./rules";

export type AlertEventType = "alert.fired" | "alert.cleared";

/** Where and how alerts are POSTed. */
export type AlertWebhookOptions = {
  /** `ALERT_WEBHOOK_URL`; held to the task callbacks' URL policy (docs/webhooks.md, "Which URLs are called"). */
  url: string;
  /** Signing secret `whsec_…`; default the task callbacks' ({@link webhookSecret}). */
  secret: string;
  /** Hosts exempt from the address policy; default `WEBHOOK_ALLOW_HOSTS`. */
  allowHosts: string[];
  /** Resolver (tests inject one). */
  lookup?: LookupAll;
  /** One attempt's deadline, ms. Default 5 000. */
  timeoutMs: number;
  /**
   * Delays before attempt 2, 3, …, ms. Default [1 000, 5 000]: three attempts within the pass,
   * then the notification is recorded `failed` — an alert is news for minutes, not a day, and a
   * failing receiver must not hold up evaluation.
   */
  retryDelaysMs: readonly number[];
};

/** A receiver's `Retry-After` lengthens a delay up to this, ms: beyond it the pass would stall. */
const MAX_RETRY_AFTER_MS = 10_000;

/**
 * The alert webhook's options from the environment, or null when `ALERT_WEBHOOK_URL` is unset
 * (alerts are then only shown on the console and logged).
 * @throws {Error} when the URL is set and no signing secret is configured (see {@link webhookSecret}).
 */
export function alertWebhookFromEnv(env: Record<string, string | undefined> = process.env): AlertWebhookOptions | null {
  const url = env.ALERT_WEBHOOK_URL?.trim();
  if (!url) return null;
  return { url, secret: webhookSecret(env), allowHosts: webhookAllowHosts(env.WEBHOOK_ALLOW_HOSTS), timeoutMs: 5_000, retryDelaysMs: [1_000, 5_000] };
}

/**
 * The body POSTed for an alert, in the Standard Webhooks payload shape (`type`, `timestamp`,
 * `data`) the task callbacks use. `timestamp` is when it fired (or cleared), not the attempt.
 */
export function alertPayload(event: AlertEventRow, type: AlertEventType): string {
  const at = type === "alert.cleared" && event.clearedAt ? event.clearedAt : event.firedAt;
  return JSON.stringify({
    type,
    timestamp: at.toISOString(),
    data: {
      id: event.id,
      kind: event.kind,
      title: ALERT_RULE_CATALOGUE[event.kind as AlertKind]?.title ?? event.kind,
      subject: event.subject,
      periodKey: event.periodKey,
      value: event.value,
      threshold: event.threshold,
      message: event.message,
      firedAt: event.firedAt.toISOString(),
      clearedAt: event.clearedAt?.toISOString() ?? null,
    },
  });
}

/** The Standard Webhooks message id: one per alert and transition, the same on every attempt (receivers drop duplicates by it). */
export function alertWebhookId(event: { id: string }, type: AlertEventType): string {
  return `msg_alert_${event.id}_${type === "alert.fired" ? "fired" : "cleared"}`;
}

/**
 * POSTs one alert transition, signed like the task callbacks (lib/webhooks/deliver.ts: the
 * `webhook-id`/`-timestamp`/`-signature` headers, the URL policy, one deadline per attempt),
 * with a bounded number of attempts. Never throws.
 * @returns the last attempt's result and how many attempts were made.
 */
export async function sendAlertWebhook(
  event: AlertEventRow,
  type: AlertEventType,
  opts: AlertWebhookOptions,
): Promise<{ result: DeliveryResult; attempts: number }> {
  const msg = { url: opts.url, webhookId: alertWebhookId(event, type), payload: alertPayload(event, type) };
  for (let attempt = 1; ; attempt++) {
    const result = await deliverWebhook(msg, { secret: opts.secret, allowHosts: opts.allowHosts, lookup: opts.lookup, timeoutMs: opts.timeoutMs });
    const delay = opts.retryDelaysMs[attempt - 1];
    if (result.ok || !result.retryable || delay === undefined) return { result, attempts: attempt };
    await new Promise((r) => setTimeout(r, Math.max(delay, Math.min(result.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS))));
  }
}

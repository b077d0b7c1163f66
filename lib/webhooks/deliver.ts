import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Webhook } from "standardwebhooks";
import { parseRetryAfter } from "@/lib/ratelimit/headers";
import { type LookupAll, resolveCallbackTarget } from "./url-policy";

/** What one attempt came to; the dispatcher records it and schedules the next. */
export type DeliveryResult = {
  /** The receiver answered 2xx. */
  ok: boolean;
  /** The receiver's HTTP status; null when none came. */
  statusCode: number | null;
  /**
   * Why it failed: `http_<status>`, `redirect_not_followed` (3xx), `gone` (410), `timeout`,
   * a socket error code (`ECONNREFUSED`, `ECONNRESET`, …) or a URL-policy code
   * (`forbidden_address`, `dns_failed`, …). Null on success.
   */
  error: string | null;
  /** False when another attempt cannot help: 410 Gone, or the URL is refused by policy. */
  retryable: boolean;
  /** The receiver's `Retry-After`, ms, when it sent one. */
  retryAfterMs?: number;
  durationMs: number;
};

type DeliverOptions = {
  /** Signing secret, `whsec_<base64>` (see webhookSecret()). */
  secret: string;
  /** Hosts exempt from the address policy; default from `WEBHOOK_ALLOW_HOSTS`. */
  allowHosts?: string[];
  /** Resolver for the policy check and the connection (tests inject one). */
  lookup?: LookupAll;
  /** The whole attempt — DNS, connect, answer — must finish within this, ms. Default 10 000. */
  timeoutMs?: number;
  /** At most this much of the answer's body is read before the socket is closed, bytes. Default 4 096. */
  maxResponseBytes?: number;
  /** The attempt's clock (the `webhook-timestamp`); tests may fix it. */
  now?: () => Date;
};

const USER_AGENT = "Panelist-Webhooks/1";

/**
 * Sends one attempt of a webhook: POST `payload` (JSON) to `url` with the Standard Webhooks
 * headers — `webhook-id` (the same on every retry), `webhook-timestamp` (this attempt, unix
 * seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.payload">`, by the
 * `standardwebhooks` library). Never throws: every failure is a {@link DeliveryResult}.
 *
 * Safety: the host is resolved and checked right before the attempt and the socket connects
 * to that checked address only (DNS rebinding); redirects are not followed (a 3xx is a
 * failure, as the spec recommends); one deadline covers the whole attempt; the answer's body
 * is read only up to `maxResponseBytes`; no connection is reused (`agent: false`).
 */
export async function deliverWebhook(msg: { url: string; webhookId: string; payload: string }, opts: DeliverOptions): Promise<DeliveryResult> {
  const started = Date.now();
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const done = (r: Omit<DeliveryResult, "durationMs">): DeliveryResult => ({ ...r, durationMs: Date.now() - started });

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
  try {
    const target = await Promise.race([resolveCallbackTarget(msg.url, { allowHosts: opts.allowHosts, lookup: opts.lookup }), deadline]);
    if (target === "timeout") return done({ ok: false, statusCode: null, error: "timeout", retryable: true });
    if (!target.ok) return done({ ok: false, statusCode: null, error: target.code, retryable: target.code === "dns_failed" });

    const timestamp = (opts.now ?? (() => new Date()))();
    const headers = {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(msg.payload)),
      "user-agent": USER_AGENT,
      "webhook-id": msg.webhookId,
      "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
      "webhook-signature": new Webhook(opts.secret).sign(msg.webhookId, timestamp, msg.payload),
    };
    const answer = await post(target, headers, msg.payload, deadline, opts.maxResponseBytes ?? 4_096);
    if (answer.kind === "timeout") return done({ ok: false, statusCode: null, error: "timeout", retryable: true });
    if (answer.kind === "error") return done({ ok: false, statusCode: null, error: answer.code, retryable: true });
    return done(classify(answer.status, answer.retryAfter));
  } finally {
    clearTimeout(timer);
  }
}

function classify(status: number, retryAfter: string | undefined): Omit<DeliveryResult, "durationMs"> {
  if (status >= 200 && status < 300) return { ok: true, statusCode: status, error: null, retryable: false };
  const retryAfterMs = parseRetryAfter(retryAfter);
  if (status >= 300 && status < 400) return { ok: false, statusCode: status, error: "redirect_not_followed", retryable: true, retryAfterMs };
  if (status === 410) return { ok: false, statusCode: status, error: "gone", retryable: false };
  return { ok: false, statusCode: status, error: `http_${status}`, retryable: true, retryAfterMs };
}

type Answer = { kind: "response"; status: number; retryAfter?: string } | { kind: "error"; code: string } | { kind: "timeout" };

/** One POST over a fresh connection to the checked address. */
function post(
  target: { url: URL; address: string; family: 4 | 6 },
  headers: Record<string, string>,
  body: string,
  deadline: Promise<"timeout">,
  maxResponseBytes: number,
): Promise<Answer> {
  const { url, address, family } = target;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    // Node 20 asks for every address (autoSelectFamily): answer only the checked one.
    if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return new Promise<Answer>((resolve) => {
    const request = (url.protocol === "https:" ? https : http).request({
      method: "POST",
      protocol: url.protocol,
      // The name stays the URL's host, so the Host header and TLS (SNI, certificate) use it;
      // only the socket's address comes from `pinned`.
      hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers,
      agent: false,
      lookup: pinned,
    });
    let settled = false;
    const settle = (a: Answer) => {
      if (settled) return;
      settled = true;
      request.destroy();
      resolve(a);
    };
    void deadline.then(() => settle({ kind: "timeout" }));
    request.on("error", (err: NodeJS.ErrnoException) => settle({ kind: "error", code: err.code ?? "network_error" }));
    request.on("response", (res) => {
      const answer: Answer = { kind: "response", status: res.statusCode ?? 0, retryAfter: header(res.headers["retry-after"]) };
      let read = 0;
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read >= maxResponseBytes) settle(answer);
      });
      res.on("end", () => settle(answer));
      res.on("error", () => settle(answer));
    });
    request.end(body);
  });
}

function header(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

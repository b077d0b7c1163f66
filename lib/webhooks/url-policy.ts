import dns from "node:dns";
import net from "node:net";
import { forbiddenRange } from "./ip-ranges";

/**
 * Which callback URLs the worker may call (docs/webhooks.md, "Which URLs are called"):
 * http or https, and never an address inside our own networks — private (RFC 1918),
 * loopback, link-local, unique-local, CGNAT, 0.0.0.0, multicast and the rest of
 * {@link forbiddenRange} — unless the host is listed in `WEBHOOK_ALLOW_HOSTS`.
 *
 * Two checks: {@link checkCallbackUrl} when the URL is accepted (no DNS: the answer could
 * change before the task ends anyway), and {@link resolveCallbackTarget} right before each
 * attempt, which resolves the name and returns the one checked address the request must
 * connect to (pinning defeats DNS rebinding: a second lookup could answer 127.0.0.1).
 */

type UrlRefusalCode = "invalid_url" | "unsupported_scheme" | "credentials_in_url" | "local_hostname" | "forbidden_address" | "dns_failed";

type UrlRefusal = { ok: false; code: UrlRefusalCode; message: string };
type UrlCheck = { ok: true } | UrlRefusal;

/** The longest callback URL accepted, characters (what browsers and proxies reliably carry). */
const MAX_CALLBACK_URL_LENGTH = 2048;

/** A resolver: every address of `hostname` (A and AAAA), like `dns.lookup(h, { all: true })`. */
export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true });

/**
 * `WEBHOOK_ALLOW_HOSTS` parsed: comma-separated `host` (any port) or `host:port` entries,
 * IPv6 in brackets (`[::1]:8080`). Empty when unset.
 */
export function webhookAllowHosts(value: string | undefined = process.env.WEBHOOK_ALLOW_HOSTS): string[] {
  return (value ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Checks a callback URL without DNS (use when a client submits it; answer a refusal with 422).
 *
 * @param url as the client sent it.
 * @param opts.allowHosts entries as {@link webhookAllowHosts} returns; default from the env.
 * @returns `{ ok: true }`, or `{ ok: false, code, message }` with a message fit for the client.
 */
export function checkCallbackUrl(url: string, opts: { allowHosts?: string[] } = {}): UrlCheck {
  const allowHosts = opts.allowHosts ?? webhookAllowHosts();
  if (url.length > MAX_CALLBACK_URL_LENGTH) {
    return refuse("invalid_url", `The callback URL is longer than ${MAX_CALLBACK_URL_LENGTH} characters.`);
  }
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return refuse("invalid_url", "The callback URL is not a valid absolute URL.");
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") {
    return refuse("unsupported_scheme", "The callback URL must use http or https.");
  }
  if (u.username || u.password) {
    return refuse("credentials_in_url", "The callback URL must not contain a user name or password; put a token in its path or query.");
  }
  if (isAllowListed(u, allowHosts)) return { ok: true };
  const host = bareHost(u);
  if (!host) return refuse("invalid_url", "The callback URL has no host.");
  // The WHATWG parser has already turned 2130706433, 0x7f.1 and 017700000001 into 127.0.0.1.
  if (net.isIP(host)) return checkAddress(host);
  if (host === "localhost" || host.endsWith(".localhost")) {
    return refuse("local_hostname", "The callback URL points to this machine (localhost, RFC 6761 §6.3).");
  }
  return { ok: true };
}

/**
 * The send-time check: {@link checkCallbackUrl}, then resolves the host and refuses it when
 * ANY of its addresses is forbidden (an attacker's name may answer a public and a private
 * address). The caller must connect to `address` and no other.
 *
 * @param opts.lookup resolver, default the system's (`dns.lookup`, which honours /etc/hosts).
 * @returns the URL and the address to connect to, or a refusal; `dns_failed` is worth a retry.
 */
export async function resolveCallbackTarget(
  url: string,
  opts: { allowHosts?: string[]; lookup?: LookupAll } = {},
): Promise<{ ok: true; url: URL; address: string; family: 4 | 6 } | UrlRefusal> {
  const allowHosts = opts.allowHosts ?? webhookAllowHosts();
  const check = checkCallbackUrl(url, { allowHosts });
  if (!check.ok) return check;
  const u = new URL(url);
  const host = bareHost(u);
  const literal = net.isIP(host);
  if (literal) return { ok: true, url: u, address: host, family: literal as 4 | 6 };

  let answers: { address: string; family: number }[];
  try {
    answers = await (opts.lookup ?? systemLookup)(host);
  } catch (err) {
    return refuse("dns_failed", `The callback host could not be resolved (${(err as NodeJS.ErrnoException).code ?? String(err)}).`);
  }
  if (answers.length === 0) return refuse("dns_failed", "The callback host has no address.");
  if (!isAllowListed(u, allowHosts)) {
    for (const a of answers) {
      const refusal = checkAddress(a.address);
      if (!refusal.ok) return { ...refusal, message: `${host} resolves to ${a.address}: ${refusal.message}` };
    }
  }
  const first = answers[0];
  return { ok: true, url: u, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** True when `u`'s host (any port) or host:port is in `allowHosts`. */
function isAllowListed(u: URL, allowHosts: string[]): boolean {
  if (allowHosts.length === 0) return false;
  const host = bareHost(u);
  const port = u.port || (u.protocol === "https:" ? "443" : "80");
  return allowHosts.some((entry) => {
    const { host: h, port: p } = splitHostPort(entry);
    return h === host && (p === undefined || p === port);
  });
}

function checkAddress(address: string): UrlCheck {
  const range = forbiddenRange(address);
  if (!range) return { ok: true };
  return refuse("forbidden_address", `The callback URL points to a ${range.name} address (${range.cidr}, ${range.rfc}), which the worker does not call.`);
}

/** The URL's host without IPv6 brackets or a root-label dot (`localhost.`), lower case. */
function bareHost(u: URL): string {
  return u.hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
}

function splitHostPort(entry: string): { host: string; port?: string } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1], port: bracketed[2] };
  if (net.isIPv6(entry)) return { host: entry };
  const m = /^(.*):(\d+)$/.exec(entry);
  return m ? { host: m[1], port: m[2] } : { host: entry };
}

function refuse(code: UrlRefusalCode, message: string): UrlRefusal {
  return { ok: false, code, message };
}

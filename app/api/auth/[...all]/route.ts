import { getAuth } from "@/lib/auth/auth";
import { CLIENT_IP_HEADER } from "@/lib/auth/auth-rate-limit";
import { withSignInThrottle, withSignUpLimit } from "@/lib/auth/sign-in-throttle";
import { PanelistError, toErrorResponse } from "@/lib/errors";
import { clientAddress } from "@/lib/ratelimit/client-ip";
import { assertNoControlChars, capBody } from "../../_lib/input";
import { methodNotAllowed } from "../../_lib/method-not-allowed";

export const dynamic = "force-dynamic";

/** No sign-in, profile or organisation body of better-auth's comes near this. */
const MAX_AUTH_BODY_BYTES = 64 * 1024;

/**
 * better-auth's own door: sign-up/in/out, sessions, and the organization and admin plugins'
 * endpoints, which check the permission map themselves (lib/auth/permissions.ts) and the origin
 * against the same trusted list. In front of it, the input rules every route of ours has: a body
 * over 64 KiB is 413, a JSON body with control characters or nested past 32 levels is 422 —
 * before better-auth hands it to PostgreSQL (which refuses U+0000 with a 500).
 *
 * Then the abuse rules (docs/security.md, "Sign-in"): better-auth sees our client address
 * (lib/ratelimit/client-ip.ts) in {@link CLIENT_IP_HEADER}, never a client's own copy of it;
 * `POST /sign-in/email` goes through the sign-in throttle and `POST /sign-up/email` under the
 * sign-up ceiling (lib/auth/sign-in-throttle.ts); better-auth's own 429 is answered like ours,
 * `rate_limited:auth` with `Retry-After`.
 */
export async function GET(req: Request): Promise<Response> {
  try {
    return await answer(await getAuth().handler(new Request(req.url, { method: "GET", headers: withClientIp(req.headers) })));
  } catch (err) {
    return toErrorResponse(err);
  }
}

export async function POST(req: Request): Promise<Response> {
  try {
    if (Number(req.headers.get("content-length") ?? "0") > MAX_AUTH_BODY_BYTES) {
      throw new PanelistError("payload_too_large:api", "The body is larger than 64 KB.");
    }
    const text = await new Response(capBody(req.body, MAX_AUTH_BODY_BYTES, "payload_too_large:api")).text();
    const type = (req.headers.get("content-type") ?? "").toLowerCase();
    const path = authPath(req.url);
    // The throttle counts the e-mail it reads from the body: a sign-in or sign-up in any other
    // encoding (better-auth also reads forms) would be counted against no account at all.
    if ((path === "/sign-in/email" || path === "/sign-up/email") && !type.includes("json")) {
      throw new PanelistError("unsupported_media_type:auth", "Send the body as application/json.");
    }
    let parsed: unknown;
    if (type.includes("json") && text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined; // better-auth answers malformed JSON itself
      }
      assertNoControlChars(parsed, "");
    } else if (type.startsWith("application/x-www-form-urlencoded") && text) {
      assertNoControlChars(Object.fromEntries(new URLSearchParams(text)), "");
    }
    const headers = withClientIp(req.headers);
    const run = async () => answer(await getAuth().handler(new Request(req.url, { method: "POST", headers, body: text || undefined })));
    if (path === "/sign-in/email") return await withSignInThrottle(headers, (parsed as { email?: unknown } | undefined)?.email, run);
    if (path === "/sign-up/email") return await withSignUpLimit(headers, run);
    return await run();
  } catch (err) {
    return toErrorResponse(err);
  }
}

/** The request's headers with our client address in {@link CLIENT_IP_HEADER}, a client's copy dropped. */
function withClientIp(incoming: Headers): Headers {
  const headers = new Headers(incoming);
  headers.delete(CLIENT_IP_HEADER);
  const { ip } = clientAddress(incoming);
  if (ip !== "unknown") headers.set(CLIENT_IP_HEADER, ip);
  return headers;
}

/**
 * The better-auth path of a URL (`/sign-in/email`), read generously — percent-decoded,
 * lower-cased, repeated and trailing slashes dropped — so no spelling of the sign-in path that
 * better-auth's router might still match slips past the throttle (a spelling it does not match
 * is only checked for nothing).
 */
function authPath(url: string): string {
  let path = new URL(url).pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape: judged as written
  }
  path = path
    .toLowerCase()
    .replace(/\/{2,}/g, "/")
    .replace(/\/+$/, "");
  return path.startsWith("/api/auth/") ? path.slice("/api/auth".length) : path;
}

/** better-auth's own 429 (its request limiter) in our shape: `{code, message}`, `Retry-After`. */
async function answer(res: Response): Promise<Response> {
  if (res.status !== 429) return res;
  const retryAfter = res.headers.get("x-retry-after") ?? res.headers.get("retry-after") ?? "60";
  return new PanelistError("rate_limited:auth", `Too many requests. Please wait ${retryAfter} s and try again.`, {
    headers: { "Retry-After": retryAfter },
  }).toResponse();
}

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);

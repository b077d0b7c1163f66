import { createHash, timingSafeEqual } from "node:crypto";
import type { ZodType, z } from "zod";
import { type Actor, needsMembership, resolveActor, type Scope, scopeFor } from "@/lib/auth/guard";
import { assertSameOrigin } from "@/lib/auth/origin";
import { type Permission, RESOURCES, type Resource } from "@/lib/auth/permissions";
import { type ErrorCode, PanelistError, toErrorResponse } from "@/lib/errors";
import { clientAddress } from "@/lib/ratelimit/client-ip";
import type { LimitPolicy } from "@/lib/ratelimit/policies";
import { allowedHeaders, type LimitTicket, limitRequest } from "@/lib/ratelimit/request-limits";
import { assertNoControlChars, parseWith, readJsonBody } from "./input";

type RouteParams = Record<string, string | string[]>;

/** What a guarded handler receives: everything already checked and parsed. */
export type RouteContext<P extends Permission, Params, Query, Body, A = Actor> = {
  req: Request;
  /** The signed-in person; null when a route's bearer token let the request in (a machine client). */
  actor: A;
  /** The rows this request may touch: `{ownerId}`, `{organizationId}` or `{}` (platform). Queries take it. */
  scope: Scope<P>;
  params: Params;
  query: Query;
  body: Body;
  /** What the request limits charged at the door (null with `limit: false`); `chargeUnits(limit, …)` charges what the body turns out to cost. */
  limit: LimitTicket | null;
};

/** The door's own description of a route, kept on the handler for the authorization matrix test. */
/** `limit`: the policy the route declared (undefined: `read` for GET/HEAD, `write` otherwise; false: none). */
export type RouteGuard = { permission: Permission; body: "json" | "multipart" | "none"; limit?: LimitPolicy | false };

export type GuardedHandler = ((req: Request, route: { params: Promise<RouteParams> }) => Promise<Response>) & { guard: RouteGuard };

/**
 * The one door every route handler goes through (after dub's `withWorkspace` and
 * vercel/ai-chatbot's route shape), in this order:
 * 1. state-changing methods must come from the app's own origin (403 `forbidden:csrf`, lib/auth/origin.ts);
 * 2. authentication (401 `unauthorized:auth`): the session, or — on a route that names
 *    `bearerTokenEnv` — `Authorization: Bearer <the variable's value>`, for machine clients;
 * 3. the permission the route declares, from the one map in lib/auth/permissions.ts (403 `forbidden:auth`);
 * 3a. the request limits of the route's `limit` policy (lib/ratelimit/request-limits.ts; 429
 *    `rate_limited:<surface>` with `Retry-After` and the RateLimit headers, or 503 when Redis
 *    cannot count for a policy that fails closed) — after authentication, so the user and the
 *    organisation are known, and before the body is read, so a refused request costs nothing;
 *    a request let in by a bearer token counts by client address only. Allowed answers carry
 *    the RateLimit headers of the tightest rule;
 * 4. path params (a malformed id → 404 `notFound`, as a foreign or missing one), query and JSON
 *    body with their zod schemas (422 with field paths; malformed JSON 400; a non-JSON
 *    Content-Type 415; text with control characters such as U+0000 422);
 * 5. the handler, with the typed context and the **scope** its queries take — a resource outside
 *    it is the handler's 404, decided in SQL, never compared after the fetch.
 * Anything thrown becomes `{code, message}` (lib/errors.ts).
 *
 * `body: "multipart"` checks the Content-Type (415 otherwise) and leaves reading the stream
 * to the handler, which caps it (uploads).
 */
export function route<
  P extends Permission,
  PS extends ZodType = ZodType<RouteParams>,
  QS extends ZodType = ZodType<Record<string, never>>,
  BS extends ZodType = ZodType<undefined>,
  const T extends string | undefined = undefined,
>(def: {
  permission: P;
  /**
   * The name of an environment variable whose value, sent as `Authorization: Bearer <value>`, is
   * accepted instead of a session (e.g. `METRICS_TOKEN` for a Prometheus scraper); the handler's
   * `actor` is then null. Compared in constant time; with the variable unset or empty no token is
   * accepted. Platform permissions only (a token has no owner or organisation to scope by). A
   * request that sends a bearer token is judged by it alone: a wrong one is 401, whatever cookie
   * comes with it.
   */
  bearerTokenEnv?: T;
  params?: PS;
  /** The 404 a params failure answers, e.g. `not_found:resume`. */
  notFound?: ErrorCode;
  query?: QS;
  body?: BS | "multipart";
  /** JSON bodies larger than this are refused with 413 (default 1 MiB). */
  maxJsonBytes?: number;
  /** The request-limit policy (lib/ratelimit/policies.ts); default `read` for GET and HEAD, `write` otherwise; false: none. */
  limit?: LimitPolicy | false;
  handler: (ctx: RouteContext<P, z.infer<PS>, z.infer<QS>, z.infer<BS>, T extends string ? Actor | null : Actor>) => Promise<Response>;
}): GuardedHandler {
  if (def.bearerTokenEnv && RESOURCES[def.permission.split(":")[0] as Resource].scope !== "platform") {
    throw new Error(`bearerTokenEnv is for platform permissions only (${def.permission} is scoped to a person or an organisation)`);
  }
  const bodyKind: RouteGuard["body"] = def.body === "multipart" ? "multipart" : def.body ? "json" : "none";
  const fn = async (req: Request, route: { params: Promise<RouteParams> }): Promise<Response> => {
    try {
      assertSameOrigin(req);
      const token = def.bearerTokenEnv ? bearerToken(req) : null;
      let actor: Actor | null = null;
      let scope: Scope<P>;
      if (token !== null) {
        if (!tokenAccepted(token, process.env[def.bearerTokenEnv!])) {
          throw new PanelistError("unauthorized:auth", "The token is not valid.", { headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' } });
        }
        scope = {} as Scope<P>;
      } else {
        actor = await resolveActor(req.headers, { withMembership: needsMembership(def.permission) });
        if (!actor) throw new PanelistError("unauthorized:auth", "Sign in first.");
        scope = scopeFor(actor, def.permission);
      }

      // Next passes no params at all to a route without dynamic segments (a production build does).
      const rawParams = (await route?.params) ?? {};
      const policy = def.limit ?? (req.method === "GET" || req.method === "HEAD" ? "read" : "write");
      const limit = policy
        ? await limitRequest({
            policy,
            subject: { userId: actor?.user.id ?? null, organizationId: actor?.membership?.organizationId ?? null, address: clientAddress(req.headers) },
            route: routeName(req, rawParams),
          })
        : null;
      let params = rawParams as z.infer<PS>;
      if (def.params) {
        const parsed = def.params.safeParse(rawParams);
        if (!parsed.success) throw new PanelistError(def.notFound ?? "not_found:api", "Not found.");
        params = parsed.data as z.infer<PS>;
      }

      const rawQuery = Object.fromEntries(new URL(req.url).searchParams);
      assertNoControlChars(rawQuery, "query");
      const query = (def.query ? parseWith(def.query, rawQuery) : {}) as z.infer<QS>;

      let body = undefined as z.infer<BS>;
      if (def.body === "multipart") {
        if (!(req.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
          throw new PanelistError("unsupported_media_type:api", "Send this as multipart/form-data.");
        }
      } else if (def.body) {
        const raw = await readJsonBody(req, def.maxJsonBytes ?? 1024 * 1024);
        assertNoControlChars(raw, "");
        body = parseWith(def.body, raw) as z.infer<BS>;
      }
      const res = await def.handler({ req, actor: actor as T extends string ? Actor | null : Actor, scope, params, query, body, limit });
      return withHeaders(res, allowedHeaders(limit));
    } catch (err) {
      return toErrorResponse(err);
    }
  };
  return Object.assign(fn, { guard: { permission: def.permission, body: bodyKind, limit: def.limit } });
}

/** The credentials of `Authorization: Bearer <token>` (RFC 6750 §2.1; the scheme is case-insensitive), or null. */
function bearerToken(req: Request): string | null {
  const m = /^Bearer[ ]+(\S+)[ ]*$/i.exec(req.headers.get("authorization") ?? "");
  return m ? m[1]! : null;
}

/**
 * Whether `given` is the configured token, compared in constant time: both are hashed first so
 * `timingSafeEqual` gets equal lengths and the comparison says nothing about the token's length
 * (Node.js, `crypto.timingSafeEqual`). No configured token accepts nothing.
 */
function tokenAccepted(given: string, expected: string | undefined): boolean {
  if (!expected?.trim()) return false;
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected.trim()));
}

/** `POST /api/interviews/[id]/chat`: the method and the path with each param's value replaced by its name (the refusal record's route). */
function routeName(req: Request, params: RouteParams): string {
  const segments = new URL(req.url).pathname.split("/");
  for (const [name, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      const i = segments.findIndex((s) => s === encodeURIComponent(v) || s === v);
      if (i > 0) segments[i] = `[${name}]`;
    }
  }
  return `${req.method} ${segments.join("/")}`;
}

/** `res` with `headers` added (a copy when its headers are immutable, as a fetched Response's are). */
function withHeaders(res: Response, headers: Record<string, string>): Response {
  const entries = Object.entries(headers);
  if (entries.length === 0) return res;
  try {
    for (const [k, v] of entries) res.headers.set(k, v);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    for (const [k, v] of entries) copy.headers.set(k, v);
    return copy;
  }
}

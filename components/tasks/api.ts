import type { z } from "zod";
import { type TaskBody, taskBodySchema } from "@/lib/tasks/contracts";
import { type HeaderGetter, retryAfterSecondsFromHeaders } from "../ui/retry-after";

/** A task in an end state never changes again (short of an admin replay). */
export { isEnded as isEndState, type TaskStatus } from "@/lib/tasks/status";
export { taskBodySchema };

/** `GET /api/tasks/{id}` (the contract is `taskBodySchema`, lib/tasks/contracts.ts). */
export type Task = TaskBody;

/**
 * An API answer that was not 2xx: the server's `{code, message}` and the HTTP status (0: no
 * answer), and — when its headers say (`Retry-After`, the RateLimit fields) — the seconds until
 * it may be sent again (components/ui/retry-after.ts).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * Parses a `{code, message}` error body, tolerating a non-JSON one (a proxy's HTML page).
 * @param headers the answer's headers, read for when to try again (a 429's `Retry-After`).
 */
export function toApiError(status: number, bodyText: string, headers?: HeaderGetter | null): ApiError {
  const retryAfter = retryAfterSecondsFromHeaders(headers);
  try {
    const body = JSON.parse(bodyText) as { code?: unknown; message?: unknown };
    if (typeof body.code === "string") {
      return new ApiError(status, body.code, typeof body.message === "string" ? body.message : body.code, retryAfter);
    }
  } catch {
    // not JSON
  }
  return new ApiError(status, status === 0 ? "network" : `http_${status}`, bodyText.slice(0, 200) || `HTTP ${status}`, retryAfter);
}

/**
 * Outside production builds every body is parsed with its contract, so a server that drifts
 * from the contracts in lib/ fails loudly in development and tests instead of rendering nonsense;
 * production trusts the server and skips the cost.
 */
const CHECK_CONTRACTS = process.env.NODE_ENV !== "production";

/** `body` as `T`: parsed with `schema` outside production builds, trusted in them. */
export function checked<T>(schema: z.ZodType<T>, body: unknown): T {
  return CHECK_CONTRACTS ? schema.parse(body) : (body as T);
}

/**
 * A JSON request to the app's own API. Resolves with the body (checked against `schema` outside
 * production); rejects with an {@link ApiError} for a non-2xx answer (status 0 when no answer
 * came), or the fetch's AbortError when `init.signal` fired. Without a schema the body is
 * taken as `T` unchecked.
 */
export async function requestJson<T>(url: string, init: RequestInit = {}, schema?: z.ZodType<T>): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      cache: "no-store",
      ...init,
      headers: { accept: "application/json", ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers },
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw toApiError(0, "");
  }
  const text = await res.text();
  if (!res.ok) throw toApiError(res.status, text, res.headers);
  const body: unknown = JSON.parse(text);
  return schema ? checked(schema, body) : (body as T);
}

export const taskKeys = {
  detail: (id: string) => ["tasks", id] as const,
};

export const fetchTask = (id: string, signal?: AbortSignal) => requestJson(`/api/tasks/${encodeURIComponent(id)}`, { signal }, taskBodySchema);

/** Retry transient failures (network, 5xx) twice; never a 4xx, which will not change. */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

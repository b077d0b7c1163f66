/**
 * The one error type of the API. `code` is `type:surface` (after vercel/ai-chatbot's
 * lib/errors.ts); the type decides the HTTP status, the surface says where it happened.
 * Answered as JSON `{code, message}` (README, "API"), plus `issues` for 422s.
 */
const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  /** A method the route does not implement (app/api/_lib/method-not-allowed.ts): 405 with `Allow`. */
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limit: 429,
  /** A request limit (lib/ratelimit/request-limiter.ts): 429 with `Retry-After` and the RateLimit headers. */
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorType = keyof typeof ERROR_STATUS;
/**
 * `llm`: the upstream model (e.g. `unavailable:llm`, 503 + `Retry-After` while its circuit is open).
 * `budget`: a money budget (`rate_limit:budget`, 429 + `Retry-After` while it is used up; docs/finops.md).
 */
export type Surface =
  | "api"
  | "auth"
  | "csrf"
  | "upload"
  | "resume"
  | "task"
  | "interview"
  | "workspace"
  | "job"
  | "batch"
  | "admin"
  | "database"
  | "queue"
  | "llm"
  | "budget"
  | "application"
  | "audit"
  | "share"
  | "invite"
  | "knowledge"
  | "document";
export type ErrorCode = `${ErrorType}:${Surface}`;

export type FieldIssue = { path: string; message: string };

export class PanelistError extends Error {
  readonly type: ErrorType;
  readonly surface: Surface;
  readonly status: number;
  readonly issues?: FieldIssue[];
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, opts: { issues?: FieldIssue[]; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    const [type, surface] = code.split(":") as [ErrorType, Surface];
    this.type = type;
    this.surface = surface;
    this.status = ERROR_STATUS[type];
    this.issues = opts.issues;
    this.headers = opts.headers;
  }

  get code(): ErrorCode {
    return `${this.type}:${this.surface}`;
  }

  /** `{code, message}` (+ `issues`) with the mapped status. */
  toResponse(): Response {
    const body: Record<string, unknown> = { code: this.code, message: this.message };
    if (this.issues) body.issues = this.issues;
    return Response.json(body, { status: this.status, headers: this.headers });
  }
}

/**
 * Turns anything thrown in a handler into a response. Unknown errors are logged and
 * answered with a generic 500 so no internals (SQL, stack) leak to the client.
 */
export function toErrorResponse(err: unknown): Response {
  if (err instanceof PanelistError) return err.toResponse();
  if (isDatabaseUnavailable(err)) {
    console.error("database unavailable", String(err));
    return new PanelistError("unavailable:database", "The database is unavailable for a moment. Please try again shortly.", {
      headers: { "Retry-After": "5" },
    }).toResponse();
  }
  console.error("unhandled error", err);
  return new PanelistError("internal:api", "Something went wrong on our side. Please try again.").toResponse();
}

/** postgres.js's own codes for a connection that failed or went away. */
const DRIVER_CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
]);

/**
 * Whether `err` (or an error in its `cause` chain, as Drizzle wraps driver errors) says the
 * database cannot be reached right now rather than that the query was wrong: postgres.js
 * connection codes, SQLSTATE class 08 (connection exception) and 57P01–57P03 (the server is
 * shutting down, crashed, or not yet accepting connections — PostgreSQL, Appendix A). Such a
 * request is answered 503 with `Retry-After`, not 500: retrying it is right.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== "string") continue;
    if (DRIVER_CONNECTION_CODES.has(code) || code.startsWith("08") || ["57P01", "57P02", "57P03"].includes(code)) return true;
  }
  return false;
}

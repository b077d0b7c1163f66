/**
 * The one error type of the API. `code` is `type:surface` (after vercel/ai-chatbot's
 * lib/errors.ts); the type decides the HTTP status, the surface says where it happened.
 * Answered as JSON `{code, message}` (DESIGN.md §5), plus `issues` for 422s.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limit: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorType = keyof typeof ERROR_STATUS;
/** `llm`: the upstream model (e.g. `unavailable:llm`, 503 + `Retry-After` while its circuit is open). */
export type Surface = "api" | "auth" | "upload" | "resume" | "task" | "interview" | "database" | "queue" | "llm";
export type ErrorCode = `${ErrorType}:${Surface}`;

export type FieldIssue = { path: string; message: string };

export class PanelistError extends Error {
  readonly type: ErrorType;
  readonly surface: Surface;
  readonly status: number;
  readonly issues?: FieldIssue[];
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { issues?: FieldIssue[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
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
  console.error("unhandled error", err);
  return new PanelistError("internal:api", "Something went wrong on our side. Please try again.").toResponse();
}

import type { ZodType } from "zod";
import { getSessionUser, type Role, type SessionUser } from "@/lib/auth/auth";
import { PanelistError, toErrorResponse } from "@/lib/errors";

type RouteParams = Record<string, string | string[]>;
export type HandlerContext<P extends RouteParams> = { req: Request; user: SessionUser; params: P };

/**
 * Wraps a route handler so no handler can forget authentication (after dub's withWorkspace):
 * resolves the session (401 otherwise), checks the role (403), awaits the route params,
 * and turns any thrown error into `{code, message}`.
 */
export function withUser<P extends RouteParams = RouteParams>(
  handler: (ctx: HandlerContext<P>) => Promise<Response>,
  opts: { roles?: Role[] } = {},
) {
  return async (req: Request, route: { params: Promise<P> }): Promise<Response> => {
    try {
      const user = await getSessionUser(req.headers);
      if (!user) throw new PanelistError("unauthorized:auth", "Sign in first.");
      if (opts.roles && !opts.roles.includes(user.role)) {
        throw new PanelistError("forbidden:auth", "Your role cannot do this.");
      }
      return await handler({ req, user, params: await route.params });
    } catch (err) {
      return toErrorResponse(err);
    }
  };
}

/**
 * Parses a value with a zod schema; failure → 422 `unprocessable:api` with field paths.
 */
export function parseWith<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new PanelistError("unprocessable:api", "The request has invalid fields.", {
    issues: result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
  });
}

/** Reads a JSON body; malformed JSON → 400 `bad_request:api`. */
export async function readJson(req: Request): Promise<unknown> {
  try {
    return await req.json();
  } catch {
    throw new PanelistError("bad_request:api", "The body is not valid JSON.");
  }
}

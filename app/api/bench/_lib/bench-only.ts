import { PanelistError, toErrorResponse } from "@/lib/errors";
import type { GuardedHandler } from "../../_lib/route";

/**
 * A benchmark-only route: `handler` (the one door, `route()`) when the server runs with
 * `PANELIST_BENCH_ROUTES=1`, else 404 `not_found:api` before the session is read. Read per
 * request, so `next build` bakes nothing in. The door's description stays on the result for the
 * authorization matrix test.
 */
export function benchOnly(handler: GuardedHandler): GuardedHandler {
  return Object.assign(
    async (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }): Promise<Response> => {
      if (process.env.PANELIST_BENCH_ROUTES !== "1") return toErrorResponse(new PanelistError("not_found:api", "Not found."));
      return handler(req, ctx);
    },
    { guard: handler.guard },
  );
}

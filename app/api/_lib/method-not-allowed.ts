import { PanelistError } from "@/lib/errors";

/** The methods a route file of ours may implement (Next's HEAD comes from GET, OPTIONS from here). */
export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

/** A handler answering a method the route does not implement; `allow` is the route's real methods. */
export type NotAllowedHandler = ((req: Request) => Response) & { methodNotAllowed: { allow: readonly RouteMethod[] } };

type NotAllowedExports<A extends RouteMethod> = Record<Exclude<RouteMethod, A>, NotAllowedHandler> &
  // HEAD is Next's own copy of GET where there is a GET; otherwise it is refused like the others.
  ("GET" extends A ? Record<never, never> : { HEAD: NotAllowedHandler }) & { OPTIONS: (req: Request) => Response };

/**
 * The handlers a route file exports for the methods it does not implement, so that every method
 * is answered as our API answers (README, "API"):
 *
 *     export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
 *
 * - each other method (and HEAD where the route has no GET): 405 `method_not_allowed:api`
 *   `{code, message}` with `Allow` listing the real methods (RFC 9110 §15.5.6 requires it) —
 *   Next's own answer to an unexported method is an empty 405 without `Allow`;
 * - `OPTIONS`: 204 with the same `Allow` (RFC 9110 §9.3.7). Next's automatic OPTIONS would list
 *   every exported function, these 405 handlers included. No CORS headers: the API is same-origin.
 *
 * The types refuse to hand out a method listed as implemented, and `tests/api/methods.test.ts`
 * checks every route file exports all five methods, each either a handler of the door or one of
 * these, and that `Allow` names exactly the door's handlers.
 * @param allow the methods the route file implements itself.
 */
export function methodNotAllowed<const A extends RouteMethod>(allow: readonly A[]): NotAllowedExports<A> {
  const allowHeader = [...allow, ...(allow.includes("GET" as A) ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const refuse = (method: string): NotAllowedHandler =>
    Object.assign(
      // A HEAD answer's body is dropped by Next (RFC 9110 §9.3.2); its status and Allow stay.
      (req: Request) =>
        new PanelistError("method_not_allowed:api", `${req.method || method} is not allowed here; use ${allow.join(" or ")}.`, {
          headers: { Allow: allowHeader },
        }).toResponse(),
      { methodNotAllowed: { allow } },
    );
  const out: Record<string, unknown> = {};
  for (const m of ROUTE_METHODS) if (!allow.includes(m as A)) out[m] = refuse(m);
  if (!allow.includes("GET" as A)) out.HEAD = refuse("HEAD");
  out.OPTIONS = () => new Response(null, { status: 204, headers: { Allow: allowHeader } });
  return out as NotAllowedExports<A>;
}

/** Whether a route module's export is one of {@link methodNotAllowed}'s 405 handlers. */
export function isMethodNotAllowed(handler: unknown): handler is NotAllowedHandler {
  return typeof handler === "function" && "methodNotAllowed" in handler;
}

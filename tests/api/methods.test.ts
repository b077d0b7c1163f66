import "../helpers/env";
import { describe, expect, it } from "vitest";
import { isMethodNotAllowed, ROUTE_METHODS } from "@/app/api/_lib/method-not-allowed";
import type { GuardedHandler } from "@/app/api/_lib/route";
import { BASE } from "../helpers/http";

/**
 * Every route file under app/api (found by the glob, as the authorization matrix finds them)
 * answers all five methods: each is either a handler of the door (better-auth's own for its
 * catch-all) or a JSON 405 `method_not_allowed:api` whose `Allow` names exactly the handlers the
 * file has — never Next's empty 405. OPTIONS and HEAD answer with the same `Allow`.
 */
// app/api/_lib/route.ts is the door itself: Next routes no folder whose name starts with `_`.
const modules = import.meta.glob<Record<string, unknown>>(["/app/api/**/route.ts", "!/app/api/_lib/**"], { eager: true });
const FILES = Object.entries(modules).map(([file, mod]) => ({ file, mod, path: file.replace(/^\/app/, "").replace(/\/route\.ts$/, "") }));
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Response | Promise<Response>;

const implemented = (mod: Record<string, unknown>) => ROUTE_METHODS.filter((m) => typeof mod[m] === "function" && !isMethodNotAllowed(mod[m]));
const expectedAllow = (real: string[]) => [...real, ...(real.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
const allowOf = (res: Response) =>
  (res.headers.get("allow") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

describe("methods a route does not implement", () => {
  it("finds the route files by glob", () => {
    expect(FILES.length).toBeGreaterThan(40);
  });

  it.each(FILES.map((f) => [f.path, f] as const))("%s answers every method: its door or a JSON 405 with Allow", async (_path, { path, mod }) => {
    const real = implemented(mod);
    expect(real.length, "a route file with no handler of its own").toBeGreaterThan(0);
    for (const method of ROUTE_METHODS) {
      const handler = mod[method];
      expect(typeof handler, `${method} ${path} is not exported: Next would answer an empty 405`).toBe("function");
      if (real.includes(method)) {
        // Ours go through the door; better-auth's catch-all is the one exception (its own routing).
        if (path === "/api/auth/[...all]") expect(["GET", "POST"]).toContain(method);
        else expect((handler as Partial<GuardedHandler>).guard, `${method} ${path}`).toBeDefined();
        continue;
      }
      const res = await (handler as Handler)(new Request(`${BASE}${path}`, { method }), { params: Promise.resolve({}) });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(allowOf(res).sort(), `${method} ${path}`).toEqual(expectedAllow(real).sort());
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe("method_not_allowed:api");
      expect(body.message).toContain(method);
    }

    const options = mod.OPTIONS as Handler;
    expect(typeof options, `OPTIONS ${path}: Next's own would list the 405 handlers as allowed`).toBe("function");
    const opt = await options(new Request(`${BASE}${path}`, { method: "OPTIONS" }), { params: Promise.resolve({}) });
    expect(opt.status).toBe(204);
    expect(allowOf(opt).sort()).toEqual(expectedAllow(real).sort());

    if (real.includes("GET")) {
      // Next answers HEAD with the GET handler (minus the body).
      expect(mod.HEAD, `HEAD ${path}`).toBeUndefined();
    } else {
      const head = await (mod.HEAD as Handler)(new Request(`${BASE}${path}`, { method: "HEAD" }), { params: Promise.resolve({}) });
      expect(head.status).toBe(405);
      expect(allowOf(head).sort()).toEqual(expectedAllow(real).sort());
    }
  });
});

import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { type Actor, resolveActor, type Scope, scopeFor } from "./guard";
import { can, type Permission } from "./permissions";

/**
 * The pages' side of the one door (lib/auth/guard.ts is the routes'): resolves the actor for a
 * server component and checks the permission the page declares, from the same map, so a page
 * and its API never disagree about who may see what. Anonymous → `redirect("/sign-in")`; an
 * actor whose role may not use the page → `notFound()` (a page never says 403: it does not
 * tell anyone that it exists).
 * @returns the actor and the scope the page's queries take.
 */
export async function requirePage<P extends Permission>(permission: P): Promise<{ actor: Actor; scope: Scope<P> }> {
  const actor = await currentActor();
  if (!actor) redirect("/sign-in");
  if (!can(actor, permission)) notFound();
  return { actor, scope: scopeFor(actor, permission) };
}

/**
 * The signed-in actor with their active organisation's membership, or null — for layouts that
 * render for everyone (the header shows entries by the same map: {@link navFor}). Memoised per
 * request (React `cache`), so the layout and the page resolve the session once.
 */
export const currentActor = cache(async (): Promise<Actor | null> => {
  const { headers } = await import("next/headers");
  return resolveActor(await headers(), { withMembership: true });
});

/**
 * Which header entries an actor gets: each is the permission of the page it leads to. The open
 * jobs (`/openings`) are every person's, but a member of an organisation has its own jobs entry
 * instead, so the header never shows two "Jobs". The organisation's own page (`/workspace`,
 * `workspace:read`) is reached from the jobs page, which keeps a recruiter's header at four entries.
 */
export function navFor(actor: Actor): { jobs: boolean; console: boolean; openings: boolean; sharedReports: boolean } {
  return {
    jobs: can(actor, "job:read"),
    console: can(actor, "console:read"),
    openings: can(actor, "opening:read") && !can(actor, "job:read"),
    sharedReports: can(actor, "shared_report:read"),
  };
}

/** Where a signed-in actor lands (after sign-in, on `/`, from the app name): a recruiter's jobs, else their own resumes. */
export function landingPath(actor: Actor | null): "/jobs" | "/resumes" {
  return actor && can(actor, "job:read") ? "/jobs" : "/resumes";
}

import { getDb } from "@/lib/db/client";
import { firstMembershipOf, getMembership } from "@/lib/db/queries/organizations";
import { PanelistError } from "@/lib/errors";
import { getSessionUser, type SessionUser } from "./auth";
import { type ActorRoles, can, ORGANIZATION_ROLES, type OrganizationRole, type Permission, RESOURCES, type Resource } from "./permissions";
import { sessionCacheSeconds, TtlCache } from "./session-cache";

/** Who is asking: the signed-in person, their platform role and their active organisation's membership. */
export type Actor = ActorRoles & { user: SessionUser };

/** The scope a permission acts in, handed to the queries (docs/architecture.md, "Actors and permissions"). */
export type Scope<P extends Permission> = P extends `${infer R extends Resource}:${string}`
  ? (typeof RESOURCES)[R]["scope"] extends "personal"
    ? { ownerId: string }
    : (typeof RESOURCES)[R]["scope"] extends "organization"
      ? { organizationId: string }
      : Record<never, never>
  : never;

/**
 * Resolves the actor from request headers (cookie), or null when nobody is signed in.
 * The membership is read only when asked for (`withMembership`): personal routes need none.
 * The session's active organisation is used when its user is still a member; a session
 * without one (created before the user joined) falls back to their oldest membership.
 */
export async function resolveActor(headers: Headers, { withMembership }: { withMembership: boolean }): Promise<Actor | null> {
  const user = await getSessionUser(headers);
  if (!user) return null;
  return { user, platformRole: user.platformRole, membership: withMembership ? await activeMembershipOf(user) : null };
}

/**
 * Memberships read within the session cache's age (lib/auth/session-cache.ts), by user and the
 * session's active organisation: like the session itself, a removal or a role change inside an
 * organisation takes effect within that age, and an organisation route costs no query per request.
 */
const memberships = new TtlCache<Actor["membership"]>(() => sessionCacheSeconds() * 1_000);

/** The membership of `user`'s active organisation (or, without one, their oldest), or null. */
async function activeMembershipOf(user: SessionUser): Promise<Actor["membership"]> {
  const key = `${user.id}\u0000${user.activeOrganizationId ?? ""}`;
  const cached = memberships.get(key);
  if (cached !== undefined) return cached;
  const membership = await readMembership(user);
  memberships.set(key, membership);
  return membership;
}

async function readMembership(user: SessionUser): Promise<Actor["membership"]> {
  const db = getDb();
  const row = user.activeOrganizationId
    ? await getMembership(db, { userId: user.id, organizationId: user.activeOrganizationId })
    : await firstMembershipOf(db, { userId: user.id });
  return row && (ORGANIZATION_ROLES as readonly string[]).some((r) => row.role.split(",").includes(r))
    ? { organizationId: row.organizationId, role: row.role as OrganizationRole }
    : null;
}

/**
 * The active organisation in which `actor` holds `permission`, or null — for a route whose door
 * is a personal permission but whose rows an organisation may also read (a report PDF: the
 * owner's own, or one shared with the reader's organisation). The membership is read here
 * when the door did not read it.
 */
export async function organizationGranting(actor: Actor, permission: OrganizationPermission): Promise<string | null> {
  const membership = actor.membership ?? (await activeMembershipOf(actor.user));
  return membership && can({ ...actor, membership }, permission) ? membership.organizationId : null;
}

/** A permission of the organisation scope, e.g. `application:read`. */
export type OrganizationPermission = {
  [P in Permission]: P extends `${infer R extends Resource}:${string}` ? ((typeof RESOURCES)[R]["scope"] extends "organization" ? P : never) : never;
}[Permission];

/** Whether checking `permission` needs the actor's organisation membership. */
export function needsMembership(permission: Permission | undefined): boolean {
  if (!permission) return false;
  return RESOURCES[permission.split(":")[0] as Resource].scope === "organization";
}

/**
 * The scope `actor` acts in for `permission`, after checking they hold it.
 * @throws {PanelistError} 403 `forbidden:auth` when the actor's role does not grant it.
 */
export function scopeFor<P extends Permission>(actor: Actor, permission: P): Scope<P> {
  if (!can(actor, permission)) throw new PanelistError("forbidden:auth", "Your role cannot do this.");
  const kind = RESOURCES[permission.split(":")[0] as Resource].scope;
  if (kind === "personal") return { ownerId: actor.user.id } as Scope<P>;
  if (kind === "organization") return { organizationId: actor.membership!.organizationId } as Scope<P>;
  return {} as Scope<P>;
}

import { createAccessControl } from "better-auth/plugins/access";
import { defaultStatements as adminPluginStatements } from "better-auth/plugins/admin/access";
import { defaultStatements as organizationPluginStatements } from "better-auth/plugins/organization/access";

/**
 * The one permission map: resource × action → who. Read by the route and page guards
 * (lib/auth/guard.ts), by better-auth's admin and organization plugins (their own endpoints),
 * and by the UI to hide what an actor may not do. Pure data — safe in the browser.
 *
 * Every resource lives in exactly one **scope** (docs/architecture.md, "Actors and permissions"):
 * - `personal` — a person's own things (resumes, interviews, tasks); queries get `{ownerId}`.
 *   Every signed-in person may use them, recruiters and admins included (a recruiter can also
 *   be a candidate of their own).
 * - `organization` — the active organisation's things (workspace, jobs); queries get
 *   `{organizationId}`; who may is decided by the member's role inside the organisation
 *   (owner / admin / member).
 * - `platform` — the operator's console (users, budgets, DLQ); no scope: all rows; only the
 *   platform role `admin`. An organisation's admin is not a platform admin.
 */
export const RESOURCES = {
  resume: { scope: "personal", actions: ["create", "read"] },
  interview: { scope: "personal", actions: ["create", "read", "chat", "end"] },
  task: { scope: "personal", actions: ["read"] },
  // A candidate's side of recruiting: browse open jobs and apply with an own resume; share an
  // interview report with an organisation (and withdraw it).
  opening: { scope: "personal", actions: ["read", "apply"] },
  share: { scope: "personal", actions: ["create", "read", "delete"] },
  // A person's own knowledge bases: create, list and read, upload and delete documents (update), ask (chat).
  knowledge: { scope: "personal", actions: ["create", "read", "update", "chat"] },
  workspace: { scope: "organization", actions: ["read"] },
  // read: jobs, their ranking, batches, fairness audits; update: edit, close, bulk upload, weights, audits.
  job: { scope: "organization", actions: ["create", "read", "update"] },
  // A resume in a job's pipeline: read it (blind until opened), move its stage, write notes.
  application: { scope: "organization", actions: ["read", "update"] },
  invite: { scope: "organization", actions: ["create", "read"] },
  // Interview reports candidates shared with the organisation: read-only.
  shared_report: { scope: "organization", actions: ["read"] },
  // The organisation's shared knowledge bases (handbook, question banks): its recruiters keep them.
  org_knowledge: { scope: "organization", actions: ["create", "read", "update", "chat"] },
  // read: every console page and API; configure: budgets, alert thresholds, price overrides, roles;
  // operate: DLQ replay and discard.
  console: { scope: "platform", actions: ["read", "configure", "operate"] },
} as const;

export type Resource = keyof typeof RESOURCES;
type ScopeKind = (typeof RESOURCES)[Resource]["scope"];
/** `resource:action`, e.g. `resume:read`. */
export type Permission = { [R in Resource]: `${R}:${(typeof RESOURCES)[R]["actions"][number]}` }[Resource];

/** Platform roles (the admin plugin's `user.role`). */
export const PLATFORM_ROLES = ["user", "admin"] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];
/** Roles inside an organisation (the organization plugin's `member.role`). */
export const ORGANIZATION_ROLES = ["owner", "admin", "member"] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

type Statements<S extends ScopeKind> = {
  [R in Resource as (typeof RESOURCES)[R]["scope"] extends S ? R : never]: (typeof RESOURCES)[R]["actions"];
};
function statementsOf<S extends ScopeKind>(...scopes: S[]): Statements<S> {
  return Object.fromEntries(
    Object.entries(RESOURCES)
      .filter(([, r]) => (scopes as ScopeKind[]).includes(r.scope))
      .map(([name, r]) => [name, r.actions]),
  ) as Statements<S>;
}

const personal = statementsOf("personal");
const platform = statementsOf("platform");
const organizationOwn = statementsOf("organization");

/** Platform access control: the admin plugin's statements (users, sessions) plus ours. */
export const platformAc = createAccessControl({ ...adminPluginStatements, ...personal, ...platform });
export const platformRoles = {
  user: platformAc.newRole({ ...personal }),
  admin: platformAc.newRole({
    ...personal,
    ...platform,
    user: ["create", "list", "set-role", "ban", "impersonate", "delete", "set-password", "get", "update"],
    session: ["list", "revoke", "delete"],
  }),
};

/** Organisation access control: the organization plugin's statements (members, invitations) plus ours. */
export const organizationAc = createAccessControl({ ...organizationPluginStatements, ...organizationOwn });
export const organizationRoles = {
  owner: organizationAc.newRole({
    ...organizationOwn,
    organization: ["update", "delete"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    team: ["create", "update", "delete"],
    ac: ["create", "read", "update", "delete"],
  }),
  admin: organizationAc.newRole({
    ...organizationOwn,
    organization: ["update"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    team: ["create", "update", "delete"],
    ac: ["create", "read", "update", "delete"],
  }),
  member: organizationAc.newRole({ ...organizationOwn, ac: ["read"] }),
};

/** What the guards know of who is asking; `membership` is the active organisation's, if any. */
export type ActorRoles = {
  platformRole: PlatformRole;
  membership: { organizationId: string; role: OrganizationRole } | null;
};

/**
 * Whether an actor holds `permission`. Personal and platform permissions are decided by the
 * platform role; organisation permissions by the role inside the active organisation (no
 * active organisation → no). A comma-separated role (better-auth allows several) grants the
 * union.
 */
export function can(actor: ActorRoles, permission: Permission): boolean {
  const [resource, action] = permission.split(":") as [Resource, string];
  const request = { [resource]: [action] } as never;
  if (RESOURCES[resource].scope === "organization") {
    if (!actor.membership) return false;
    return actor.membership.role.split(",").some((r) => organizationRoles[r as OrganizationRole]?.authorize(request).success === true);
  }
  return actor.platformRole.split(",").some((r) => platformRoles[r as PlatformRole]?.authorize(request).success === true);
}

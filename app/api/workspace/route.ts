import { getDb } from "@/lib/db/client";
import { getOrganizationSummary, listMembers } from "@/lib/db/queries/organizations";
import { PanelistError } from "@/lib/errors";
import { methodNotAllowed } from "../_lib/method-not-allowed";
import { route } from "../_lib/route";

export const dynamic = "force-dynamic";

/**
 * The recruiter's workspace: the active organisation, the caller's role in it and its members.
 * Organisation-scoped: a person who is no member of any organisation gets 403.
 */
export const GET = route({
  permission: "workspace:read",
  handler: async ({ actor, scope }) => {
    const db = getDb();
    const [organization, members] = await Promise.all([getOrganizationSummary(db, scope), listMembers(db, scope)]);
    if (!organization) throw new PanelistError("not_found:workspace", "No such organisation.");
    return Response.json({
      organization: { ...organization, createdAt: organization.createdAt.toISOString() },
      role: actor.membership!.role,
      members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
    });
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);

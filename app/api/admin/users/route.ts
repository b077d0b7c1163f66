import { toAdminUser } from "@/lib/console/users";
import { getDb } from "@/lib/db/client";
import { listUsersPage } from "@/lib/db/queries/users";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";
import { listUsersQuerySchema } from "./schema";

export const dynamic = "force-dynamic";

/**
 * The platform's users for the admin console, newest first: `{items, total}` (`usersBodySchema`,
 * lib/console/contracts.ts). Roles and bans change through `PATCH /api/admin/users/{id}`.
 */
export const GET = route({
  permission: "console:read",
  query: listUsersQuerySchema,
  handler: async ({ query }) => {
    const { rows, total } = await listUsersPage(getDb(), { ...query, q: query.q || undefined });
    return Response.json({ items: rows.map(toAdminUser), total });
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);

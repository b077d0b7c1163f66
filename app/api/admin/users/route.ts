import { getDb } from "@/lib/db/client";
import { listUsersPage } from "@/lib/db/queries/users";
import { route } from "../../_lib/route";
import { listUsersQuerySchema } from "./schema";

export const dynamic = "force-dynamic";

/**
 * The platform's users for the admin console, newest first: `{items, total}`. Roles, bans and
 * sessions are changed through better-auth's admin endpoints (`/api/auth/admin/*`), which
 * check the same permission map.
 */
export const GET = route({
  permission: "console:read",
  query: listUsersQuerySchema,
  handler: async ({ query }) => {
    const { rows, total } = await listUsersPage(getDb(), query);
    return Response.json({ items: rows.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })), total });
  },
});

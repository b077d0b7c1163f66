import { getDb } from "@/lib/db/client";
import { searchTasks } from "@/lib/db/queries/tasks";
import type { AdminTaskList } from "@/lib/tasks/admin-contracts";
import { toAdminTaskItem } from "@/lib/tasks/admin-view";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";
import { adminTasksQuerySchema } from "./schema";

export const dynamic = "force-dynamic";

/**
 * Every task on the platform for the console, newest first, filtered by status, type, owner
 * e-mail and organisation (id or slug), one keyset page at a time: `{items, nextCursor}`
 * (`lib/tasks/admin-contracts.ts`).
 */
export const GET = route({
  permission: "console:read",
  query: adminTasksQuerySchema,
  handler: async ({ query }) => {
    const { rows, hasMore } = await searchTasks(getDb(), {
      status: query.status,
      type: query.type,
      ownerEmail: query.user,
      organization: query.organization,
      before: query.before,
      limit: query.limit,
    });
    const body: AdminTaskList = { items: rows.map(toAdminTaskItem), nextCursor: hasMore ? rows[rows.length - 1]!.id : null };
    return Response.json(body);
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);

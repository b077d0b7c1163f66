import { getDb } from "@/lib/db/client";
import { countDeadLetters, searchTasks } from "@/lib/db/queries/tasks";
import type { DlqList } from "@/lib/tasks/admin-contracts";
import { toAdminTaskItem } from "@/lib/tasks/admin-view";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";
import { dlqQuerySchema } from "./schema";

export const dynamic = "force-dynamic";

/** The DLQ's size is counted up to here ("10 000 or more"): the count stays cheap however large it grows. */
const TOTAL_CAP = 10_000;

/**
 * The dead-letter queue as the database holds it: FAILED tasks not discarded, newest first, one
 * keyset page at a time, with its size (`dlqListSchema`). The `panelist:{type}:dlq` streams are
 * only copies (a Redis loss erases them); this list is the truth replay and discard act on.
 */
export const GET = route({
  permission: "console:read",
  query: dlqQuerySchema,
  handler: async ({ query }) => {
    const db = getDb();
    const [{ rows, hasMore }, total] = await Promise.all([
      searchTasks(db, { status: "FAILED", discarded: false, before: query.before, limit: query.limit }),
      countDeadLetters(db, { upTo: TOTAL_CAP }),
    ]);
    const body: DlqList = { items: rows.map(toAdminTaskItem), nextCursor: hasMore ? rows[rows.length - 1]!.id : null, total, totalCap: TOTAL_CAP };
    return Response.json(body);
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);

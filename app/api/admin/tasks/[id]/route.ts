import { getDb } from "@/lib/db/client";
import { listTaskEvents } from "@/lib/db/queries/task-events";
import { getAdminTask, listTaskUsage } from "@/lib/db/queries/tasks";
import { PanelistError } from "@/lib/errors";
import { TASK_USAGE_LIMIT } from "@/lib/tasks/admin-contracts";
import { toAdminTaskDetail } from "@/lib/tasks/admin-view";
import { idParams } from "../../../_lib/input";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";

export const dynamic = "force-dynamic";

/** One task of any owner for the console: the row, its `task_events` and its `llm_usage` rows (`adminTaskDetailSchema`). */
export const GET = route({
  permission: "console:read",
  params: idParams,
  notFound: "not_found:task",
  handler: async ({ params }) => {
    const db = getDb();
    const [task, events, usage] = await Promise.all([
      getAdminTask(db, { id: params.id }),
      listTaskEvents(db, { taskId: params.id }),
      listTaskUsage(db, { taskId: params.id, limit: TASK_USAGE_LIMIT }),
    ]);
    if (!task) throw new PanelistError("not_found:task", "No such task.");
    return Response.json(toAdminTaskDetail(task, events, usage));
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);

import { getDb } from "@/lib/db/client";
import { getTaskForOwner } from "@/lib/db/queries/tasks";
import { PanelistError } from "@/lib/errors";
import { getTaskEventHub } from "@/lib/queue/events";
import { isEnded, toTaskBody } from "@/lib/tasks/view";
import { idParams } from "../../_lib/input";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";
import { taskQuerySchema } from "./schema";

export const dynamic = "force-dynamic";

/**
 * The task body; with `?wait=N` a long-poll: answers at once if the task has ended, else when
 * its status changes (Redis pub/sub wakes it, the database is not polled) or N s pass.
 * A parked long-poll holds no database connection and no Redis connection of its own
 * (tests/api/task-waiters.test.ts proves it with 500 at once).
 */
export const GET = route({
  permission: "task:read",
  params: idParams,
  notFound: "not_found:task",
  query: taskQuerySchema,
  handler: async ({ req, scope, params, query: { wait } }) => {
    const db = getDb();
    const read = () => getTaskForOwner(db, { id: params.id, ...scope });
    if (!wait) {
      const task = await read();
      if (!task) throw new PanelistError("not_found:task", "No such task.");
      return Response.json(toTaskBody(task));
    }
    const watch = await getTaskEventHub().watch(params.id);
    try {
      const task = await read();
      if (!task) throw new PanelistError("not_found:task", "No such task.");
      if (isEnded(task.status)) return Response.json(toTaskBody(task));
      const deadline = Date.now() + wait * 1000;
      let current = task;
      while (Date.now() < deadline) {
        const ev = await watch.next(deadline - Date.now(), req.signal);
        if (!ev) break;
        const fresh = await read();
        if (!fresh) break;
        // Events may race the commit they announce; answer only on a real change.
        if (fresh.status !== current.status) return Response.json(toTaskBody(fresh));
        current = fresh;
      }
      // A lost event only costs the wait: the answer is always the database's current state.
      const last = await read();
      return Response.json(toTaskBody(last ?? current));
    } finally {
      watch.close();
    }
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);

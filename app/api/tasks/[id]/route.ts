import { getDb } from "@/lib/db/client";
import { PanelistError } from "@/lib/errors";
import { getTaskEventHub } from "@/lib/queue/events";
import { getOwnedTask, isEnded, isUuid, toTaskBody } from "@/lib/tasks/view";
import { parseWith, withUser } from "../../_lib/handler";
import { taskQuerySchema } from "./schema";

export const dynamic = "force-dynamic";

/**
 * The task body; with `?wait=N` a long-poll: answers at once if the task has ended, else when
 * its status changes (Redis pub/sub wakes it, the database is not polled) or N s pass.
 * A parked long-poll holds no database connection and no Redis connection of its own
 * (tests/api/task-waiters.test.ts proves it with 500 at once).
 */
export const GET = withUser<{ id: string }>(async ({ req, user, params }) => {
  const { wait } = parseWith(taskQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  const db = getDb();
  if (!wait) {
    const task = await getOwnedTask(db, { id: params.id, ownerId: user.id });
    if (!task) throw new PanelistError("not_found:task", "No such task.");
    return Response.json(toTaskBody(task));
  }
  if (!isUuid(params.id)) throw new PanelistError("not_found:task", "No such task.");
  const watch = await getTaskEventHub().watch(params.id);
  try {
    const task = await getOwnedTask(db, { id: params.id, ownerId: user.id });
    if (!task) throw new PanelistError("not_found:task", "No such task.");
    if (isEnded(task.status)) return Response.json(toTaskBody(task));
    const deadline = Date.now() + wait * 1000;
    let current = task;
    while (Date.now() < deadline) {
      const ev = await watch.next(deadline - Date.now(), req.signal);
      if (!ev) break;
      const fresh = await getOwnedTask(db, { id: params.id, ownerId: user.id });
      if (!fresh) break;
      // Events may race the commit they announce; answer only on a real change.
      if (fresh.status !== current.status) return Response.json(toTaskBody(fresh));
      current = fresh;
    }
    // A lost event only costs the wait: the answer is always the database's current state.
    const last = await getOwnedTask(db, { id: params.id, ownerId: user.id });
    return Response.json(toTaskBody(last ?? current));
  } finally {
    watch.close();
  }
});

import { getDb } from "@/lib/db/client";
import { createLogger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { replayFailedTasks } from "@/lib/tasks/admin";
import type { ReplayResultBody } from "@/lib/tasks/admin-contracts";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";
import { replayBodySchema } from "../schema";

export const dynamic = "force-dynamic";

const log = createLogger("web");

/**
 * Replays FAILED tasks — `{taskIds}` or `{all: true}` — back to PENDING on the batch lane with
 * their attempts reset, each with a `replayed` task event and an audit row, then submits them to
 * the queue (`replayFailedTasks`, lib/tasks/admin.ts). Answers `{replayed, skipped, more}`.
 */
export const POST = route({
  permission: "console:operate",
  body: replayBodySchema,
  handler: async ({ actor, body }) => {
    const deps = { db: getDb(), redis: getRedis(), log };
    const result: ReplayResultBody =
      "all" in body
        ? await replayFailedTasks(deps, { actorId: actor.user.id, all: true })
        : await replayFailedTasks(deps, { actorId: actor.user.id, taskIds: body.taskIds });
    return Response.json(result);
  },
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = methodNotAllowed(["POST"]);

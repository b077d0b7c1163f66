import { organizationGranting } from "@/lib/auth/guard";
import { getDb } from "@/lib/db/client";
import { listInterviewsForOwner } from "@/lib/db/queries/interviews";
import { getResumeForOwner } from "@/lib/db/queries/resumes";
import { PanelistError } from "@/lib/errors";
import { createInterview } from "@/lib/interview/service";
import { toInterviewListBody } from "@/lib/interview/session/view";
import { createLogger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { methodNotAllowed } from "../_lib/method-not-allowed";
import { route } from "../_lib/route";
import { createInterviewSchema } from "./schema";

export const dynamic = "force-dynamic";
const log = createLogger("web");

/**
 * Creates an interview and enqueues its `interview.plan` task: 201 `{id, status, taskId}`.
 * With `knowledgeBaseId` the questions are drawn from that knowledge base: 404
 * `not_found:knowledge` when the caller may not see it, 409 `conflict:knowledge` when it has no
 * ready document.
 */
export const POST = route({
  permission: "interview:create",
  body: createInterviewSchema,
  limit: "interview_create",
  handler: async ({ actor, scope, body }) => {
    const db = getDb();
    let language = body.language;
    if (body.resumeId) {
      const resume = await getResumeForOwner(db, { id: body.resumeId, ...scope });
      if (!resume) throw new PanelistError("not_found:resume", "No such resume.");
      language ??= resume.resume.language ?? undefined;
    }
    const { interview, task } = await createInterview(
      { db, redis: getRedis(), log },
      {
        ownerId: scope.ownerId,
        role: body.role,
        level: body.level,
        questionCount: body.questionCount,
        language: language ?? "en",
        resumeId: body.resumeId ?? null,
        jobDescription: body.jobDescription?.trim() || null,
        knowledgeBaseId: body.knowledgeBaseId ?? null,
        // An organisation's knowledge bases are visible to its members (docs/knowledge.md).
        organizationId: body.knowledgeBaseId ? await organizationGranting(actor, "org_knowledge:read") : null,
      },
    );
    return Response.json({ id: interview.id, status: "planning", taskId: task.id }, { status: 201, headers: { Location: `/api/interviews/${interview.id}` } });
  },
});

/** The caller's interviews, newest first, with their report scores. */
export const GET = route({
  permission: "interview:read",
  handler: async ({ scope }) => {
    return Response.json(toInterviewListBody(await listInterviewsForOwner(getDb(), scope)));
  },
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);

import { getDb } from "@/lib/db/client";
import { listInterviewsForOwner } from "@/lib/db/queries/interviews";
import { getResumeForOwner } from "@/lib/db/queries/resumes";
import { PanelistError } from "@/lib/errors";
import { createInterview } from "@/lib/interview/service";
import { createLogger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { parseWith, readJson, withUser } from "../_lib/handler";
import { createInterviewSchema } from "./schema";

export const dynamic = "force-dynamic";
const log = createLogger("web");

/** Creates an interview and enqueues its `interview.plan` task: 201 `{id, status, taskId}`. */
export const POST = withUser(async ({ req, user }) => {
  const body = parseWith(createInterviewSchema, await readJson(req));
  const db = getDb();
  let language = body.language;
  if (body.resumeId) {
    const resume = await getResumeForOwner(db, { id: body.resumeId, ownerId: user.id });
    if (!resume) throw new PanelistError("not_found:resume", "No such resume.");
    language ??= resume.resume.language ?? undefined;
  }
  const { interview, task } = await createInterview({ db, redis: getRedis(), log }, {
    ownerId: user.id,
    role: body.role,
    level: body.level,
    questionCount: body.questionCount,
    language: language ?? "en",
    resumeId: body.resumeId ?? null,
    jobDescription: body.jobDescription?.trim() || null,
  });
  return Response.json(
    { id: interview.id, status: "planning", taskId: task.id },
    { status: 201, headers: { Location: `/api/interviews/${interview.id}` } },
  );
});

/** The caller's interviews, newest first, with their report scores. */
export const GET = withUser(async ({ user }) => {
  const rows = await listInterviewsForOwner(getDb(), { ownerId: user.id });
  return Response.json({
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), endedAt: r.endedAt?.toISOString() ?? null })),
  });
});

import { getDb } from "@/lib/db/client";
import { getResumeForOwner } from "@/lib/db/queries/resumes";
import { PanelistError } from "@/lib/errors";
import { isUuid } from "@/lib/tasks/view";
import { withUser } from "../../_lib/handler";

export const dynamic = "force-dynamic";

export const GET = withUser<{ id: string }>(async ({ user, params }) => {
  const row = isUuid(params.id) ? await getResumeForOwner(getDb(), { id: params.id, ownerId: user.id }) : undefined;
  if (!row) throw new PanelistError("not_found:resume", "No such resume.");
  const { resume, task, analysis } = row;
  return Response.json({
    id: resume.id,
    fileName: resume.fileName,
    createdAt: resume.createdAt.toISOString(),
    language: resume.language,
    jobDescription: resume.jobDescription,
    taskId: resume.taskId,
    status: task?.status ?? null,
    analysis: task?.status === "COMPLETED" ? (analysis ?? null) : null,
  });
});

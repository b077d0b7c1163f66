import { getDb } from "@/lib/db/client";
import { getResumeForOwner } from "@/lib/db/queries/resumes";
import { PanelistError } from "@/lib/errors";
import { idParams } from "../../_lib/input";
import { route } from "../../_lib/route";

export const dynamic = "force-dynamic";

/** One of the caller's resumes with its task status and, once COMPLETED, the analysis. */
export const GET = route({
  permission: "resume:read",
  params: idParams,
  notFound: "not_found:resume",
  handler: async ({ scope, params }) => {
    const row = await getResumeForOwner(getDb(), { id: params.id, ...scope });
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
  },
});

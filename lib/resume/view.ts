import type { getResumeForOwner, listResumesForOwner } from "@/lib/db/queries/resumes";
import type { Analysis } from "./analysis-schema";
import type { ResumeBody, ResumeListBody, ResumeSummary } from "./contracts";

type ResumeListRow = Awaited<ReturnType<typeof listResumesForOwner>>[number];
type ResumeDetailRow = NonNullable<Awaited<ReturnType<typeof getResumeForOwner>>>;

/** One row of `listResumesForOwner` as an item of `GET /api/resumes` (`resumeSummarySchema`). */
function toResumeSummary(r: ResumeListRow): ResumeSummary {
  return {
    id: r.id,
    fileName: r.fileName,
    createdAt: r.createdAt.toISOString(),
    language: r.language,
    taskId: r.taskId,
    status: r.status,
    overallScore: r.overallScore,
    engine: r.engine,
  };
}

/** The body of `GET /api/resumes`: `{items}`, in the order the query returned (newest first). */
export function toResumeListBody(rows: ResumeListRow[]): ResumeListBody {
  return { items: rows.map(toResumeSummary) };
}

/**
 * The body of `GET /api/resumes/{id}` (`resumeBodySchema`) from `getResumeForOwner`'s row. The
 * analysis is shown only once the task is COMPLETED; it was checked against `analysisSchema`
 * when the worker wrote it (`finalizeAnalysis`), so it is not parsed again on every read.
 */
export function toResumeBody({ resume, task, analysis }: ResumeDetailRow): ResumeBody {
  return {
    id: resume.id,
    fileName: resume.fileName,
    createdAt: resume.createdAt.toISOString(),
    language: resume.language,
    jobDescription: resume.jobDescription,
    taskId: resume.taskId,
    status: task?.status ?? null,
    analysis: task?.status === "COMPLETED" ? ((analysis as Analysis | null) ?? null) : null,
  };
}

import { and, eq, exists, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../client";
import { analyses, interviewReports, interviews, reportShares, resumes, tasks } from "../schema";

/**
 * Who reads a report: the signed-in person, and the organisation in which they may read shared
 * things (null when they are in none, or their role there grants no such permission).
 */
export type ReportReader = { ownerId: string; organizationId: string | null };

/**
 * A resume `reader` may see, with its latest task and that task's analysis (the row shape of
 * `getResumeForOwner`): their own personal resume (`organization_id` null), or a resume of
 * their organisation (a bulk upload, or the copy an application made). Undefined otherwise —
 * a foreign resume and a missing one look the same.
 */
export async function getResumeForReader(db: Db, { id, ownerId, organizationId }: { id: string } & ReportReader) {
  const visible: (SQL | undefined)[] = [and(eq(resumes.ownerId, ownerId), isNull(resumes.organizationId))];
  if (organizationId) visible.push(eq(resumes.organizationId, organizationId));
  const [row] = await db
    .select({ resume: resumes, task: tasks, analysis: analyses.result })
    .from(resumes)
    .leftJoin(tasks, eq(tasks.id, resumes.taskId))
    .leftJoin(analyses, eq(analyses.taskId, resumes.taskId))
    .where(and(eq(resumes.id, id), or(...visible)))
    .limit(1);
  return row;
}

/**
 * An interview `reader` may see, with the report of its latest evaluation (null until there is
 * one): their own, or one shared with their organisation by a `report_shares` row not withdrawn.
 * Undefined otherwise.
 */
export async function getInterviewReportForReader(db: Db, { id, ownerId, organizationId }: { id: string } & ReportReader) {
  const visible: (SQL | undefined)[] = [eq(interviews.ownerId, ownerId)];
  if (organizationId) {
    visible.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(reportShares)
          .where(and(eq(reportShares.interviewId, interviews.id), eq(reportShares.organizationId, organizationId), isNull(reportShares.withdrawnAt))),
      ),
    );
  }
  const [row] = await db
    .select({ interview: interviews, report: interviewReports.report })
    .from(interviews)
    .leftJoin(interviewReports, eq(interviewReports.taskId, interviews.evaluateTaskId))
    .where(and(eq(interviews.id, id), or(...visible)))
    .limit(1);
  return row;
}

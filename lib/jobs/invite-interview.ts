/**
 * How an invitation configures its mock interview from the job (docs/recruiting.md,
 * "Candidates and recruiters together"): the role is the job's title, the level its seniority,
 * and the plan is grounded in the job's description with its skill lists — the planner favours
 * questions on the skills a job description names, and a recruiter's edited lists count too.
 */

export type InviteLevel = "junior" | "mid" | "senior";

/** Default length of an invited interview, in questions (the interview domain allows 5–15). */
export const DEFAULT_INVITE_QUESTION_COUNT = 6;

/** The interview level for a job's seniority: `lead` interviews as `senior`; none as `mid`. */
export function levelForSeniority(seniority: "junior" | "mid" | "senior" | "lead" | null): InviteLevel {
  if (seniority === "lead") return "senior";
  return seniority ?? "mid";
}

/** The interview's role: the job's title within the interview domain's 100 characters. */
export function roleForJob(title: string): string {
  return title.trim().slice(0, 100);
}

/**
 * The job description an invited interview is planned from: the job's description, then its
 * required and preferred skills on lines of their own (a "preferred" line weighs half in the
 * offline planner's skill weighting, lib/resume/offline/jd.ts).
 */
export function interviewJobDescription(job: { description: string; requiredSkills: string[]; preferredSkills: string[] }): string {
  const lines = [job.description.trim()];
  if (job.requiredSkills.length) lines.push(`Required skills: ${job.requiredSkills.join(", ")}`);
  if (job.preferredSkills.length) lines.push(`Preferred skills: ${job.preferredSkills.join(", ")}`);
  return lines.join("\n\n");
}

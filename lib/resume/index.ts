/**
 * What other domains may read of the resume domain (they never reach into its folders): the
 * offline analyser's view of a resume's statements, its profile (for a ranking) and of a job description's skills, and the shape of an analysis. The
 * domain's commands (accept an upload, analyse, read a resume's text) are in `service.ts`.
 */

export type { Analysis } from "./analysis-schema";
export { type JdSkill, jdSkills } from "./offline/jd";
export { type ResumeProfile, resumeProfile } from "./offline/profile";
export { type ResumeStatement, resumeStatements } from "./offline/resume-statements";

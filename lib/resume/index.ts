/**
 * What other domains may read of the resume domain (they never reach into its folders): the
 * offline analyser's view of a resume's statements and of a job description's skills. The
 * domain's commands (accept an upload, analyse, read a resume's text) are in `service.ts`.
 */
export { type JdSkill, jdSkills } from "./offline/jd";
export { type ResumeStatement, resumeStatements } from "./offline/resume-statements";

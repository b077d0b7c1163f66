/**
 * What other domains may read of the resume domain (they never reach into its folders): the
 * offline analyser's view of a resume's statements and of a job description (its skills, its
 * plain text, its language). The domain's commands (accept an upload, check and unpack files,
 * analyse, read a resume's text) are in `service.ts`.
 */
export { detectLanguage } from "./extract/language";
export { type JdSkill, jdSkills, normalizeJd } from "./offline/jd";
export { type ResumeStatement, resumeStatements } from "./offline/resume-statements";

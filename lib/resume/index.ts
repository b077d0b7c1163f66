/**
 * What other domains may read of the resume domain (they never reach into its folders): the
 * offline analyser's view of a resume's statements, its profile (for a ranking) and of a job
 * description (its skills, its plain text, its language), and the shape of an analysis. The
 * domain's commands (accept an upload, check and unpack files, analyse, read a resume's text)
 * are in `service.ts`.
 */
export type { Analysis } from "./analysis-schema";
export { detectResumeKind as detectDocumentKind, unsupportedReason } from "./extract/detect-type";
/** The sandboxed readers (PDF reader process, DOCX bomb checks) for documents that are not resumes, under the caller's caps. */
export { type DocumentKind, type DocumentLimits, type DocumentOutcome, extractDocumentText } from "./extract/document";
export { detectLanguage } from "./extract/language";
export { type JdSkill, jdSkills, normalizeJd } from "./offline/jd";
export { type ResumeProfile, resumeProfile } from "./offline/profile";
export { type ResumeStatement, resumeStatements } from "./offline/resume-statements";

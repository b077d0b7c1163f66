/**
 * Reports as PDF (docs/recruiting.md, "Reports as PDF"): a resume analysis and an interview
 * report rendered with @react-pdf/renderer, Noto Sans SC embedded (subset to the glyphs used,
 * with a ToUnicode map, so the text can be copied and searched in both languages). A shared
 * layer: it reads the domains' response contracts only, and route handlers call it.
 */
import { renderToBuffer } from "@react-pdf/renderer";
import type { InterviewReportBody } from "@/lib/interview/contracts";
import { registerReportFonts } from "./fonts";
import { InterviewReportDocument } from "./interview-report";
import { ResumeReportDocument, type ResumeReportInput } from "./resume-report";

/**
 * The resume analysis as PDF bytes, labelled in the analysis' language.
 * @param generatedAt ISO 8601 time printed in the footer (now, by default).
 */
export async function renderResumeReportPdf(resume: ResumeReportInput, { generatedAt = new Date().toISOString() } = {}): Promise<Buffer> {
  registerReportFonts();
  return renderToBuffer(<ResumeReportDocument resume={resume} generatedAt={generatedAt} />);
}

/**
 * The interview report as PDF bytes, labelled in the interview's language.
 * @param generatedAt ISO 8601 time printed in the footer (now, by default).
 */
export async function renderInterviewReportPdf(interview: InterviewReportBody, { generatedAt = new Date().toISOString() } = {}): Promise<Buffer> {
  registerReportFonts();
  return renderToBuffer(<InterviewReportDocument interview={interview} generatedAt={generatedAt} />);
}

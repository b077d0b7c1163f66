import { organizationGranting } from "@/lib/auth/guard";
import { getDb } from "@/lib/db/client";
import { reportFileName } from "@/lib/reports/file-name";
import { renderResumeReportPdf } from "@/lib/reports/pdf";
import { readResumeReport } from "@/lib/resume/service";
import { idParams } from "../../../_lib/input";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { pdfResponse } from "../../../_lib/pdf-response";
import { route } from "../../../_lib/route";

export const dynamic = "force-dynamic";

/**
 * The resume's analysis as a PDF. The door takes one permission, so it checks the personal
 * `resume:read` every signed-in person holds; who may read this resume is decided in SQL by
 * `readResumeReport`: its owner when it is a personal resume, or a member of the organisation it
 * belongs to whose role there grants `application:read` (docs/recruiting.md, "Reports as PDF").
 * 404 otherwise; 409 while the analysis is not there.
 */
export const GET = route({
  permission: "resume:read",
  params: idParams,
  notFound: "not_found:resume",
  handler: async ({ actor, scope, params }) => {
    const organizationId = await organizationGranting(actor, "application:read");
    const resume = await readResumeReport(getDb(), { id: params.id, ...scope, organizationId });
    return pdfResponse(await renderResumeReportPdf(resume), reportFileName(resume.fileName, "resume"));
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);

import { organizationGranting } from "@/lib/auth/guard";
import { getDb } from "@/lib/db/client";
import { readInterviewReport } from "@/lib/interview/service";
import { reportFileName } from "@/lib/reports/file-name";
import { renderInterviewReportPdf } from "@/lib/reports/pdf";
import { idParams } from "../../../_lib/input";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { pdfResponse } from "../../../_lib/pdf-response";
import { route } from "../../../_lib/route";

export const dynamic = "force-dynamic";

/**
 * The interview's report as a PDF. The door takes one permission, so it checks the personal
 * `interview:read` every signed-in person holds; who may read this report is decided in SQL by
 * `readInterviewReport`: its owner, or a member of an organisation it is shared with (a
 * `report_shares` row not withdrawn) whose role there grants `shared_report:read`
 * (docs/recruiting.md, "Reports as PDF"). 404 otherwise; 409 until it has been evaluated.
 */
export const GET = route({
  permission: "interview:read",
  params: idParams,
  notFound: "not_found:interview",
  handler: async ({ actor, scope, params }) => {
    const organizationId = await organizationGranting(actor, "shared_report:read");
    const interview = await readInterviewReport(getDb(), { id: params.id, ...scope, organizationId });
    return pdfResponse(await renderInterviewReportPdf(interview), reportFileName(interview.role, "interview"));
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);

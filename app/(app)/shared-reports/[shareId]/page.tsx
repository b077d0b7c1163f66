import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SharedReportView } from "@/components/shares/shared-report-view";
import { requirePage } from "@/lib/auth/page-guard";
import { getDb } from "@/lib/db/client";
import { getActiveSharedReport } from "@/lib/db/queries/shares";
import { isUuid } from "@/lib/tasks/ids";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("shares");
  return { title: t("reportPageTitle") };
}

/** One shared report, read-only. Withdrawn, another organisation's, missing or malformed: the same 404 page. */
export default async function SharedReportPage({ params }: { params: Promise<{ shareId: string }> }) {
  const { shareId } = await params;
  const { scope } = await requirePage("shared_report:read");
  if (!isUuid(shareId) || !(await getActiveSharedReport(getDb(), { id: shareId, ...scope }))) notFound();
  return <SharedReportView shareId={shareId} />;
}

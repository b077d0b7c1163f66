import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SharedReportList } from "@/components/shares/shared-report-list";
import { requirePage } from "@/lib/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("shares");
  return { title: t("listPageTitle") };
}

/** The interview reports candidates shared with the active organisation (recruiters). */
export default async function SharedReportsPage() {
  await requirePage("shared_report:read");
  return <SharedReportList />;
}

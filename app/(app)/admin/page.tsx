import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { OverviewDashboard } from "@/components/admin/overview-dashboard";
import { requirePage } from "@/lib/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  // Guarded here too: metadata streams before the page, and a title would tell the page exists.
  await requirePage("console:read");
  const t = await getTranslations("admin.overview");
  return { title: t("pageTitle") };
}

/** `/admin`: the console's overview (cost, projection, alerts, queues). 404 for anyone but a platform admin. */
export default async function AdminOverviewPage() {
  await requirePage("console:read");
  return <OverviewDashboard />;
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CostDashboard } from "@/components/admin/cost-dashboard";
import { requirePage } from "@/lib/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  // Guarded here too: metadata streams before the page, and a title would tell the page exists.
  await requirePage("console:read");
  const t = await getTranslations("admin.cost");
  return { title: t("pageTitle") };
}

/** `/admin/cost`: spend, tokens, cache, errors and latency from the usage rollups. 404 for anyone but a platform admin. */
export default async function AdminCostPage() {
  await requirePage("console:read");
  return <CostDashboard />;
}

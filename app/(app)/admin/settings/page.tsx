import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AlertRulesSettings } from "@/components/admin/alert-rules-settings";
import { AllowlistSettings } from "@/components/admin/allowlist-settings";
import { BudgetsSettings } from "@/components/admin/budgets-settings";
import { SectionHeader } from "@/components/admin/parts";
import { PriceSettings } from "@/components/admin/price-settings";
import { RateLimitSettings } from "@/components/admin/rate-limit-settings";
import { RecentChanges } from "@/components/admin/recent-changes";
import { requirePage } from "@/lib/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  // Guarded here too: metadata streams before the page, and a title would tell the page exists.
  await requirePage("console:read");
  const t = await getTranslations("admin.settings");
  return { title: t("pageTitle") };
}

/** `/admin/settings`: budgets, alert thresholds, price overrides, request limits and the allow-list, and the recent changes. 404 for anyone but a platform admin. */
export default async function AdminSettingsPage() {
  await requirePage("console:read");
  const t = await getTranslations("admin.settings");
  return (
    <div className="space-y-6" data-testid="admin-settings">
      <SectionHeader title={t("title")} />
      <BudgetsSettings />
      <div className="grid gap-6 lg:grid-cols-2">
        <AlertRulesSettings />
        <RecentChanges />
      </div>
      <PriceSettings />
      <RateLimitSettings />
      <AllowlistSettings />
    </div>
  );
}

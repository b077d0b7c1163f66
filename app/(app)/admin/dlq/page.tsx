import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DlqView } from "@/components/admin/dlq-view";
import { requirePage } from "@/lib/auth/page-guard";
import { can } from "@/lib/auth/permissions";

export async function generateMetadata(): Promise<Metadata> {
  await requirePage("console:read");
  const t = await getTranslations("adminDlq");
  return { title: t("pageTitle") };
}

/** `/admin/dlq`: FAILED tasks not discarded — inspect, replay, discard (`/api/admin/dlq*`). 404 for anyone but a platform admin. */
export default async function AdminDlqPage() {
  const { actor } = await requirePage("console:read");
  return <DlqView canOperate={can(actor, "console:operate")} />;
}

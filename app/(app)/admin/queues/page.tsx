import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { QueuesDashboard } from "@/components/admin/queues-dashboard";
import { requirePage } from "@/lib/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  // Guarded here too: metadata streams before the page, and a title would tell the page exists.
  await requirePage("console:read");
  const t = await getTranslations("adminQueues");
  return { title: t("pageTitle") };
}

/** `/admin/queues`: the task streams live (`GET /api/admin/queues`). 404 for anyone but a platform admin. */
export default async function AdminQueuesPage() {
  await requirePage("console:read");
  return <QueuesDashboard />;
}

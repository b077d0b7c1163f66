import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TaskSearch } from "@/components/admin/task-search";
import { requirePage } from "@/lib/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  await requirePage("console:read");
  const t = await getTranslations("adminTasks");
  return { title: t("pageTitle") };
}

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");

/** `/admin/tasks?status=&type=&user=&organization=`: every task, searched (`GET /api/admin/tasks`). 404 for anyone but a platform admin. */
export default async function AdminTasksPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePage("console:read");
  const q = await searchParams;
  return <TaskSearch initial={{ status: one(q.status), type: one(q.type), user: one(q.user), organization: one(q.organization) }} />;
}

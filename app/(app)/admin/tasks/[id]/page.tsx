import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { TaskTimeline } from "@/components/admin/task-timeline";
import { requirePage } from "@/lib/auth/page-guard";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { getTaskById } from "@/lib/db/queries/tasks";
import { isUuid } from "@/lib/tasks/ids";

export async function generateMetadata(): Promise<Metadata> {
  await requirePage("console:read");
  const t = await getTranslations("adminTasks");
  return { title: t("detailTitle") };
}

/**
 * `/admin/tasks/<id>`: one task of any owner, its timeline, usage and payload
 * (`GET /api/admin/tasks/<id>`). A missing or malformed id is the real 404 page, as is the page
 * for anyone but a platform admin.
 */
export default async function AdminTaskPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { actor } = await requirePage("console:read");
  if (!isUuid(id) || !(await getTaskById(getDb(), { id }))) notFound();
  return <TaskTimeline id={id} canOperate={can(actor, "console:operate")} />;
}

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { BatchProgress } from "@/components/jobs/batch-progress";
import { requirePage } from "@/lib/auth/page-guard";
import { getDb } from "@/lib/db/client";
import { batchExistsForOrganization } from "@/lib/db/queries/recruiting-pages";
import { isUuid } from "@/lib/tasks/ids";

export async function generateMetadata(): Promise<Metadata> {
  await requirePage("job:read");
  const t = await getTranslations("batches");
  return { title: t("pageTitle") };
}

/** `/batches/{id}`: a bulk upload's live progress, per file. 404 outside the organisation. */
export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { scope } = await requirePage("job:read");
  if (!isUuid(id) || !(await batchExistsForOrganization(getDb(), { id, ...scope }))) notFound();
  return <BatchProgress id={id} />;
}

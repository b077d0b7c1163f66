import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { UploadForm } from "@/components/jobs/upload-form";
import { requirePage } from "@/lib/auth/page-guard";
import { getDb } from "@/lib/db/client";
import { jobExistsForOrganization } from "@/lib/db/queries/recruiting-pages";
import { isUuid } from "@/lib/tasks/ids";

export async function generateMetadata(): Promise<Metadata> {
  await requirePage("job:update");
  const t = await getTranslations("batches.upload");
  return { title: t("title") };
}

/** `/jobs/{id}/upload`: bulk upload of resumes (files or one ZIP) to the job. 404 outside the organisation. */
export default async function JobUploadPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { scope } = await requirePage("job:update");
  if (!isUuid(id) || !(await jobExistsForOrganization(getDb(), { id, ...scope }))) notFound();
  return <UploadForm jobId={id} />;
}

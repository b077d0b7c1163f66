import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ApplicationDetail } from "@/components/jobs/application-detail";
import { requirePage } from "@/lib/auth/page-guard";
import { getDb } from "@/lib/db/client";
import { applicationExistsForOrganization } from "@/lib/db/queries/recruiting-pages";
import { isUuid } from "@/lib/tasks/ids";

export async function generateMetadata(): Promise<Metadata> {
  await requirePage("application:read");
  const t = await getTranslations("ranking.application");
  return { title: t("title") };
}

/** One candidate of a job, opened: analysis, stage, notes, history. 404 unless both ids are the organisation's and belong together. */
export default async function ApplicationPage({ params }: { params: Promise<{ id: string; applicationId: string }> }) {
  const { id, applicationId } = await params;
  const { scope } = await requirePage("application:read");
  if (!isUuid(id) || !isUuid(applicationId) || !(await applicationExistsForOrganization(getDb(), { id: applicationId, jobId: id, ...scope }))) notFound();
  return <ApplicationDetail jobId={id} id={applicationId} />;
}

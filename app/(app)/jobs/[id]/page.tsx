import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { JobDetail } from "@/components/jobs/job-detail";
import { requirePage } from "@/lib/auth/page-guard";
import { getDb } from "@/lib/db/client";
import { jobExistsForOrganization } from "@/lib/db/queries/recruiting-pages";
import { isUuid } from "@/lib/tasks/ids";

export async function generateMetadata(): Promise<Metadata> {
  await requirePage("job:read");
  const t = await getTranslations("jobs");
  return { title: t("jobTitle") };
}

/**
 * One job: its skills, the ranking with weights, filters and compare, and the fairness audit.
 * Another organisation's job, a missing one and a malformed id are the same real 404 page.
 */
export default async function JobPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { scope } = await requirePage("job:read");
  if (!isUuid(id) || !(await jobExistsForOrganization(getDb(), { id, ...scope }))) notFound();
  return <JobDetail id={id} />;
}

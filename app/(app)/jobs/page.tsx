import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { JobList } from "@/components/jobs/job-list";
import { requirePage } from "@/lib/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  // Guarded here too: metadata streams before the page, and a title would tell the page exists.
  await requirePage("job:read");
  const t = await getTranslations("jobs");
  return { title: t("title") };
}

/** `/jobs`: the organisation's jobs (the recruiter's landing page). 404 for a non-member. */
export default async function JobsPage() {
  await requirePage("job:read");
  return <JobList />;
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NewJobForm } from "@/components/jobs/new-job-form";
import { requirePage } from "@/lib/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  await requirePage("job:create");
  const t = await getTranslations("jobs.new");
  return { title: t("title") };
}

/** `/jobs/new`: title and description, then the extracted skills to edit. */
export default async function NewJobPage() {
  await requirePage("job:create");
  return <NewJobForm />;
}

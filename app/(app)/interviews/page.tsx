import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InterviewList } from "@/components/interview/interview-list";
import { NewInterviewForm } from "@/components/interview/new-interview-form";
import { requirePage } from "@/lib/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("interview.list");
  return { title: t("pageTitle") };
}

/** `/interviews`: start a mock interview (`?resumeId=` preselects a resume) and see the past ones. */
export default async function InterviewsPage({ searchParams }: { searchParams: Promise<{ resumeId?: string | string[] }> }) {
  await requirePage("interview:read");
  const t = await getTranslations("interview.list");
  const { resumeId } = await searchParams;
  return (
    <div className="space-y-8">
      <h1 className="sr-only">{t("pageTitle")}</h1>
      <NewInterviewForm initialResumeId={typeof resumeId === "string" ? resumeId : undefined} />
      <InterviewList />
    </div>
  );
}

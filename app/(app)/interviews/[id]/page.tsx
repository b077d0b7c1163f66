import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InterviewDetailView } from "@/components/interview/interview-detail";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("interview.detail");
  return { title: t("pageTitle") };
}

/**
 * One mock interview: plan progress, the conversation, then the report. Ownership is the
 * API's job — it answers 404 for another user's interview and the client shows not-found.
 */
export default async function InterviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <InterviewDetailView id={id} />;
}

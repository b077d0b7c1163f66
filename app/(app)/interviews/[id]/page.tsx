import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { InterviewDetailView } from "@/components/interview/interview-detail";
import { requirePage } from "@/lib/auth/page-guard";
import { getDb } from "@/lib/db/client";
import { getOwnedInterviewRow } from "@/lib/db/queries/interviews";
import { isUuid } from "@/lib/tasks/ids";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("interview.detail");
  return { title: t("pageTitle") };
}

/**
 * One mock interview: plan progress, the conversation, then the report. Another person's
 * interview, a missing one and a malformed id are the same real 404 page.
 */
export default async function InterviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { scope } = await requirePage("interview:read");
  if (!isUuid(id) || !(await getOwnedInterviewRow(getDb(), { id, ...scope }))) notFound();
  return <InterviewDetailView id={id} />;
}

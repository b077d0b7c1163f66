import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ResumeDetailView } from "@/components/resume/resume-detail";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("resume");
  return { title: t("title") };
}

/**
 * One resume: live task status, then the report. Ownership is the API's job — it answers
 * 404 for another user's resume and the client shows the not-found state.
 */
export default async function ResumePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ResumeDetailView id={id} />;
}

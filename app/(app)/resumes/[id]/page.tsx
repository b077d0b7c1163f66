import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ResumeDetailView } from "@/components/resume/resume-detail";
import { requirePage } from "@/lib/auth/page-guard";
import { getDb } from "@/lib/db/client";
import { resumeExistsForOwner } from "@/lib/db/queries/resumes";
import { isUuid } from "@/lib/tasks/ids";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("resume");
  return { title: t("title") };
}

/**
 * One resume: live task status, then the report. Another person's resume, a missing one and a
 * malformed id are the same real 404 page (the API answers 404 for them too).
 */
export default async function ResumePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { scope } = await requirePage("resume:read");
  if (!isUuid(id) || !(await resumeExistsForOwner(getDb(), { id, ...scope }))) notFound();
  return <ResumeDetailView id={id} />;
}

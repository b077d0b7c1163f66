import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ResumeList } from "@/components/resume/resume-list";
import { UploadCard } from "@/components/resume/upload-card";
import { requirePage } from "@/lib/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("resumes");
  return { title: t("title") };
}

export default async function ResumesPage() {
  await requirePage("resume:read");
  const t = await getTranslations("resumes");
  return (
    <div className="space-y-8">
      <h1 className="sr-only">{t("title")}</h1>
      <UploadCard />
      <ResumeList />
    </div>
  );
}

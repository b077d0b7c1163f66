import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { InviteCreateForm } from "@/components/invites/invite-create-form";
import { requirePage } from "@/lib/auth/page-guard";
import { getDb } from "@/lib/db/client";
import { getJobOfOrganization } from "@/lib/db/queries/invites";
import { isUuid } from "@/lib/tasks/ids";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("invites");
  return { title: t("createTitle") };
}

/** A recruiter invites a candidate to a mock interview for one of the organisation's jobs; another organisation's job is the 404 page. */
export default async function JobInvitePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { scope } = await requirePage("invite:create");
  const job = isUuid(id) ? await getJobOfOrganization(getDb(), { id, ...scope }) : undefined;
  if (!job) notFound();
  return <InviteCreateForm jobId={job.id} jobTitle={job.title} />;
}

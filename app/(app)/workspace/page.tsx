import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { WorkspaceOverview } from "@/components/workspace/workspace-overview";
import { requirePage } from "@/lib/auth/page-guard";
import { getDb } from "@/lib/db/client";
import { getOrganizationSummary, listMembers } from "@/lib/db/queries/organizations";

export async function generateMetadata(): Promise<Metadata> {
  // Guarded here too: metadata streams before the page, and a title would tell the page exists.
  await requirePage("workspace:read");
  const t = await getTranslations("workspace");
  return { title: t("pageTitle") };
}

/** `/workspace`: the recruiter's active organisation — its members and (soon) its jobs. 404 for a non-member. */
export default async function WorkspacePage() {
  const { actor, scope } = await requirePage("workspace:read");
  const db = getDb();
  const [organization, members] = await Promise.all([getOrganizationSummary(db, scope), listMembers(db, scope)]);
  if (!organization) notFound();
  return (
    <WorkspaceOverview
      organization={{ name: organization.name, slug: organization.slug, memberCount: organization.memberCount }}
      role={actor.membership!.role}
      members={members.map((m) => ({ userId: m.userId, name: m.name, email: m.email, role: m.role }))}
    />
  );
}

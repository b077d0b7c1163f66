import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { InviteLanding } from "@/components/invites/invite-landing";
import { requirePage } from "@/lib/auth/page-guard";
import { getDb } from "@/lib/db/client";
import { getInviteForPerson } from "@/lib/db/queries/invites";
import { INVITE_TOKEN_PATTERN } from "@/lib/jobs/invite-service";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("invites");
  return { title: t("pageTitle") };
}

/**
 * The landing page of an interview invitation, for any signed-in person (a visitor signs in
 * first). Unknown, expired or accepted by someone else: the same 404 page.
 */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { actor } = await requirePage("interview:read");
  if (!INVITE_TOKEN_PATTERN.test(token) || !(await getInviteForPerson(getDb(), { token, userId: actor.user.id }))) notFound();
  return <InviteLanding token={token} />;
}

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { KnowledgeDetailView } from "@/components/knowledge/knowledge-detail";
import { requirePage } from "@/lib/auth/page-guard";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { getVisibleKnowledgeBase } from "@/lib/db/queries/knowledge";
import { isUuid } from "@/lib/tasks/ids";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("knowledge.detail");
  return { title: t("pageTitle") };
}

/**
 * One knowledge base: its documents with live status, and the chat. Another person's, another
 * organisation's, a missing one and a malformed id are the same real 404 page (the API answers
 * 404 for them too).
 */
export default async function KnowledgeBasePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { actor } = await requirePage("knowledge:read");
  const organizationId = actor.membership && can(actor, "org_knowledge:read") ? actor.membership.organizationId : null;
  if (!isUuid(id) || !(await getVisibleKnowledgeBase(getDb(), { id, ownerId: actor.user.id, organizationId }))) notFound();
  return <KnowledgeDetailView id={id} />;
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { KnowledgeList } from "@/components/knowledge/knowledge-list";
import { NewKnowledgeForm } from "@/components/knowledge/new-knowledge-form";
import { requirePage } from "@/lib/auth/page-guard";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { getOrganizationSummary } from "@/lib/db/queries/organizations";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("knowledge.list");
  return { title: t("pageTitle") };
}

/**
 * `/knowledge`: create a knowledge base and see the person's own and their organisation's. The
 * "shared with my organisation" choice is offered only to a member who may create one there
 * (`org_knowledge:create`, from the one permission map); the API checks the same again.
 */
export default async function KnowledgePage() {
  const { actor } = await requirePage("knowledge:read");
  const t = await getTranslations("knowledge.list");
  const canShare = Boolean(actor.membership) && can(actor, "org_knowledge:create");
  const org = canShare && actor.membership ? await getOrganizationSummary(getDb(), { organizationId: actor.membership.organizationId }) : undefined;
  return (
    <div className="space-y-8">
      <h1 className="sr-only">{t("pageTitle")}</h1>
      <NewKnowledgeForm canShare={canShare} organizationName={org?.name ?? null} />
      <KnowledgeList />
    </div>
  );
}

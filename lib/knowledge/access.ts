/**
 * Who is acting on knowledge bases, resolved once per request from the door's actor: the person,
 * the organisation whose knowledge bases they may read (`org_knowledge:read`), write
 * (`org_knowledge:update`) and create (`org_knowledge:create`) in — each null when they may not
 * (lib/auth/permissions.ts). Queries take the read scope; the service checks writes.
 */
import { type Actor, organizationGranting } from "@/lib/auth/guard";

export type KnowledgeActor = {
  userId: string;
  /** The active organisation whose knowledge bases the person may read; null: personal ones only. */
  readOrganizationId: string | null;
  /** The active organisation whose knowledge bases the person may change (upload, delete, revectorize). */
  writeOrganizationId: string | null;
  /** The active organisation in which the person may create a shared knowledge base. */
  createOrganizationId: string | null;
};

/** The {@link KnowledgeActor} of a signed-in person (three permission checks on one membership). */
export async function knowledgeActor(actor: Actor): Promise<KnowledgeActor> {
  const [readOrganizationId, writeOrganizationId, createOrganizationId] = await Promise.all([
    organizationGranting(actor, "org_knowledge:read"),
    organizationGranting(actor, "org_knowledge:update"),
    organizationGranting(actor, "org_knowledge:create"),
  ]);
  return { userId: actor.user.id, readOrganizationId, writeOrganizationId, createOrganizationId };
}

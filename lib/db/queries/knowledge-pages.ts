import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { knowledgeBases } from "../schema";

/**
 * The knowledge pages' guard: whether knowledge base `id` is visible to the viewer — their own
 * personal one (`organization_id` null, `owner_id` theirs) or one of their active organisation's
 * (`organizationId`, null when they are in none). Anything else is the page's 404, the same
 * answer the API gives (docs/knowledge.md, "Visibility and permissions"). The id must be a UUID
 * already (the caller checks; a malformed one never reaches SQL).
 */
export async function knowledgeBaseVisibleTo(
  db: Db,
  { id, ownerId, organizationId }: { id: string; ownerId: string; organizationId: string | null },
): Promise<boolean> {
  const personal = and(isNull(knowledgeBases.organizationId), eq(knowledgeBases.ownerId, ownerId));
  const visible: SQL | undefined = organizationId ? or(personal, eq(knowledgeBases.organizationId, organizationId)) : personal;
  const [row] = await db
    .select({ id: knowledgeBases.id })
    .from(knowledgeBases)
    .where(and(eq(knowledgeBases.id, id), visible))
    .limit(1);
  return Boolean(row);
}

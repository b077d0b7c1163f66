import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { member, organization, user } from "../schema";

/** The membership a user gets as their session's active organisation at sign-in: the oldest. */
export async function firstMembershipOf(db: Db, { userId }: { userId: string }) {
  const [row] = await db
    .select({ organizationId: member.organizationId, role: member.role })
    .from(member)
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt), asc(member.id))
    .limit(1);
  return row;
}

/** A user's role in one organisation, or undefined when they are not a member. */
export async function getMembership(db: Db, { userId, organizationId }: { userId: string; organizationId: string }) {
  const [row] = await db
    .select({ organizationId: member.organizationId, role: member.role })
    .from(member)
    .where(and(eq(member.userId, userId), eq(member.organizationId, organizationId)))
    .limit(1);
  return row;
}

/** The organisation summary a workspace shows: name, slug and how many members it has. */
export async function getOrganizationSummary(db: Db, { organizationId }: { organizationId: string }) {
  const [row] = await db
    .select({
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      createdAt: organization.createdAt,
      // Written out qualified: inside a subquery Drizzle renders columns unqualified, and a bare
      // "id" would bind to member.id.
      memberCount: sql<number>`(select count(*)::int from "member" m where m."organization_id" = "organization"."id")`,
    })
    .from(organization)
    .where(eq(organization.id, organizationId))
    .limit(1);
  return row;
}

/** The members of one organisation, owners first, then by join date. */
export async function listMembers(db: Db, { organizationId }: { organizationId: string }) {
  return db
    .select({ userId: member.userId, name: user.name, email: user.email, role: member.role, joinedAt: member.createdAt })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, organizationId))
    .orderBy(sql`case ${member.role} when 'owner' then 0 when 'admin' then 1 else 2 end`, asc(member.createdAt));
}

/**
 * Creates an organisation with `ownerId` as its owner, or returns the existing one with that
 * slug (the demo seed runs on every `npm start`). One transaction: never an organisation
 * without its owner.
 */
export async function ensureOrganizationWithOwner(
  db: Db,
  { id, name, slug, ownerId }: { id: string; name: string; slug: string; ownerId: string },
): Promise<{ organizationId: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(organization)
      .values({ id, name, slug, createdAt: new Date() })
      .onConflictDoNothing({ target: organization.slug })
      .returning({ id: organization.id });
    const [org] = inserted.length ? inserted : await tx.select({ id: organization.id }).from(organization).where(eq(organization.slug, slug)).limit(1);
    await tx
      .insert(member)
      .values({ id: `mem_${org!.id}_${ownerId}`, organizationId: org!.id, userId: ownerId, role: "owner", createdAt: new Date() })
      .onConflictDoNothing({ target: [member.organizationId, member.userId] });
    return { organizationId: org!.id, created: inserted.length > 0 };
  });
}

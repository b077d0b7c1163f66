import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { ensureOrganizationWithOwner } from "@/lib/db/queries/organizations";
import { member, user } from "@/lib/db/schema";
import { signIn, signUpCandidate } from "./http";

/** A signed-in test actor: a real better-auth session cookie. */
export type TestActor = { cookie: string; userId: string; email: string; organizationId: string | null };

/** A candidate: a personal account, no organisation. */
export async function candidate(): Promise<TestActor> {
  const a = await signUpCandidate();
  return { ...a, organizationId: null };
}

/**
 * A recruiter: a personal account that is `role` (owner by default) of a fresh organisation,
 * signed in again so the session's active organisation is that one.
 */
export async function recruiter(db: Db, { role = "owner" }: { role?: "owner" | "admin" | "member" } = {}): Promise<TestActor> {
  const a = await signUpCandidate();
  const tag = randomUUID().slice(0, 8);
  const { organizationId } = await ensureOrganizationWithOwner(db, { id: `org_${tag}`, name: `Org ${tag}`, slug: `org-${tag}`, ownerId: a.userId });
  if (role !== "owner") await db.update(member).set({ role }).where(eq(member.organizationId, organizationId));
  return { ...a, cookie: await signIn(a.email), organizationId };
}

/** A platform admin (the admin plugin's `user.role = 'admin'`), no organisation. */
export async function platformAdmin(db: Db): Promise<TestActor> {
  const a = await signUpCandidate();
  await db.update(user).set({ role: "admin" }).where(eq(user.id, a.userId));
  return { ...a, organizationId: null };
}

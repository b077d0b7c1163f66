import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { user } from "../schema";

export async function getUserByEmail(db: Db, { email }: { email: string }) {
  const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase())).limit(1);
  return row;
}

/** Sets a user's role; returns false when no user has that email. */
export async function setUserRole(db: Db, { email, role }: { email: string; role: "candidate" | "recruiter" | "admin" }) {
  const rows = await db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.email, email.toLowerCase())).returning({ id: user.id });
  return rows.length === 1;
}

import { asc, count, desc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { user } from "../schema";

export async function getUserByEmail(db: Db, { email }: { email: string }) {
  const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase())).limit(1);
  return row;
}

/** Sets a user's platform role (`user` | `admin`); returns false when no user has that email. */
export async function setUserRole(db: Db, { email, role }: { email: string; role: "user" | "admin" }) {
  const rows = await db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.email, email.toLowerCase())).returning({ id: user.id });
  return rows.length === 1;
}

/** Users for the admin console, newest first; `limit` ≤ 200. */
export async function listUsersPage(db: Db, { limit, offset }: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: user.id, name: user.name, email: user.email, role: user.role, banned: user.banned, createdAt: user.createdAt })
      .from(user)
      .orderBy(desc(user.createdAt), asc(user.id))
      .limit(Math.min(limit, 200))
      .offset(offset),
    db.select({ n: count() }).from(user),
  ]);
  return { rows, total: total?.n ?? 0 };
}

import { asc, count, desc, eq, ilike, or } from "drizzle-orm";
import type { Db } from "../client";
import { session, user } from "../schema";
import { insertAuditEntry } from "./audit";

export async function getUserByEmail(db: Db, { email }: { email: string }) {
  const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase())).limit(1);
  return row;
}

/** Sets a user's platform role (`user` | `admin`); returns false when no user has that email. */
export async function setUserRole(db: Db, { email, role }: { email: string; role: "user" | "admin" }) {
  const rows = await db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.email, email.toLowerCase())).returning({ id: user.id });
  return rows.length === 1;
}

/**
 * Users for the admin console, newest first; `limit` ≤ 200. `q` keeps those whose e-mail or
 * name contains it (case-insensitive; `%` and `_` are taken literally).
 */
export async function listUsersPage(db: Db, { limit, offset, q }: { limit: number; offset: number; q?: string }) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = pattern ? or(ilike(user.email, pattern), ilike(user.name, pattern)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: user.id, name: user.name, email: user.email, role: user.role, banned: user.banned, banReason: user.banReason, createdAt: user.createdAt })
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), asc(user.id))
      .limit(Math.min(limit, 200))
      .offset(offset),
    db.select({ n: count() }).from(user).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A user's platform access: what the console shows and changes. */
export type UserAccess = { id: string; name: string; email: string; role: "user" | "admin"; banned: boolean; banReason: string | null; createdAt: Date };

/**
 * Changes a user's platform role and ban in one transaction, writing one `audit_log` row per
 * attribute that really changed (`user.set_role`, `user.ban`, `user.unban`; before and after,
 * and who did it). A ban also deletes the user's sessions, as better-auth's own `ban-user`
 * does: they are signed out at once, and the admin plugin refuses their next sign-in. Fields
 * left undefined stay as they are; a field set to its current value writes nothing.
 * @returns the user after the change, or null when no user has that id.
 */
export async function updateUserAccess(
  db: Db,
  c: { userId: string; actorId: string; role?: "user" | "admin"; banned?: boolean; banReason?: string | null },
): Promise<UserAccess | null> {
  return db.transaction(async (tx) => {
    const fields = {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      banned: user.banned,
      banReason: user.banReason,
      createdAt: user.createdAt,
    };
    const [before] = await tx.select(fields).from(user).where(eq(user.id, c.userId)).for("update");
    if (!before) return null;
    const role = c.role ?? before.role;
    const banned = c.banned ?? before.banned;
    const banReason = banned ? (c.banned === true ? (c.banReason ?? null) : before.banReason) : null;
    if (role === before.role && banned === before.banned) return before;
    const [after] = await tx
      .update(user)
      .set({ role, banned, banReason, banExpires: null, updatedAt: new Date() })
      .where(eq(user.id, c.userId))
      .returning(fields);
    const target = `user:${c.userId}`;
    if (role !== before.role) {
      await insertAuditEntry(tx, { actorId: c.actorId, action: "user.set_role", target, before: { role: before.role }, after: { role } });
    }
    if (banned !== before.banned) {
      if (banned) await tx.delete(session).where(eq(session.userId, c.userId));
      await insertAuditEntry(tx, {
        actorId: c.actorId,
        action: banned ? "user.ban" : "user.unban",
        target,
        before: { banned: before.banned, banReason: before.banReason },
        after: { banned, banReason },
      });
    }
    return after!;
  });
}

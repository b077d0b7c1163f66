import type { Db } from "@/lib/db/client";
import { updateUserAccess } from "@/lib/db/queries/users";
import { PanelistError } from "@/lib/errors";
import type { AdminUser } from "./contracts";

/**
 * A platform admin changes another user's platform role or ban (`PATCH /api/admin/users/{id}`):
 * one transaction with its audit rows (lib/db/queries/users.ts `updateUserAccess`); a ban
 * signs the user out everywhere.
 * @throws {PanelistError} 409 `conflict:admin` when the admin names themselves — nobody demotes
 *   or bans their own account from the console, so the platform always keeps the admin making
 *   changes; 404 `not_found:admin` when no user has that id.
 */
export async function changeUserAccess(
  db: Db,
  c: { actorId: string; userId: string; role?: "user" | "admin"; banned?: boolean; banReason?: string | null },
): Promise<AdminUser> {
  if (c.userId === c.actorId) throw new PanelistError("conflict:admin", "You cannot change your own role or ban yourself; ask another admin.");
  const after = await updateUserAccess(db, c);
  if (!after) throw new PanelistError("not_found:admin", "There is no such user.");
  return toAdminUser(after);
}

/** A user row as the console's user body (`adminUserSchema`, lib/console/contracts.ts). */
export function toAdminUser(u: {
  id: string;
  name: string;
  email: string;
  role: "user" | "admin";
  banned: boolean;
  banReason: string | null;
  createdAt: Date;
}): AdminUser {
  return { id: u.id, name: u.name, email: u.email, role: u.role, banned: u.banned, banReason: u.banReason, createdAt: u.createdAt.toISOString() };
}

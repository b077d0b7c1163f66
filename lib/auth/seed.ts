import type { Db } from "@/lib/db/client";
import { getUserByEmail, setUserRole } from "@/lib/db/queries/users";
import { getAuth } from "./auth";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-accounts";

/**
 * Creates the demo accounts through better-auth (so passwords are hashed its way) and sets
 * their roles. Idempotent: existing accounts are left alone except for their role.
 * @throws {Error} unless `PANELIST_DEMO=1` — nothing with a default password is seeded otherwise.
 */
export async function seedDemoAccounts(db: Db): Promise<string[]> {
  if (process.env.PANELIST_DEMO !== "1") throw new Error("refusing to seed demo accounts without PANELIST_DEMO=1");
  const created: string[] = [];
  for (const a of DEMO_ACCOUNTS) {
    if (!(await getUserByEmail(db, { email: a.email }))) {
      await getAuth().api.signUpEmail({ body: { email: a.email, password: DEMO_PASSWORD, name: a.name } });
      created.push(a.email);
    }
    await setUserRole(db, { email: a.email, role: a.role });
  }
  return created;
}

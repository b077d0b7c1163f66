import type { Db } from "@/lib/db/client";
import { ensureOrganizationWithOwner } from "@/lib/db/queries/organizations";
import { getUserByEmail, setUserRole } from "@/lib/db/queries/users";
import { getAuth } from "./auth";
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION, DEMO_PASSWORD } from "./demo-accounts";

/**
 * Creates the demo accounts through better-auth (so passwords are hashed its way), sets their
 * platform roles and makes `recruiter@example.com` the owner of "Demo Recruiting". Idempotent:
 * existing accounts are left alone except for their role and that membership.
 * @returns the emails of the accounts created by this call.
 * @throws {Error} unless `PANELIST_DEMO=1` — nothing with a default password is seeded otherwise.
 */
export async function seedDemoAccounts(db: Db): Promise<string[]> {
  if (process.env.PANELIST_DEMO !== "1") throw new Error("refusing to seed demo accounts without PANELIST_DEMO=1");
  const created: string[] = [];
  for (const a of DEMO_ACCOUNTS) {
    let row = await getUserByEmail(db, { email: a.email });
    if (!row) {
      await getAuth().api.signUpEmail({ body: { email: a.email, password: DEMO_PASSWORD, name: a.name } });
      created.push(a.email);
      row = await getUserByEmail(db, { email: a.email });
    }
    await setUserRole(db, { email: a.email, role: a.platformRole });
    if (a.ownsDemoOrganization && row) await ensureOrganizationWithOwner(db, { ...DEMO_ORGANIZATION, ownerId: row.id });
  }
  return created;
}

import { PLATFORM_ROLES, type PlatformRole } from "@/lib/auth/permissions";
import { loadLocalEnv } from "@/lib/config/local-env";
import { closeDb, getDb } from "@/lib/db/client";
import { setUserRole } from "@/lib/db/queries/users";

// npm run user:role -- EMAIL ROLE (beside a running `npm start`, or with DATABASE_URL set).
// Platform roles only: recruiting is membership of an organisation (docs/architecture.md).
loadLocalEnv();
const [email, role] = process.argv.slice(2);
if (!email || !PLATFORM_ROLES.includes(role as PlatformRole)) {
  console.error(`usage: npm run user:role -- EMAIL ${PLATFORM_ROLES.join("|")}`);
  process.exit(2);
}
setUserRole(getDb(), { email, role: role as PlatformRole })
  .then(async (ok) => {
    await closeDb();
    if (!ok) {
      console.error(`user:role: no user with email ${email}`);
      process.exit(1);
    }
    console.log(`user:role: ${email} is now ${role}`);
    process.exit(0);
  })
  .catch((err) => {
    console.error("user:role: failed", err);
    process.exit(1);
  });

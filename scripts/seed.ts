import { seedDemoAccounts } from "@/lib/auth/seed";
import { closeDb, getDb } from "@/lib/db/client";

if (process.env.PANELIST_DEMO !== "1") {
  console.log("seed: PANELIST_DEMO is not 1; no demo accounts are created");
  process.exit(0);
}
seedDemoAccounts(getDb())
  .then(async (created) => {
    console.log(created.length ? `seed: created ${created.join(", ")}` : "seed: demo accounts already exist");
    await closeDb();
    process.exit(0);
  })
  .catch((err) => {
    console.error("seed: failed", err);
    process.exit(1);
  });

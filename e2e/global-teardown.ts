import Redis from "ioredis";
import postgres from "postgres";

/**
 * Drops the run's databases (the offline stack's and the model stack's, see
 * playwright.config.ts) and deletes their Redis keys (the model stack's prefix extends the
 * offline one's, so one scan covers both). Runs before Playwright stops the web servers, so
 * `WITH (FORCE)` ends the apps' and workers' open connections. `E2E_KEEP_DB=1` keeps all of it
 * for debugging.
 */
export default async function globalTeardown() {
  const dbNames = [process.env.E2E_DATABASE_NAME, process.env.E2E_MODEL_DATABASE_NAME];
  const prefix = process.env.E2E_REDIS_PREFIX;
  if (process.env.E2E_KEEP_DB === "1") {
    console.log(`e2e teardown: keeping databases ${dbNames.join(", ")} and redis prefix ${prefix}`);
    return;
  }
  const sql = postgres(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres", { max: 1, onnotice: () => {} });
  try {
    for (const dbName of dbNames) {
      if (!dbName || !/^[a-z_][a-z0-9_]{0,62}$/i.test(dbName)) continue;
      await sql.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch((err) => console.warn(`e2e teardown: could not drop ${dbName}:`, err));
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  if (prefix && prefix.length >= 4) {
    const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== "0");
    } catch (err) {
      console.warn(`e2e teardown: could not clean redis prefix ${prefix}:`, err);
    } finally {
      redis.disconnect();
    }
  }
}

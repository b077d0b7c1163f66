import Redis from "ioredis";
import postgres from "postgres";

/**
 * Drops the run's database and deletes its Redis keys. Runs before Playwright stops the web
 * server, so `WITH (FORCE)` ends the app's and worker's open connections. `E2E_KEEP_DB=1`
 * keeps both for debugging.
 */
export default async function globalTeardown() {
  const dbName = process.env.E2E_DATABASE_NAME;
  const prefix = process.env.E2E_REDIS_PREFIX;
  if (process.env.E2E_KEEP_DB === "1") {
    console.log(`e2e teardown: keeping database ${dbName} and redis prefix ${prefix}`);
    return;
  }
  if (dbName && /^[a-z_][a-z0-9_]{0,62}$/i.test(dbName)) {
    const sql = postgres(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres", {
      max: 1,
      onnotice: () => {},
    });
    try {
      await sql.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    } catch (err) {
      console.warn(`e2e teardown: could not drop ${dbName}:`, err);
    } finally {
      await sql.end({ timeout: 5 });
    }
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

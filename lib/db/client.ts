import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

export type Db = ReturnType<typeof createDb>["db"];
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Builds a Drizzle client over a postgres.js pool.
 *
 * @param url PostgreSQL connection string.
 * @param opts.max pool size (connections), default `PANELIST_PG_POOL_MAX` or 10. The embedded
 *   PGlite server lends its one session to a connection per transaction, so normal pools work
 *   there too (docs/setup.md).
 * @param opts.prepare whether the queries the code marks prepared (drizzle's `.prepare()`, the
 *   hot paths) become named server-side statements; default true unless `PANELIST_PG_PREPARE=0`.
 *   Turn it off behind a pooler that cannot keep them: PgBouncer in transaction mode before 1.21
 *   or without `max_prepared_statements` (docs/deploy.md); postgres.js then sends every query
 *   unnamed.
 */
export function createDb(url: string, opts: { max?: number; prepare?: boolean } = {}) {
  const sql = postgres(url, {
    max: opts.max ?? Number(process.env.PANELIST_PG_POOL_MAX ?? 10),
    prepare: opts.prepare ?? process.env.PANELIST_PG_PREPARE !== "0",
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
  });
  return { db: drizzle(sql, { schema }), sql };
}

let shared: ReturnType<typeof createDb> | undefined;

/**
 * The process-wide client (web or worker), created on first use from `DATABASE_URL`.
 * @throws {Error} when `DATABASE_URL` is not set.
 */
export function getDb(): Db {
  if (!shared) {
    const url = process.env.DATABASE_URL;
    if (!url)
      throw new Error(
        "DATABASE_URL is not set: npm start, npm run dev and npm test set it; a command run by hand beside a running npm start reads it from .data/runtime.env, otherwise export it",
      );
    shared = createDb(url);
  }
  return shared.db;
}

/** Closes the process-wide pool (graceful shutdown, tests). */
export async function closeDb(): Promise<void> {
  if (shared) {
    const s = shared;
    shared = undefined;
    await s.sql.end({ timeout: 5 });
  }
}

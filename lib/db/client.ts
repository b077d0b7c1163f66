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
 * @param opts.idleInTransactionTimeoutMs each session's `idle_in_transaction_session_timeout`
 *   (PostgreSQL docs, "Client Connection Defaults"), ms; default `PANELIST_PG_IDLE_TX_TIMEOUT_MS`
 *   or 60 000, 0 turns it off. A transaction whose client went away without a word (a
 *   half-open connection, a COMMIT lost on the way) keeps its row locks until the server ends
 *   the session, and every statement that wants those rows waits with it: the worker's end of
 *   that attempt, claims of the same task. No transaction here waits on anything but the
 *   database (no LLM call, fetch or parse inside one), so one idle for a minute has lost its
 *   client. The embedded PGlite server ignores it (its one session is shared). It is a startup
 *   parameter, which PgBouncer refuses unless listed in `ignore_startup_parameters` (docs/deploy.md).
 * @throws {Error} when `PANELIST_PG_IDLE_TX_TIMEOUT_MS` is malformed.
 */
export function createDb(url: string, opts: { max?: number; prepare?: boolean; idleInTransactionTimeoutMs?: number } = {}) {
  const idleInTransaction = opts.idleInTransactionTimeoutMs ?? idleInTransactionFromEnv();
  const sql = postgres(url, {
    max: opts.max ?? Number(process.env.PANELIST_PG_POOL_MAX ?? 10),
    prepare: opts.prepare ?? process.env.PANELIST_PG_PREPARE !== "0",
    idle_timeout: 30,
    connect_timeout: 10,
    connection: { idle_in_transaction_session_timeout: idleInTransaction },
    onnotice: () => {},
  });
  return { db: drizzle(sql, { schema }), sql };
}

/**
 * `PANELIST_PG_IDLE_TX_TIMEOUT_MS`, ms (default 60 000; 0 turns the timeout off).
 * @throws {Error} when it is set to anything but a whole number of milliseconds ≥ 0 (a value
 *   PostgreSQL cannot read would turn the timeout off without a word).
 */
function idleInTransactionFromEnv(): number {
  const raw = process.env.PANELIST_PG_IDLE_TX_TIMEOUT_MS;
  if (raw === undefined || raw === "") return 60_000;
  if (!/^\d+$/.test(raw)) throw new Error(`PANELIST_PG_IDLE_TX_TIMEOUT_MS must be a whole number of milliseconds (0 turns it off), not ${JSON.stringify(raw)}`);
  return Number(raw);
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

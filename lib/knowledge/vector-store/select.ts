import postgres from "postgres";
import type { Logger } from "@/lib/log";
import { createVectorStore, type PgVectorStore } from "./pg-store";

/**
 * Which database holds the vectors (docs/knowledge.md, "Where the vectors live"): the main
 * database (`DATABASE_URL`) when its server offers the `vector` extension
 * (`pg_available_extensions`), else the PGlite sidecar with pgvector at `VECTOR_DATABASE_URL`
 * that `scripts/setup.mjs` starts beside a PostgreSQL without it. Schema: `PANELIST_VECTOR_SCHEMA`
 * or `panelist_kb`.
 */
let shared: Promise<PgVectorStore> | null = null;
let override: PgVectorStore | null = null;

/** Does the server at `url` offer pgvector? One short connection. */
export async function hasVectorExtension(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 10, idle_timeout: 1, onnotice: () => {} });
  try {
    const rows = await sql`select 1 from pg_available_extensions where name = 'vector'`;
    return rows.length > 0;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

/**
 * Opens the store `env` points at.
 * @throws {Error} when neither the main database has the extension nor `VECTOR_DATABASE_URL` is set,
 *   or the chosen database does not answer.
 */
export async function openConfiguredVectorStore(env: NodeJS.ProcessEnv = process.env): Promise<PgVectorStore> {
  const schema = env.PANELIST_VECTOR_SCHEMA || undefined;
  const main = env.DATABASE_URL;
  if (main && (await hasVectorExtension(main))) {
    return createVectorStore({ url: main, schema, reason: "the main database (DATABASE_URL) has the vector extension" });
  }
  if (env.VECTOR_DATABASE_URL) {
    return createVectorStore({
      url: env.VECTOR_DATABASE_URL,
      schema,
      reason: `${main ? "the main database has no vector extension" : "DATABASE_URL is not set"}; the sidecar at VECTOR_DATABASE_URL serves (fine for a demo or the tests, not for production: install pgvector)`,
    });
  }
  throw new Error(
    "no vector store: the main database has no vector extension and VECTOR_DATABASE_URL is not set (npm start/dev/test start a PGlite sidecar and set it; or install pgvector in PostgreSQL)",
  );
}

/**
 * The process's vector store (web or worker), opened on first use; the one `setVectorStoreForTests`
 * installed, if any.
 * @throws {Error} as `openConfiguredVectorStore`; a failed open is retried on the next call.
 */
export function getVectorStore(): Promise<PgVectorStore> {
  if (override) return Promise.resolve(override);
  shared ??= openConfiguredVectorStore().catch((err) => {
    shared = null;
    throw err;
  });
  return shared;
}

/** Makes `getVectorStore()` return `store` (a test's isolated schema); null restores the configured one. */
export function setVectorStoreForTests(store: PgVectorStore | null): void {
  override = store;
}

/** Closes the process's store (graceful shutdown). */
export async function closeVectorStore(): Promise<void> {
  const s = shared;
  shared = null;
  if (s) await (await s.catch(() => null))?.close();
}

/**
 * The start-up line saying which store serves and why (web and worker). Never throws: without a
 * store the rest of the product works, and knowledge-base tasks fail with this same reason.
 */
export async function logVectorStoreChoice(log: Logger): Promise<void> {
  try {
    const store = await getVectorStore();
    log.info({ vectorStore: store.kind, schema: store.schema, pgvector: store.pgvectorVersion }, `vector store: ${store.description}`);
  } catch (err) {
    log.warn({ err: String(err) }, "vector store: none — knowledge bases cannot store or search chunks");
  }
}

import { randomUUID } from "node:crypto";
import { afterAll, inject } from "vitest";
import { type PgVectorStore, setVectorStoreForTests } from "@/lib/knowledge/vector-store";
import { openConfiguredVectorStore } from "@/lib/knowledge/vector-store/select";

/**
 * A vector store in a schema of this test file's own (`kb_test_<random>`), on the database the
 * product would choose — the file's main database when it has pgvector, else the run's PGlite
 * sidecar (`VECTOR_DATABASE_URL`, from `npm test` or tests/global-setup.ts). `getVectorStore()`
 * returns it for the rest of the file, so service and route tests use the same store. The schema
 * is dropped after the file. Import tests/helpers/env first (it points `DATABASE_URL` at the
 * file's database).
 */
export async function testVectorStore(): Promise<PgVectorStore> {
  const vectorUrl = process.env.VECTOR_DATABASE_URL || inject("vectorDatabaseUrl") || undefined;
  const store = await openConfiguredVectorStore({
    ...process.env,
    VECTOR_DATABASE_URL: vectorUrl,
    PANELIST_VECTOR_SCHEMA: `kb_test_${randomUUID().replaceAll("-", "").slice(0, 12)}`,
  });
  setVectorStoreForTests(store);
  afterAll(async () => {
    setVectorStoreForTests(null);
    await store.dropSchema();
    await store.close();
  });
  return store;
}

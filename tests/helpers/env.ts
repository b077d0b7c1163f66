import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { inject } from "vitest";

/**
 * Points this test file at a database and a Redis key prefix of its own. Import it first in
 * every integration test file.
 *
 * The database is a copy of the run's migrated template (`CREATE DATABASE … TEMPLATE`, a file
 * copy: fast). Files run in parallel, and anything that scans the whole database — the outbox
 * relay promoting due retries, the webhook dispatcher — would otherwise take another file's
 * rows into its own Redis prefix, its own workers and its own fake LLM. The global teardown
 * drops every copy. Where the server cannot copy a template (the embedded PGlite of a machine
 * without PostgreSQL), the file uses the template itself, as before.
 */
const templateUrl = new URL(inject("databaseUrl"));
const template = templateUrl.pathname.slice(1);
const name = `${template}_${randomUUID().slice(0, 8)}`;
const admin = postgres(inject("adminDatabaseUrl"), { max: 1, onnotice: () => {} });
const fileUrl = new URL(templateUrl);
fileUrl.pathname = `/${name}`;
process.env.DATABASE_URL = await copyTemplate()
  .then(() => fileUrl.toString())
  .catch((err: unknown) => {
    console.warn(`[tests] no database of this file's own (${String(err)}); sharing ${template}`);
    return templateUrl.toString();
  })
  .finally(() => admin.end({ timeout: 5 }));
process.env.PANELIST_REDIS_PREFIX = `test:${randomUUID().slice(0, 8)}:`;
process.env.BETTER_AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";

/** Another file's copy in progress holds the template for a moment (55006): try again. */
async function copyTemplate(): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.unsafe(`create database "${name}" template "${template}"`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== "55006" || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 150));
    }
  }
}

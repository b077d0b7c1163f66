import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { inject } from "vitest";
import { LIMIT_RULES } from "@/lib/ratelimit/policies";

/**
 * Points this test file at a database and a Redis key prefix of its own. Import it first in
 * every integration test file.
 *
 * The database is a copy of the run's migrated template (`CREATE DATABASE … TEMPLATE`, a file
 * copy: fast). Files run in parallel, and anything that scans the whole database — the outbox
 * relay promoting due retries, the webhook dispatcher — would otherwise take another file's
 * rows into its own Redis prefix, its own workers and its own fake LLM. The global teardown
 * drops every copy. Only on the embedded PGlite (`PANELIST_EMBEDDED_PG=1`, set by
 * `scripts/setup.mjs` on a machine without PostgreSQL), where one session cannot copy a
 * template, do the files share the template — decided up front, never as a fallback: a copy
 * that fails on a real server fails the file (docs/testing.md, "Rules": no silent downgrades).
 */
const templateUrl = new URL(inject("databaseUrl"));
const template = templateUrl.pathname.slice(1);
const name = `${template}_${randomUUID().slice(0, 8)}`;
const fileUrl = new URL(templateUrl);
fileUrl.pathname = `/${name}`;
if (process.env.PANELIST_EMBEDDED_PG === "1") {
  process.env.DATABASE_URL = templateUrl.toString();
} else {
  const admin = postgres(inject("adminDatabaseUrl"), { max: 1, onnotice: () => {} });
  try {
    await copyTemplate(admin);
  } catch (err) {
    throw new Error(`tests/helpers/env.ts: could not give this file a database of its own (${String(err)}); not sharing ${template} in its place`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  process.env.DATABASE_URL = fileUrl.toString();
}
process.env.PANELIST_REDIS_PREFIX = `test:${randomUUID().slice(0, 8)}:`;
process.env.BETTER_AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
/**
 * The API door's request limits (docs/request-limits.md) are raised out of reach for the test
 * process: suites upload dozens of resumes as one user, from one address, within seconds. A test
 * of the limits sets the realistic values it tests (tests/api/rate-limits.test.ts). The sign-in
 * and sign-up rules are left at their defaults: their own tests rely on them.
 */
for (const r of LIMIT_RULES) if (r.policy !== "sign_in" && r.policy !== "sign_up") process.env[r.env] ??= "1000000000";
/**
 * The session cache (lib/auth/session-cache.ts) is off for the suites: they change roles, bans
 * and memberships in the database and expect the next request to see it. Its own tests set an
 * age (tests/api/session-cache*.test.ts).
 */
process.env.AUTH_SESSION_CACHE_SECONDS ??= "0";

/**
 * Copies the template. Two copies at once fail (55006: the template is in use by the other
 * copy), so the files' copies take turns under an advisory lock of the template's name —
 * waiting for the other copy to end rather than sleeping and trying again. `admin` has one
 * connection, so the lock, the copy and the unlock share a session.
 */
async function copyTemplate(admin: postgres.Sql): Promise<void> {
  await admin`select pg_advisory_lock(hashtext(${template}))`;
  try {
    await admin.unsafe(`create database "${name}" template "${template}"`);
  } finally {
    await admin`select pg_advisory_unlock(hashtext(${template}))`;
  }
}

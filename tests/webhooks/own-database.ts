import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { inject } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";

/**
 * A migrated database of the calling test file's own, on the run's server, dropped by
 * `drop()`. A WebhookDispatcher claims every due delivery in its database: a file that runs
 * one must not share the run's database with files that enqueue events of their own.
 */
export async function ownDatabase(): Promise<{ db: Db; drop(): Promise<void> }> {
  const runUrl = new URL(inject("databaseUrl"));
  const name = `${runUrl.pathname.slice(1)}_wh_${randomUUID().slice(0, 8)}`;
  const admin = postgres(runUrl.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(runUrl);
  url.pathname = `/${name}`;
  await runMigrations(url.toString());
  const { db, sql } = createDb(url.toString(), { max: 5 });
  return {
    db,
    async drop() {
      await sql.end({ timeout: 5 });
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

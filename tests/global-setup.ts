import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { runMigrations } from "../lib/db/migrate";
import { ensureVectorSidecar } from "./helpers/vector-sidecar";

/**
 * One fresh database per Vitest run on the server of `DATABASE_URL` (never the server's
 * existing databases), migrated once: the template every integration test file copies into a
 * database of its own (tests/helpers/env.ts). Dropped at the end with every copy. Tests create
 * their own users and Redis key prefixes, so they never assume an empty server.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `panelist_test_${Date.now()}_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const testUrl = url.toString();
  await runMigrations(testUrl);
  process.env.DATABASE_URL = testUrl;
  process.env.PANELIST_ADMIN_DATABASE_URL = serverUrl;
  process.env.BETTER_AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
  process.env.LLM_PROVIDER ??= "offline";
  project.provide("databaseUrl", testUrl);
  project.provide("adminDatabaseUrl", serverUrl);
  // The vector store: pgvector on this server, else npm test's sidecar, else one started here.
  const vector = await ensureVectorSidecar(serverUrl);
  if (vector.url) process.env.VECTOR_DATABASE_URL = vector.url;
  project.provide("vectorDatabaseUrl", vector.url ?? "");
  return async () => {
    await vector.stop();
    const copies = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`${name}\\_%`}`;
    for (const { datname } of copies) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's migrated template database (tests/helpers/env.ts copies it per file). */
    databaseUrl: string;
    /** The server's maintenance database, for CREATE/DROP DATABASE. */
    adminDatabaseUrl: string;
    /** The PGlite vector sidecar's URL, "" when the server has pgvector (tests/helpers/vector-store.ts). */
    vectorDatabaseUrl: string;
  }
}

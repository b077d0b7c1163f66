import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, expect, inject, it } from "vitest";

/**
 * Migration 0003 turns the old single role into a platform role plus membership: on a database
 * migrated to 0002 with candidate, recruiter and admin users, it must leave `user`, `user` +
 * owner of an organisation of their own, and `admin`.
 */
const MIGRATIONS = path.resolve(import.meta.dirname, "../../lib/db/migrations");
const statements = (file: string) =>
  readFileSync(path.join(MIGRATIONS, file), "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);

const name = `panelist_migration_${randomUUID().slice(0, 8)}`;
const admin = postgres(inject("adminDatabaseUrl"), { max: 1, onnotice: () => {} });
let sql: postgres.Sql;

beforeAll(async () => {
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(inject("adminDatabaseUrl"));
  url.pathname = `/${name}`;
  sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  for (const file of ["0000_init.sql", "0001_interviews.sql", "0002_webhooks.sql"]) {
    for (const s of statements(file)) await sql.unsafe(s);
  }
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end({ timeout: 5 });
});

it("candidate → user, recruiter → user owning an organisation of their own, admin stays admin", async () => {
  await sql`insert into "user" (id, name, email, role) values
    ('u-cand', 'Cara', 'cara@example.test', 'candidate'),
    ('u-rec', 'Rex', 'rex@example.test', 'recruiter'),
    ('u-adm', 'Ada', 'ada@example.test', 'admin')`;
  for (const s of statements("0003_organizations.sql")) await sql.unsafe(s);

  const users = await sql<{ id: string; role: string }[]>`select id, role from "user" order by id`;
  expect(users).toEqual([
    { id: "u-adm", role: "admin" },
    { id: "u-cand", role: "user" },
    { id: "u-rec", role: "user" },
  ]);
  const members = await sql<{ user_id: string; role: string; name: string }[]>`
    select m.user_id, m.role, o.name from member m join organization o on o.id = m.organization_id`;
  expect(members).toEqual([{ user_id: "u-rec", role: "owner", name: "Rex's organisation" }]);
  const [{ role_default }] = await sql<{ role_default: string }[]>`
    select column_default as role_default from information_schema.columns where table_name = 'user' and column_name = 'role'`;
  expect(role_default).toContain("'user'");
});

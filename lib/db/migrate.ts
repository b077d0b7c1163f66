import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { createDb } from "./client";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Applies the checked-in drizzle-kit migrations (`lib/db/migrations`) to `url`, on one
 * connection. Idempotent: applied migrations are recorded in `drizzle.__drizzle_migrations`.
 * @throws whatever PostgreSQL answers (connection refused, SQL errors).
 */
export async function runMigrations(url: string): Promise<void> {
  const { db, sql } = createDb(url, { max: 1 });
  try {
    await migrate(db, { migrationsFolder: path.join(here, "migrations") });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

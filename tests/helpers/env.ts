import { randomUUID } from "node:crypto";
import { inject } from "vitest";

/**
 * Points this test file at the run's database and a Redis key prefix of its own.
 * Import it first in every integration test file.
 */
process.env.DATABASE_URL = inject("databaseUrl");
process.env.PANELIST_REDIS_PREFIX = `test:${randomUUID().slice(0, 8)}:`;
process.env.BETTER_AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
export {};

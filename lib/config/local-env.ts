import { existsSync } from "node:fs";
import path from "node:path";

/**
 * For commands run by hand beside `npm start` (`npm run worker`, `npm run user:role`): loads
 * `.env.local` (the generated secret, the user's settings) and, when `DATABASE_URL` is not set,
 * `.data/runtime.env` — the PostgreSQL and Redis that the running `npm start` found or started
 * (it writes the file while it runs and deletes it when it stops). Variables already in the
 * environment win (`process.loadEnvFile` never overrides), so a supervisor, a container or a
 * test that sets them is unaffected. Node ≥ 20.12 (`process.loadEnvFile`).
 * @param root the checkout (default: the working directory).
 */
export function loadLocalEnv(root = process.cwd()): void {
  const local = path.join(root, ".env.local");
  if (existsSync(local)) process.loadEnvFile(local);
  const runtime = path.join(root, ".data", "runtime.env");
  if (!process.env.DATABASE_URL && existsSync(runtime)) process.loadEnvFile(runtime);
}

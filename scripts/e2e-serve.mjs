#!/usr/bin/env node
/**
 * The app under Playwright test, on its own database: Playwright's `webServer` runs this.
 *
 * 1. creates `E2E_DATABASE_NAME` on the server of `DATABASE_URL`
 *    (default postgres://postgres@127.0.0.1:5432/postgres);
 * 2. migrates it and seeds the demo accounts (`PANELIST_DEMO=1`);
 * 3. runs `next build` when `.next/BUILD_ID` is missing or older than a source file the web
 *    app is built from (`E2E_REBUILD=1` always builds, `E2E_REBUILD=0` only when missing);
 * 4. starts the worker and `scripts/web-cluster.mjs -p $PORT` (what npm start runs; on
 *    `E2E_WEB_PROCESSES` processes: 1, or 2 for the model stack) with the offline engine and the Redis key
 *    prefix `E2E_REDIS_PREFIX`, and stops both when it is told to stop (SIGTERM/SIGINT) or
 *    when either of them dies.
 *
 * `E2E_LLM_PORT=<port>` makes it the **model stack** instead: it also starts the fake
 * OpenAI-compatible server (scripts/fake-llm/server.ts) on that port and points web and worker
 * at it as model `gpt-4o-mini` of provider `openai` (a model the price catalog knows), so the
 * specs under e2e/model/ see metered, priced calls. Two instances may start at once (Playwright
 * starts every `webServer` together): the build is guarded by a lock directory, and the second
 * one waits for the first one's build instead of building again.
 *
 * The database is dropped by e2e/global-teardown.ts. That runs while web and worker still run,
 * and the worker may re-create its streams afterwards, so once both have stopped this script
 * drops the database (if still there) and deletes the prefix's Redis keys again
 * (`E2E_KEEP_DB=1` keeps both). Node built-ins plus the project's `postgres`, `ioredis` and
 * `tsx` packages only.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Redis from "ioredis";
import postgres from "postgres";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT ?? process.env.E2E_PORT ?? 3100);
const dbName = process.env.E2E_DATABASE_NAME ?? `panelist_e2e_${Date.now()}`;
const redisPrefix = process.env.E2E_REDIS_PREFIX ?? `e2e${Date.now()}:`;
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const appUrl = `http://127.0.0.1:${port}`;
const tsxCli = path.join(root, "node_modules/tsx/dist/cli.mjs");
const nextCli = path.join(root, "node_modules/next/dist/bin/next");
/** How long children get to stop after SIGTERM before SIGKILL, ms. */
const STOP_GRACE_MS = 8_000;

if (!/^[a-z_][a-z0-9_]{0,62}$/i.test(dbName)) {
  console.error(`e2e-serve: E2E_DATABASE_NAME must be a plain identifier, got ${JSON.stringify(dbName)}`);
  process.exit(2);
}

/** The same server URL pointing at another database. */
function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
const databaseUrl = withDatabase(serverUrl, dbName);

const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
  PANELIST_REDIS_PREFIX: redisPrefix,
  LLM_PROVIDER: "offline",
  APP_URL: appUrl,
  BETTER_AUTH_URL: appUrl,
  // The same server under its other loopback name; any other port stays untrusted (e2e/csrf.spec.ts).
  TRUSTED_ORIGINS: `http://localhost:${port}`,
  BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? randomBytes(32).toString("base64url"),
  PORT: String(port),
};
const llmPort = process.env.E2E_LLM_PORT ? Number(process.env.E2E_LLM_PORT) : null;
if (llmPort) {
  Object.assign(env, { LLM_PROVIDER: "openai", LLM_BASE_URL: `http://127.0.0.1:${llmPort}/v1`, LLM_API_KEY: "e2e", LLM_MODEL: "gpt-4o-mini" });
}

function log(msg) {
  console.log(`e2e-serve: ${msg}`);
}

async function createDatabase() {
  const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`CREATE DATABASE "${dbName}"`);
    log(`created database ${dbName}`);
  } catch (err) {
    if (err?.code !== "42P04") throw err; // duplicate_database: reuse it
    log(`reusing database ${dbName}`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function cleanUp() {
  const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  } finally {
    await sql.end({ timeout: 5 });
  }
  if (redisPrefix.length < 4) return;
  const redis = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${redisPrefix}*`, "COUNT", 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

/** Runs a step to completion, inheriting stdio; exits the whole script when it fails. */
function runStep(name, args, extraEnv = {}) {
  log(name);
  const started = Date.now();
  const res = spawnSync(process.execPath, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: "inherit" });
  if (res.status !== 0) {
    console.error(`e2e-serve: ${name} failed (${res.status ?? res.signal})`);
    process.exit(1);
  }
  log(`${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** What `next build` compiles: a change to any of these makes an existing build stale. */
const BUILD_INPUTS = [
  "app",
  "components",
  "lib",
  "i18n",
  "messages",
  "public",
  "next.config.ts",
  "instrumentation.ts",
  "instrumentation-client.ts",
  "postcss.config.mjs",
  "package.json",
];

function newestMtimeMs(p) {
  const st = statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtimeMs(path.join(p, entry)));
  }
  return newest;
}

/** Why a build is needed, or null. */
function buildReason() {
  const buildId = path.join(root, ".next/BUILD_ID");
  if (process.env.E2E_REBUILD === "1") return "E2E_REBUILD=1";
  if (!existsSync(buildId)) return ".next/BUILD_ID is missing";
  if (process.env.E2E_REBUILD === "0") return null;
  const builtAt = statSync(buildId).mtimeMs;
  const stale = BUILD_INPUTS.find((p) => newestMtimeMs(path.join(root, p)) > builtAt);
  return stale ? `${stale} changed since the last build` : null;
}

const BUILD_LOCK = path.join(root, ".next-build.lock");

/** True while the process `pid` exists. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err?.code === "EPERM";
  }
}

/**
 * Builds when {@link buildReason} says so, holding {@link BUILD_LOCK} (mkdir is atomic) so a
 * second e2e-serve started beside this one waits and then finds the build fresh. A lock left by
 * a dead process is taken over.
 */
async function buildIfNeeded() {
  for (;;) {
    if (!buildReason()) return;
    try {
      mkdirSync(BUILD_LOCK);
      writeFileSync(path.join(BUILD_LOCK, "pid"), String(process.pid));
      break;
    } catch (err) {
      if (err?.code !== "EEXIST") throw err;
      const holder = Number(readFileSync(path.join(BUILD_LOCK, "pid"), { encoding: "utf8", flag: "a+" }) || 0);
      if (holder && !alive(holder)) rmSync(BUILD_LOCK, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 1_000));
    }
  }
  try {
    const reason = buildReason();
    if (reason) runStep(`next build (${reason})`, [nextCli, "build"], { NODE_ENV: "production" });
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

const children = new Map();
let stopping = false;

function startChild(name, args) {
  // Same process group as this script: if Playwright kills the group, they go with it.
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
  children.set(name, child);
  child.on("exit", (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`e2e-serve: ${name} exited unexpectedly (${code ?? signal})`);
      void stop(1);
    }
  });
  log(`${name} started (pid ${child.pid})`);
}

async function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  const running = [...children.entries()];
  for (const [, child] of running) child.kill("SIGTERM");
  const deadline = Date.now() + STOP_GRACE_MS;
  while (children.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const [name, child] of children) {
    log(`${name} did not stop in time; killing it`);
    child.kill("SIGKILL");
  }
  if (process.env.E2E_KEEP_DB !== "1") await cleanUp().catch((err) => console.error("e2e-serve: clean-up failed", err));
  process.exit(exitCode);
}

process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));
process.on("SIGHUP", () => void stop(0));

await createDatabase();
runStep("migrate", [tsxCli, "scripts/migrate.ts"]);
runStep("seed demo accounts", [tsxCli, "scripts/seed.ts"], { PANELIST_DEMO: "1" });
await buildIfNeeded();
if (llmPort) startChild("fake-llm", [tsxCli, "scripts/fake-llm/server.ts", "--port", String(llmPort)]);
startChild("worker", [tsxCli, "worker/index.ts"]);
// The web server npm start, the image and Compose run (scripts/web-cluster.mjs, not `next start`),
// so the specs cover it; the model stack on two processes (`E2E_WEB_PROCESSES`, its default 2
// there, 1 otherwise), so its streamed turns, sessions and metering cross processes as deployed.
env.WEB_PROCESSES = process.env.E2E_WEB_PROCESSES ?? (llmPort ? "2" : "1");
// Open requests get 3 s to finish on stop, well inside STOP_GRACE_MS (web-cluster's default is 8 s).
env.WEB_DRAIN_MS ??= "3000";
startChild("web", [path.join(root, "scripts/web-cluster.mjs"), "-p", String(port), "-H", "127.0.0.1"]);
log(`serving ${appUrl} on database ${dbName}, redis prefix ${redisPrefix}`);

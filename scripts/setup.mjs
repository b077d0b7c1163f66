#!/usr/bin/env node
// The README's commands:
//   npm start  → node scripts/setup.mjs start   (build, then web (scripts/web-cluster.mjs) + worker, demo accounts)
//   npm run dev → node scripts/setup.mjs dev    (next dev + tsx watch worker, demo accounts)
//   npm test   → node scripts/setup.mjs test    (real PostgreSQL + Redis, Vitest then Playwright)
//
// Node built-ins only: this runs before `npm ci`. Each step logs its decision
// in one line; docs/setup.md explains them. Everything this command starts
// (PostgreSQL, Redis, web, worker) stops with it: Ctrl-C, SIGTERM or the end of the tests.
import fs from "node:fs";
import path from "node:path";
import { buildIsCurrent, recordBuild, sourceStamp } from "./setup/build.mjs";
import { ensureChromium } from "./setup/chromium.mjs";
import { checkNode, childEnvironment, ensureDependencies, ensureEnvLocal } from "./setup/env.mjs";
import { resolvePostgres } from "./setup/postgres.mjs";
import { Procs } from "./setup/procs.mjs";
import { resolveRedis } from "./setup/redis.mjs";
import { DATA_DIR, freePort, log, paint, portIsFree, ROOT, SetupError, tcpProbe, waitFor } from "./setup/util.mjs";
import { resolveVectorStore } from "./setup/vector.mjs";

const MODES = ["start", "dev", "test"];
const mode = process.argv[2];
if (!MODES.includes(mode)) {
  console.error(`usage: node scripts/setup.mjs <${MODES.join("|")}>`);
  process.exit(2);
}

const procs = new Procs();
/** The servers a running `npm start`/`npm run dev` uses, for commands run by hand beside it (lib/config/local-env.ts). */
const RUNTIME_ENV = path.join(DATA_DIR, "runtime.env");
let wroteRuntimeEnv = false;
const bin = (name) => path.join(ROOT, "node_modules", ".bin", name);
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

// ---------------------------------------------------------------------------
// Stopping: the first signal stops everything gracefully, a second one kills. A Ctrl-C reaches
// this process twice — from the terminal (the whole foreground process group) and forwarded by
// npm — so a repeat within SIGNAL_ECHO_MS is the same request, not an impatient second one.
const SIGNAL_ECHO_MS = 2_000;
let shuttingDown = false;
let firstSignalAt = 0;
async function shutdown(code, why) {
  if (shuttingDown) return;
  shuttingDown = true;
  if (why) log(why);
  await procs.stopAll();
  if (wroteRuntimeEnv) fs.rmSync(RUNTIME_ENV, { force: true });
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (shuttingDown && Date.now() - firstSignalAt < SIGNAL_ECHO_MS) return;
    if (shuttingDown) {
      log(`${signal} again: killing everything now`);
      procs.killAllSync();
      process.exit(1);
    }
    firstSignalAt = Date.now();
    // Stopping the product on request is a clean end; an interrupted test run is not.
    const code = mode === "test" ? 128 + { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal] : 0;
    shutdown(code, `${signal}: stopping what this command started…`);
  });
}
process.on("exit", () => procs.killAllSync());
// A supervisor that signals only npm (not the process group) leaves this process orphaned
// under init; stop then too, rather than serving on with nobody to stop it.
const parentAtStart = process.ppid;
setInterval(() => {
  if (process.ppid !== parentAtStart) shutdown(mode === "test" ? 1 : 0, "the parent process is gone: stopping what this command started…");
}, 1_000).unref();

// ---------------------------------------------------------------------------
async function commonSetup() {
  checkNode();
  await ensureDependencies(procs);
  if (mode === "test") {
    await checkDependencyRules();
    await checkLint();
  }
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const env = childEnvironment(mode, ensureEnvLocal());

  const pg = await resolvePostgres({ mode, procs, env });
  const redis = await resolveRedis({ procs, env });
  env.DATABASE_URL = pg.url;
  env.REDIS_URL = redis.url;
  // pgvector in that PostgreSQL, else a PGlite sidecar (docs/knowledge.md, "Where the vectors live").
  const vectorUrl = await resolveVectorStore({ mode, procs, env, pg });
  if (vectorUrl) env.VECTOR_DATABASE_URL = vectorUrl;
  if (pg.embedded) {
    // One PGlite session behind the socket: the app may size its pools by this.
    env.PANELIST_EMBEDDED_PG = "1";
  } else {
    delete env.PANELIST_EMBEDDED_PG;
  }
  return env;
}

/**
 * `npm run lint:deps` (dependency-cruiser, `.dependency-cruiser.cjs`) before anything is started:
 * an import across a layer line fails the run in seconds, not after the databases and the suite.
 * @throws {SetupError} naming the broken rules' documentation when the check fails.
 */
async function checkDependencyRules() {
  log("Tests: dependency rules (npm run lint:deps)");
  const code = await procs.run("lint:deps", npm, ["run", "--silent", "lint:deps"], { cwd: ROOT, output: "inherit" });
  if (code !== 0) {
    throw new SetupError(
      `the dependency rules failed (exit ${code}): an import above crosses a layer line (rules and reasons: docs/architecture.md, "Layout"). Not running the tests.`,
    );
  }
}

/**
 * `npm run lint` (`biome ci .`: formatting, lint rules and import order, nothing written) before
 * anything is started, like the dependency rules: a formatting slip fails in seconds.
 * @throws {SetupError} pointing at `npm run format` and the lint notes when the check fails.
 */
async function checkLint() {
  log("Tests: formatting and lint (npm run lint)");
  const code = await procs.run("lint", npm, ["run", "--silent", "lint"], { cwd: ROOT, output: "inherit" });
  if (code !== 0) {
    throw new SetupError(
      `Biome found problems (exit ${code}), listed above: \`npm run format\` fixes formatting and import order; lint rules and their exceptions: docs/testing.md, "Lint". Not running the tests.`,
    );
  }
}

async function step(label, args, env) {
  const code = await procs.run(label, npm, ["run", ...args], { cwd: ROOT, env });
  if (code !== 0) throw new SetupError(`${args.join(" ")} failed (exit ${code}); see [${label}] above.`);
}

async function pickPort(env) {
  if (env.PORT) {
    if (!(await portIsFree(Number(env.PORT), "0.0.0.0"))) throw new SetupError(`PORT=${env.PORT} is already in use.`);
    return Number(env.PORT);
  }
  for (let port = 3000; port < 3020; port++) {
    if (await portIsFree(port, "0.0.0.0")) {
      if (port !== 3000) log(`Web: port 3000 is in use; using ${port}`);
      return port;
    }
  }
  return freePort("0.0.0.0");
}

function writeRuntimeEnv(env) {
  wroteRuntimeEnv = true;
  const keys = ["DATABASE_URL", "REDIS_URL", "VECTOR_DATABASE_URL", "PANELIST_EMBEDDED_PG", "PANELIST_REDIS_PREFIX"];
  const lines = keys.filter((k) => env[k]).map((k) => `${k}=${env[k]}`);
  fs.writeFileSync(
    RUNTIME_ENV,
    `# written by ${mode === "dev" ? "npm run dev" : "npm start"} (pid ${process.pid}) while it runs; deleted when it stops\n${lines.join("\n")}\n`,
    { mode: 0o600 },
  );
}

async function runProduct(env) {
  env.PANELIST_DEMO ??= "1"; // start and dev: the demo accounts
  writeRuntimeEnv(env);

  log("Database: migrating (npm run db:migrate)");
  await step("migrate", ["db:migrate"], env);
  if (env.PANELIST_DEMO === "1") {
    log("Demo accounts: seeding (PANELIST_DEMO=1, npm run db:seed)");
    await step("seed", ["db:seed"], env);
  }

  const port = await pickPort(env);
  env.PORT = String(port);
  // The origins this server is reached at, exactly (port included): state-changing requests
  // and sign-ins from any other origin — another port of the same host too — are refused
  // (lib/auth/origin.ts). A deployment sets APP_URL (and TRUSTED_ORIGINS) itself.
  if (!env.APP_URL) {
    env.APP_URL = `http://localhost:${port}`;
    env.TRUSTED_ORIGINS ??= `http://127.0.0.1:${port},http://[::1]:${port}`;
  }

  if (mode === "start") {
    const stamp = sourceStamp();
    if (buildIsCurrent(stamp)) {
      log("Build: .next is up to date with the sources; not rebuilding");
    } else {
      log("Build: next build (sources changed since the last build)");
      const code = await procs.run("build", bin("next"), ["build"], { cwd: ROOT, env: { ...env, NODE_ENV: "production" } });
      if (code !== 0) throw new SetupError(`next build failed (exit ${code}); see [build] above.`);
      recordBuild(stamp);
    }
  }

  const web =
    mode === "start"
      ? // Next's request handler on WEB_PROCESSES processes (unset: one, as `next start`; docs/deploy.md).
        procs.start("web", process.execPath, [path.join(ROOT, "scripts/web-cluster.mjs"), "-p", String(port)], {
          cwd: ROOT,
          env: { ...env, NODE_ENV: "production" },
        })
      : procs.start("web", bin("next"), ["dev", "-p", String(port)], { cwd: ROOT, env });
  const startWorker = () =>
    mode === "start"
      ? procs.start("worker", npm, ["run", "worker"], { cwd: ROOT, env: { ...env, NODE_ENV: "production" }, graceMs: 30_000 })
      : procs.start("worker", bin("tsx"), ["watch", "worker/index.ts"], { cwd: ROOT, env, graceMs: 30_000 });
  // A worker that dies is restarted (like a supervisor would): its tasks are reclaimed after
  // their lease, and the site stays up. Restarts back off so a crash loop cannot spin.
  const workerLoop = (async () => {
    let delayMs = 1_000;
    for (;;) {
      const startedAt = Date.now();
      const code = await startWorker().exited;
      if (shuttingDown) return ["worker", code];
      if (Date.now() - startedAt > 60_000) delayMs = 1_000;
      log(`worker exited (code ${code}); restarting in ${Math.round(delayMs / 1000)} s`);
      await new Promise((r) => setTimeout(r, delayMs));
      if (shuttingDown) return ["worker", code];
      delayMs = Math.min(delayMs * 2, 30_000);
    }
  })();

  let webExited = false;
  web.exited.then(() => (webExited = true));
  waitFor(async () => webExited || (await tcpProbe("127.0.0.1", port)), { timeoutMs: 180_000, what: "the web server" })
    .then(() => !webExited && banner(env, port))
    .catch((e) => log(`Web: ${e.message}`));

  const first = await Promise.race([web.exited.then((code) => ["web", code]), workerLoop]);
  if (!shuttingDown) await shutdown(first[1] || 1, `${first[0]} exited (code ${first[1]}); stopping everything`);
}

function banner(env, port) {
  const url = `http://localhost:${port}`;
  const lines = ["", paint("1", `Panelist is running: ${url}`)];
  if (env.PANELIST_DEMO === "1") {
    lines.push("Demo sign-ins (password panelist-demo):");
    lines.push("  candidate@example.com   recruiter@example.com   admin@example.com");
  }
  lines.push(`Database: ${env.PANELIST_EMBEDDED_PG === "1" ? "embedded PostgreSQL (PGlite)" : redact(env.DATABASE_URL)} · Redis: ${redact(env.REDIS_URL)}`);
  lines.push("Ctrl-C stops everything this command started.", "");
  console.log(lines.join("\n"));
}

function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(set)";
  }
}

// ---------------------------------------------------------------------------
async function runTests(env) {
  env.CHROMIUM_PATH = await ensureChromium(procs, env);
  const results = path.join(DATA_DIR, "test-results");
  fs.mkdirSync(results, { recursive: true });
  const vitestJson = path.join(results, "vitest.json");
  const playwrightJson = path.join(results, "playwright.json");
  for (const f of [vitestJson, playwrightJson]) fs.rmSync(f, { force: true });

  log("Tests: vitest run");
  const codes = {};
  let code = await procs.run("vitest", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`], {
    cwd: ROOT,
    env,
    output: "inherit",
  });
  codes.vitest = code;
  if (code === 0) {
    // Playwright's web server listens on E2E_PORT (3100): move it if that is taken.
    if (!env.E2E_PORT && !(await portIsFree(3100, "0.0.0.0"))) {
      env.E2E_PORT = String(await freePort("0.0.0.0"));
      log(`Tests: port 3100 is in use; Playwright's web server uses ${env.E2E_PORT}`);
    }
    log("Tests: playwright test");
    code = codes.playwright = await procs.run("playwright", bin("playwright"), ["test", "--reporter=list,json"], {
      cwd: ROOT,
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
      output: "inherit",
    });
    if (code !== 0) log(`Tests: playwright failed (exit ${code})`);
  } else {
    log(`Tests: vitest failed (exit ${code}); not running playwright`);
  }
  return { code, summary: () => summary(vitestJson, playwrightJson, codes) };
}

/**
 * One closing line over both runners: "tests: N passed, N failed, N skipped". A runner
 * that failed without reporting a failed test (it could not start) counts as one failure.
 */
function summary(vitestJson, playwrightJson, codes) {
  const read = (f) => {
    try {
      return JSON.parse(fs.readFileSync(f, "utf8"));
    } catch {
      return null;
    }
  };
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const v = read(vitestJson);
  const vFailed = v?.numFailedTests ?? 0;
  passed += v?.numPassedTests ?? 0;
  failed += vFailed || (codes.vitest ? 1 : 0);
  skipped += (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0);
  if ("playwright" in codes) {
    const p = read(playwrightJson)?.stats;
    passed += (p?.expected ?? 0) + (p?.flaky ?? 0);
    failed += p?.unexpected || (codes.playwright ? 1 : 0);
    skipped += p?.skipped ?? 0;
  }
  // A file whose fork died ("Worker exited unexpectedly") has no failed assertion: name every
  // file and test that did not pass, so the closing lines say where to look.
  for (const file of v?.testResults ?? []) {
    const notPassed = (file.assertionResults ?? []).filter((a) => a.status !== "passed");
    if (file.status === "passed" && notPassed.length === 0) continue;
    const name = path.relative(ROOT, file.name ?? "");
    console.log(`not passed: ${name} (${file.status})${file.message ? ` — ${String(file.message).split("\n")[0].slice(0, 200)}` : ""}`);
    for (const a of notPassed.slice(0, 5)) console.log(`  ${a.status}: ${a.fullName ?? a.title}`);
  }
  if ("vitest" in codes) console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

// ---------------------------------------------------------------------------
try {
  const env = await commonSetup();
  if (mode === "test") {
    const { code, summary } = await runTests(env);
    shuttingDown = true;
    await procs.stopAll();
    summary(); // the closing line, after everything has stopped
    process.exit(code);
  } else {
    await runProduct(env);
  }
} catch (err) {
  if (shuttingDown) {
    // a signal is already stopping everything; its handler exits
  } else if (err instanceof SetupError) {
    console.error(`${paint("31", "[setup]")} ${err.message}`);
    await shutdown(1);
  } else {
    console.error(err);
    await shutdown(1);
  }
}

/**
 * The stack the chat benchmarks run against, self-contained: a database of the run's own (on
 * the server of `DATABASE_URL`) migrated, a fresh `PANELIST_REDIS_PREFIX`, the fake LLM
 * in-process, the production build (`next start`, built when stale) and one worker, both with
 * `LLM_BASE_URL` = the fake server and `PANELIST_BENCH_ROUTES=1`; then candidates and planned
 * interviews. {@link runChatBench} removes all of it at the end, also when interrupted.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { type FakeLlm, startFakeLlm } from "@/scripts/fake-llm/server";
import type { CookieJar } from "@/tests/helpers/cookie-jar";
import { ROOT } from "./docs";
import { type Child, ensureBuild, freePort, startChild, startNext, stopChild } from "./next-server";
import { concurrently } from "./pool";
import { benchRedisPrefix, createBenchDatabase, deleteRedisPrefix, onInterrupt, redisUrl, serverUrl } from "./resources";

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const PASSWORD = "bench-password-123";

/**
 * The web's per-client-address request limits, raised: every bench stream comes from 127.0.0.1,
 * which the `chat` policy's 120 turns per address per minute (lib/ratelimit/policies.ts) would
 * refuse from the 121st on. Still counted in Redis on every turn, so the door costs what it
 * costs in production; the per-person rules keep their defaults (the benches spread their turns
 * over enough candidates).
 */
const PER_ADDRESS_LIMITS = { RATE_LIMIT_CHAT_PER_IP_PER_MINUTE: "1000000000" };

/** What a chat benchmark holds; everything in it is released by {@link runChatBench}. */
export type ChatStackCtx = {
  /** On the server's maintenance database: pg_stat_* of the bench database without being counted in it. */
  admin: postgres.Sql;
  database: Awaited<ReturnType<typeof createBenchDatabase>> | null;
  db: postgres.Sql | null;
  llm: FakeLlm | null;
  /** web and worker, stopped together at the end. */
  children: Child[];
  logDir: string;
  redisPrefix: string;
  failed: boolean;
};

/** The running stack: where the web listens and which process serves it. */
export type ChatStack = {
  appUrl: string;
  port: number;
  /** The `next-server` process (its CPU time and RSS are what the benches read). */
  serverPid: number;
  databaseUrl: string;
  dbName: string;
  secret: string;
  db: postgres.Sql;
  llm: FakeLlm;
};

/**
 * An interview of a bench candidate, with the candidate's session cookie: `jar` when the bench
 * keeps cookies like a browser (tests/helpers/cookie-jar.ts), else the sign-up's `cookie` for good.
 */
export type BenchInterview = { id: string; cookie: string; jar?: CookieJar };

/** A bench client's cookies: a fixed `Cookie` header, or a jar that each response updates. */
export type BenchClient = string | CookieJar;

const cookieOf = (c: BenchClient) => (typeof c === "string" ? c : c.header());

/** @throws {Error} naming the log of the first child (web, worker) that died. */
export function assertAlive(ctx: ChatStackCtx): void {
  const dead = ctx.children.find((c) => c.exited);
  if (dead) throw new Error(`${dead.name} died (${dead.code}); see ${dead.logFile}`);
}

/**
 * Starts the stack into `ctx`.
 * @param o.tag the database name's part, e.g. `chat`.
 * @param o.maxRecorded how many upstream requests the fake server keeps (the benches read them back).
 * @param o.webNodeArgs node flags for the web alone (e.g. `--cpu-prof …`, `--import <preload>`).
 * @param o.webEnv extra environment of the web alone.
 * @throws {Error} when the build, the web or the database set-up fails.
 */
export async function startChatStack(
  ctx: ChatStackCtx,
  o: { tag: string; maxRecorded: number; log: (msg: string) => void; webNodeArgs?: string[]; webEnv?: Record<string, string> },
): Promise<ChatStack> {
  ctx.database = await createBenchDatabase(o.tag);
  const { name: dbName, url: databaseUrl } = ctx.database;
  const db = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  ctx.db = db;
  o.log(`database ${dbName} created and migrated, redis prefix ${ctx.redisPrefix}`);
  const llm = await startFakeLlm({ maxRecorded: o.maxRecorded });
  ctx.llm = llm;
  o.log(`fake LLM at ${llm.url}`);

  // ensureBuild waits for anyone else's `next build` in this checkout.
  await ensureBuild(o.log);
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const secret = randomBytes(32).toString("base64url");
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl(),
    PANELIST_REDIS_PREFIX: ctx.redisPrefix,
    PANELIST_BENCH_ROUTES: "1",
    LLM_BASE_URL: llm.url,
    LLM_API_KEY: "bench",
    APP_URL: appUrl,
    BETTER_AUTH_URL: appUrl,
    BETTER_AUTH_SECRET: secret,
    PORT: String(port),
    WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY ?? "16",
    ...PER_ADDRESS_LIMITS,
  };
  delete childEnv.LLM_PROVIDER;
  delete childEnv.LLM_MODEL;
  delete childEnv.PANELIST_DEMO;
  const worker = startChild("worker", [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "worker/index.ts"], childEnv, ctx.logDir);
  ctx.children.push(worker);
  o.log(`worker started (pid ${worker.proc.pid}), log ${worker.logFile}`);
  const { child: web, serverPid } = await startNext({ port, env: { ...childEnv, ...o.webEnv }, logDir: ctx.logDir, nodeArgs: o.webNodeArgs });
  ctx.children.push(web);
  o.log(`web ready on ${appUrl} (next-server pid ${serverPid}), log ${web.logFile}`);
  return { appUrl, port, serverPid, databaseUrl, dbName, secret, db, llm };
}

/**
 * Signs up `count` candidates in-process through better-auth against the stack's database and
 * secret (over HTTP sign-up allows 20 per address per hour), 4 at a time.
 * @returns each candidate's session cookie header, in order.
 * @throws {Error} on the first failed sign-up.
 */
export async function signUpCandidates(stack: ChatStack, count: number, log: (msg: string) => void): Promise<string[]> {
  Object.assign(process.env, {
    DATABASE_URL: stack.databaseUrl,
    BETTER_AUTH_SECRET: stack.secret,
    APP_URL: stack.appUrl,
    BETTER_AUTH_URL: stack.appUrl,
    PORT: String(stack.port),
  });
  const { getAuth } = await import("@/lib/auth/auth");
  const { closeDb } = await import("@/lib/db/client");
  const t = Date.now();
  const cookies = await concurrently(count, 4, async (i) => {
    const res = await getAuth().api.signUpEmail({
      body: { email: `bench-${i}-${process.pid}@example.test`, password: PASSWORD, name: `Bench ${i}` },
      asResponse: true,
    });
    if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  });
  await closeDb();
  log(`${cookies.length} candidates signed up in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return cookies;
}

/** Headers of a same-origin JSON request with a session (a jar's cookies as of now). */
export function jsonHeaders(stack: ChatStack, client: BenchClient): Record<string, string> {
  return { cookie: cookieOf(client), origin: stack.appUrl, "content-type": "application/json" };
}

/**
 * Creates one interview per entry of `owners` over HTTP (16 at a time) and waits until the
 * worker has stored every plan (through the fake LLM, which must answer normally meanwhile).
 * @returns the interviews in the order of `owners`.
 * @throws {Error} on a refused creation, a FAILED plan task, a dead child or 10 min without all plans.
 */
export async function createPlannedInterviews(
  ctx: ChatStackCtx,
  stack: ChatStack,
  owners: BenchClient[],
  log: (msg: string) => void,
): Promise<BenchInterview[]> {
  const t = Date.now();
  const created = await concurrently(owners.length, 16, async (i): Promise<BenchInterview> => {
    const res = await fetch(`${stack.appUrl}/api/interviews`, {
      method: "POST",
      headers: jsonHeaders(stack, owners[i]),
      body: JSON.stringify({ role: "backend engineer", level: "mid", questionCount: 5, language: "en" }),
    });
    const owner = owners[i];
    if (typeof owner !== "string") owner.update(res.headers);
    if (res.status !== 201) throw new Error(`POST /api/interviews: ${res.status} ${await res.text()}`);
    const id = ((await res.json()) as { id: string }).id;
    return typeof owner === "string" ? { id, cookie: owner } : { id, cookie: owner.header(), jar: owner };
  });
  log(`${created.length} interviews created; waiting for their plans …`);
  for (let lastNote = 0; ; ) {
    assertAlive(ctx);
    const [{ planned, failed }] = await stack.db<{ planned: number; failed: number }[]>`
      select (select count(*)::int from interviews where plan is not null) as planned,
             (select count(*)::int from tasks where status = 'FAILED') as failed`;
    if (failed > 0) throw new Error(`${failed} plan task(s) FAILED; see the worker log`);
    if (planned >= created.length) break;
    if (Date.now() - t > 10 * 60_000) throw new Error(`only ${planned}/${created.length} plans after 10 min`);
    if (Date.now() - lastNote > 10_000) {
      lastNote = Date.now();
      log(`  ${planned}/${created.length} planned`);
    }
    await sleep(500);
  }
  log(`all plans ready in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return created;
}

/** `POST /api/interviews/{id}/chat {action: "start"}` of `iv`: its URL and request (with `iv.jar`'s cookies as of now; `runStream` re-reads the jar when it sends). */
export function startTurn(stack: ChatStack, iv: BenchInterview): [string, RequestInit] {
  return [
    `${stack.appUrl}/api/interviews/${iv.id}/chat`,
    {
      method: "POST",
      headers: { ...jsonHeaders(stack, iv.jar ?? iv.cookie), accept: "text/event-stream" },
      body: JSON.stringify({ id: iv.id, action: "start", messages: [] }),
    },
  ];
}

/**
 * The interviewer messages saved for `ivs`, waiting up to 30 s for the last ones (a turn saves
 * its message as its stream ends).
 * @returns interview id → saved text.
 */
export async function savedInterviewerTexts(db: postgres.Sql, ivs: BenchInterview[]): Promise<Map<string, string>> {
  const ids = ivs.map((iv) => iv.id);
  let rows: { interview_id: string; text: string }[] = [];
  for (let i = 0; i < 60; i++) {
    rows = await db<{ interview_id: string; text: string }[]>`
      select interview_id, text from interview_messages where role = 'assistant' and interview_id = any(${ids}::uuid[])`;
    if (rows.length >= ids.length) break;
    await sleep(500);
  }
  return new Map(rows.map((r) => [r.interview_id, r.text]));
}

/**
 * Runs a chat benchmark: a fresh {@link ChatStackCtx}, `main`, then the clean-up on every path,
 * once (children stopped, fake LLM closed, database dropped, Redis keys deleted; with `keep`
 * all of it and the logs are kept), also on SIGINT/SIGTERM/SIGHUP; exits 1 when `main` threw or
 * set `ctx.failed`, else 0.
 */
export async function runChatBench(o: { keep: boolean; log: (msg: string) => void }, main: (ctx: ChatStackCtx) => Promise<void>): Promise<never> {
  const ctx: ChatStackCtx = {
    admin: postgres(serverUrl(), { max: 2, onnotice: () => {} }),
    database: null,
    db: null,
    llm: null,
    children: [],
    logDir: mkdtempSync(path.join(os.tmpdir(), "panelist-bench-")),
    redisPrefix: benchRedisPrefix(),
    failed: false,
  };
  let cleaning: Promise<void> | undefined;
  const cleanUpOnce = () => (cleaning ??= cleanUp(ctx, o));
  onInterrupt(cleanUpOnce);
  try {
    await main(ctx);
  } catch (err) {
    ctx.failed = true;
    console.error("[bench] failed:", err);
  }
  await cleanUpOnce();
  process.exit(ctx.failed ? 1 : 0);
}

async function cleanUp(ctx: ChatStackCtx, o: { keep: boolean; log: (msg: string) => void }): Promise<void> {
  await Promise.all(ctx.children.map((c) => stopChild(c)));
  await ctx.llm?.close().catch(() => undefined);
  await ctx.db?.end({ timeout: 5 }).catch(() => undefined);
  await ctx.admin.end({ timeout: 5 }).catch(() => undefined);
  if (o.keep) {
    o.log(`kept database ${ctx.database?.name}, redis prefix ${ctx.redisPrefix}, logs in ${ctx.logDir}`);
    return;
  }
  await ctx.database?.drop().catch((err) => console.error("[bench] dropping the database failed", err));
  await deleteRedisPrefix(ctx.redisPrefix).catch((err) => console.error("[bench] deleting the Redis keys failed", err));
  if (!ctx.failed) rmSync(ctx.logDir, { recursive: true, force: true });
  else o.log(`logs kept in ${ctx.logDir}`);
  o.log("cleaned up (children stopped, database dropped, Redis keys deleted)");
}

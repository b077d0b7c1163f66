/**
 * Chaos-test harness (docs/testing.md "Chaos tests"): real worker processes, a private
 * `redis-server`, a private PostgreSQL cluster, task creation, a wait-for-all-ended with a
 * diagnostic dump, and the effect checks (one analysis per task, usage rows vs the upstream
 * calls the fake LLM server recorded).
 *
 * Every process started here is tracked and killed (its whole process group) by
 * {@link killEverything}; a process exit hook does the same if the test process dies first.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { createLogger } from "@/lib/log";
import { CONSUMER_GROUP, LANES, streamKey } from "@/lib/queue/names";
import { acceptResumeUpload } from "@/lib/resume/service";
import type { FakeLlm } from "@/scripts/fake-llm/server";
import { corpusPath } from "../corpus-dir";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const ENDED = ["COMPLETED", "FAILED", "TERMINATED_BY_POLICY"];

// ── process bookkeeping ────────────────────────────────────────────────────────────────

const live = new Set<ChildProcess>();
const cleanups: (() => void)[] = [];

process.on("exit", () => {
  for (const c of live) killGroup(c, "SIGKILL");
  for (const f of cleanups.splice(0)) {
    try {
      f();
    } catch {
      /* best effort */
    }
  }
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // detached: the child leads its own process group
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

/** Kills every tracked process (SIGKILL to its group) and runs the registered sync cleanups. */
export async function killEverything(): Promise<void> {
  const all = [...live];
  for (const c of all) killGroup(c, "SIGKILL");
  await Promise.all(all.map(exitOf));
  for (const f of cleanups.splice(0)) {
    try {
      f();
    } catch {
      /* best effort */
    }
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

// ── workers ────────────────────────────────────────────────────────────────────────────

/** Lines of one worker's log kept for {@link Fleet.logged} (at LOG_LEVEL=warn a run writes far fewer). */
const MAX_LOG_LINES = 200_000;

export type WorkerEnv = {
  databaseUrl: string;
  redisUrl: string;
  prefix: string;
  llmUrl: string;
  leaseMs?: number;
  concurrency?: number;
  pgPoolMax?: number;
  /** More variables for every worker (e.g. `LLM_RPM`, `LLM_TIMEOUT_MS`); applied last. */
  extraEnv?: Record<string, string>;
};

export type WorkerProc = {
  name: string;
  pid: number;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last lines the worker wrote (stdout + stderr). */
  tail: string[];
  /** Every complete line it wrote (stdout + stderr, up to {@link MAX_LOG_LINES}), for {@link Fleet.logged}. */
  lines: string[];
  /** Set when the test signalled it; an exit without it is a crash. */
  signalled: boolean;
};

/**
 * Starts and stops `node --import tsx worker/index.ts` processes, each in its own process
 * group, with the env of one test (its DB, Redis, prefix, fake LLM, a short lease).
 */
export class Fleet {
  readonly workers: WorkerProc[] = [];
  private seq = 0;

  constructor(private readonly cfg: WorkerEnv) {}

  env(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const k of Object.keys(env)) if (k.startsWith("VITEST") || k === "LLM_PROVIDER" || k === "NODE_OPTIONS") delete env[k];
    Object.assign(
      env,
      {
        DATABASE_URL: this.cfg.databaseUrl,
        REDIS_URL: this.cfg.redisUrl,
        PANELIST_REDIS_PREFIX: this.cfg.prefix,
        LLM_BASE_URL: this.cfg.llmUrl,
        LLM_API_KEY: "test",
        LLM_MODEL: "gpt-4o-mini",
        TASK_LEASE_MS: String(this.cfg.leaseMs ?? 3_000),
        WORKER_CONCURRENCY: String(this.cfg.concurrency ?? 4),
        PANELIST_PG_POOL_MAX: String(this.cfg.pgPoolMax ?? 5),
        LOG_LEVEL: process.env.CHAOS_WORKER_LOG_LEVEL ?? "warn",
        NODE_ENV: "test",
      },
      this.cfg.extraEnv ?? {},
    );
    return env;
  }

  start(): WorkerProc {
    const name = `w${++this.seq}`;
    const child = spawn(process.execPath, ["--import", "tsx", "worker/index.ts"], {
      cwd: ROOT,
      env: this.env(),
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    live.add(child);
    const tail: string[] = [];
    const lines: string[] = [];
    const file = process.env.CHAOS_LOG_DIR ? path.join(process.env.CHAOS_LOG_DIR, `${name}-${child.pid}.log`) : undefined;
    // A chunk may end mid-line: each stream keeps its unfinished line until the rest arrives.
    const keeper = () => {
      let partial = "";
      return (chunk: Buffer) => {
        if (file) appendFileSync(file, chunk);
        const parts = (partial + chunk.toString("utf8")).split("\n");
        partial = parts.pop()!;
        for (const line of parts) {
          if (!line.trim()) continue;
          if (lines.length < MAX_LOG_LINES) lines.push(line);
          tail.push(line.length > 400 ? `${line.slice(0, 400)}…` : line);
          if (tail.length > 60) tail.shift();
        }
      };
    };
    child.stdout!.on("data", keeper());
    child.stderr!.on("data", keeper());
    const exited = exitOf(child).then((r) => {
      live.delete(child);
      return r;
    });
    const w: WorkerProc = { name, pid: child.pid!, child, exited, tail, lines, signalled: false };
    this.workers.push(w);
    return w;
  }

  /** Workers that exited without being signalled by the test (crashes), described; "" when none. */
  unexpectedExits(): string {
    return this.workers
      .filter((w) => !w.signalled && (w.child.exitCode !== null || w.child.signalCode !== null))
      .map((w) => `worker ${w.name} pid ${w.pid} died on its own (code=${w.child.exitCode} signal=${w.child.signalCode}):\n${w.tail.slice(-8).join("\n")}`)
      .join("\n");
  }

  /**
   * How many log lines of this fleet's workers (every one it started, dead or alive) match
   * `pattern` — how a test proves that a fault reached the code path it is about (a relay pass
   * run again, a reader reconnected), rather than inferring it from timing.
   */
  logged(pattern: RegExp): number {
    let n = 0;
    for (const w of this.workers) for (const line of w.lines) if (pattern.test(line)) n++;
    return n;
  }

  alive(): WorkerProc[] {
    return this.workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
  }

  /** Sends `signal` to the worker's process group. */
  signal(w: WorkerProc, signal: NodeJS.Signals): void {
    w.signalled = true;
    killGroup(w.child, signal);
  }

  async kill(w: WorkerProc): Promise<void> {
    this.signal(w, "SIGKILL");
    await w.exited;
  }

  async stopAll(): Promise<void> {
    const alive = this.alive();
    for (const w of alive) this.signal(w, "SIGKILL");
    await Promise.all(alive.map((w) => w.exited));
  }

  /** Exit codes and the last log lines of every worker (for failure messages). */
  describe(): string {
    return this.workers
      .map((w) => {
        const state = w.child.exitCode !== null || w.child.signalCode !== null ? `exited code=${w.child.exitCode} signal=${w.child.signalCode}` : "running";
        return `--- worker ${w.name} pid ${w.pid} (${state})\n${w.tail.slice(-15).join("\n")}`;
      })
      .join("\n");
  }
}

// ── private redis-server ───────────────────────────────────────────────────────────────

export type PrivateRedis = { url: string; port: number; client: Redis; stop(): Promise<void> };

/**
 * A `redis-server` of this test alone (no persistence), on a free port: safe to FLUSHALL.
 * {@link freePort}'s port is only free until somebody else binds it: a server that exits
 * saying its address is in use is started again on another port (up to 5 times); any other
 * early exit fails with the server's own output.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  for (let tries = 1; ; tries++) {
    const started = await startRedisOn(await freePort());
    if (started.ok) return started.redis;
    if (!started.portTaken || tries >= 5) throw new Error(started.reason);
  }
}

async function startRedisOn(port: number): Promise<{ ok: true; redis: PrivateRedis } | { ok: false; portTaken: boolean; reason: string }> {
  const child = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no", "--bind", "127.0.0.1"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.add(child);
  let output = "";
  const keep = (chunk: Buffer) => {
    if (output.length < 20_000) output += chunk.toString("utf8");
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = exitOf(child).then((r) => {
    live.delete(child);
    return r;
  });
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 100 });
  client.on("error", () => undefined);
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      client.disconnect();
      await exited;
      return {
        ok: false,
        portTaken: /address already in use/i.test(output),
        reason: `redis-server on port ${port} exited (code ${child.exitCode}, signal ${child.signalCode}):\n${output.slice(-2_000)}`,
      };
    }
    try {
      if (client.status === "wait") await client.connect();
      // The server answering must be the one started here, not another that took the port.
      if ((await client.ping()) === "PONG" && (await client.info("server")).includes(`process_id:${child.pid}`)) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer PING:\n${output.slice(-2_000)}`);
    await sleep(100);
  }
  return {
    ok: true,
    redis: {
      url,
      port,
      client,
      async stop() {
        client.disconnect();
        killGroup(child, "SIGKILL");
        await exited;
      },
    },
  };
}

// ── private PostgreSQL cluster ─────────────────────────────────────────────────────────

export type PrivatePostgres = {
  url: string;
  /** Restarts the cluster (`pg_ctl restart -m fast`): every connection is cut, the server comes back. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

function pgBinDir(): string | undefined {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, "initdb"))) return process.env.PG_BIN;
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], "bin") : undefined;
}

/** Runs a PostgreSQL binary as the `postgres` user when we are root (PostgreSQL refuses root). */
function runPg(cmd: string[], timeoutMs = 60_000): { ok: boolean; out: string } {
  const quoted = cmd.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(" ");
  const r =
    process.getuid?.() === 0
      ? spawnSync("su", ["postgres", "-s", "/bin/sh", "-c", quoted], { encoding: "utf8", timeout: timeoutMs })
      : spawnSync(cmd[0], cmd.slice(1), { encoding: "utf8", timeout: timeoutMs });
  return { ok: r.status === 0, out: `${r.stdout ?? ""}${r.stderr ?? ""}${r.error ? String(r.error) : ""}` };
}

/**
 * A PostgreSQL cluster of this test alone: `initdb` into a temp dir owned by `postgres`, trust
 * auth, a free port, no fsync. Throws when it cannot be started here (no server binaries — set
 * `PG_BIN` — or, as root, no `postgres` user): the restart scenario then fails rather than
 * running a weaker fault under its name (docs/testing.md, "Rules").
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = pgBinDir();
  if (!bin) throw new Error("no PostgreSQL server binaries (initdb) found; set PG_BIN");
  const dir = mkdtempSync(path.join(os.tmpdir(), "panelist-chaos-pg-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const data = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  const pgCtl = path.join(bin, "pg_ctl");
  let started = false;
  const stopNow = () => {
    if (started) runPg([pgCtl, "-D", data, "-m", "immediate", "-w", "stop"], 30_000);
    started = false;
    remove();
  };
  cleanups.push(stopNow);
  try {
    if (process.getuid?.() === 0) {
      const id = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
      const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
      if (id.status !== 0) throw new Error("running as root and there is no `postgres` user");
      chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
    }
    const init = runPg([path.join(bin, "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
    if (!init.ok) throw new Error(`initdb failed: ${init.out}`);
    appendFileSync(
      path.join(data, "postgresql.conf"),
      [
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${dir}'`,
        "fsync = off",
        "synchronous_commit = off",
        "full_page_writes = off",
        "max_connections = 100",
        "shared_buffers = 32MB",
        "",
      ].join("\n"),
    );
    // freePort()'s port is free only until somebody else binds it: a start that fails because
    // the address is taken is tried again on another port (the last `port` line wins).
    let port = 0;
    for (let tries = 1; ; tries++) {
      port = await freePort();
      appendFileSync(path.join(data, "postgresql.conf"), `port = ${port}\n`);
      const start = runPg([pgCtl, "-D", data, "-l", logFile, "-w", "-t", "60", "start"]);
      if (start.ok) break;
      const log = safeRead(logFile);
      if (!/could not bind|address already in use/i.test(log) || tries >= 5) throw new Error(`pg_ctl start failed: ${start.out}\n${log}`);
    }
    started = true;
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    return {
      url,
      async restart() {
        const r = runPg([pgCtl, "-D", data, "-l", logFile, "-m", "fast", "-w", "-t", "60", "restart"]);
        if (!r.ok) throw new Error(`pg_ctl restart failed: ${r.out}\n${safeRead(logFile)}`);
      },
      async stop() {
        const i = cleanups.indexOf(stopNow);
        if (i >= 0) cleanups.splice(i, 1);
        stopNow();
      },
    };
  } catch (err) {
    const i = cleanups.indexOf(stopNow);
    if (i >= 0) cleanups.splice(i, 1);
    stopNow();
    throw err;
  }
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, "utf8").slice(-2_000);
  } catch {
    return "";
  }
}

// ── tasks ──────────────────────────────────────────────────────────────────────────────

const SAMPLE = readFileSync(corpusPath("resumes-txt-md/en_plain_sample_resume.txt"), "utf8");
const log = createLogger("chaos");

export type CreatedTask = { taskId: string; resumeId: string; marker: string };

/** A unique tag for one test: Redis prefix, markers. */
export function chaosTag(name: string): string {
  return `chaos-${name}-${randomUUID().slice(0, 8)}`;
}

/** The corpus text resume with a unique marker line (so its upstream calls can be told apart), plus `extra`. */
export function resumeBytes(marker: string, extra = ""): Buffer {
  return Buffer.from(`${SAMPLE}\nReference code: ${marker}\n${extra}`, "utf8");
}

/**
 * Creates `n` resume uploads through `acceptResumeUpload` (outbox: rows, then XADD),
 * `parallel` at a time. `extra(i)` adds text to the i-th resume (e.g. a fault marker).
 */
export async function createResumeTasks(
  deps: { db: Db; redis: Redis },
  o: {
    ownerId: string;
    tag: string;
    n: number;
    from?: number;
    parallel?: number;
    lane?: "interactive" | "batch";
    extra?: (i: number) => string;
    /** Set on each row right after its upload; a first claim that beats the update runs attempt 1, which no budget of ≥ 1 ends. */
    maxAttempts?: number;
  },
): Promise<CreatedTask[]> {
  const out: CreatedTask[] = new Array(o.n);
  let next = 0;
  const from = o.from ?? 0;
  const one = async () => {
    for (;;) {
      const i = next++;
      if (i >= o.n) return;
      const marker = `${o.tag}-${from + i}`;
      const { task, resume, duplicate } = await acceptResumeUpload(
        { ...deps, log },
        { ownerId: o.ownerId, fileName: `r${from + i}.txt`, bytes: resumeBytes(marker, o.extra?.(from + i)), jobDescription: null, lane: o.lane },
      );
      if (duplicate) throw new Error(`upload ${marker} was taken for a duplicate`);
      if (o.maxAttempts !== undefined) await deps.db.execute(sql`update tasks set max_attempts = ${o.maxAttempts} where id = ${task.id}`);
      out[i] = { taskId: task.id, resumeId: resume.id, marker };
    }
  };
  await Promise.all(Array.from({ length: o.parallel ?? 8 }, one));
  return out;
}

export type StatusCounts = Record<string, number>;

export async function statusCounts(db: Db, ownerId: string): Promise<StatusCounts> {
  const rows = await db.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from tasks where owner_id = ${ownerId} group by status`);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * Polls until every task of `ownerId` has ended (COMPLETED, FAILED, TERMINATED_BY_POLICY) and
 * `expected` tasks exist. Database errors (a restarting server) are retried. On timeout,
 * throws with a dump: counts, up to 20 stuck tasks, the streams' pending entries and
 * `diagnose()` (worker logs).
 */
export async function waitForAllEnded(
  db: Db,
  o: {
    ownerId: string;
    expected: number;
    timeoutMs: number;
    redis?: Redis;
    diagnose?: () => string;
    /** Checked on every poll: a non-empty answer ends the wait at once (e.g. a worker crashed). */
    abortIf?: () => string;
  },
): Promise<StatusCounts> {
  const deadline = Date.now() + o.timeoutMs;
  let last: StatusCounts = {};
  let lastErr: unknown;
  let reason = `not every task ended within ${o.timeoutMs} ms`;
  for (;;) {
    const abort = o.abortIf?.();
    if (abort) {
      reason = abort;
      break;
    }
    try {
      last = await statusCounts(db, o.ownerId);
      const total = Object.values(last).reduce((a, b) => a + b, 0);
      const ended = ENDED.reduce((a, s) => a + (last[s] ?? 0), 0);
      if (total === o.expected && ended === total) return last;
    } catch (err) {
      lastErr = err;
    }
    if (Date.now() > deadline) break;
    await sleep(500);
  }
  let dump = `${reason}; counts ${JSON.stringify(last)}`;
  if (lastErr) dump += `\nlast database error: ${String(lastErr)}`;
  try {
    const stuck = await db.execute(
      sql`select id, status, attempts, error_code, lease_expires_at, available_at, message_id, updated_at
          from tasks where owner_id = ${o.ownerId} and status not in ('COMPLETED','FAILED','TERMINATED_BY_POLICY')
          order by (status = 'PENDING'), updated_at limit 20`,
    );
    dump += `\nstuck tasks (now ${new Date().toISOString()}):\n${stuck.map((r) => JSON.stringify(r)).join("\n")}`;
  } catch (err) {
    dump += `\n(stuck tasks unavailable: ${String(err)})`;
  }
  if (o.redis) dump += `\n${await streamsReport(o.redis).catch((e) => `(streams unavailable: ${String(e)})`)}`;
  if (o.diagnose) dump += `\n${o.diagnose()}`;
  throw new Error(dump);
}

/** XLEN, group info and pending summary of the resume.analyze streams (for diagnostics). */
export async function streamsReport(redis: Redis): Promise<string> {
  const lines: string[] = [];
  for (const lane of LANES) {
    const key = streamKey("resume.analyze", lane);
    const len = await redis.xlen(key);
    let groups: unknown = null;
    let pending: unknown = null;
    try {
      groups = await redis.xinfo("GROUPS", key);
      pending = await redis.xpending(key, CONSUMER_GROUP);
    } catch (err) {
      groups = String(err);
    }
    lines.push(`${key}: xlen=${len} groups=${JSON.stringify(groups)} pending=${JSON.stringify(pending)}`);
  }
  return lines.join("\n");
}

/** Pending entries (delivered, not ACKed) in the resume.analyze streams' group. */
export async function pendingEntries(redis: Redis): Promise<number> {
  let n = 0;
  for (const lane of LANES) {
    try {
      const summary = (await redis.xpending(streamKey("resume.analyze", lane), CONSUMER_GROUP)) as [number];
      n += Number(summary[0]);
    } catch (err) {
      // No stream or group: nothing pending. Anything else (Redis unreachable) is no answer,
      // and must not read as "0 pending".
      if (!/NOGROUP|no such key/i.test(String(err))) throw err;
    }
  }
  return n;
}

// ── effect checks ──────────────────────────────────────────────────────────────────────

export type TaskEffects = {
  taskId: string;
  status: string;
  attempts: number;
  errorCode: string | null;
  analyses: number;
  /** Usage rows of upstream calls (result-cache hits left out: they made none). */
  usage: number;
  /** Usage rows still `in_flight`: the call's worker died before completing the row. */
  inFlight: number;
  /**
   * Rows of calls that got no answer — `in_flight`, `timeout` (incl. aborted by the caller),
   * `network`: the request may never have reached upstream.
   */
  unanswered: number;
};

/** Per task of `ownerId`: status, attempts, analysis rows and usage rows. */
export async function taskEffects(db: Db, ownerId: string): Promise<Map<string, TaskEffects>> {
  const rows = await db.execute<{
    id: string;
    status: string;
    attempts: number;
    error_code: string | null;
    n_analyses: number;
    n_usage: number;
    n_in_flight: number;
    n_unanswered: number;
  }>(sql`
    select t.id, t.status, t.attempts, t.error_code,
      (select count(*)::int from analyses a where a.task_id = t.id) as n_analyses,
      (select count(*)::int from llm_usage u where u.task_id = t.id and not u.cache_hit) as n_usage,
      (select count(*)::int from llm_usage u where u.task_id = t.id and u.outcome = 'in_flight') as n_in_flight,
      (select count(*)::int from llm_usage u where u.task_id = t.id and u.outcome in ('in_flight', 'timeout', 'network')) as n_unanswered
    from tasks t where t.owner_id = ${ownerId}`);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        taskId: r.id,
        status: r.status,
        attempts: r.attempts,
        errorCode: r.error_code,
        analyses: r.n_analyses,
        usage: r.n_usage,
        inFlight: r.n_in_flight,
        unanswered: r.n_unanswered,
      },
    ]),
  );
}

/** `call_id`s that occur more than once among the usage rows of `ownerId`'s tasks. */
export async function duplicateCallIds(db: Db, ownerId: string): Promise<string[]> {
  const rows = await db.execute<{ call_id: string }>(sql`
    select u.call_id from llm_usage u join tasks t on t.id = u.task_id
    where t.owner_id = ${ownerId} group by u.call_id having count(*) > 1`);
  return rows.map((r) => r.call_id);
}

export type UpstreamCalls = { all: number; answered: number };

/**
 * The chat-completion requests the fake server recorded, per task marker: `all` arrived,
 * `answered` got a complete response (a worker killed mid-call leaves the call unanswered).
 */
export function upstreamCallsByMarker(llm: FakeLlm, tag: string): Map<string, UpstreamCalls> {
  const re = new RegExp(`Reference code: (${tag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-\\d+)`);
  const out = new Map<string, UpstreamCalls>();
  for (const r of llm.requests()) {
    if (r.method !== "POST" || !r.path.endsWith("/chat/completions")) continue;
    const m = re.exec(JSON.stringify(r.body));
    if (!m) continue;
    const c = out.get(m[1]) ?? { all: 0, answered: 0 };
    c.all++;
    if (r.finishedAt !== undefined && r.status !== undefined) c.answered++;
    out.set(m[1], c);
  }
  return out;
}

/**
 * Compares, task by task, the usage rows with the upstream calls the fake server recorded;
 * returns the tasks where the counts differ.
 */
export function usageVsUpstream(
  created: CreatedTask[],
  effects: Map<string, TaskEffects>,
  calls: Map<string, UpstreamCalls>,
): { marker: string; taskId: string; attempts: number; usage: number; inFlight: number; calls: number; answered: number }[] {
  const diffs = [];
  for (const c of created) {
    const e = effects.get(c.taskId)!;
    const u = calls.get(c.marker) ?? { all: 0, answered: 0 };
    if (e.usage !== u.all) {
      diffs.push({ marker: c.marker, taskId: c.taskId, attempts: e.attempts, usage: e.usage, inFlight: e.inFlight, calls: u.all, answered: u.answered });
    }
  }
  return diffs;
}

/**
 * The usage ledger under worker deaths (two-phase rows: `in_flight` before the request, completed
 * after). Returns the tasks that break it:
 * - every upstream call has its row (rows ≥ calls);
 * - an extra row can only be one of a call that got no answer and may never have left: an
 *   `in_flight` row of an attempt that died before its request left, or a `timeout`/`network`
 *   row of a request aborted (its attempt lost its lease) or refused before it reached upstream
 *   (rows − calls ≤ unanswered rows);
 * - `in_flight` rows only on tasks that had an attempt die (≤ attempts − 1);
 * - a task that ran once: exactly one call and one completed row.
 */
export function usageLedgerViolations(created: CreatedTask[], effects: Map<string, TaskEffects>, calls: Map<string, UpstreamCalls>) {
  const bad = [];
  for (const c of created) {
    const e = effects.get(c.taskId)!;
    const n = calls.get(c.marker)?.all ?? 0;
    const ok =
      e.usage >= n && e.usage - n <= e.unanswered && e.inFlight <= e.attempts - 1 && (e.attempts !== 1 || (n === 1 && e.usage === 1 && e.inFlight === 0));
    if (!ok) bad.push({ marker: c.marker, taskId: c.taskId, attempts: e.attempts, usage: e.usage, inFlight: e.inFlight, calls: n });
  }
  return bad;
}

/** Deletes every key under `prefix` on `redis` (the shared Redis: never FLUSHALL it). */
export async function deletePrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, batch] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    cursor = next;
    if (batch.length) await redis.del(...batch);
  } while (cursor !== "0");
}

/** The shared Redis of the test run (never flushed: tests delete their own prefix). */
export function sharedRedisUrl(): string {
  return process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
}

/** Polls `fn` until truthy; throws `what()` on timeout. Errors from `fn` count as "not yet". */
export async function until<T>(
  fn: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  o: { timeoutMs: number; what: () => string; stepMs?: number; abortIf?: () => string },
): Promise<T> {
  const deadline = Date.now() + o.timeoutMs;
  for (;;) {
    const abort = o.abortIf?.();
    if (abort) throw new Error(`${abort}\n${o.what()}`);
    try {
      const v = await fn();
      if (v) return v;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${o.timeoutMs} ms: ${o.what()}`);
    await sleep(o.stepMs ?? 200);
  }
}

/**
 * After a restart, each pooled connection fails once (CONNECTION_CLOSED) before the pool
 * reconnects it: drain those failures so the test's own writes that follow do not meet them.
 */
export async function drainStaleConnections(db: Db, poolSize: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ok = 0;
  while (ok < poolSize * 2) {
    try {
      await Promise.all(Array.from({ length: poolSize }, () => db.execute(sql`select 1`)));
      ok += poolSize;
    } catch (err) {
      ok = 0;
      if (Date.now() > deadline) throw err;
      await sleep(100);
    }
  }
}

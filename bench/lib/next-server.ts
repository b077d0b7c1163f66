import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { ROOT } from "./docs";
import { redisUrl } from "./resources";

/**
 * The production web server for benchmarks: `next build` when the build is missing or stale
 * (the rule of scripts/e2e-serve.mjs), then `next start` as a child in its own process group,
 * and what a benchmark reads of it from /proc (CPU time, RSS).
 */

const BUILD_INPUTS = ["app", "components", "lib", "i18n", "messages", "public", "next.config.ts", "postcss.config.mjs", "package.json"];
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function newestMtimeMs(p: string): number {
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

function cmdlineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").trim();
  } catch {
    return "";
  }
}

/** The parent pid of `pid` (field 4 of /proc/<pid>/stat), or null when it is gone. */
export function ppidOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
}

/** Whether someone else's `next build` is running in this checkout (Next refuses a second one). */
function otherBuildRunning(): boolean {
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d) || Number(d) === process.pid) continue;
    const cmd = cmdlineOf(Number(d));
    // `next build` renames itself "next-build (vX)".
    const isBuild = /^next-build\b/.test(cmd) || /next(\/dist\/bin\/next)?\s+build\b/.test(cmd);
    let cwd: string | null = null;
    try {
      cwd = readlinkSync(`/proc/${d}/cwd`);
    } catch {
      /* gone */
    }
    if (isBuild && cwd === ROOT) return true;
  }
  return false;
}

/** Why a build is needed (`BENCH_REBUILD=1` always, `=0` only when missing), or null. */
function buildReason(): string | null {
  const buildId = path.join(ROOT, ".next/BUILD_ID");
  if (process.env.BENCH_REBUILD === "1") return "BENCH_REBUILD=1";
  if (!existsSync(buildId)) return ".next/BUILD_ID is missing";
  if (process.env.BENCH_REBUILD === "0") return null;
  const builtAt = statSync(buildId).mtimeMs;
  const stale = BUILD_INPUTS.find((p) => newestMtimeMs(path.join(ROOT, p)) > builtAt);
  return stale ? `${stale} changed since the last build` : null;
}

/**
 * Waits for anyone else's build in this checkout, then runs `next build` if needed.
 * @throws {Error} when the build fails or another build runs for more than 15 min.
 */
export async function ensureBuild(log: (msg: string) => void): Promise<void> {
  for (let waited = 0; otherBuildRunning(); waited += 2) {
    if (waited === 0) log("another `next build` is running in this checkout; waiting for it …");
    if (waited > 900) throw new Error("another `next build` has been running for 15 min");
    await sleep(2_000);
  }
  const reason = buildReason();
  if (!reason) return log("reusing the existing .next build");
  log(`next build (${reason}) …`);
  const t = Date.now();
  const res = spawnSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (res.status !== 0) throw new Error(`next build failed (${res.status ?? res.signal})`);
  log(`next build done in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}

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

export type Child = { name: string; proc: ChildProcess; logFile: string; exited: boolean; code: number | string | null };

/** A Node child in its own process group, output to `<logDir>/<name>.log`. */
export function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, logDir: string): Child {
  const logFile = path.join(logDir, `${name}.log`);
  const fd = openSync(logFile, "a");
  const proc = spawn(process.execPath, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", fd, fd] });
  closeSync(fd);
  const child: Child = { name, proc, logFile, exited: false, code: null };
  proc.on("exit", (code, signal) => {
    child.exited = true;
    child.code = code ?? signal;
  });
  return child;
}

/** SIGTERM the child's process group, then SIGKILL it after `graceMs` (`next start` may leave a forked server behind). */
export async function stopChild(c: Child, graceMs = 8_000): Promise<void> {
  const signalGroup = (sig: NodeJS.Signals) => {
    try {
      if (c.proc.pid) process.kill(-c.proc.pid, sig);
    } catch {
      /* already gone */
    }
  };
  if (!c.exited) signalGroup("SIGTERM");
  const deadline = Date.now() + graceMs;
  while (!c.exited && Date.now() < deadline) await sleep(100);
  signalGroup("SIGKILL");
}

/**
 * Starts `next start` on 127.0.0.1:`port` and waits until `/api/auth/ok` answers.
 * @param o.nodeArgs node flags for the web alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
 *   (`--cpu-prof` is not allowed in NODE_OPTIONS).
 * @returns the child and the pid of the process serving HTTP (`next-server`, forked by `next start`).
 * @throws {Error} when the server dies or does not answer within 60 s (it is stopped first).
 */
export async function startNext(o: {
  port: number;
  env: NodeJS.ProcessEnv;
  logDir: string;
  nodeArgs?: string[];
}): Promise<{ child: Child; serverPid: number }> {
  const next = path.join(ROOT, "node_modules/next/dist/bin/next");
  const child = startChild("web", [...(o.nodeArgs ?? []), next, "start", "-p", String(o.port), "-H", "127.0.0.1"], o.env, o.logDir);
  const readyBy = Date.now() + 60_000;
  for (;;) {
    const failure = child.exited ? `web died (${child.code})` : Date.now() > readyBy ? "web did not answer within 60 s" : null;
    if (failure) {
      // The caller never gets the child, so it could not stop it.
      await stopChild(child);
      throw new Error(`${failure}; see ${child.logFile}`);
    }
    const ok = await fetch(`http://127.0.0.1:${o.port}/api/auth/ok`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(250);
  }
  return { child, serverPid: findNextServerPid(child.proc.pid!) };
}

/** The process serving HTTP: `next start` itself, or the `next-server` it forked. */
function findNextServerPid(rootPid: number): number {
  const tree = new Set([rootPid]);
  const pids = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of pids) {
      if (tree.has(p)) continue;
      const pp = ppidOf(p);
      if (pp !== null && tree.has(pp)) {
        tree.add(p);
        grew = true;
      }
    }
  }
  return [...tree].find((p) => cmdlineOf(p).startsWith("next-server")) ?? rootPid;
}

/**
 * CPU time (user + system, all threads) of a process so far, ms — utime + stime of
 * `/proc/<pid>/stat` (proc(5)), in clock ticks of USER_HZ = 100.
 * @throws {Error} when the process is gone.
 */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // After "pid (comm) " the state is f[0], so utime (field 14) is f[11] and stime (15) f[12].
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) * 10;
}

/**
 * Resident set size of a process now, bytes — `VmRSS` of `/proc/<pid>/status` (proc(5)).
 * @throws {Error} when the process is gone.
 */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

/**
 * The environment of a benchmark's production web server: `process.env`, NODE_ENV production,
 * the bench's own database and Redis prefix, the origin it is reached at, a fresh auth secret,
 * the offline model and warn-level logs; `extra` (the bench's limits and switches) last.
 */
export function benchWebEnv(o: { databaseUrl: string; prefix: string; appUrl: string; extra?: Record<string, string> }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: o.databaseUrl,
    REDIS_URL: redisUrl(),
    PANELIST_REDIS_PREFIX: o.prefix,
    APP_URL: o.appUrl,
    BETTER_AUTH_URL: o.appUrl,
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    LLM_PROVIDER: "offline",
    LOG_LEVEL: "warn",
    ...o.extra,
  };
}

/**
 * Signs a new bench user up on `appUrl` (better-auth's e-mail sign-up) and returns its session
 * as a `Cookie` header value.
 * @throws when the sign-up is refused.
 */
export async function signUpBenchUser(appUrl: string, email = `bench-${process.pid}@example.test`): Promise<string> {
  const signUp = await fetch(`${appUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: appUrl },
    body: JSON.stringify({ email, password: "bench-password-123", name: "Bench" }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  return signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

// The multi-process web tier's machinery, free of Next.js (docs/deploy.md, "Web on several processes"):
// the settings, the primary that forks and restarts the serving processes (node:cluster), and the
// serving loop with its graceful stop. scripts/web-cluster.mjs plugs Next's request handler into it;
// tests/web-cluster/ plugs in a plain handler. Node built-ins only.
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";

/** Exit codes of a process stopped by a signal, as a shell reports them (128 + signal number) and as `next start` exits. */
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
const STOP_SIGNALS = /** @type {const} */ (["SIGTERM", "SIGINT", "SIGHUP"]);
/** Restart back-off of a serving process that died: doubling from BASE up to CAP, reset once a process lived RESET_AFTER (the rule of scripts/setup.mjs's worker loop). */
const RESTART_BASE_MS = 1_000;
const RESTART_CAP_MS = 30_000;
const RESTART_RESET_AFTER_MS = 60_000;
/** While draining, idle keep-alive connections are closed this often (a connection becomes idle when its response ends). */
const IDLE_SWEEP_MS = 250;

/**
 * The number of serving processes: `WEB_PROCESSES` — a positive integer, or `auto` for
 * `os.availableParallelism()` (the CPUs this process may use). Unset or empty: 1, a single
 * process with no primary, as `next start` runs.
 * @param {string | undefined} raw
 * @returns {number}
 * @throws {Error} for anything else.
 */
export function webProcesses(raw = process.env.WEB_PROCESSES) {
  const v = raw?.trim() ?? "";
  if (v === "") return 1;
  if (v === "auto") return os.availableParallelism();
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`WEB_PROCESSES must be a positive integer or "auto" (got "${raw}")`);
  return n;
}

/**
 * How long a stopping process lets open requests finish, ms: `WEB_DRAIN_MS`, default 8 000 — under
 * the 10 s `npm start` gives the web before SIGKILL (scripts/setup/procs.mjs) and the 30 s of
 * Compose's and Kubernetes' default grace. Long-lived streams (SSE task events, a chat turn) are cut
 * at the deadline; their clients reconnect to another process.
 * @param {string | undefined} raw
 * @returns {number}
 * @throws {Error} when set to anything but a non-negative integer.
 */
export function drainMs(raw = process.env.WEB_DRAIN_MS) {
  const v = raw?.trim() ?? "";
  if (v === "") return 8_000;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`WEB_DRAIN_MS must be a non-negative integer of ms (got "${raw}")`);
  return n;
}

/**
 * How long an idle keep-alive connection stays open, ms: `WEB_KEEP_ALIVE_TIMEOUT_MS`, default
 * Node's 5 000 (what `next start` keeps without `--keepAliveTimeout`). Behind a load balancer that
 * reuses connections, set it above the balancer's idle timeout, or the server closes a connection
 * the balancer is about to reuse and the client gets a 502.
 * @param {string | undefined} raw
 * @returns {number | undefined} undefined for Node's default.
 * @throws {Error} when set to anything but a positive integer.
 */
export function keepAliveTimeoutMs(raw = process.env.WEB_KEEP_ALIVE_TIMEOUT_MS) {
  const v = raw?.trim() ?? "";
  if (v === "") return undefined;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`WEB_KEEP_ALIVE_TIMEOUT_MS must be a positive integer of ms (got "${raw}")`);
  return n;
}

/**
 * `-p/--port` and `-H/--hostname`, as `next start` takes them; the port defaults to `PORT`, then 3000.
 * The host defaults to none (every interface), as `next start` listens. `HOSTNAME` is deliberately
 * not read: Docker sets it to the container id.
 * @param {string[]} argv
 * @returns {{ port: number, hostname: string | undefined }}
 * @throws {Error} for an unknown argument or a port that is not 0–65535.
 */
export function serverArgs(argv, env = process.env) {
  let port = env.PORT ?? "3000";
  let hostname;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "-p" || a === "--port") port = argv[++i];
    else if (a === "-H" || a === "--hostname") hostname = argv[++i];
    else throw new Error(`unknown argument "${a}" (usage: web-cluster.mjs [-p PORT] [-H HOST])`);
  }
  const n = Number(port);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) throw new Error(`the port must be 0–65535 (got "${port}")`);
  return { port: n, hostname };
}

/**
 * The primary of a multi-process web tier: forks `processes` serving processes (node:cluster; they
 * share the listening socket, the primary hands each new connection to the next one, round-robin —
 * Node.js docs, "Cluster: How it works"), restarts one that dies (with back-off), and on
 * SIGTERM/SIGINT/SIGHUP passes the signal on to every one, waits until all have exited, and exits
 * 128 + the signal's number. Until a process has ever listened, one that exits is a failure to start
 * (no build, a bad setting): the others are stopped and the primary exits with its code instead of
 * restarting it forever. Logs `web: K of N processes listening (pid P)` as each one listens.
 * @param {{ processes: number, log?: (msg: string) => void }} o
 */
export function runPrimary({ processes, log = (m) => console.log(m) }) {
  /** @type {Map<number, import("node:cluster").Worker>} slot → its current process */
  const slots = new Map();
  const listening = new Set();
  const restartTimers = new Set();
  let everListened = false;
  let stopping = false;
  let exitCode = 0;

  const start = (slot, delayMs) => {
    const bornAt = Date.now();
    const w = cluster.fork();
    slots.set(slot, w);
    w.on("listening", (address) => {
      everListened = true;
      listening.add(w.id);
      log(`web: ${listening.size} of ${processes} processes listening on ${address.address ?? ""}:${address.port} (pid ${w.process.pid})`);
    });
    w.on("exit", (code, signal) => {
      listening.delete(w.id);
      if (slots.get(slot) === w) slots.delete(slot);
      if (stopping) {
        if (slots.size === 0) process.exit(exitCode);
        return;
      }
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (!everListened) {
        log(`web: process ${w.process.pid} exited (${how}) before any process listened; stopping`);
        stopAll("SIGTERM", typeof code === "number" && code !== 0 ? code : 1);
        return;
      }
      const wait = Date.now() - bornAt > RESTART_RESET_AFTER_MS ? RESTART_BASE_MS : delayMs;
      log(`web: process ${w.process.pid} exited (${how}); restarting it in ${Math.round(wait / 1000)} s`);
      const t = setTimeout(() => {
        restartTimers.delete(t);
        if (!stopping) start(slot, Math.min(wait * 2, RESTART_CAP_MS));
      }, wait);
      restartTimers.add(t);
    });
  };

  /** Passes `signal` on to every process; exits `code` (default 128 + the signal's number) once all are gone. */
  const stopAll = (signal, code = SIGNAL_EXIT[signal]) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const t of restartTimers) clearTimeout(t);
    if (slots.size === 0) process.exit(exitCode);
    for (const w of slots.values()) w.process.kill(signal);
  };
  for (const s of STOP_SIGNALS) process.on(s, () => stopAll(s));

  log(`web: ${processes} processes (WEB_PROCESSES), primary pid ${process.pid}`);
  for (let slot = 0; slot < processes; slot++) start(slot, RESTART_BASE_MS);
}

/**
 * Serves until told to stop. First the signal handlers, then `prepare()` (which loads the app),
 * then listen on `port`/`hostname` — in a cluster process the socket is the primary's, shared. On
 * SIGTERM/SIGINT/SIGHUP: stop accepting (`server.close()`), close idle keep-alive connections (and
 * every connection whose response ends, with `Connection: close` on requests still arriving on
 * open ones), give open requests up to `drainMs`, then close what is left, run `close()` and exit
 * 128 + the signal's number. A signal during `prepare()` exits as soon as it returns.
 * @param {{
 *   prepare: () => Promise<{ handler: http.RequestListener, close?: () => Promise<void> }>,
 *   port: number, hostname?: string, drainMs: number, keepAliveTimeoutMs?: number, log?: (msg: string) => void,
 * }} o
 * @returns {Promise<http.Server>} the listening server.
 * @throws {Error} when `prepare()` throws or the port cannot be bound (the caller exits).
 */
export async function serveUntilStopped({ prepare, port, hostname, drainMs, keepAliveTimeoutMs, log = (m) => console.log(m) }) {
  let stopSignal = null;
  let server;
  let closeApp;
  const stop = async (signal) => {
    if (stopSignal) return;
    stopSignal = signal;
    if (!server) return; // still preparing: the code after prepare() exits
    log(`web: ${signal}: pid ${process.pid} stops accepting; draining its connections (up to ${drainMs} ms)`);
    const closed = new Promise((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = new Promise((resolve) => setTimeout(() => resolve("deadline"), drainMs).unref());
    if ((await Promise.race([closed, deadline])) === "deadline") {
      log(`web: pid ${process.pid}: drain deadline reached; closing the connections still open`);
      server.closeAllConnections();
      await closed;
    }
    clearInterval(sweep);
    await closeApp?.().catch((err) => log(`web: pid ${process.pid}: closing the app failed: ${err}`));
    process.exit(SIGNAL_EXIT[signal]);
  };
  for (const s of STOP_SIGNALS) process.on(s, () => void stop(s));

  const app = await prepare();
  closeApp = app.close;
  if (stopSignal) {
    await closeApp?.().catch(() => undefined);
    process.exit(SIGNAL_EXIT[stopSignal]);
  }
  server = http.createServer((req, res) => {
    // A request on a connection kept alive while draining: its answer closes the connection.
    if (stopSignal) res.setHeader("connection", "close");
    // As `next start` answers a handler that throws: 500, logged, the process serves on.
    Promise.resolve(app.handler(req, res)).catch((err) => {
      console.error(`web: failed to handle request for ${req.url}`, err);
      if (res.headersSent) res.destroy();
      else {
        res.statusCode = 500;
        res.end("Internal Server Error");
      }
    });
  });
  if (keepAliveTimeoutMs) {
    server.keepAliveTimeout = keepAliveTimeoutMs;
    // The headers of a request reusing a connection must not time out before the connection does.
    server.headersTimeout = Math.max(server.headersTimeout, keepAliveTimeoutMs + 1_000);
  }
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => {
      server.off("error", reject);
      resolve(undefined);
    });
  });
  if (!cluster.isWorker) {
    const addr = server.address();
    log(`web: 1 of 1 processes listening on ${typeof addr === "object" && addr ? `${addr.address}:${addr.port}` : addr} (pid ${process.pid})`);
  }
  return server;
}

// Redis: REDIS_URL, else 127.0.0.1:6379 if it answers PING, else a
// redis-server of our own on loopback (installed with apt-get as root on
// Debian/Ubuntu when missing), else a clear message.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { aptInstall, canAptInstall, DATA_DIR, freePort, log, portIsFree, SetupError, waitFor, which } from "./util.mjs";

/** PING over a raw socket (RESP). Resolves "PONG", "NOAUTH", "OTHER" or null when nothing answers. */
export function redisPing(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let buf = "";
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(buf ? "OTHER" : null));
    socket.once("error", () => done(null));
    socket.once("connect", () => socket.write("*1\r\n$4\r\nPING\r\n"));
    socket.on("data", (d) => {
      buf += d.toString("latin1");
      if (!buf.includes("\r\n")) return;
      if (buf.startsWith("+PONG")) done("PONG");
      else if (/^-(NOAUTH|WRONGPASS)/.test(buf)) done("NOAUTH");
      else done("OTHER");
    });
    socket.once("end", () => done(buf ? "OTHER" : null));
  });
}

export async function resolveRedis({ procs, env }) {
  if (env.REDIS_URL) {
    log("Redis: using REDIS_URL from the environment");
    return { url: env.REDIS_URL, started: false };
  }
  // The probe address can be moved for tests of this script.
  const host = env.PANELIST_REDIS_PROBE_HOST || "127.0.0.1";
  const port = Number(env.PANELIST_REDIS_PROBE_PORT || 6379);
  const answer = await redisPing(host, port);
  if (answer === "PONG") {
    log(`Redis: using ${host}:${port} (answered PING)`);
    return { url: `redis://${host}:${port}`, started: false };
  }
  if (answer === "NOAUTH") log(`Redis: ${host}:${port} wants a password (set REDIS_URL=redis://:PASSWORD@${host}:${port} to use it); starting our own instead`);
  else if (answer === "OTHER") log(`Redis: something on ${host}:${port} is not Redis; starting our own on another port`);
  else log(`Redis: nothing answers on ${host}:${port}`);

  let bin = which("redis-server");
  if (!bin && canAptInstall()) {
    log("Redis: no redis-server on PATH; installing it (apt-get install -y redis-server)");
    if (await aptInstall(procs, ["redis-server"])) bin = which("redis-server") || (fs.existsSync("/usr/bin/redis-server") ? "/usr/bin/redis-server" : null);
    if (bin && (await redisPing(host, port)) === "PONG") {
      log(`Redis: using ${host}:${port} (started by the redis-server package)`);
      return { url: `redis://${host}:${port}`, started: false };
    }
  }
  if (!bin) {
    throw new SetupError(
      `Redis: nothing answers on ${host}:${port} and redis-server is not installed. ` +
        "Install Redis (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis), " +
        "or start one with `docker compose up -d redis` (then REDIS_URL=redis://127.0.0.1:6379 if you publish its port), " +
        "or set REDIS_URL to a Redis you have.",
    );
  }
  return startRedisServer(procs, bin, env);
}

async function startRedisServer(procs, bin, env) {
  const port = (await portIsFree(6379)) ? 6379 : await freePort();
  const dir = path.join(DATA_DIR, "redis");
  fs.mkdirSync(dir, { recursive: true });
  const args = [
    "--bind",
    "127.0.0.1",
    "--port",
    String(port),
    "--save",
    "",
    "--appendonly",
    "no",
    "--dir",
    dir,
    "--protected-mode",
    "yes",
    "--loglevel",
    "warning",
  ];
  const child = procs.start("redis", bin, args, { env, tier: 1 });
  let exited = false;
  child.exited.then(() => (exited = true));
  await waitFor(async () => exited || (await redisPing("127.0.0.1", port, 500)) === "PONG", { timeoutMs: 15_000, what: "redis-server to answer PING" });
  if (exited) throw new SetupError(`Redis: redis-server exited at start (see [redis] above)`);
  log(`Redis: started ${bin} on 127.0.0.1:${port} (pid ${child.pid}; nothing persisted; stops with this command)`);
  return { url: `redis://127.0.0.1:${port}`, started: true };
}

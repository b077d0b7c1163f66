// Small helpers shared by the set-up modules. Node built-ins only.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const DATA_DIR = path.join(ROOT, ".data");

const tty = process.stdout.isTTY && !process.env.NO_COLOR;
export const paint = (code, s) => (tty ? `\x1b[${code}m${s}\x1b[0m` : s);

/** One line per decision, e.g. "PostgreSQL: using 127.0.0.1:5432 (answered)". */
export function log(message) {
  console.log(`${paint("36", "[setup]")} ${message}`);
}

/** A failure the user can act on: printed as is, no stack trace. */
export class SetupError extends Error {}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function isRoot() {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

export function which(cmd) {
  for (const dir of (process.env.PATH || "").split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, cmd);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {}
  }
  return null;
}

export function isDebianLike() {
  return fs.existsSync("/etc/debian_version") && which("apt-get") !== null;
}

export function canAptInstall() {
  return isRoot() && isDebianLike();
}

/** Does something accept a TCP connection on host:port? */
export function tcpProbe(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** Can we listen on host:port ourselves? */
export function portIsFree(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** A port the OS considers free right now. */
export function freePort(host = "127.0.0.1") {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(check, { timeoutMs, intervalMs = 200, what }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new SetupError(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
    await sleep(intervalMs);
  }
}

export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}

/** `apt-get install -y` (root on Debian/Ubuntu), with one `apt-get update` retry. */
export async function aptInstall(procs, packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const args = ["-o", "DPkg::Lock::Timeout=300", "install", "-y", "--no-install-recommends", ...packages];
  let code = await procs.run("apt", "apt-get", args, { env });
  if (code !== 0) {
    log(`apt-get install ${packages.join(" ")} failed (exit ${code}); running apt-get update and trying again`);
    await procs.run("apt", "apt-get", ["-o", "DPkg::Lock::Timeout=300", "update"], { env });
    code = await procs.run("apt", "apt-get", args, { env });
  }
  return code === 0;
}

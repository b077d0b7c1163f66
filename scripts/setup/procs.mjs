// Child processes of the set-up: each in its own process group (so a whole
// tree — npm → sh → node, or tsx watch → node — is signalled at once), output
// forwarded line by line with a prefix, and stopped with SIGTERM then SIGKILL.
import { spawn } from "node:child_process";
import readline from "node:readline";
import { log, paint, sleep } from "./util.mjs";

const COLORS = { web: "32", worker: "35", redis: "31", pg: "34", build: "33", migrate: "33", seed: "33" };

export class Procs {
  /** @type {Set<import('node:child_process').ChildProcess & {label:string, tier:number, exited:Promise<number>}>} */
  children = new Set();
  stopHooks = []; // async functions run after the children are gone (e.g. pg_ctlcluster stop)
  stopping = false;
  reaper = null;

  // If this process dies without stopping its children (kill -9), a tiny
  // detached "reaper" notices its stdin pipe closing and stops the process
  // groups we told it about: SIGTERM, then SIGKILL 20 s later.
  startReaper() {
    const code = `
      const groups = new Set(); let buf = "";
      process.stdin.on("data", (d) => {
        buf += d;
        for (let i; (i = buf.indexOf("\\n")) >= 0; buf = buf.slice(i + 1)) {
          const [op, id] = buf.slice(0, i).split(" ");
          if (op === "+") groups.add(Number(id));
          else if (op === "-") groups.delete(Number(id));
          else if (op === "bye") process.exit(0);
        }
      });
      const signal = (s) => { for (const g of groups) { try { process.kill(-g, s); } catch {} } };
      const alive = () => [...groups].some((g) => { try { process.kill(-g, 0); return true; } catch { return false; } });
      process.stdin.on("end", () => {
        signal("SIGTERM");
        setInterval(() => alive() || process.exit(0), 500);
        setTimeout(() => { signal("SIGKILL"); process.exit(0); }, 20000);
      });
    `;
    this.reaper = spawn(process.execPath, ["-e", code], { detached: true, stdio: ["pipe", "ignore", "ignore"] });
    this.reaper.on("error", () => (this.reaper = null));
    this.reaper.stdin.on("error", () => {});
    this.reaper.unref();
  }

  tellReaper(line) {
    if (this.reaper?.stdin.writable) this.reaper.stdin.write(`${line}\n`);
  }

  /**
   * Start a long-running child.
   * output: "prefix" (lines as `[label] ...`), "inherit" (raw, for test runners), "quiet" (dropped)
   * tier: 0 = app (stopped first), 1 = infrastructure (stopped last)
   * onLine: called with every output line and "stdout"/"stderr" (e.g. to catch a readiness line)
   */
  start(label, cmd, args, { env = process.env, cwd, output = "prefix", tier = 0, onLine, graceMs = 10_000 } = {}) {
    if (this.stopping) throw new Error("shutting down");
    const child = spawn(cmd, args, {
      cwd,
      env,
      detached: true, // own process group: we decide when it stops
      stdio: ["ignore", output === "inherit" ? "inherit" : "pipe", output === "inherit" ? "inherit" : "pipe"],
    });
    if (!this.reaper) this.startReaper();
    if (child.pid) this.tellReaper(`+ ${child.pid}`);
    child.label = label;
    child.tier = tier;
    child.graceMs = graceMs;
    child.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 + (signalNumbers[signal] || 1) : 1)));
      child.once("error", (err) => {
        log(`${label}: could not start ${cmd}: ${err.message}`);
        resolve(127);
      });
    });
    this.children.add(child);
    child.exited.then(() => this.children.delete(child));
    // the group may outlive its leader; forget it only once stopChild has killed it
    if (output !== "inherit") {
      const prefix = paint(COLORS[label] || "90", `[${label}]`);
      const forward = (stream, out, name) => {
        const rl = readline.createInterface({ input: stream, crlfDelay: Infinity });
        rl.on("line", (line) => {
          onLine?.(line, name);
          if (output === "prefix") out.write(`${prefix} ${line}\n`);
        });
      };
      forward(child.stdout, process.stdout, "stdout");
      forward(child.stderr, process.stderr, "stderr");
    }
    return child;
  }

  /** Run a command to completion; resolves with its exit code. */
  async run(label, cmd, args, opts = {}) {
    const child = this.start(label, cmd, args, opts);
    const code = await child.exited;
    this.tellReaper(`- ${child.pid}`);
    return code;
  }

  signalGroup(child, signal) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      try {
        child.kill(signal);
      } catch {}
    }
  }

  async stopChild(child) {
    if (child.exitCode !== null || child.signalCode !== null) return;
    this.signalGroup(child, "SIGTERM");
    const killed = await Promise.race([child.exited.then(() => false), sleep(child.graceMs).then(() => true)]);
    if (killed) {
      log(`${child.label} did not stop within ${child.graceMs / 1000} s; killing it`);
      this.signalGroup(child, "SIGKILL");
      await child.exited;
    }
    // its own children (same group) may outlive the leader: make sure
    this.signalGroup(child, "SIGKILL");
    this.tellReaper(`- ${child.pid}`);
  }

  /** Stop everything this run started: apps first, then PostgreSQL/Redis. */
  async stopAll() {
    this.stopping = true;
    for (const tier of [0, 1]) {
      const batch = [...this.children].filter((c) => c.tier === tier);
      await Promise.all(batch.map((c) => this.stopChild(c)));
    }
    await Promise.all([...this.children].map((c) => this.stopChild(c)));
    for (const hook of this.stopHooks.splice(0)) {
      try {
        await hook();
      } catch (e) {
        log(`stop: ${e.message}`);
      }
    }
    this.tellReaper("bye");
  }

  /** Last resort (process exiting, second Ctrl-C): kill every group now. */
  killAllSync() {
    for (const c of this.children) this.signalGroup(c, "SIGKILL");
  }
}

const signalNumbers = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import readline from "node:readline";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The multi-process web tier (scripts/web-cluster.mjs, docs/deploy.md "Web on several processes"),
 * its machinery driven with a plain handler (plain-server.mjs) in place of Next's, which needs a
 * build: the processes share one port, a dead one is restarted, SIGTERM drains open requests
 * before the exit, a drain has a deadline, a tier that cannot start stops instead of looping; and
 * the real entry refuses bad settings.
 */

const root = path.resolve(import.meta.dirname, "../..");
const PLAIN = path.join(import.meta.dirname, "plain-server.mjs");

type Server = { proc: ChildProcess; lines: string[]; port: Promise<number>; exited: Promise<{ code: number | null; signal: string | null }> };
const started: Server[] = [];

function startServer(script: string, env: Record<string, string>, args = ["-p", "0", "-H", "127.0.0.1"]): Server {
  const proc = spawn(process.execPath, [script, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  let onPort: (port: number) => void = () => {};
  const port = new Promise<number>((resolve) => (onPort = resolve));
  for (const stream of [proc.stdout!, proc.stderr!]) {
    readline.createInterface({ input: stream }).on("line", (line) => {
      lines.push(line);
      const m = /listening on .*:(\d+) \(pid/.exec(line);
      if (m) onPort(Number(m[1]));
    });
  }
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => proc.once("exit", (code, signal) => resolve({ code, signal })));
  const server = { proc, lines, port, exited };
  started.push(server);
  return server;
}

async function waitForLine(s: Server, pattern: RegExp, count = 1): Promise<void> {
  while (s.lines.filter((l) => pattern.test(l)).length < count) {
    if (s.proc.exitCode !== null) throw new Error(`exited before logging ${pattern}:\n${s.lines.join("\n")}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One request on a connection of its own (so the primary hands each one to the next process). */
function get(port: number, p: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: p, agent: false }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

async function pidsServing(port: number, requests: number): Promise<Set<string>> {
  const pids = new Set<string>();
  for (let i = 0; i < requests; i++) pids.add((await get(port, "/pid")).body);
  return pids;
}

afterEach(async () => {
  for (const s of started.splice(0)) {
    if (s.proc.exitCode === null && s.proc.signalCode === null) {
      s.proc.kill("SIGKILL");
      await s.exited;
    }
  }
});

describe("web cluster", () => {
  it("with WEB_PROCESSES=2 two processes share the port and both serve", async () => {
    const s = startServer(PLAIN, { WEB_PROCESSES: "2" });
    await waitForLine(s, /2 of 2 processes listening/);
    const port = await s.port;
    const pids = await pidsServing(port, 8);
    expect(pids.size).toBe(2);
    expect(pids.has(String(s.proc.pid))).toBe(false); // the primary serves nothing
  });

  it("restarts a serving process that dies, and the tier keeps answering", async () => {
    const s = startServer(PLAIN, { WEB_PROCESSES: "2" });
    await waitForLine(s, /2 of 2 processes listening/);
    const port = await s.port;
    const before = await pidsServing(port, 4);
    await get(port, "/crash").catch(() => undefined); // that process exits mid-request
    await waitForLine(s, /exited \(code 3\); restarting it/);
    await waitForLine(s, /2 of 2 processes listening/, 2);
    const after = await pidsServing(port, 8);
    expect(after.size).toBe(2);
    const replaced = [...before].filter((pid) => !after.has(pid));
    expect(replaced).toHaveLength(1);
    expect(s.proc.exitCode).toBeNull();
  });

  it("on SIGTERM finishes the open request, then every process exits and the primary exits 143", async () => {
    const s = startServer(PLAIN, { WEB_PROCESSES: "2", WEB_DRAIN_MS: "30000" });
    await waitForLine(s, /2 of 2 processes listening/);
    const port = await s.port;
    const slow = get(port, "/slow?ms=1500");
    await waitForLine(s, /holds a request/);
    s.proc.kill("SIGTERM");
    await expect(slow).resolves.toMatchObject({ status: 200 });
    expect(await s.exited).toEqual({ code: 143, signal: null });
    expect(s.lines.filter((l) => /stops accepting/.test(l))).toHaveLength(2);
    expect(s.lines.filter((l) => /closed its app/.test(l))).toHaveLength(2);
    await expect(get(port, "/pid")).rejects.toThrow(/ECONNREFUSED/);
  });

  it("cuts what is still open at the drain deadline", async () => {
    const s = startServer(PLAIN, { WEB_PROCESSES: "1", WEB_DRAIN_MS: "200" });
    const port = await s.port;
    const slow = get(port, "/slow?ms=60000");
    await waitForLine(s, /holds a request/);
    s.proc.kill("SIGTERM");
    await expect(slow).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await s.exited).toEqual({ code: 143, signal: null });
    expect(s.lines.join("\n")).toContain("drain deadline reached");
  });

  it("with one process serves from the process itself, no primary (as next start does)", async () => {
    const s = startServer(PLAIN, {});
    const port = await s.port;
    expect(await pidsServing(port, 3)).toEqual(new Set([String(s.proc.pid)]));
    s.proc.kill("SIGINT");
    expect(await s.exited).toEqual({ code: 130, signal: null });
  });

  it("stops instead of restarting when no process ever started", async () => {
    const s = startServer(PLAIN, { WEB_PROCESSES: "2", PLAIN_FAIL_PREPARE: "1" });
    expect((await s.exited).code).toBe(1);
    expect(s.lines.join("\n")).toContain("before any process listened; stopping");
    expect(s.lines.join("\n")).not.toContain("restarting");
  });

  it("refuses bad settings with exit 2", async () => {
    const entry = path.join(root, "scripts/web-cluster.mjs");
    for (const [env, args, message] of [
      [{ WEB_PROCESSES: "two" }, [], /WEB_PROCESSES must be a positive integer or "auto"/],
      [{ WEB_PROCESSES: "0" }, [], /WEB_PROCESSES must be/],
      [{ WEB_DRAIN_MS: "-1" }, [], /WEB_DRAIN_MS must be/],
      [{ WEB_KEEP_ALIVE_TIMEOUT_MS: "0" }, [], /WEB_KEEP_ALIVE_TIMEOUT_MS must be/],
      [{}, ["-p", "http"], /the port must be 0–65535/],
      [{}, ["--turbo"], /unknown argument "--turbo"/],
    ] as const) {
      const s = startServer(entry, env, [...args]);
      expect((await s.exited).code).toBe(2);
      expect(s.lines.join("\n")).toMatch(message);
    }
  });
});

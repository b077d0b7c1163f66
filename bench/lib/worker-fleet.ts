import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { ROOT } from "./docs";

export type WorkerFleetEnv = {
  databaseUrl: string;
  redisUrl: string;
  /** `PANELIST_REDIS_PREFIX` of the run. */
  prefix: string;
  /** `LLM_BASE_URL`, e.g. the fake server's `/v1` URL. */
  llmUrl: string;
  concurrency: number;
};

type Proc = { child: ChildProcess; exited: Promise<number | string | null>; tail: string[]; signalled: boolean };

/**
 * Real worker processes for a benchmark: `node --import tsx worker/index.ts`, each leading its
 * own process group (so a signal reaches anything it forks), with the run's database, Redis
 * prefix and upstream. Modelled on tests/chaos/harness.ts `Fleet`, without the chaos parts.
 */
export class WorkerFleet {
  private readonly procs: Proc[] = [];
  /** The worker signs webhook events with it (it refuses to start without one); fixed for the fleet's life. */
  private readonly secret = process.env.BETTER_AUTH_SECRET ?? randomBytes(32).toString("base64url");

  constructor(private readonly cfg: WorkerFleetEnv) {}

  private env(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const k of Object.keys(env)) if (k === "LLM_PROVIDER" || k === "NODE_OPTIONS" || k.startsWith("BENCH_")) delete env[k];
    return Object.assign(env, {
      DATABASE_URL: this.cfg.databaseUrl,
      REDIS_URL: this.cfg.redisUrl,
      PANELIST_REDIS_PREFIX: this.cfg.prefix,
      LLM_BASE_URL: this.cfg.llmUrl,
      LLM_API_KEY: "bench",
      LLM_MODEL: "gpt-4o-mini",
      WORKER_CONCURRENCY: String(this.cfg.concurrency),
      BETTER_AUTH_SECRET: this.secret,
      LOG_LEVEL: process.env.BENCH_WORKER_LOG_LEVEL ?? "warn",
      NODE_ENV: "production",
    });
  }

  /** Starts `n` workers. */
  start(n: number): void {
    for (let i = 0; i < n; i++) {
      const child = spawn(process.execPath, ["--import", "tsx", "worker/index.ts"], {
        cwd: ROOT,
        env: this.env(),
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      const tail: string[] = [];
      const keep = (chunk: Buffer) => {
        for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) tail.push(line.slice(0, 400));
        if (tail.length > 40) tail.splice(0, tail.length - 40);
      };
      child.stdout!.on("data", keep);
      child.stderr!.on("data", keep);
      const exited = new Promise<number | string | null>((r) => child.once("exit", (code, sig) => r(code ?? sig)));
      this.procs.push({ child, exited, tail, signalled: false });
    }
  }

  /** Workers that exited without being told to, with their last log lines; "" when none. */
  crashes(): string {
    return this.procs
      .filter((p) => !p.signalled && (p.child.exitCode !== null || p.child.signalCode !== null))
      .map((p) => `worker pid ${p.child.pid} exited (${p.child.exitCode ?? p.child.signalCode}):\n${p.tail.slice(-8).join("\n")}`)
      .join("\n");
  }

  /**
   * Graceful stop: SIGTERM to every worker's group (they finish or release in-flight work),
   * SIGKILL to whatever still runs after `graceMs`.
   * @returns the exit codes of the workers that stopped within the grace period.
   */
  async stop(graceMs = 15_000): Promise<(number | string | null)[]> {
    const live = this.procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    for (const p of live) this.signal(p, "SIGTERM");
    const codes = await Promise.race([Promise.all(live.map((p) => p.exited)), new Promise<null>((r) => setTimeout(() => r(null), graceMs).unref())]);
    for (const p of live) this.signal(p, "SIGKILL");
    await Promise.all(live.map((p) => p.exited));
    this.procs.splice(0);
    return codes ?? [];
  }

  private signal(p: Proc, sig: NodeJS.Signals): void {
    p.signalled = true;
    if (p.child.exitCode !== null || p.child.signalCode !== null || p.child.pid === undefined) return;
    try {
      process.kill(-p.child.pid, sig);
    } catch {
      /* already gone */
    }
  }
}

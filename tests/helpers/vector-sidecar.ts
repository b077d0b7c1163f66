import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hasVectorExtension } from "../../lib/knowledge/vector-store/select";

/**
 * The vector store for a Vitest run started without `npm test` (e.g. `npx vitest run one.test.ts`):
 * when `VECTOR_DATABASE_URL` is not set and the server of `DATABASE_URL` has no `vector`
 * extension, a PGlite sidecar (scripts/pglite-server.mjs, pgvector loaded) on a free port with
 * its data in a fresh temporary directory — what `scripts/setup/vector.mjs` does for `npm test`.
 *
 * @returns the URL to use (null: the main database serves) and a stop function (kills the
 *   sidecar, removes its directory; a no-op when none was started).
 */
export async function ensureVectorSidecar(serverUrl: string): Promise<{ url: string | null; stop: () => Promise<void> }> {
  const none = { stop: async () => {} };
  if (process.env.VECTOR_DATABASE_URL) return { url: process.env.VECTOR_DATABASE_URL, ...none };
  if (await hasVectorExtension(serverUrl)) return { url: null, ...none };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "panelist-vector-test-"));
  const script = path.resolve(import.meta.dirname, "../../scripts/pglite-server.mjs");
  const child = spawn(process.execPath, [script, "--db", dir, "--host", "127.0.0.1", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await readyPort(child);
  // The data is thrown away, so nothing needs a clean close: SIGKILL ends it at once (a SIGTERM's
  // orderly close of PGlite outlasts Vitest's 10 s teardown on a busy machine).
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, stop };
}

/** Waits for the server's `PGLITE_READY {"port":…}` line (fresh data directory: ~15 s). */
function readyPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let buffer = "";
    const timer = setTimeout(() => reject(new Error("the PGlite vector sidecar did not start within 120 s")), 120_000);
    child.stdout?.on("data", (d: Buffer) => {
      buffer += d.toString();
      const m = buffer.match(/^PGLITE_READY (.*)$/m);
      if (m) {
        clearTimeout(timer);
        child.stdout?.resume(); // keep draining its log
        resolve(JSON.parse(m[1]).port);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the PGlite vector sidecar exited at start (code ${code})`));
    });
  });
}

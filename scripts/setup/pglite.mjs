/**
 * Starts a PGlite server child (scripts/pglite-server.mjs) and waits for its `PGLITE_READY {json}`
 * stdout line: the embedded PostgreSQL (postgres.mjs) and the PGlite vector sidecar (vector.mjs)
 * start the same way. Node built-ins only: this runs before `npm ci`.
 */
import path from "node:path";
import { ROOT, SetupError, waitFor } from "./util.mjs";

/**
 * Starts `scripts/pglite-server.mjs` on 127.0.0.1 under `procs` (tier 1, 20 s grace so it closes
 * its files cleanly) and waits up to 180 s for it to print `PGLITE_READY {json}`.
 * @param {import("./procs.mjs").Procs} procs
 * @param {{name: string, dataDir: string, port: number, stateFile?: string, env: Record<string,string>, what: string, area: string}} o
 *   `name`: the child's log prefix; `port`: 0 for any free one; `stateFile`: where the server
 *   records its host and port (none: not recorded); `what`/`area`: for the wait and the error.
 * @returns {Promise<{child: {pid: number, exited: Promise<unknown>}, ready: {port: number}}>} `ready` is the READY line's JSON.
 * @throws {SetupError} when the child exits before it is ready; the wait's error after 180 s.
 */
export async function startPgliteServer(procs, { name, dataDir, port, stateFile, env, what, area }) {
  let ready = null;
  const args = [path.join(ROOT, "scripts", "pglite-server.mjs"), "--db", dataDir, "--host", "127.0.0.1", "--port", String(port)];
  if (stateFile) args.push("--state-file", stateFile);
  const child = procs.start(name, process.execPath, args, {
    env,
    tier: 1,
    graceMs: 20_000, // let it close its files cleanly
    onLine: (line, stream) => {
      if (stream !== "stdout") return;
      const m = line.match(/^PGLITE_READY (.*)$/);
      if (m) ready = JSON.parse(m[1]);
    },
  });
  let exited = false;
  child.exited.then(() => (exited = true));
  await waitFor(() => exited || ready !== null, { timeoutMs: 180_000, what });
  if (!ready) throw new SetupError(`${area}: ${what} exited at start (see [${name}] above)`);
  return { child, ready };
}

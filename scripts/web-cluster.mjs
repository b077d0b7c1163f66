#!/usr/bin/env node
/**
 * The production web server: Next's request handler (`next({ dev: false })` +
 * `getRequestHandler()`, Next.js docs, "Custom Server") on `WEB_PROCESSES` processes of one host.
 *
 *   node scripts/web-cluster.mjs [-p PORT] [-H HOST]      # what npm start, the image and Compose run
 *
 * `next start` has no cluster mode; with `WEB_PROCESSES` unset or 1 this is one process, serving
 * the same build on the same port with the same graceful stop `next start` has, and no primary.
 * With N > 1 a node:cluster primary forks N serving processes that share the port, restarts one
 * that dies, and passes SIGTERM/SIGINT on. Each serving process is a whole web tier of its own:
 * sessions in PostgreSQL; task events, request limits, the upstream quota and the metrics
 * snapshots in Redis (docs/deploy.md, "Web on several processes"). `WEB_DRAIN_MS`: how long a
 * stopping process lets open requests finish (8 000 ms); `WEB_KEEP_ALIVE_TIMEOUT_MS`: how long an
 * idle keep-alive connection stays open (Node's 5 000 ms).
 */
import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drainMs, keepAliveTimeoutMs, runPrimary, serverArgs, serveUntilStopped, webProcesses } from "./web-cluster/cluster.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

let settings;
try {
  settings = { ...serverArgs(process.argv.slice(2)), processes: webProcesses(), drainMs: drainMs(), keepAliveTimeoutMs: keepAliveTimeoutMs() };
} catch (err) {
  console.error(`web: ${err.message}`);
  process.exit(2);
}

if (settings.processes > 1 && cluster.isPrimary) {
  runPrimary({ processes: settings.processes });
} else {
  // `next start` runs the build as production whatever the shell says; so does this.
  process.env.NODE_ENV ??= "production";
  serveUntilStopped({
    port: settings.port,
    hostname: settings.hostname,
    drainMs: settings.drainMs,
    keepAliveTimeoutMs: settings.keepAliveTimeoutMs,
    prepare: async () => {
      const { default: next } = await import("next");
      const app = next({ dev: false, dir: ROOT, port: settings.port, hostname: settings.hostname });
      await app.prepare();
      return { handler: app.getRequestHandler(), close: () => app.close() };
    },
  }).catch((err) => {
    console.error("web: failed to start", err);
    process.exit(1);
  });
}

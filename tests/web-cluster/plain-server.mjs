// scripts/web-cluster.mjs with a plain handler in place of Next's (tests/web-cluster/web-cluster.test.ts):
// GET /pid answers the serving process's pid, /slow?ms=N after N ms, /crash exits that process.
// PLAIN_FAIL_PREPARE=1: loading the app fails, as a missing build does.
import cluster from "node:cluster";
import { drainMs, runPrimary, serverArgs, serveUntilStopped, webProcesses } from "../../scripts/web-cluster/cluster.mjs";

const { port, hostname } = serverArgs(process.argv.slice(2));
if (webProcesses() > 1 && cluster.isPrimary) {
  runPrimary({ processes: webProcesses() });
} else {
  serveUntilStopped({
    port,
    hostname,
    drainMs: drainMs(),
    prepare: async () => {
      if (process.env.PLAIN_FAIL_PREPARE === "1") throw new Error("no build");
      return {
        handler: (req, res) => {
          const url = new URL(req.url ?? "/", "http://x");
          if (url.pathname === "/crash") process.exit(3);
          const ms = url.pathname === "/slow" ? Number(url.searchParams.get("ms")) : 0;
          if (ms) console.log(`plain: pid ${process.pid} holds a request for ${ms} ms`);
          setTimeout(() => res.end(String(process.pid)), ms);
        },
        close: async () => console.log(`plain: pid ${process.pid} closed its app`),
      };
    },
  }).catch((err) => {
    console.error("plain: failed to start", err.message);
    process.exit(1);
  });
}

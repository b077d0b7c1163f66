// The vector store (docs/knowledge.md, "Where the vectors live"): pgvector in the PostgreSQL in
// use when that server offers the `vector` extension, else a second PGlite server — pgvector
// loaded — as a sidecar, whose URL every child gets as VECTOR_DATABASE_URL. The embedded PGlite
// main database already has pgvector: no sidecar then. A VECTOR_DATABASE_URL already set is used as is.
//
// Runs after `npm ci`, so it may use the installed `postgres` package to ask the server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startPgliteServer } from "./pglite.mjs";
import { DATA_DIR, isAlive, log, tcpProbe } from "./util.mjs";

const STATE = path.join(DATA_DIR, "pglite-vector.json");

/** Does the server at `url` list `vector` in pg_available_extensions? */
async function offersVector(url) {
  const { default: postgres } = await import("postgres");
  const sql = postgres(url, { max: 1, connect_timeout: 5, idle_timeout: 1, onnotice: () => {}, prepare: false });
  try {
    const rows = await sql`select 1 from pg_available_extensions where name = 'vector'`;
    return rows.length > 0;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

/**
 * Decides where the vectors live and, if need be, starts the sidecar.
 * @param {{mode: "start"|"dev"|"test", procs: import("./procs.mjs").Procs, env: Record<string,string>, pg: {url: string, embedded: boolean}}} o
 * @returns {Promise<string|null>} the VECTOR_DATABASE_URL to export, or null (the main database serves).
 * @throws {SetupError} when the sidecar does not start.
 */
export async function resolveVectorStore({ mode, procs, env, pg }) {
  if (env.VECTOR_DATABASE_URL) {
    log("Vector store: VECTOR_DATABASE_URL from the environment (used when the main database has no pgvector)");
    return env.VECTOR_DATABASE_URL;
  }
  if (pg.embedded) {
    log("Vector store: pgvector in the embedded PostgreSQL (PGlite); no sidecar");
    return null;
  }
  if (await offersVector(pg.url)) {
    log("Vector store: pgvector in PostgreSQL (the vector extension is available); no sidecar");
    return null;
  }
  return startSidecar(mode, procs, env);
}

async function startSidecar(mode, procs, env) {
  let dataDir;
  if (mode === "test") {
    // A fresh store per run, removed at the end: the tests make their own schemas in it.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "panelist-vector-"));
    procs.stopHooks.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  } else {
    // Another `npm start` may already serve this directory: share it (two PGlite on one directory corrupt it).
    try {
      const s = JSON.parse(fs.readFileSync(STATE, "utf8"));
      if (isAlive(s.pid) && (await tcpProbe(s.host, s.port))) {
        log(`Vector store: PostgreSQL has no pgvector; reusing the PGlite vector sidecar of another run (pid ${s.pid}, ${s.host}:${s.port})`);
        return `postgres://postgres:postgres@${s.host}:${s.port}/postgres`;
      }
    } catch {}
    dataDir = path.join(DATA_DIR, "pglite-vector");
  }
  const { child, ready } = await startPgliteServer(procs, {
    name: "vector",
    dataDir,
    port: 0,
    stateFile: mode === "test" ? undefined : STATE,
    env,
    what: "the PGlite vector sidecar",
    area: "Vector store",
  });
  const where = mode === "test" ? "data in a temporary directory, removed at the end" : "data in .data/pglite-vector";
  log(
    `Vector store: PostgreSQL has no pgvector; PGlite vector sidecar on 127.0.0.1:${ready.port} (${where}; pid ${child.pid}, stops with this command) → VECTOR_DATABASE_URL`,
  );
  return `postgres://postgres:postgres@127.0.0.1:${ready.port}/postgres`;
}

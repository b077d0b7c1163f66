// PostgreSQL: DATABASE_URL, else 127.0.0.1:5432 if it answers and accepts
// us, else (start/dev) the embedded PGlite server, or (test) a real server
// brought up from the Debian packages.
//
// Runs after `npm ci`, so it may use the installed `postgres` package to
// check that a server accepts a connection and to create the database.
import fs from "node:fs";
import path from "node:path";
import { startPgliteServer } from "./pglite.mjs";
import { aptInstall, canAptInstall, DATA_DIR, isAlive, log, SetupError, tcpProbe, waitFor, which } from "./util.mjs";

const APP_DB = "panelist";

async function connect(url) {
  const { default: postgres } = await import("postgres");
  return postgres(url, { max: 1, connect_timeout: 5, idle_timeout: 1, onnotice: () => {}, prepare: false });
}

const withDb = (url, db) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

/** Does the server accept this URL? Resolves {ok} or {ok:false, error}. */
export async function canConnect(url) {
  let sql;
  try {
    sql = await connect(url);
    await sql`select 1`;
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  } finally {
    await sql?.end({ timeout: 1 }).catch(() => {});
  }
}

async function ensureDatabase(serverUrl, db) {
  const sql = await connect(withDb(serverUrl, "postgres"));
  try {
    const rows = await sql`select 1 from pg_database where datname = ${db}`;
    if (rows.length === 0) {
      await sql.unsafe(`create database "${db}"`);
      log(`PostgreSQL: created database ${db}`);
    }
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

const errorText = (err) => err?.message || String(err);

export async function resolvePostgres({ mode, procs, env }) {
  if (env.DATABASE_URL) {
    const r = await canConnect(env.DATABASE_URL);
    if (!r.ok) throw new SetupError(`PostgreSQL: DATABASE_URL is set but does not accept a connection: ${errorText(r.error)}`);
    log("PostgreSQL: using DATABASE_URL from the environment");
    return { url: env.DATABASE_URL, embedded: false };
  }
  // The probe address can be moved for tests of this script.
  const host = env.PANELIST_PG_PROBE_HOST || "127.0.0.1";
  const port = Number(env.PANELIST_PG_PROBE_PORT || 5432);
  const server = `postgres://postgres@${host}:${port}`;

  if (await tcpProbe(host, port)) {
    const r = await canConnect(withDb(server, "postgres"));
    if (r.ok) return adoptServer(server, mode, `${host}:${port} (answered)`);
    log(`PostgreSQL: ${host}:${port} answers but refuses postgres://postgres@ (${errorText(r.error)})`);
  } else {
    log(`PostgreSQL: nothing answers on ${host}:${port}`);
  }

  if (mode === "test") return startSystemPostgres(procs, mode);
  return startEmbedded(procs, env);
}

async function adoptServer(server, mode, why) {
  if (mode === "test") {
    // the test harness creates its own panelist_test_* databases on this server
    log(`PostgreSQL: using ${why}; tests create their own databases there`);
    return { url: withDb(server, "postgres"), embedded: false };
  }
  await ensureDatabase(server, APP_DB);
  log(`PostgreSQL: using ${why}, database ${APP_DB}`);
  return { url: withDb(server, APP_DB), embedded: false };
}

// ---------------------------------------------------------------------------
// Embedded: PGlite over TCP (scripts/pglite-server.mjs), data in .data/pglite.

const PGLITE_STATE = path.join(DATA_DIR, "pglite.json");

async function startEmbedded(procs, env) {
  // Another `npm start` may be serving the same data directory: share it
  // (two PGlite instances on one directory would corrupt it).
  try {
    const s = JSON.parse(fs.readFileSync(PGLITE_STATE, "utf8"));
    if (isAlive(s.pid) && (await tcpProbe(s.host, s.port))) {
      log(`PostgreSQL: reusing the embedded PostgreSQL of another run (pid ${s.pid}, ${s.host}:${s.port})`);
      return { url: `postgres://postgres:postgres@${s.host}:${s.port}/postgres`, embedded: true };
    }
  } catch {}

  const dataDir = path.join(DATA_DIR, "pglite");
  const fresh = !fs.existsSync(path.join(dataDir, "PG_VERSION"));
  log(`PostgreSQL: starting the embedded PostgreSQL (PGlite; data in .data/pglite${fresh ? ", first start takes ~15 s" : ""})`);
  const { child, ready } = await startPgliteServer(procs, {
    name: "pg",
    dataDir,
    port: 5432,
    stateFile: PGLITE_STATE,
    env,
    what: "the embedded PostgreSQL",
    area: "PostgreSQL",
  });
  const url = `postgres://postgres:postgres@127.0.0.1:${ready.port}/postgres`;
  log(`PostgreSQL: embedded PostgreSQL on 127.0.0.1:${ready.port} (pid ${child.pid}; stops with this command)`);
  return { url, embedded: true };
}

// ---------------------------------------------------------------------------
// Tests need a real server: start the Debian cluster, installing it if needed.

function listClusters() {
  const base = "/etc/postgresql";
  if (!fs.existsSync(base)) return [];
  const out = [];
  for (const version of fs.readdirSync(base).sort().reverse()) {
    for (const name of fs.existsSync(path.join(base, version)) ? fs.readdirSync(path.join(base, version)) : []) {
      const conf = path.join(base, version, name, "postgresql.conf");
      if (!fs.existsSync(conf)) continue;
      const m = fs.readFileSync(conf, "utf8").match(/^\s*port\s*=\s*(\d+)/m);
      out.push({ version, name, port: m ? Number(m[1]) : 5432 });
    }
  }
  return out;
}

async function startSystemPostgres(procs, mode) {
  const advice =
    "The test suite needs a real PostgreSQL server (the embedded one is for npm start only). " +
    "Start one on 127.0.0.1:5432 that accepts postgres://postgres@127.0.0.1:5432/postgres, or set DATABASE_URL to a server's maintenance database " +
    "(e.g. postgres://USER:PASSWORD@HOST:5432/postgres; the tests create their own panelist_test_* databases there).";
  if (!canAptInstall()) throw new SetupError(`PostgreSQL: nothing usable on 127.0.0.1:5432. ${advice}`);
  let clusters = listClusters();
  if (clusters.length === 0) {
    log("PostgreSQL: no server installed; installing it (apt-get install -y postgresql)");
    if (!(await aptInstall(procs, ["postgresql"]))) throw new SetupError(`PostgreSQL: apt-get install postgresql failed. ${advice}`);
    clusters = listClusters();
    if (clusters.length === 0) throw new SetupError(`PostgreSQL: installed, but no cluster was created. ${advice}`);
  }
  const c = clusters[0];
  const startedByUs = !(await tcpProbe("127.0.0.1", c.port));
  if (startedByUs) {
    log(`PostgreSQL: starting the installed cluster ${c.version}/${c.name} (pg_ctlcluster)`);
    const code = await procs.run("pg", "pg_ctlcluster", ["--skip-systemctl-redirect", c.version, c.name, "start"]);
    if (code !== 0) throw new SetupError(`PostgreSQL: pg_ctlcluster ${c.version} ${c.name} start failed (exit ${code}). ${advice}`);
    procs.stopHooks.push(async () => {
      log(`PostgreSQL: stopping cluster ${c.version}/${c.name} (started by this run)`);
      await procs.run("pg", "pg_ctlcluster", ["--skip-systemctl-redirect", c.version, c.name, "stop"]);
    });
    await waitFor(() => tcpProbe("127.0.0.1", c.port), { timeoutMs: 30_000, what: "PostgreSQL to listen" });
  }
  let server = `postgres://postgres@127.0.0.1:${c.port}`;
  let r = await canConnect(withDb(server, "postgres"));
  if (!r.ok && /password|authentication/i.test(errorText(r.error)) && which("runuser")) {
    // A fresh Debian cluster wants a password over TCP: give the postgres role one.
    log("PostgreSQL: the cluster wants a password over TCP; setting one for the postgres role (postgres)");
    await procs.run("pg", "runuser", ["-u", "postgres", "--", "psql", "-q", "-p", String(c.port), "-c", "ALTER ROLE postgres PASSWORD 'postgres'"]);
    server = `postgres://postgres:postgres@127.0.0.1:${c.port}`;
    r = await canConnect(withDb(server, "postgres"));
  }
  if (!r.ok) throw new SetupError(`PostgreSQL: the cluster on 127.0.0.1:${c.port} refuses us (${errorText(r.error)}). ${advice}`);
  return adoptServer(server, mode, `127.0.0.1:${c.port} (${startedByUs ? "started" : "answered"})`);
}

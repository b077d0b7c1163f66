#!/usr/bin/env node

// Embedded PostgreSQL for `npm start` / `npm run dev` on a machine without a
// PostgreSQL server: PGlite (PostgreSQL compiled to WASM, one session) served
// over TCP, so the app, the worker and drizzle talk to it with postgres.js
// exactly as they would to a real server.
//
// Why not `PGLiteSocketServer` from @electric-sql/pglite-socket as it is: its
// multiplexer interleaves clients message by message. postgres.js pipelines the
// extended protocol (Parse/Bind/Execute/Sync), so two pooled connections end
// up sharing the unnamed portal ("portal \"\" does not exist", wrong rows) as
// soon as a transaction and a query overlap. Here a connection takes the one
// PGlite session for a whole exchange — from its first message until a
// ReadyForQuery that says "idle" — so an extended-protocol batch and a whole
// transaction run as a unit while other connections wait their turn.
//
// Limits (documented in docs/setup.md): one statement runs at a time; a
// connection that keeps a transaction open blocks every other connection (see
// the watchdog below); all connections share one session (SET, session
// advisory locks, temp tables and prepared statements are visible to all).
//
// Usage: node scripts/pglite-server.mjs [--db DIR] [--port N] [--host H]
// Prints one line `PGLITE_READY {"host":..,"port":..}` once it accepts connections.
// Stops on SIGINT/SIGTERM, or when its parent process goes away.

import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: ".data/pglite" },
    port: { type: "string", default: "5432" },
    host: { type: "string", default: "127.0.0.1" },
    "state-file": { type: "string" },
  },
});

const IDLE_TX_MS = Number(process.env.PANELIST_PGLITE_IDLE_TX_MS || 300_000);
const DEBUG = process.env.PANELIST_PGLITE_DEBUG === "1";
const log = (...a) => console.log(...a);
const debug = (...a) => DEBUG && console.log("debug:", ...a);

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

const { PGlite } = await import("@electric-sql/pglite");
const extensions = {};
try {
  // A peer dependency of pglite-socket, so npm installs it; used when the
  // migrations say CREATE EXTENSION vector.
  const { vector } = await import("@electric-sql/pglite-pgvector");
  extensions.vector = vector;
} catch {
  log("pgvector extension for PGlite not installed: CREATE EXTENSION vector will fail");
}

const dataDir = path.resolve(args.db);
fs.mkdirSync(dataDir, { recursive: true });
const db = await PGlite.create({ dataDir, extensions });
await db.waitReady;

// ---------------------------------------------------------------------------
// The one session, lent to one connection at a time. acquire() resolves true
// when the caller owns the session, false when its wait was cancelled.
class SessionLock {
  owner = null;
  waiters = []; // {conn, resolve}
  acquire(conn) {
    if (this.owner === conn) return Promise.resolve(true);
    if (this.owner === null) {
      this.owner = conn;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => this.waiters.push({ conn, resolve }));
  }
  release(conn) {
    if (this.owner !== conn) return;
    this.owner = null;
    while (this.waiters.length) {
      const next = this.waiters.shift();
      if (next.conn.closed && !next.conn.cleaningUp) {
        next.resolve(false); // it sees it is closed and bails out
        continue;
      }
      this.owner = next.conn;
      next.resolve(true);
      return;
    }
  }
  cancelWaiters() {
    const cancelled = this.waiters.filter((w) => !w.conn.cleaningUp);
    this.waiters = this.waiters.filter((w) => w.conn.cleaningUp);
    for (const w of cancelled) w.resolve(false);
    return cancelled.length;
  }
}
const lock = new SessionLock();

// Follows the backend messages that PGlite returns (chunks may split them)
// and remembers the status byte of the last ReadyForQuery ('I', 'T', 'E').
class ReadyScanner {
  header = Buffer.alloc(0);
  skip = 0;
  inZ = false;
  status = null;
  feed(chunk) {
    let i = 0;
    while (i < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - i);
        if (this.inZ) this.status = String.fromCharCode(chunk[i + n - 1]);
        this.skip -= n;
        i += n;
        continue;
      }
      const need = 5 - this.header.length;
      const take = chunk.subarray(i, i + need);
      this.header = Buffer.concat([this.header, take]);
      i += take.length;
      if (this.header.length === 5) {
        this.inZ = this.header[0] === 0x5a; // 'Z'
        this.skip = this.header.readInt32BE(1) - 4;
        this.header = Buffer.alloc(0);
      }
    }
  }
}

async function exec(message, onData) {
  const scanner = new ReadyScanner();
  await db.runExclusive(() =>
    db.execProtocolRawStream(message, {
      onRawData: (data) => {
        scanner.feed(data);
        onData?.(data);
      },
    }),
  );
  return scanner.status;
}

const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);
const READY_IDLE = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]); // ReadyForQuery 'I'
function errorResponse(severity, code, message) {
  const fields = Buffer.from(`S${severity}\0V${severity}\0C${code}\0M${message}\0\0`, "utf8");
  const msg = Buffer.alloc(5 + fields.length);
  msg[0] = 0x45; // 'E'
  msg.writeInt32BE(4 + fields.length, 1);
  fields.copy(msg, 5);
  return msg;
}
const LOCK_TIMEOUT_MESSAGE =
  "canceling statement: the embedded PostgreSQL (PGlite) runs one transaction at a time and " +
  "another connection has kept one open and idle too long (waiting for this query inside its transaction?)";
function simpleQuery(sql) {
  const body = Buffer.from(`${sql}\0`, "utf8");
  const msg = Buffer.alloc(5 + body.length);
  msg[0] = 0x51; // 'Q'
  msg.writeInt32BE(4 + body.length, 1);
  body.copy(msg, 5);
  return msg;
}

// ---------------------------------------------------------------------------
let nextId = 1;
const conns = new Set();

class Connection {
  id = nextId++;
  buffer = Buffer.alloc(0);
  pending = []; // chunks not yet joined into buffer
  pendingBytes = 0;
  need = 0; // bytes buffer must hold before the next message is complete
  started = false; // startup message seen
  chain = Promise.resolve(); // messages of one connection run in order
  closed = false;
  busy = false; // a message of its own is running in PGlite
  cleaningUp = false; // closed, waiting for the session to tidy up
  statements = new Set(); // named prepared statements it created
  skipUntilSync = false;
  holdsSession = false; // between its first message and an idle ReadyForQuery
  lastActivity = Date.now();

  constructor(socket) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on("data", (d) => this.onData(d));
    socket.on("error", (e) => debug(`#${this.id} socket error`, e.message));
    socket.on("close", () => this.onClose());
  }

  write(data) {
    if (!this.closed && this.socket.writable) this.socket.write(Buffer.from(data));
  }

  onData(data) {
    this.lastActivity = Date.now();
    // A large message (a 10 MB upload in a Bind) arrives in many chunks:
    // gather them and join once, when the whole message is there.
    this.pending.push(data);
    this.pendingBytes += data.length;
    if (this.buffer.length + this.pendingBytes < this.need) return;
    this.buffer = Buffer.concat([this.buffer, ...this.pending]);
    this.pending = [];
    this.pendingBytes = 0;
    this.need = 0;
    for (;;) {
      if (!this.started) {
        if (this.buffer.length < 8) return;
        const len = this.buffer.readInt32BE(0);
        const code = this.buffer.readInt32BE(4);
        if (len === 8 && (code === SSL_REQUEST || code === GSSENC_REQUEST)) {
          this.buffer = this.buffer.subarray(8);
          this.write(Buffer.from("N")); // no TLS here; the client goes on in clear
          continue;
        }
        if (len === 16 && code === CANCEL_REQUEST) {
          // PGlite has no backend to interrupt; the protocol expects no answer.
          this.buffer = this.buffer.subarray(16);
          this.socket.end();
          return;
        }
        if (this.buffer.length < len) {
          this.need = len;
          return;
        }
        const msg = this.buffer.subarray(0, len);
        this.buffer = this.buffer.subarray(len);
        this.started = true;
        this.enqueue(msg, true);
        continue;
      }
      if (this.buffer.length < 5) return;
      const len = 1 + this.buffer.readInt32BE(1);
      if (this.buffer.length < len) {
        this.need = len;
        return;
      }
      const msg = this.buffer.subarray(0, len);
      this.buffer = this.buffer.subarray(len);
      if (msg[0] === 0x58) {
        // 'X' Terminate: the client is leaving; onClose tidies up.
        this.socket.end();
        return;
      }
      this.enqueue(msg);
    }
  }

  enqueue(msg, isStartup = false) {
    const copy = new Uint8Array(msg); // the socket buffer is reused
    this.chain = this.chain
      .then(() => this.run(copy, isStartup))
      .catch((err) => {
        log(`connection #${this.id}: ${err?.message || err}`);
        this.socket.destroy();
      });
  }

  async run(msg, isStartup) {
    if (this.closed) return;
    if (this.skipUntilSync) {
      // the rest of a batch whose first message was refused: PostgreSQL
      // discards up to Sync after an error, then says it is ready
      if (msg[0] === 0x53) {
        this.skipUntilSync = false;
        this.write(READY_IDLE);
      }
      return;
    }
    const got = await lock.acquire(this);
    if (this.closed) return; // cleanup() comes next on this chain
    if (!got) return this.refuse(msg, isStartup);
    this.track(msg);
    this.holdsSession = true;
    this.busy = true;
    let status;
    try {
      status = await exec(msg, (data) => this.write(data));
    } finally {
      this.busy = false;
      this.lastActivity = Date.now();
    }
    if (status === "I") {
      this.holdsSession = false;
      lock.release(this);
    }
  }

  // Named prepared statements outlive their connection in the one shared
  // session; remember them so cleanup() can DEALLOCATE them (postgres.js
  // prepares every query under a per-connection random name, and reconnects
  // after idle_timeout: without this they would pile up for ever).
  track(msg) {
    const cstring = (at) => Buffer.from(msg.subarray(at, msg.indexOf(0, at))).toString("utf8");
    if (msg[0] === 0x50) {
      const name = cstring(5); // Parse: statement name first
      if (name) this.statements.add(name);
    } else if (msg[0] === 0x43 && msg[5] === 0x53) {
      this.statements.delete(cstring(6)); // Close 'S'tatement
    }
  }

  // Its wait for the session was cancelled (lock timeout): answer like
  // PostgreSQL's lock_timeout, so the caller gets an error, not a hang.
  refuse(msg, isStartup) {
    if (isStartup) return this.terminate("55P03", LOCK_TIMEOUT_MESSAGE);
    this.write(errorResponse("ERROR", "55P03", LOCK_TIMEOUT_MESSAGE));
    if (msg[0] === 0x51 || msg[0] === 0x53)
      this.write(READY_IDLE); // Query, Sync
    else this.skipUntilSync = true;
  }

  // Like PostgreSQL's idle_in_transaction_session_timeout: a FATAL
  // ErrorResponse, then the server closes the connection.
  terminate(code, message) {
    this.write(errorResponse("FATAL", code, message));
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 1000).unref();
  }

  onClose() {
    if (this.closed) return;
    this.closed = true;
    conns.delete(this);
    this.chain = this.chain.then(() => this.cleanup()).catch((e) => log(`cleanup #${this.id}: ${e.message}`));
  }

  // A connection that went away: finish its batch and roll back its
  // transaction if it held the session, and drop its prepared statements.
  async cleanup() {
    const owned = lock.owner === this;
    if (!owned && this.statements.size === 0) return;
    if (!owned) {
      this.cleaningUp = true;
      if (!(await lock.acquire(this))) return;
    }
    try {
      if (owned) {
        let status = await exec(SYNC);
        if (status && status !== "I") status = await exec(simpleQuery("ROLLBACK"));
        if (status !== "I") log(`connection #${this.id}: session left in state ${status} after rollback`);
      }
      for (const name of this.statements) await exec(simpleQuery(`DEALLOCATE "${name.replace(/"/g, '""')}"`));
      this.statements.clear();
    } finally {
      this.holdsSession = false;
      this.cleaningUp = false;
      lock.release(this);
    }
  }
}

// A connection idle inside a transaction blocks every other one, where
// PostgreSQL would let the others run. Typical cause: code that, inside a
// transaction, waits for a query on another pooled connection — a deadlock
// here. After LOCK_TIMEOUT_MS the waiting queries fail (SQLSTATE 55P03, as
// with lock_timeout); after IDLE_TX_MS the idle transaction itself is ended
// (25P03, as with idle_in_transaction_session_timeout).
const LOCK_TIMEOUT_MS = Number(process.env.PANELIST_PGLITE_LOCK_TIMEOUT_MS || 15_000);
const watchdog = setInterval(() => {
  const owner = lock.owner;
  if (!owner || owner.busy || !owner.holdsSession || lock.waiters.length === 0) return;
  const idle = Date.now() - owner.lastActivity;
  if (idle >= IDLE_TX_MS) {
    log(`connection #${owner.id} kept a transaction idle for ${Math.round(idle / 1000)} s while others waited; closing it`);
    owner.terminate("25P03", "terminating connection due to idle-in-transaction timeout (embedded PostgreSQL)");
  } else if (idle >= LOCK_TIMEOUT_MS) {
    const n = lock.cancelWaiters();
    log(
      `connection #${owner.id} has kept a transaction open and idle for ${Math.round(idle / 1000)} s; ` +
        `failed ${n} waiting quer${n === 1 ? "y" : "ies"} (55P03). The embedded PostgreSQL runs one ` +
        `transaction at a time: inside a transaction, use only its own connection and make no slow calls.`,
    );
  }
}, 500);
watchdog.unref();

const server = net.createServer((socket) => {
  const conn = new Connection(socket);
  conns.add(conn);
  debug(`#${conn.id} connected from ${socket.remotePort}`);
});

function listen(port) {
  return new Promise((resolve, reject) => {
    const onError = (err) => reject(err);
    server.once("error", onError);
    server.listen(port, args.host, () => {
      server.off("error", onError);
      resolve(server.address().port);
    });
  });
}

let port;
try {
  port = await listen(Number(args.port));
} catch (err) {
  if (err.code !== "EADDRINUSE") throw err;
  log(`port ${args.port} is taken; using a free one`);
  port = await listen(0);
}

if (args["state-file"]) {
  fs.writeFileSync(args["state-file"], `${JSON.stringify({ pid: process.pid, host: args.host, port, dataDir })}\n`);
}
console.log(`PGLITE_READY ${JSON.stringify({ host: args.host, port })}`);

// ---------------------------------------------------------------------------
let stopping = false;
async function stop(reason) {
  if (stopping) return;
  stopping = true;
  log(`stopping (${reason})`);
  server.close();
  for (const c of conns) c.socket.destroy();
  // let the cleanups (rollbacks) run, then close the database cleanly
  await Promise.race([Promise.allSettled([...conns].map((c) => c.chain)), new Promise((r) => setTimeout(r, 2000))]);
  try {
    await db.close();
  } catch (e) {
    log(`close: ${e.message}`);
  }
  if (args["state-file"]) {
    try {
      const s = JSON.parse(fs.readFileSync(args["state-file"], "utf8"));
      if (s.pid === process.pid) fs.unlinkSync(args["state-file"]);
    } catch {}
  }
  process.exit(0);
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGHUP", () => stop("SIGHUP"));
// If whoever started us dies without stopping us (kill -9), do not keep the
// data directory locked forever.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop("parent exited");
}, 1000).unref();

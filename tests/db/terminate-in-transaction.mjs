// Child process for postgres-driver.test.ts: the backend of an open transaction is
// terminated while a query is in flight (porsager/postgres#1208). Unpatched postgres.js 3.4.9
// throws from a setImmediate (`socket.write` on null) and the process exits 1.
// Prints one JSON line: {outcome, code, after, unhandled} — how the transaction ended and its error code, then a query on the same pool.
import postgres from "postgres";

const url = process.argv[2];
// A rejection nobody handled is reported in the output (with its stack) rather than ending the
// process with a bare code, so a failure says which promise it was.
const unhandled = [];
process.on("unhandledRejection", (e) => unhandled.push(`${e?.code ?? ""} ${e?.stack ?? String(e)}`.trim()));
const sql = postgres(url, { max: 2, onnotice: () => {} });
const killer = postgres(url, { max: 1, onnotice: () => {} });
let pid = null;
const tx = sql.begin(async (t) => {
  const [row] = await t`select pg_backend_pid() as pid`;
  pid = row.pid;
  await t`select pg_sleep(5)`;
});
// The outcome's handler is attached before the kill: on a loaded machine the transaction can
// fail before pg_terminate_backend's own reply arrives, and a rejection without a handler by then
// would end this process as an unhandled rejection — a fault of the script, not of the driver.
const outcome = tx.then(
  () => "committed",
  (e) => e.code ?? String(e),
);
while (pid === null) await new Promise((r) => setTimeout(r, 10));
await killer`select pg_terminate_backend(${pid})`;
// Let the rollback's deferred write (the crashing setImmediate) run before going on.
await new Promise((r) => setTimeout(r, 50));
const rows = await Promise.all([1, 2, 3, 4].map((n) => sql`select ${n}::int as n`));
const result = await outcome;
// Either way the backend's end reaches the transaction: the server's own FATAL 57P01
// (admin_shutdown) when its error message is read before the socket closes, CONNECTION_CLOSED otherwise.
const ended = result === "57P01" || result === "CONNECTION_CLOSED";
console.log(JSON.stringify({ outcome: ended ? "backend_ended" : result, code: result, after: rows.map(([r]) => r.n), unhandled }));
await sql.end({ timeout: 1 });
await killer.end({ timeout: 1 });

// Child process for postgres-driver.test.ts: the backend of an open transaction is
// terminated while a query is in flight (porsager/postgres#1208). Unpatched postgres.js 3.4.9
// throws from a setImmediate (`socket.write` on null) and the process exits 1.
// Prints one JSON line: {outcome, after} — the transaction's error code, then a query on the same pool.
import postgres from "postgres";

const url = process.argv[2];
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
console.log(JSON.stringify({ outcome: await outcome, after: rows.map(([r]) => r.n) }));
await sql.end({ timeout: 1 });
await killer.end({ timeout: 1 });

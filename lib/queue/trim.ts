import type Redis from "ioredis";
/**
 * Trims ACKed history off a stream without ever dropping an entry still needed: the cut-off
 * is the smaller of the oldest pending entry (PEL) and the group's last-delivered id, so
 * pending and not-yet-delivered entries all survive. Redis 7.0 has no `XTRIM … ACKED`
 * (that came in 8.2), hence the derived MINID. `XTRIM MINID` removes entries with ids
 * strictly lower than the cut-off.
 *
 * @returns the number of entries removed (0 when the stream or group is missing).
 */
export async function trimAcked(redis: Redis, stream: string): Promise<number> {
  let groups: unknown[][];
  try {
    groups = (await redis.xinfo("GROUPS", stream)) as unknown[][];
  } catch {
    return 0; // no stream yet
  }
  if (groups.length === 0) return 0;
  let cutoff: string | null = null;
  for (const g of groups) {
    const name = String(g[g.indexOf("name") + 1]);
    const lastDelivered = String(g[g.indexOf("last-delivered-id") + 1]);
    const summary = (await redis.xpending(stream, name)) as [number, string | null, string | null, unknown];
    const oldestPending = summary[0] > 0 ? summary[1] : null;
    for (const id of [lastDelivered, oldestPending]) {
      if (id && (cutoff === null || compareIds(id, cutoff) < 0)) cutoff = id;
    }
  }
  if (!cutoff || cutoff === "0-0") return 0;
  return Number(await redis.xtrim(stream, "MINID", cutoff));
}

/** Orders two stream ids (`ms-seq`). */
function compareIds(a: string, b: string): number {
  const [am, as] = a.split("-").map(BigInt);
  const [bm, bs] = b.split("-").map(BigInt);
  if (am !== bm) return am < bm ? -1 : 1;
  if (as !== bs) return as < bs ? -1 : 1;
  return 0;
}

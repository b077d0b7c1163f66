/**
 * What the task streams hold right now, per task type and lane (docs/architecture.md, "Queue
 * health"): the figures the console's queue page, the lag/oldest-pending alerts and the
 * Prometheus gauges read. Two pipelined round trips for every stream together; no Lua, nothing
 * written.
 */
import type Redis from "ioredis";
import { TASK_TYPES } from "@/lib/tasks/definitions";
import { CONSUMER_GROUP, dlqKey, LANES, type Lane, streamKey, type TaskType } from "./names";

/** One consumer of the group on one stream (XINFO CONSUMERS). */
export type ConsumerStats = {
  name: string;
  /** Entries delivered to it and not yet ACKed (its share of the PEL). */
  pending: number;
  /** Since its last read or claim attempt, ms (Redis 7.0's `idle`). */
  idleMs: number;
};

/** One stream (`panelist:{type}:lane`) and its consumer group `workers`. */
export type StreamStats = {
  type: TaskType;
  lane: Lane;
  /** The stream's key. */
  stream: string;
  /** XLEN: entries held (delivered and not, ACKed or not, until trimmed). */
  length: number;
  /**
   * Entries not yet delivered to the group (XINFO GROUPS `lag`, Redis ≥ 7.0). Null when Redis
   * cannot tell (it reports nil after some deletions); 0 when the stream or group does not exist.
   */
  lag: number | null;
  /** Delivered and not ACKed: the group's PEL size. */
  pending: number;
  /** How long the oldest PEL entry has gone without a delivery or claim, ms (XPENDING IDLE); 0 when none. */
  oldestPendingIdleMs: number;
  /** Age of the oldest PEL entry since it was added (its id's time), ms; 0 when none. */
  oldestPendingAgeMs: number;
  /**
   * Age of the oldest entry not yet delivered (the first after the group's last-delivered id),
   * ms; 0 when nothing waits. A stalled queue shows a growing figure here while an idle one
   * shows 0 — the two look alike by length and PEL alone.
   */
  oldestWaitingAgeMs: number;
  consumers: ConsumerStats[];
  /** XLEN of the type's DLQ stream (a copy; the database's FAILED rows are the truth). Same on both lanes. */
  dlqLength: number;
};

/** The ms part of a stream entry id `<ms>-<seq>`. */
function idTimeMs(id: string): number {
  return Number(id.split("-")[0]);
}

/** ioredis returns XINFO replies as flat `[key, value, key, value…]` arrays. */
function fields(reply: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i + 1 < reply.length; i += 2) out[String(reply[i])] = reply[i + 1];
  return out;
}

type PipelineResult = [Error | null, unknown][] | null;

/** The reply of one pipelined command; null when it failed (no such key, NOGROUP). */
function ok(results: PipelineResult, i: number): unknown {
  const r = results?.[i];
  return r && !r[0] ? r[1] : null;
}

/**
 * Stats of every task stream (each task type × lane), in `TASK_TYPES` × `LANES` order. A stream
 * or group that does not exist yet reads as empty. Ages use Redis' clock (`TIME`), so they
 * are right whatever this process's clock says.
 * @throws the ioredis error when Redis cannot be reached.
 */
export async function queueStats(redis: Redis): Promise<StreamStats[]> {
  const streams = TASK_TYPES.flatMap((type) => LANES.map((lane) => ({ type, lane, stream: streamKey(type, lane) })));
  const first = redis.pipeline();
  first.time();
  for (const s of streams) {
    first.xlen(s.stream);
    first.xinfo("GROUPS", s.stream);
    first.xinfo("CONSUMERS", s.stream, CONSUMER_GROUP);
    first.call("XPENDING", s.stream, CONSUMER_GROUP, "IDLE", 0, "-", "+", 1);
    first.xlen(dlqKey(s.type));
  }
  const r1 = await first.exec();
  const time = ok(r1, 0) as [string, string] | null;
  if (!time) throw (r1?.[0]?.[0] as Error | undefined) ?? new Error("Redis TIME failed");
  const nowMs = Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000);

  const per = 5;
  const partial = streams.map((s, k) => {
    const base = 1 + k * per;
    const groups = (ok(r1, base + 1) as unknown[][] | null) ?? [];
    const group = groups.map(fields).find((g) => g.name === CONSUMER_GROUP);
    const consumers = ((ok(r1, base + 2) as unknown[][] | null) ?? [])
      .map(fields)
      .map((c): ConsumerStats => ({ name: String(c.name), pending: Number(c.pending ?? 0), idleMs: Number(c.idle ?? 0) }));
    const oldest = ((ok(r1, base + 3) as [string, string, number, number][] | null) ?? [])[0];
    const length = Number(ok(r1, base) ?? 0);
    return {
      ...s,
      length,
      lag: group ? (group.lag === null || group.lag === undefined ? null : Number(group.lag)) : 0,
      pending: group ? Number(group.pending ?? 0) : 0,
      oldestPendingIdleMs: oldest ? Number(oldest[2]) : 0,
      oldestPendingAgeMs: oldest ? Math.max(0, nowMs - idTimeMs(oldest[0])) : 0,
      consumers,
      dlqLength: Number(ok(r1, base + 4) ?? 0),
      lastDelivered: group ? String(group["last-delivered-id"]) : null,
    };
  });

  // The oldest waiting entry is the first one after the group's last-delivered id.
  const second = redis.pipeline();
  for (const p of partial) second.xrange(p.stream, p.lastDelivered ? `(${p.lastDelivered}` : "-", "+", "COUNT", 1);
  const r2 = await second.exec();
  return partial.map(({ lastDelivered: _, ...p }, k) => {
    const next = ((ok(r2, k) as [string, string[]][] | null) ?? [])[0];
    return { ...p, oldestWaitingAgeMs: next ? Math.max(0, nowMs - idTimeMs(next[0])) : 0 };
  });
}

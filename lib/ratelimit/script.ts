/**
 * A Lua script run with EVALSHA, falling back to EVAL when the server answers NOSCRIPT
 * (after a Redis restart or failover the script cache is empty; EVAL loads it again).
 * The same pattern as ioredis' own `defineCommand`, without adding methods to a shared client.
 *
 * Works with a single `Redis` and with a `Cluster` client: every script here is given only keys
 * that share one hash tag, so the cluster client routes it to the one node owning that slot.
 */
import { createHash } from "node:crypto";
import type { Cluster, Redis } from "ioredis";

export type RedisClient = Redis | Cluster;
type Arg = string | number;

export class LuaScript {
  readonly sha: string;

  constructor(
    readonly name: string,
    readonly source: string,
  ) {
    this.sha = createHash("sha1").update(source).digest("hex");
  }

  async run<T = unknown>(redis: RedisClient, keys: readonly string[], args: readonly Arg[]): Promise<T> {
    const client = redis as Redis; // Cluster exposes the same eval/evalsha signatures
    try {
      return (await client.evalsha(this.sha, keys.length, ...keys, ...args)) as T;
    } catch (e) {
      if (e instanceof Error && e.message.startsWith("NOSCRIPT")) {
        return (await client.eval(this.source, keys.length, ...keys, ...args)) as T;
      }
      throw e;
    }
  }
}

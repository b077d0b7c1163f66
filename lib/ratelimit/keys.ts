/**
 * Redis keys of the upstream governor and the circuit breaker (docs/governor.md, "Keys").
 *
 * Every key of one provider+model carries the same Redis Cluster hash tag, so each Lua script
 * (which only ever touches the keys of one model) lands in one slot:
 *
 *   <prefix>panelist:{gov:<provider>:<model>}:req     ZSET  reservation id → grant time (ms)   — RPM log
 *   <prefix>panelist:{gov:<provider>:<model>}:tok     ZSET  reservation id → grant time (ms)   — TPM log
 *   <prefix>panelist:{gov:<provider>:<model>}:w       HASH  reservation id → tokens charged
 *   <prefix>panelist:{gov:<provider>:<model>}:st      HASH  sum (tokens in window), seq, upstream "phantom" usage,
 *                                                           ia (last interactive ask), tr/tt (pace TATs), pl (latest grant)
 *   <prefix>panelist:{gov:<provider>:<model>}:pause   STRING  pause-until (Redis time, ms), PX = the pause
 *   <prefix>panelist:{cb:<provider>:<model>}          HASH  circuit-breaker state
 *
 * Provider and model are URI-encoded, so a model id holding `{`, `}` or `:` cannot break the
 * hash tag or make two models share counters. `<prefix>` is `PANELIST_REDIS_PREFIX` (default
 * empty), read at call time, or the `prefix` a caller passes (tests).
 */
import { redisPrefix } from "@/lib/queue/names";

export interface ModelRef {
  /** Provider label as in usage rows: openai, deepseek, qwen, ollama, openai-compatible… */
  provider: string;
  /** Model id as asked for, e.g. gpt-4o-mini. */
  model: string;
}

export interface GovernorKeys {
  req: string;
  tok: string;
  weights: string;
  state: string;
  pause: string;
}

function tagPart(s: string): string {
  if (!s) throw new TypeError("provider and model must be non-empty strings");
  return encodeURIComponent(s);
}

/** `{gov:<provider>:<model>}` — the one hash tag shared by all governor keys of a model. */
function governorTag(ref: ModelRef): string {
  return `{gov:${tagPart(ref.provider)}:${tagPart(ref.model)}}`;
}

export function governorKeys(ref: ModelRef, prefix: string = redisPrefix()): GovernorKeys {
  const base = `${prefix}panelist:${governorTag(ref)}`;
  return { req: `${base}:req`, tok: `${base}:tok`, weights: `${base}:w`, state: `${base}:st`, pause: `${base}:pause` };
}

/** `<prefix>panelist:{cb:<provider>:<model>}` — the breaker's single hash. */
export function breakerKey(ref: ModelRef, prefix: string = redisPrefix()): string {
  return `${prefix}panelist:{cb:${tagPart(ref.provider)}:${tagPart(ref.model)}}`;
}

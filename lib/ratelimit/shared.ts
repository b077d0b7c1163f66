/**
 * Process-wide instances on the shared command connection (`lib/queue/redis.ts` getRedis()):
 * what `lib/ai/` uses in production. Tests build their own `Governor`/`CircuitBreaker` with a
 * key prefix and short windows instead.
 */
import { getRedis } from "@/lib/queue/redis";
import { type BreakerOptions, CircuitBreaker } from "./circuit-breaker";
import { Governor } from "./governor";
import type { ModelRef } from "./keys";

let governor: Governor | undefined;

/** The governor: quota from LLM_RPM / LLM_TPM (read per call), 60 s window. */
export function getGovernor(): Governor {
  governor ??= new Governor(getRedis());
  return governor;
}

/** The breaker of one provider+model (cheap: state lives in Redis). */
export function getBreaker(ref: ModelRef, opts?: BreakerOptions): CircuitBreaker {
  return new CircuitBreaker(getRedis(), ref, opts);
}

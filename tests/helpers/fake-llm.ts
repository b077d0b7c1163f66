import type Redis from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { LlmError } from "@/lib/ai/errors";
import { redisPrefix } from "@/lib/queue/names";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { type FakeLlm, startFakeLlm } from "@/scripts/fake-llm/server";
import { clearPrefix, envRestorer } from "./fixtures";

/**
 * Deletes this process's circuit-breaker and governor keys (`panelist:{cb:*`, `panelist:{gov:*`
 * under the test prefix): the model's circuit and quota live in Redis, so without this one test's
 * failures would open the next one's circuit or spend its quota.
 */
export async function clearModelState(redis: Redis): Promise<void> {
  const keys = [...(await redis.keys(`${redisPrefix()}panelist:{cb:*`)), ...(await redis.keys(`${redisPrefix()}panelist:{gov:*`))];
  if (keys.length) await redis.del(...keys);
}

/** The variables that choose the model; a file using {@link withFakeLlmModel} owns them. */
const MODEL_ENV = ["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_PROVIDER", "LLM_STRUCTURED_OUTPUT"] as const;

/**
 * Registers the hooks of a test file whose model is the fake OpenAI-compatible server: started
 * once, reset and made the configured model before each test (with this file's Redis prefix
 * cleared, so a 429's pause or a breaker count never reaches the next test), the model
 * variables restored and everything closed after the file.
 * @returns the server (valid once `beforeAll` ran) and its chat-completion requests so far.
 */
export function withFakeLlmModel(): { llm: () => FakeLlm; chatRequests: () => ReturnType<FakeLlm["requests"]> } {
  const restoreEnv = envRestorer(MODEL_ENV);
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
  });
  afterAll(async () => {
    restoreEnv();
    await llm.close();
    await clearPrefix(getRedis());
    await closeRedis();
  });
  beforeEach(async () => {
    await clearPrefix(getRedis());
    llm.reset();
    for (const k of MODEL_ENV) delete process.env[k];
    process.env.LLM_BASE_URL = llm.url;
    process.env.LLM_API_KEY = "test";
  });
  afterEach(() => llm.reset());
  return { llm: () => llm, chatRequests: () => llm.requests().filter((r) => r.path === "/v1/chat/completions") };
}

/** Runs `f`, expecting it to throw an {@link LlmError}, and returns that error. */
export async function expectLlmError(f: () => Promise<unknown>): Promise<LlmError> {
  try {
    await f();
  } catch (e) {
    expect(e).toBeInstanceOf(LlmError);
    return e as LlmError;
  }
  throw new Error("expected an LlmError, but the call succeeded");
}

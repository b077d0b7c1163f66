/**
 * The token counts the model layer reports are the upstream's own, not merely "some": each
 * call's usage equals what the fake server counted and sent for that request (its recorded
 * `usage`), for a structured call, a streamed one, a prompt-cache hit, and an answer cut at its
 * token limit. (The other files of this layer check that usage is present; this one checks its
 * figures.)
 */
// A Redis key prefix of this file's own (the governor and the breaker keep their state there).
import "@/tests/helpers/env";
import { streamText } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { expectLlmError, withFakeLlmModel } from "@/tests/helpers/fake-llm";
import { getLanguageModel } from "./providers";
import { generateStructured } from "./structured";

const { llm: fakeLlm, chatRequests } = withFakeLlmModel();

/** What the server counted for its one recorded chat request, in the layer's terms. */
function serverUsage() {
  const calls = chatRequests();
  expect(calls).toHaveLength(1);
  const u = calls[0].usage!;
  expect(u.prompt_tokens).toBeGreaterThan(0); // a count that says nothing could not catch a wrong one
  return { inputTokens: u.prompt_tokens, outputTokens: u.completion_tokens, cachedInputTokens: u.prompt_tokens_details?.cached_tokens ?? 0 };
}

/** A system prompt past the server's 1 024-token cache prefix (≈ 4 characters a token). */
const LONG_SYSTEM = `You score answers. ${"Judge the answer on its evidence, its structure and its trade-offs. ".repeat(80)}`;
const schema = z.object({ verdict: z.enum(["hire", "no_hire"]), reasons: z.array(z.string()) });

describe("usage is the upstream's count", () => {
  it("generateStructured: input, output and cached tokens as the server counted them", async () => {
    const r = await generateStructured({ schema, system: "Decide.", prompt: "Candidate: strong Go engineer, led a team of four." });
    expect(r.usage).toEqual(serverUsage());
  });

  it("a streamed answer: the usage chunk's figures", async () => {
    const result = streamText({ model: getLanguageModel(), system: "You are an interviewer.", prompt: "I built a settlement service in Go.", maxRetries: 0 });
    for await (const _ of result.textStream) {
      /* drain */
    }
    const usage = await result.usage;
    const counted = serverUsage();
    expect({ inputTokens: usage.inputTokens, outputTokens: usage.outputTokens }).toEqual({
      inputTokens: counted.inputTokens,
      outputTokens: counted.outputTokens,
    });
  });

  it("a prompt-cache hit: the cached part is reported as the server counted it", async () => {
    await generateStructured({ schema, system: LONG_SYSTEM, prompt: "Candidate A: led a team of four." });
    const second = await generateStructured({ schema, system: LONG_SYSTEM, prompt: "Candidate B: built a settlement service in Go." });
    const calls = chatRequests();
    expect(calls).toHaveLength(2);
    const u = calls[1].usage!;
    expect(u.prompt_tokens_details?.cached_tokens ?? 0).toBeGreaterThan(0); // the cache did hit
    expect(second.usage).toEqual({
      inputTokens: u.prompt_tokens,
      outputTokens: u.completion_tokens,
      cachedInputTokens: u.prompt_tokens_details!.cached_tokens,
    });
  });

  it("an answer cut at its token limit still reports the tokens the server counted", async () => {
    fakeLlm().control({ mode: "truncated", count: 1 });
    const e = await expectLlmError(() => generateStructured({ schema, system: "Decide.", prompt: "Candidate: strong Go engineer." }));
    expect(e.code).toBe("invalid_output");
    const counted = serverUsage();
    expect(e.usage).toMatchObject({ inputTokens: counted.inputTokens, outputTokens: counted.outputTokens });
  });
});

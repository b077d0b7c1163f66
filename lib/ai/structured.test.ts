/**
 * The model layer's real client code (AI SDK v6 + @ai-sdk/openai chat model) against the fake
 * OpenAI-compatible server over HTTP, with schemas of its own (no domain).
 */
// A Redis key prefix of this file's own: the governor and the breaker keep their pauses and
// counts in Redis, and each test starts from none (a 429's Retry-After would otherwise hold
// the next test's call — and anybody else's on the same Redis).
import "@/tests/helpers/env";
import { streamText } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { expectLlmError, withFakeLlmModel } from "@/tests/helpers/fake-llm";
import { getLanguageModel } from "./providers";
import { generateStructured } from "./structured";

const { llm: fakeLlm, chatRequests } = withFakeLlmModel();

describe("generateStructured", () => {
  it("a schema with optional properties is refused by strict structured outputs (bad_request, not retryable)", async () => {
    // This is why a domain's LLM schema makes optional fields required-but-nullable.
    const schema = z.object({ score: z.number(), skills: z.array(z.string()).optional() });
    const e = await expectLlmError(() => generateStructured({ schema, system: "Score it.", prompt: "<data>x</data>" }));
    expect(e).toMatchObject({ code: "bad_request", retryable: false, status: 400 });
    expect(e.message).toMatch(/skills/);
  });

  it("JSON mode (LLM_STRUCTURED_OUTPUT=json_object) puts the schema in the prompt and validates the answer", async () => {
    process.env.LLM_STRUCTURED_OUTPUT = "json_object";
    const schema = z.object({ verdict: z.enum(["hire", "no_hire"]), confidence: z.number().min(0).max(1) });
    const r = await generateStructured({ schema, system: "Decide.", prompt: "Candidate: strong Go engineer." });
    expect(schema.parse(r.object)).toEqual(r.object);
    const body = chatRequests()[0].body as { response_format: { type: string }; messages: { content: string }[] };
    expect(body.response_format).toEqual({ type: "json_object" });
    expect(body.messages[0].content).toContain('"verdict"');
  });

  it("is refused when no LLM is configured", async () => {
    delete process.env.LLM_BASE_URL;
    delete process.env.LLM_API_KEY;
    const e = await expectLlmError(() => generateStructured({ schema: z.object({ a: z.string() }), system: "s", prompt: "p" }));
    expect(e).toMatchObject({ code: "bad_request", retryable: false });
    expect(chatRequests()).toHaveLength(0);
  });

  it("a caller's abort signal cancels the call", async () => {
    fakeLlm().control({ mode: "hang", count: 1 });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    const e = await expectLlmError(() =>
      generateStructured({ schema: z.object({ a: z.string() }), system: "s", prompt: "p", abortSignal: ac.signal, timeoutMs: 10_000 }),
    );
    expect(e.code).toBe("timeout");
    expect(e.message).toMatch(/aborted by the caller/);
  });
});

describe("streamText through the configured model", () => {
  it("asks for usage in the stream and gets it", async () => {
    const result = streamText({
      model: getLanguageModel(),
      system: "You are an interviewer.",
      prompt: "I built a settlement service in Go.",
      maxRetries: 0,
    });
    let text = "";
    for await (const delta of result.textStream) text += delta;
    expect(text).toMatch(/settlement service/);
    const usage = await result.usage;
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBeGreaterThan(0);

    const [req] = chatRequests();
    const body = req.body as { stream: boolean; stream_options?: { include_usage?: boolean } };
    expect(body.stream).toBe(true);
    expect(body.stream_options?.include_usage).toBe(true);
  });
});

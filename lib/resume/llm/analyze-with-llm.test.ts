/**
 * Resume analysis through the real client code (lib/ai: AI SDK v6 + @ai-sdk/openai chat model)
 * against the fake OpenAI-compatible server over HTTP: the prompt, the strict schema, and how
 * each upstream failure reaches the caller.
 */
// A Redis key prefix of this file's own: the governor and the breaker keep their pauses and
// counts in Redis, and each test starts from none (a 429's Retry-After would otherwise hold
// the next test's call — and anybody else's on the same Redis).
import "@/tests/helpers/env";
import { describe, expect, it } from "vitest";
import { DEFAULT_TIMEOUT_MS, defaultTimeoutMs } from "@/lib/ai/structured";
import { startFakeLlm } from "@/scripts/fake-llm/server";
import { expectLlmError, withFakeLlmModel } from "@/tests/helpers/fake-llm";
import { eventually } from "@/tests/helpers/fixtures";
import { analysisDraftSchema, finalizeAnalysis } from "../analysis-schema";
import { analyzeWithLlm, WrongLanguageError } from "./analyze-with-llm";
import { measureOutputLanguage, proseOf } from "./output-language";

const { llm: fakeLlm, chatRequests } = withFakeLlmModel();

const RESUME = [
  "Jane Doe — Senior Backend Engineer",
  "jane@example.com · Berlin",
  "Acme Payments (2019–2024): led a team of 4 building the settlement service in Go",
  "Cut p99 latency from 900 ms to 120 ms by redesigning the ledger queries",
  "Skills: Go, PostgreSQL, Kafka, Kubernetes",
  "Education: BSc Computer Science, TU Berlin",
].join("\n");

const ZH_RESUME = [
  "张伟 — 高级后端工程师",
  "zhangwei@example.com · 北京",
  "字节跳动（2019–2024）：带领 4 人团队负责基于 Spring Boot 和 Kafka 的推荐服务重构",
  "通过优化 MySQL 索引和 Redis 缓存，将 p99 延迟从 900 ms 降到 120 ms",
  "技能：Java、Go、Kubernetes、Docker",
  "教育：清华大学 计算机科学与技术 硕士",
].join("\n");

describe("analyzeWithLlm against the fake server", () => {
  it("returns a draft that passes the schema, with usage, model and provider", async () => {
    const result = await analyzeWithLlm({ text: RESUME, jobDescription: "Go, Kubernetes, gRPC", language: "en" });

    expect(() => analysisDraftSchema.parse(result.draft)).not.toThrow();
    const final = finalizeAnalysis(result.draft, { engine: result.model, language: "en", hasJobDescription: true });
    expect(final.dimensions.map((d) => d.key)).toEqual(["experience", "skills", "content", "structure", "expression"]);
    expect(final.matchPercent).not.toBeNull();
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(result.model).toBe("gpt-4o-mini");
    expect(result.provider).toBe("openai-compatible");
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(result.promptVersion).toBe("resume-analysis@3");
    // evidence quotes the resume (the fake quotes lines of the fenced resume)
    const evidence = result.draft.dimensions.flatMap((d) => d.evidence);
    expect(evidence.length).toBeGreaterThan(0);
    for (const line of evidence) expect(RESUME).toContain(line);

    const [req] = chatRequests();
    expect(chatRequests()).toHaveLength(1);
    expect(req.headers.authorization).toBe("Bearer test");
    const body = req.body as {
      model: string;
      stream?: boolean;
      messages: { role: string; content: string }[];
      response_format: { type: string; json_schema: { name: string; strict: boolean } };
    };
    expect(body.model).toBe("gpt-4o-mini");
    expect(body.response_format.type).toBe("json_schema");
    expect(body.response_format.json_schema).toMatchObject({ name: "resume_analysis", strict: true });
    expect(body.messages[0].role).toBe("system");
    expect(body.messages[1].content).toContain("<resume>");
  });

  it("asks at temperature 0", async () => {
    await analyzeWithLlm({ text: RESUME, language: "en" });
    expect((chatRequests()[0]!.body as { temperature?: number }).temperature).toBe(0);
  });

  it("an answer in the resume's language passes, Chinese prose with English terms included", async () => {
    const result = await analyzeWithLlm({ text: ZH_RESUME, jobDescription: "Java、Kafka、Kubernetes", language: "zh" });
    expect(measureOutputLanguage(proseOf(result.draft), "zh").wrongLanguage).toBeNull();
    expect(chatRequests()[0]!.wrongLanguage).toBeUndefined();
  });

  it("an answer in English to a Chinese resume is invalid_output, retryable, with the call's usage — and so is one in Chinese to an English resume", async () => {
    const persona = { "x-fake-persona": "wrong-language" };
    const toEn = await expectLlmError(() => analyzeWithLlm({ text: ZH_RESUME, language: "zh", headers: persona }));
    expect(toEn).toBeInstanceOf(WrongLanguageError);
    expect(toEn).toMatchObject({ code: "invalid_output", retryable: true, answered: "en", expected: "zh" });
    expect(toEn.message).toBe("The model answered in English; the resume is in Chinese");
    expect(toEn.usage?.outputTokens).toBeGreaterThan(0);

    const toZh = await expectLlmError(() => analyzeWithLlm({ text: RESUME, jobDescription: "Go, Kubernetes", language: "en", headers: persona }));
    expect(toZh).toMatchObject({ code: "invalid_output", answered: "zh", expected: "en" });
    expect(toZh.message).toBe("The model answered in Chinese; the resume is in English");
    expect(chatRequests().map((r) => r.wrongLanguage)).toEqual(["en", "zh"]);
  });

  it("without a job description leaves the skill lists out of the draft", async () => {
    const result = await analyzeWithLlm({ text: RESUME, language: "en" });
    expect(result.draft.matchedSkills).toBeUndefined();
    expect(result.draft.missingSkills).toBeUndefined();
  });

  it("a 429 with Retry-After is rate_limited, retryable, with retryAfterMs — and is not retried by the SDK", async () => {
    fakeLlm().control({ mode: "429", count: 1, retryAfterS: 7 });
    const e = await expectLlmError(() => analyzeWithLlm({ text: RESUME, language: "en" }));
    expect(e.code).toBe("rate_limited");
    expect(e.retryable).toBe(true);
    expect(e.retryAfterMs).toBe(7000);
    expect(e.status).toBe(429);
    expect(e.rateLimit?.remainingRequests).toBe(0);
    expect(chatRequests()).toHaveLength(1); // maxRetries: 0 — the pipeline owns retries
  });

  it("a 429 with an HTTP-date Retry-After gives the wait until that date", async () => {
    fakeLlm().control({ mode: "429", count: 1, retryAfterS: 30, retryAfterDate: true });
    const e = await expectLlmError(() => analyzeWithLlm({ text: RESUME, language: "en" }));
    expect(e.code).toBe("rate_limited");
    // an HTTP date has 1 s resolution and some time passes in between
    expect(e.retryAfterMs).toBeGreaterThan(27_000);
    expect(e.retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  it("a 500 is upstream_5xx and retryable", async () => {
    fakeLlm().control({ mode: "500", count: 1 });
    const e = await expectLlmError(() => analyzeWithLlm({ text: RESUME, language: "en" }));
    expect(e).toMatchObject({ code: "upstream_5xx", retryable: true, status: 500 });
    expect(chatRequests()).toHaveLength(1);
  });

  it("broken JSON is invalid_output, retryable, and still reports the tokens spent", async () => {
    fakeLlm().control({ mode: "broken_json", count: 1 });
    const e = await expectLlmError(() => analyzeWithLlm({ text: RESUME, language: "en" }));
    expect(e).toMatchObject({ code: "invalid_output", retryable: true });
    expect(e.usage?.inputTokens).toBeGreaterThan(0);
  });

  it("an answer cut at the token limit is invalid_output, retryable", async () => {
    fakeLlm().control({ mode: "truncated", count: 1 });
    const e = await expectLlmError(() => analyzeWithLlm({ text: RESUME, language: "en" }));
    expect(e).toMatchObject({ code: "invalid_output", retryable: true });
  });

  it("context_length and content_policy are not retryable", async () => {
    fakeLlm().control({ mode: "context_length", count: 1 });
    const ctx = await expectLlmError(() => analyzeWithLlm({ text: RESUME, language: "en" }));
    expect(ctx).toMatchObject({ code: "context_length", retryable: false, providerCode: "context_length_exceeded" });

    fakeLlm().control({ mode: "content_policy", count: 1 });
    const policy = await expectLlmError(() => analyzeWithLlm({ text: RESUME, language: "en" }));
    expect(policy).toMatchObject({ code: "content_policy", retryable: false });
  });

  it("a fault marker inside the resume text reaches the server through the fence", async () => {
    const e = await expectLlmError(() => analyzeWithLlm({ text: `${RESUME}\n[[fault:500]]`, language: "en" }));
    expect(e.code).toBe("upstream_5xx");
    expect(chatRequests()[0].faultSource).toBe("marker");
  });

  it("a server that hangs hits the timeout: timeout, retryable, the request dropped by us at its deadline", async () => {
    fakeLlm().control({ mode: "hang", count: 1 });
    const t0 = Date.now();
    const e = await expectLlmError(() => analyzeWithLlm({ text: RESUME, language: "en", timeoutMs: 400 }));
    expect(e).toMatchObject({ code: "timeout", retryable: true });
    // The deadline ended it: the server saw us close the request (never answered), and not
    // before the 400 ms (its clock is ours: the server runs in this process). How soon after
    // the deadline is not a test's business (docs/testing.md, "Rules").
    const call = await eventually(async () => chatRequests().find((r) => r.abortedAt !== undefined)); // the close reaches the server a moment later
    expect(call.finishedAt).toBeUndefined();
    expect(call.abortedAt! - t0).toBeGreaterThanOrEqual(400);
  });

  it("without a deadline of its own, a call takes LLM_TIMEOUT_MS (else 90 s); nonsense is refused", async () => {
    expect(defaultTimeoutMs({})).toBe(DEFAULT_TIMEOUT_MS);
    expect(defaultTimeoutMs({ LLM_TIMEOUT_MS: " 2500 " })).toBe(2_500);
    expect(() => defaultTimeoutMs({ LLM_TIMEOUT_MS: "0" })).toThrow(/LLM_TIMEOUT_MS/);
    expect(() => defaultTimeoutMs({ LLM_TIMEOUT_MS: "5s" })).toThrow(/LLM_TIMEOUT_MS/);
    fakeLlm().control({ mode: "hang", count: 1 });
    process.env.LLM_TIMEOUT_MS = "300";
    try {
      const e = await expectLlmError(() => analyzeWithLlm({ text: RESUME, language: "en" }));
      expect(e).toMatchObject({ code: "timeout", retryable: true });
      expect(e.message).toContain("300 ms");
    } finally {
      delete process.env.LLM_TIMEOUT_MS;
    }
  });

  it("an unreachable server is a retryable network error", async () => {
    const gone = await startFakeLlm();
    const url = gone.url;
    await gone.close();
    process.env.LLM_BASE_URL = url;
    const e = await expectLlmError(() => analyzeWithLlm({ text: RESUME, language: "en" }));
    expect(e).toMatchObject({ code: "network", retryable: true });
  });
});

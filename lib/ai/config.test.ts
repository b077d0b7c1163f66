import { describe, expect, it } from "vitest";
import { DEFAULT_STREAM_FIRST_TOKEN_MS, DEFAULT_STREAM_IDLE_MS, getLlmConfig, getStreamDeadlineConfig, providerFromBaseUrl } from "./config";

describe("getLlmConfig", () => {
  it("is offline with neither URL nor key, or when forced", () => {
    expect(getLlmConfig({})).toEqual({ mode: "offline" });
    expect(getLlmConfig({ LLM_BASE_URL: "  ", LLM_API_KEY: "" })).toEqual({ mode: "offline" });
    expect(getLlmConfig({ LLM_API_KEY: "sk-x", LLM_PROVIDER: "offline" })).toEqual({ mode: "offline" });
    expect(getLlmConfig({ LLM_API_KEY: "sk-x", LLM_PROVIDER: "OFFLINE" })).toEqual({ mode: "offline" });
  });

  it("a key alone means OpenAI with the default model", () => {
    expect(getLlmConfig({ LLM_API_KEY: "sk-x" })).toEqual({
      mode: "openai-compatible",
      baseURL: undefined,
      apiKey: "sk-x",
      model: "gpt-4o-mini",
      provider: "openai",
      structuredOutput: "json_schema",
    });
  });

  it("a URL alone is a keyless local server (Ollama)", () => {
    const c = getLlmConfig({ LLM_BASE_URL: "http://localhost:11434/v1/", LLM_MODEL: "qwen2.5:7b" });
    expect(c).toMatchObject({ mode: "openai-compatible", baseURL: "http://localhost:11434/v1", model: "qwen2.5:7b", provider: "ollama" });
    expect(c.mode === "openai-compatible" && c.apiKey).toBeUndefined();
  });

  it("labels the provider from the host; DeepSeek defaults to JSON mode; overrides win", () => {
    const ds = getLlmConfig({ LLM_BASE_URL: "https://api.deepseek.com/v1", LLM_API_KEY: "k" });
    expect(ds).toMatchObject({ provider: "deepseek", model: "deepseek-chat", structuredOutput: "json_object" });
    const forced = getLlmConfig({ LLM_BASE_URL: "https://api.deepseek.com", LLM_API_KEY: "k", LLM_STRUCTURED_OUTPUT: "json_schema" });
    expect(forced).toMatchObject({ structuredOutput: "json_schema" });
    const vllm = getLlmConfig({ LLM_BASE_URL: "http://10.0.0.5:8000/v1", LLM_PROVIDER: "vllm" });
    expect(vllm).toMatchObject({ provider: "vllm", model: "gpt-4o-mini" });
  });

  it("providerFromBaseUrl", () => {
    expect(providerFromBaseUrl(undefined)).toBe("openai");
    expect(providerFromBaseUrl("https://api.openai.com/v1")).toBe("openai");
    expect(providerFromBaseUrl("https://dashscope.aliyuncs.com/compatible-mode/v1")).toBe("qwen");
    expect(providerFromBaseUrl("http://127.0.0.1:4010/v1")).toBe("openai-compatible");
    expect(providerFromBaseUrl("https://evil-openai.com.example.org/v1")).toBe("openai-compatible");
    expect(providerFromBaseUrl("not a url")).toBe("openai-compatible");
  });
});

describe("getStreamDeadlineConfig", () => {
  it("defaults to 15 s to the first token and 30 s between chunks; reads both from the environment", () => {
    expect(getStreamDeadlineConfig({})).toEqual({ firstTokenMs: DEFAULT_STREAM_FIRST_TOKEN_MS, idleMs: DEFAULT_STREAM_IDLE_MS });
    expect(DEFAULT_STREAM_FIRST_TOKEN_MS).toBe(15_000);
    expect(DEFAULT_STREAM_IDLE_MS).toBe(30_000);
    expect(getStreamDeadlineConfig({ LLM_STREAM_FIRST_TOKEN_MS: " 1500 ", LLM_STREAM_IDLE_MS: "" })).toEqual({ firstTokenMs: 1_500, idleMs: 30_000 });
    expect(getStreamDeadlineConfig({ LLM_STREAM_IDLE_MS: "2000" })).toEqual({ firstTokenMs: 15_000, idleMs: 2_000 });
  });

  it("throws on anything but a positive integer, naming the variable", () => {
    for (const bad of ["0", "-5", "1.5", "15s", "abc"]) {
      expect(() => getStreamDeadlineConfig({ LLM_STREAM_FIRST_TOKEN_MS: bad })).toThrow(/LLM_STREAM_FIRST_TOKEN_MS/);
      expect(() => getStreamDeadlineConfig({ LLM_STREAM_IDLE_MS: bad })).toThrow(/LLM_STREAM_IDLE_MS/);
    }
  });
});

import { describe, expect, it } from "vitest";
import { getLlmConfig, providerFromBaseUrl } from "./config";

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

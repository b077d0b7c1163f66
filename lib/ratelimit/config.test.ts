import { describe, expect, it } from "vitest";
import { limitsFromEnv, pacingFromEnv } from "./config";

describe("limitsFromEnv", () => {
  it("unset or empty → unlimited", () => {
    expect(limitsFromEnv({})).toEqual({ rpm: undefined, tpm: undefined });
    expect(limitsFromEnv({ LLM_RPM: " ", LLM_TPM: "" })).toEqual({ rpm: undefined, tpm: undefined });
  });

  it("positive integers are the quota", () => {
    expect(limitsFromEnv({ LLM_RPM: "600", LLM_TPM: " 150000 " })).toEqual({ rpm: 600, tpm: 150_000 });
  });

  it("anything else is a configuration error, not a silent 'no limit'", () => {
    for (const bad of ["0", "-5", "60O", "1.5", "1e3"]) {
      expect(() => limitsFromEnv({ LLM_RPM: bad })).toThrow(/LLM_RPM must be a positive integer/);
    }
    expect(() => limitsFromEnv({ LLM_TPM: "lots" })).toThrow(/LLM_TPM/);
  });
});

describe("pacingFromEnv", () => {
  it("on by default with a burst of one second; LLM_BURST_SECONDS sets it (0 = strict)", () => {
    expect(pacingFromEnv({})).toEqual({ burstSeconds: 1 });
    expect(pacingFromEnv({ LLM_PACING: " ON ", LLM_BURST_SECONDS: "0.25" })).toEqual({ burstSeconds: 0.25 });
    expect(pacingFromEnv({ LLM_BURST_SECONDS: "0" })).toEqual({ burstSeconds: 0 });
  });

  it("LLM_PACING=off is the sliding log alone", () => {
    expect(pacingFromEnv({ LLM_PACING: "off", LLM_BURST_SECONDS: "3" })).toBe(false);
  });

  it("anything else is a configuration error", () => {
    expect(() => pacingFromEnv({ LLM_PACING: "maybe" })).toThrow(/LLM_PACING/);
    for (const bad of ["-1", "1s", "1e3", "lots", ".5"]) expect(() => pacingFromEnv({ LLM_BURST_SECONDS: bad })).toThrow(/LLM_BURST_SECONDS/);
  });
});

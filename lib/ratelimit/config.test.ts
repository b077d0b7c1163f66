import { describe, expect, it } from "vitest";
import { limitsFromEnv } from "./config";

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

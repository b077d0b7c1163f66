import { describe, expect, it } from "vitest";
import { compileTerms } from "./match";

describe("compileTerms", () => {
  it("matches Latin terms case-insensitively on word boundaries", () => {
    const t = compileTerms(["index", "api"]);
    expect(t("Add an INDEX on user_id")).toBe("index");
    expect(t("we are reindexing")).toBeNull();
    expect(t("a rapid change")).toBeNull();
    expect(t("the API")).toBe("api");
  });

  it("treats a trailing * on any word as a prefix and spaces/hyphens alike", () => {
    expect(compileTerms(["cach*"])("caching layer")).toBe("cach*");
    expect(compileTerms(["backward* compatib*"])("stay backwards-compatible")).toBe("backward* compatib*");
    expect(compileTerms(["trade-off"])("the trade off is")).toBe("trade-off");
    expect(compileTerms(["trade-off"])("the tradeoff is")).toBeNull();
  });

  it("matches Chinese terms as substrings, and Latin terms inside Chinese text", () => {
    const t = compileTerms(["redis", "缓存"]);
    expect(t("用Redis做")).toBe("redis");
    expect(t("先查缓存再查库")).toBe("缓存");
    expect(compileTerms(["B+树"])("用b+树索引")).toBe("B+树");
  });

  it("ignores a bare * (it would match everything)", () => {
    expect(compileTerms(["*", ""])("anything")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { isDoubtful, referenceSupport, weighClaims } from "./claims";
import { contentTokens } from "./tokens";

describe("isDoubtful", () => {
  it.each([
    "so you don't need a TTL at all",
    "Signing payloads isn't needed since we use HTTPS",
    "using an ORM makes no difference",
    "There is no real downside apart from a little storage.",
    "which is why containers are completely isolated",
    "and the more columns a composite index has the better",
    "I always train for as many epochs as possible",
    "so queries never touch the disk",
    "We never sharded and it never mattered",
    "所以根本不需要设置 TTL",
    "不需要加盐",
    "磁盘缓存太慢没必要",
    "可靠性当然要追求 100%",
    "下载越多说明产品越成功",
    "只要多做补贴就行",
  ])("flags %j", (clause) => {
    expect(isDoubtful(clause)).toBe(true);
  });

  it.each([
    "every insert or update also has to update the index",
    "It rarely helps on low-selectivity columns, because the planner still reads most rows.",
    "If Redis is down, do we fail open for availability or fail closed for protection?",
    "写的时候先更新数据库再删除缓存",
    "and a test set the model never saw",
    "and undoes transactions that never committed.",
    "阈值调高，误报少了，但漏报变多",
    "7 位能表示约 3.5 万亿个，不会冲突",
  ])("leaves the qualified statement %j alone", (clause) => {
    expect(isDoubtful(clause)).toBe(false);
  });
});

describe("weighClaims", () => {
  it("keeps only the credible clauses and counts the others", () => {
    const w = weighClaims("An index is a sorted structure, so lookups avoid a full scan. You never need more than one index, it has no downside.");
    expect(w).toEqual({ credibleText: "An index is a sorted structure, so lookups avoid a full scan.", doubtful: 2, contradicted: 0, clauses: 4 });
  });

  it("also sets aside the clauses the reference states the opposite of", () => {
    const reference = "Every insert must also update the index, so writes get slower.";
    const w = weighClaims("An index is a sorted structure, and it makes writes faster.", reference);
    expect(w).toEqual({ credibleText: "An index is a sorted structure,", doubtful: 1, contradicted: 1, clauses: 2 });
    expect(weighClaims("An index is a sorted structure, and it makes writes slower.", reference).contradicted).toBe(0);
  });
});

describe("referenceSupport", () => {
  const question = "What is a database index, and when can adding one make things worse?";
  const reference =
    "An index is a separate sorted structure (usually a B-tree) that lets the database find rows without scanning the whole table. Every INSERT and UPDATE must also update the index, so write-heavy tables slow down.";

  it("is higher for a restatement of the reference than for other claims in the topic's words", () => {
    const right = referenceSupport("It is a sorted B-tree structure, so the database finds rows without scanning; writes slow down.", reference, question);
    const wrong = referenceSupport(
      "An index is a copy of the table kept in memory, so queries never touch the disk and writes get faster.",
      reference,
      question,
    );
    expect(right!).toBeGreaterThan(0.6);
    expect(wrong!).toBeLessThan(0.4);
  });

  it("ignores the question's own words, and is null with no reference or nothing of the answer's own", () => {
    expect(referenceSupport("database index", reference, question)).toBeNull();
    expect(referenceSupport("a sorted structure", "", question)).toBeNull();
  });

  it("reads Chinese by character bigrams, and English terms inside it as words", () => {
    expect(contentTokens("先读 Redis 缓存")).toEqual(["redis", "先读", "缓存"]);
    const ref = "先读 Redis；未命中时查数据库，把结果写入缓存并设置 TTL。";
    expect(referenceSupport("先读 Redis，未命中查数据库，回填缓存。", ref, "如何加缓存？")!).toBeGreaterThan(0.6);
    expect(referenceSupport("直接用 MD5 加密就行。", ref, "如何加缓存？")).toBe(0);
  });
});

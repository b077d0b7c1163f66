import { describe, expect, it } from "vitest";
import { hashingEmbedding, OFFLINE_EMBEDDING_DIM } from "./hashing";

const cos = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe("hashingEmbedding (offline:hash-v1)", () => {
  it("is deterministic, 384-dimensional and L2-normalised", () => {
    const a = hashingEmbedding("Annual leave policy");
    expect(a).toHaveLength(OFFLINE_EMBEDDING_DIM);
    expect(hashingEmbedding("Annual leave policy")).toEqual(a);
    expect(Math.hypot(...a)).toBeCloseTo(1, 10);
    expect(Math.hypot(...hashingEmbedding(""))).toBeCloseTo(1, 10);
  });

  it("puts a question near the chunk that answers it and far from an unrelated one (English)", () => {
    const q = hashingEmbedding("what is the leave policy");
    const leave = hashingEmbedding(
      "Annual leave policy: every employee accrues 25 days of paid annual leave per year. Leave requests go to your manager two weeks ahead.",
    );
    const kitchen = hashingEmbedding("The office kitchen is cleaned every Friday afternoon; please label the food you keep in the fridge.");
    expect(cos(q, hashingEmbedding("annual leave policy"))).toBeGreaterThan(0.5);
    // A 25-word chunk has many features of its own, so the question is less close to it, but far closer than to the unrelated one.
    expect(cos(q, leave)).toBeGreaterThan(0.2);
    expect(cos(q, kitchen)).toBeLessThan(0.05);
    expect(cos(q, leave) - cos(q, kitchen)).toBeGreaterThan(0.2);
  });

  it("does the same for Chinese (segmented words and character bigrams)", () => {
    const q = hashingEmbedding("年假制度是什么");
    const leave = hashingEmbedding("年假制度：员工每年享有十五天带薪年假，请假需提前两周向直属经理申请。");
    const it_ = hashingEmbedding("公司食堂每周五下午清洁，请在冰箱中的食物上贴好标签。");
    expect(cos(q, leave)).toBeGreaterThan(0.3);
    expect(cos(q, it_)).toBeLessThan(0.1);
  });

  it("matches inflections through character trigrams", () => {
    const a = hashingEmbedding("policies");
    expect(cos(a, hashingEmbedding("policy"))).toBeGreaterThan(cos(a, hashingEmbedding("kitchen")));
  });
});

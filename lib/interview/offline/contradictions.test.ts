import { describe, expect, it } from "vitest";
import { contradictedClauses } from "./contradictions";

describe("contradictedClauses", () => {
  const mlReference = "Increasing model complexity usually lowers bias and raises variance. A linear model is too simple and underfits; a deep tree overfits.";

  it.each([
    ["the opposite direction on the same thing", "More complexity raises bias.", mlReference],
    ["the other side of an antonym pair", "A linear model overfits.", mlReference],
    ["an English negation of what the reference affirms", "Two threads cannot write the same data.", "Two threads can write the same data at the same time."],
    ["a Chinese 不会 against the reference's 会", "消费者崩溃时消息不会被再次投递。", "消费者在确认前崩溃，消息会被再次投递。"],
    ["a Chinese 会 against the reference's 不应该", "生产者会等待消费者处理完。", "当生产者不应该等待消费者时，用消息队列。"],
    ["同步 against 异步", "日志写入改成同步执行。", "把非核心的日志写入改成异步执行。"],
  ])("flags %s", (_what, text, reference) => {
    expect(contradictedClauses(text, reference)).toEqual([true]);
  });

  it.each([
    ["the same statement", "More complexity lowers bias.", mlReference],
    ["a claim about something else", "Boosting raises accuracy on tabular data.", mlReference],
    ["不会 where the reference says 不会 too", "7 位短码不会冲突。", "7 位 base62 短码不会冲突，够用很多年。"],
    ["a measured case rather than a rule", "召回率从 62% 提升到 85%。", "阈值越高，召回率更低。"],
    ["anything, against a blank reference", "Increasing complexity raises bias.", ""],
  ])("leaves alone %s", (_what, text, reference) => {
    expect(contradictedClauses(text, reference).some(Boolean)).toBe(false);
  });

  it("judges each clause on its own", () => {
    expect(contradictedClauses("A deep tree overfits, and more complexity raises bias.", mlReference)).toEqual([false, true]);
  });
});

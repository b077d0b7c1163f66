import { describe, expect, it } from "vitest";
import { screenNonAnswer } from "./non-answer";

describe("screenNonAnswer", () => {
  it.each([
    "I don't know.",
    "Sorry, I'm not sure, I've never used it.",
    "I have no idea, I've never worked on security.",
    "Honestly, I don't know. I haven't built anything like that.",
    "I can't think of one, sorry.",
    "Hmm. Nothing comes to mind.",
    "Not sure, I've never built a feed like that.",
  ])("reads %j as an admission with nothing else said", (text) => {
    expect(screenNonAnswer(text)).toEqual({ admitted: true, rest: "" });
  });

  it.each([
    "不知道。",
    "这个我不太清楚。",
    "没接触过。",
    "不好意思，这个我不知道。",
    "嗯……这个我没遇到过，不太清楚。",
    "没有这样的经历，不知道怎么说。",
    "这题我不会。",
    "这个我不太了解，没做过。",
    "Redis 持久化我了解得不多，说不上来。",
  ])("reads %j as an admission with nothing else said (Chinese)", (text) => {
    expect(screenNonAnswer(text)).toEqual({ admitted: true, rest: "" });
  });

  it("keeps what follows the admission, so a guess is judged on its own", () => {
    const en = screenNonAnswer("I don't know, but I guess an index is a sorted B-tree that avoids a full table scan.");
    expect(en.admitted).toBe(true);
    expect(en.rest).toBe("but I guess an index is a sorted B-tree that avoids a full table scan.");
    const zh = screenNonAnswer("我不太确定，可能是先读 Redis，未命中再查数据库。");
    expect(zh).toEqual({ admitted: true, rest: "可能是先读 Redis 未命中再查数据库" });
  });

  it("does not mistake statements about not knowing, or Chinese 不会, for an admission", () => {
    for (const text of [
      "Tell the model to answer only from the context and to say when it doesn't know.",
      "用计数器加 base62 编码，不会冲突。",
      "条件更新保证不会超卖。",
      "说明已知和未知的情况。",
    ]) {
      expect(screenNonAnswer(text)).toEqual({ admitted: false, rest: text });
    }
  });

  it.each([
    ["I've never set one up from scratch myself.", ""],
    ["我没有从零搭建过这样的体系，之前都是运维组在做。", "之前都是运维组在做"],
    ["这两种锁我只是听说过，具体不太清楚。", "这两种锁我只是听说过"],
  ])("reads a first-person lack of experience in %j as an admission", (text, rest) => {
    expect(screenNonAnswer(text)).toEqual({ admitted: true, rest });
  });

  it.each(["组长说我的周报太长，重点不清楚。", "P99 延迟没有超过 100 毫秒。", "需求不确定的时候先做原型。", "新用户对积分规则了解得不多，所以加了引导页。"])(
    "does not read %j, said of something else, as an admission",
    (text) => {
      expect(screenNonAnswer(text)).toEqual({ admitted: false, rest: text });
    },
  );
});

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
    ["after against before, subject and object shared", "The log record is written after the data page.", "The log record is written before the data page."],
    ["a bare 'later' against 'before'", "The log is flushed later in the background.", "The log record is flushed to disk before the commit is acknowledged."],
    ["之前 against 之后 (a relation)", "删除缓存要放在事务提交之前。", "删除缓存要放在数据库事务提交之后。"],
    ["前 against 后 (a relation)", "useEffect 的回调在渲染前执行。", "useEffect 的回调在浏览器完成渲染后执行。"],
    ["a counterpart pair (macrotask/microtask)", "Promise callbacks run as macrotasks.", "Promise callbacks run as microtasks."],
    ["不会 against a 会 that governs another word with the same verb", "所以宕机时不会丢数据。", "两次快照之间宕机，会丢失最近的数据。"],
    ["无法 against 可以", "AOF 无法用来恢复数据。", "重启时按日志重放就可以恢复数据。"],
    ["a bare verb against the reference's 'do not'", "CPU-bound threads run in parallel.", "CPU-bound threads do not run in parallel on several cores."],
    ["well against poorly", "It performs well on unseen data too.", "A model can perform well on the training data and still perform poorly on unseen data."],
    ["表现好 against 表现差", "在新数据上表现也很好。", "它在训练集上表现很好，但在没见过的新数据上表现差。"],
    ["high bias against high variance", "An overfitting model has high bias.", "An overfitting model has high variance."],
    ["高偏差 against 高方差", "过拟合的模型是高偏差。", "过拟合的模型是高方差。"],
  ])("flags %s", (_what, text, reference) => {
    expect(contradictedClauses(text, reference)).toEqual([true]);
  });

  it.each([
    ["the same statement", "More complexity lowers bias.", mlReference],
    ["a claim about something else", "Boosting raises accuracy on tabular data.", mlReference],
    ["不会 where the reference says 不会 too", "7 位短码不会冲突。", "7 位 base62 短码不会冲突，够用很多年。"],
    ["a measured case rather than a rule", "召回率从 62% 提升到 85%。", "阈值越高，召回率更低。"],
    ["anything, against a blank reference", "Increasing complexity raises bias.", ""],
    ["之前 meaning 'previously'", "比如之前我们用过先删缓存的写法。", "删除缓存要放在数据库事务提交之后。"],
    ["后 and 前 inside words (后端, 前端)", "后端接口先返回数据。", "前端在数据返回前显示骨架屏。"],
    ["'before' meaning 'previously'", "On a cluster I ran before, recovery took 40 seconds.", "After a crash, recovery replays the log."],
    [
      "an order word about another object",
      "The primary falls back to async after a timeout.",
      "The primary waits until one replica has the transaction before acknowledging the commit.",
    ],
    ["a negation the reference makes too", "CPU-bound threads do not run in parallel.", "CPU-bound threads do not run in parallel on several cores."],
    [
      "a bare verb when another reference claim matches as well",
      "The browser sends the session cookie with cross-site requests too.",
      "The browser attaches the session cookie to every request, even cross-site ones. With SameSite the browser does not send the cookie on cross-site requests.",
    ],
    [
      "a verb of prevention, not a bare claim",
      "Circuit breakers keep one broken customer from delaying everyone else.",
      "One broken customer does not delay everyone else.",
    ],
    ["'well' as in 'as well'", "It reads the training data as well.", "It performs poorly on the training data."],
    ["a state that is lessened, not asserted", "So the model overfits less.", "Too strong a penalty makes the model underfit."],
    ["'well' after no verb of performance", "Redis is well documented.", "Redis performs poorly when a single big key is read often."],
    ["a state a remedy is for", "Regularization helps a model that generalizes poorly.", "Regularization makes the model generalize well."],
    [
      "a statement of the counterpart (opposite on two pairs)",
      "An underfitting model has high bias.",
      "A model with high variance overfits the training data.",
    ],
    ["'bias' in another sense", "This is not the same as a biased training sample.", "A model with high variance overfits."],
    ["表现 judged both ways (好不好)", "表现好不好取决于数据量。", "模型在新数据上表现差。"],
    ["a 不会 the reference also makes", "整个过程中容器不会被重启。", "这个过程中容器不会被重启。liveness 失败才会让 kubelet 重启容器。"],
    [
      "不会 with an adverb the reference shares",
      "React 不会立刻重新渲染，而是合并成一次。",
      "setState 不会立刻修改 state，React 会把多次更新合并成一次重新渲染。",
    ],
  ])("leaves alone %s", (_what, text, reference) => {
    expect(contradictedClauses(text, reference).some(Boolean)).toBe(false);
  });

  it("judges each clause on its own", () => {
    expect(contradictedClauses("A deep tree overfits, and more complexity raises bias.", mlReference)).toEqual([false, true]);
  });
});

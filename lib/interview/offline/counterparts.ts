/**
 * Counterpart pairs: two technical things an interview question often asks about one of, whose
 * reference answer then sets them against each other, and whose facts a wrong answer swaps — it
 * describes underfitting with overfitting's symptoms, calls Promise.then a macrotask, gives the
 * token bucket the leaky bucket's behaviour. `swaps.ts` checks these pairs as it checks a pair
 * the question names, when the reference names both sides (docs/interview-scoring.md, "Swapped
 * subjects"). Written by hand for Panelist from the question bank's and the evaluation set's
 * topics (eval/README.md, "Round 3"); each side is matched by its content tokens (`tokens.ts`),
 * so an entry must differ from its partner in at least one token (whole words, Chinese bigrams).
 * Left out: pairs that one clause usually names together (primary/replica: "the primary waits for
 * a replica"), which tag a right clause with the wrong side.
 */
export const COUNTERPARTS: readonly (readonly [string, string])[] = [
  ["overfitting", "underfitting"],
  ["过拟合", "欠拟合"],
  ["bias", "variance"],
  ["偏差", "方差"],
  ["precision", "recall"],
  ["精确率", "召回率"],
  ["macrotask", "microtask"],
  ["宏任务", "微任务"],
  ["token bucket", "leaky bucket"],
  ["令牌桶", "漏桶"],
  ["RDB", "AOF"],
  ["authentication", "authorization"],
  ["认证", "授权"],
  ["optimistic", "pessimistic"],
  ["乐观锁", "悲观锁"],
  ["debounce", "throttle"],
  ["防抖", "节流"],
  ["TCP", "UDP"],
  ["horizontal", "vertical"],
  ["水平扩展", "垂直扩展"],
  ["symmetric", "asymmetric"],
  ["对称加密", "非对称加密"],
  ["useMemo", "useCallback"],
  ["cookie", "localStorage"],
];

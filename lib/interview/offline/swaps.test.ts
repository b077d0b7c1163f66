import { describe, expect, it } from "vitest";
import { contrastedSubjects, swapPairs, swappedClauses } from "./swaps";

const Q_EN = "What is the difference between TCP and UDP, and when would you choose UDP?";
const REF_EN =
  "TCP is connection-oriented: a three-way handshake sets up the connection, and TCP delivers a byte stream in order, retransmitting lost segments. UDP sends independent datagrams with no handshake and no guarantee of delivery, so it suits live video and DNS lookups.";
const Q_ZH = "防抖和节流有什么区别？";
const REF_ZH = "防抖是在事件停止触发一段时间后才执行一次，期间每次触发都会重新计时。节流是在固定的时间间隔内最多执行一次，适合滚动监听。";

describe("contrastedSubjects", () => {
  it("reads the pair a question names, in either language", () => {
    expect(contrastedSubjects(Q_EN, REF_EN)).toEqual([new Set(["tcp"]), new Set(["udp"])]);
    expect(contrastedSubjects(Q_ZH, REF_ZH)).toEqual([new Set(["防抖"]), new Set(["节流"])]);
  });

  it("finds none when the question names no pair", () => {
    expect(contrastedSubjects("What is a database index, and when can adding one make things worse?", "An index is a sorted structure.")).toBeNull();
  });
});

describe("swappedClauses", () => {
  it("flags a clause that gives one subject the other's behaviour, and the clauses that follow it in its sentence", () => {
    const text = "UDP is connection-oriented: a three-way handshake sets up the connection. TCP suits live video and DNS lookups.";
    expect(swappedClauses(text, REF_EN, Q_EN)).toEqual([true, true, true]);
    expect(swappedClauses("节流是在事件停止触发一段时间后才执行一次，期间每次触发都会重新计时。", REF_ZH, Q_ZH)).toEqual([true, true]);
  });

  it("leaves correct statements, comparisons and statements about both alone", () => {
    const text = "TCP is connection-oriented: a three-way handshake sets up the connection. We moved from TCP to UDP for video; both have a place.";
    expect(swappedClauses(text, REF_EN, Q_EN)).toEqual([false, false, false, false]);
    expect(swappedClauses("防抖是在停止触发一段时间后才执行一次，两者都可以立即执行。", REF_ZH, Q_ZH)).toEqual([false, false]);
  });

  it("checks nothing when neither the question nor the counterpart list gives a pair", () => {
    const ref = "An index is a sorted copy of some columns, so a lookup reads a few pages instead of the whole table.";
    expect(swapPairs("What is an index?", ref)).toEqual([]);
    expect(swappedClauses("An index reads the whole table instead of a few pages.", ref, "What is an index?")).toEqual([false]);
  });

  it("checks a counterpart pair the reference names when the question names one side only", () => {
    const q = "Promise.then 的回调什么时候执行？";
    const ref = "Promise.then 的回调是微任务，setTimeout 的回调是宏任务。同步代码执行完后先清空微任务队列。";
    expect(swapPairs(q, ref)).toEqual([[new Set(["宏任"]), new Set(["微任"])]]);
    expect(swappedClauses("Promise.then 的回调是宏任务。", ref, q)).toEqual([true]);
    expect(swappedClauses("Promise.then 的回调是微任务。", ref, q)).toEqual([false]);
    // the question's pair comes first, and a lexicon pair the question already names is not checked twice
    expect(swapPairs(Q_EN, REF_EN)).toEqual([[new Set(["tcp"]), new Set(["udp"])]]);
    expect(swappedClauses("UDP is connection-oriented.", REF_EN, "Explain UDP.")).toEqual([true]);
  });
});

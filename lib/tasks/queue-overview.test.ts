import { describe, expect, it } from "vitest";
import { STALL_AFTER_MS } from "./admin-contracts";
import { streamHealth } from "./queue-overview";

const base = { lag: 0, pending: 0, oldestPendingIdleMs: 0, oldestWaitingAgeMs: 0 };

describe("streamHealth", () => {
  it("nothing waiting or pending is idle", () => {
    expect(streamHealth(base)).toBe("idle");
  });

  it("work waiting or running that moves is busy", () => {
    expect(streamHealth({ ...base, lag: 3, oldestWaitingAgeMs: 1_000 })).toBe("busy");
    expect(streamHealth({ ...base, pending: 2, oldestPendingIdleMs: 5_000 })).toBe("busy");
  });

  it("an entry waiting a lease, or a pending entry idle a lease (no heartbeat), is stalled", () => {
    expect(streamHealth({ ...base, lag: 1, oldestWaitingAgeMs: STALL_AFTER_MS })).toBe("stalled");
    expect(streamHealth({ ...base, pending: 1, oldestPendingIdleMs: STALL_AFTER_MS })).toBe("stalled");
    expect(streamHealth({ ...base, lag: 1, oldestWaitingAgeMs: STALL_AFTER_MS - 1 })).toBe("busy");
  });

  it("a lag Redis cannot tell (null) still counts the waiting entry by its age", () => {
    expect(streamHealth({ ...base, lag: null, oldestWaitingAgeMs: STALL_AFTER_MS + 1 })).toBe("stalled");
    expect(streamHealth({ ...base, lag: null })).toBe("idle");
  });
});

import { describe, expect, it } from "vitest";
import { taskBodySchema } from "./contracts";
import { taskRow } from "./task-row.mock";
import { toTaskBody } from "./view";

describe("toTaskBody", () => {
  it("a retrying task shows its last error, and the body parses with the contract", () => {
    const body = toTaskBody(
      taskRow({
        status: "RETRYING",
        attempts: 1,
        errorCode: "upstream_5xx",
        errorMessage: "upstream answered 500",
        startedAt: new Date("2025-05-01T10:00:01.000Z"),
        availableAt: new Date("2025-05-01T10:00:30.000Z"),
      }),
    );
    expect(taskBodySchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      status: "RETRYING",
      error: { code: "upstream_5xx", message: "upstream answered 500" },
      retryAt: "2025-05-01T10:00:30.000Z",
      startedAt: "2025-05-01T10:00:01.000Z",
      finishedAt: null,
    });
  });

  it("a completed task has no error, whatever an earlier attempt left in the row", () => {
    const done = new Date("2025-05-01T10:00:09.000Z");
    const body = toTaskBody(
      taskRow({ status: "COMPLETED", attempts: 2, errorCode: "timeout", errorMessage: "took too long", startedAt: done, finishedAt: done }),
    );
    expect(taskBodySchema.parse(body).error).toBeNull();
    expect(body.retryAt).toBeNull();
  });

  it("the contract refuses a body the UI could not read", () => {
    const body = toTaskBody(taskRow());
    expect(taskBodySchema.safeParse({ ...body, status: "DONE" }).success).toBe(false);
    expect(taskBodySchema.safeParse({ ...body, createdAt: "yesterday" }).success).toBe(false);
    expect(taskBodySchema.safeParse({ ...body, error: { code: "x" } }).success).toBe(false);
  });
});

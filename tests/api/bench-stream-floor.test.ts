import "../helpers/env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as floor } from "@/app/api/bench/stream-floor/route";
import { closeDb } from "@/lib/db/client";
import { envRestorer } from "../helpers/fixtures";
import { params, postJson, signUpCandidate, sseEvents } from "../helpers/http";

/**
 * The framework floor of bench/interview-chat-streams.ts: the chat's door, then a stream the
 * handler writes itself, piece by piece, in the UI message stream's shape.
 */
const restoreBenchEnv = envRestorer(["PANELIST_BENCH_ROUTES"]);
let cookie: string;

beforeAll(async () => {
  cookie = (await signUpCandidate()).cookie;
});

afterAll(async () => {
  restoreBenchEnv();
  await closeDb();
});

const post = (o: { cookie?: string; body: string }) => floor(postJson("/api/bench/stream-floor", o), params({}));

describe("POST /api/bench/stream-floor (the chat-streams framework floor)", () => {
  it("does not exist unless PANELIST_BENCH_ROUTES=1, even for a signed-in user", async () => {
    delete process.env.PANELIST_BENCH_ROUTES;
    expect((await post({ cookie, body: JSON.stringify({ pieces: 2, intervalMs: 0 }) })).status).toBe(404);
    process.env.PANELIST_BENCH_ROUTES = "true";
    const res = await post({ cookie, body: JSON.stringify({ pieces: 2, intervalMs: 0 }) });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found:api" });
  });

  it("with PANELIST_BENCH_ROUTES=1: the chat's session check and body rules before any stream", async () => {
    process.env.PANELIST_BENCH_ROUTES = "1";
    const anonymous = await post({ body: JSON.stringify({ pieces: 2, intervalMs: 0 }) });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: "unauthorized:auth" });
    const malformed = await post({ cookie, body: "{not json" });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: expect.stringMatching(/^bad_request:/) });
    for (const bad of [{ pieces: 0, intervalMs: 0 }, { pieces: 2 }, { pieces: 2, intervalMs: 0, extra: 1 }, { pieces: 1_000, intervalMs: 10_000 }]) {
      const res = await post({ cookie, body: JSON.stringify(bad) });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ code: expect.stringMatching(/^unprocessable:/), message: expect.any(String) });
    }
  });

  it("streams `pieces` text deltas, `intervalMs` apart, as a UI message stream that ends with [DONE]", async () => {
    process.env.PANELIST_BENCH_ROUTES = "1";
    const res = await post({ cookie, body: JSON.stringify({ pieces: 3, intervalMs: 20 }) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(res.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");
    const all = await sseEvents(res);
    expect(all.map((e) => (typeof e === "string" ? e : e.type))).toEqual([
      "start",
      "text-start",
      "text-delta",
      "text-delta",
      "text-delta",
      "text-end",
      "finish",
      "[DONE]",
    ]);
    const text = all.map((e) => (typeof e === "string" ? "" : (e.delta ?? ""))).join("");
    expect(text).toBe("Floor piece piece");
  });
});

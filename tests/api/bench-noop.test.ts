import "../helpers/env";
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as noop } from "@/app/api/bench/noop/route";
import { closeDb } from "@/lib/db/client";
import { corpusPath } from "../corpus-dir";
import { params, signUpCandidate, uploadRequest } from "../helpers/http";

const bytes = new Uint8Array(readFileSync(corpusPath("resumes-pdf/en_typst_rendercv_classic.pdf")));
let cookie: string;

beforeAll(async () => {
  cookie = (await signUpCandidate()).cookie;
});

afterEach(() => {
  delete process.env.PANELIST_BENCH_ROUTES;
});

afterAll(async () => {
  await closeDb();
});

describe("POST /api/bench/noop (the submit-latency baseline)", () => {
  it("does not exist unless PANELIST_BENCH_ROUTES=1, even for a signed-in user", async () => {
    const res = await noop(uploadRequest({ cookie, bytes, fileName: "cv.pdf" }), params({}));
    expect(res.status).toBe(404);
    process.env.PANELIST_BENCH_ROUTES = "true";
    expect((await noop(uploadRequest({ cookie, bytes, fileName: "cv.pdf" }), params({}))).status).toBe(404);
  });

  it("with PANELIST_BENCH_ROUTES=1: the same session check as the upload, then 202 after reading the body", async () => {
    process.env.PANELIST_BENCH_ROUTES = "1";
    expect((await noop(uploadRequest({ bytes, fileName: "cv.pdf" }), params({}))).status).toBe(401);
    const res = await noop(uploadRequest({ cookie, bytes, fileName: "cv.pdf" }), params({}));
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ taskId: expect.any(String), status: "PENDING" });
    const noFile = new Request("http://localhost/api/bench/noop", { method: "POST", body: new FormData(), headers: { cookie } });
    expect((await noop(noFile, params({}))).status).toBe(422);
  });
});

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { browserFetch } from "./api";
import { expect, test } from "./fixtures";

/**
 * Cross-site request forgery, in a real Chromium: a signed-in candidate visits a page that
 * auto-submits a form at Panelist — from another port of the same host (same-site: the session
 * cookie goes along) and from another origin (cross-site). The door refuses both with 403
 * `forbidden:csrf` before it looks at the session, and nothing is created.
 */
let attacker: Server;
let port: number;

test.beforeAll(async ({ baseURL }) => {
  const target = new URL(baseURL!);
  attacker = createServer((req, res) => {
    const action = req.url?.startsWith("/resumes") ? `${target.origin}/api/resumes` : `${target.origin}/api/interviews`;
    // The classic JSON-by-form trick: text/plain sends `name=value`, here a valid JSON body.
    const form = req.url?.startsWith("/resumes")
      ? `<form method="POST" action="${action}" enctype="multipart/form-data"><input type="hidden" name="jobDescription" value="x"></form>`
      : `<form method="POST" action="${action}" enctype="text/plain"><input type="hidden" name='{"role":"forged role","level":"mid","questionCount":5,"x":"' value='"}'></form>`;
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><title>win a prize</title>${form}<script>document.forms[0].submit()</script>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, "::", resolve));
  port = (attacker.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise((resolve) => attacker?.close(resolve));
});

for (const [label, host] of [
  ["another port of the same host", "127.0.0.1"],
  ["another origin", "localhost"],
] as const) {
  test(`a form posted from ${label} is refused with 403 forbidden:csrf`, async ({ candidatePage }) => {
    const page = candidatePage.page;
    await candidatePage.goto();
    const before = await browserFetch(page, "/api/interviews");
    expect(before.status).toBe(200);

    for (const path of ["/interviews", "/resumes"]) {
      const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/api/"));
      await page.goto(`http://${host}:${port}${path}`);
      const res = await answer;
      expect(res.status()).toBe(403);
      expect(await res.json()).toMatchObject({ code: "forbidden:csrf" });
    }

    await candidatePage.goto();
    const after = await browserFetch(page, "/api/interviews");
    expect((after.body as { items: unknown[] }).items).toHaveLength((before.body as { items: unknown[] }).items.length);
  });
}

test("the app's own pages still post (same origin)", async ({ candidatePage }) => {
  await candidatePage.goto();
  const res = await browserFetch(candidatePage.page, "/api/interviews", { method: "POST", json: { role: "backend engineer", level: "mid", questionCount: 5 } });
  expect(res.status).toBe(201);
});

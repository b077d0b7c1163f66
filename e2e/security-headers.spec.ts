import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIResponse, Page } from "@playwright/test";
import { browserFetch } from "./api";
import { corpusFile, expect, test } from "./fixtures";

/**
 * The security headers of next.config.ts (lib/config/security-headers.ts) against the production
 * build: on a page, an API answer and a 404; no `X-Powered-By`; `Cache-Control: no-store` on the
 * API with `no-transform` (and no compression) kept on the task-status stream; the main pages of
 * each kind of account render under the CSP without one violation; and another site cannot frame
 * the app.
 */
const SECURITY_HEADERS = {
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
};

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], `${name} on ${what}`).toBe(value);
  const csp = headers["content-security-policy"] ?? "";
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "default-src 'self'"]) {
    expect(csp, `${directive} on ${what}`).toContain(directive);
  }
  expect(csp, `the production CSP on ${what}`).not.toContain("unsafe-eval");
  expect(headers["permissions-policy"], what).toContain("camera=()");
  expect(headers["x-powered-by"], `X-Powered-By on ${what}`).toBeUndefined();
  // The e2e server's APP_URL is http: no HSTS (lib/config/security-headers.ts).
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

test.describe("security headers", () => {
  test("a page, an API answer and a 404 carry them, and no X-Powered-By", async ({ request }) => {
    const page = await request.get("/sign-in");
    expect(page.status()).toBe(200);
    expectSecurityHeaders(page.headers(), "the sign-in page");

    const api = await request.get("/api/resumes");
    expect(api.status()).toBe(401);
    expectSecurityHeaders(api.headers(), "an API answer");
    expect(api.headers()["cache-control"]).toBe("no-store");
    expect(await api.json()).toMatchObject({ code: "unauthorized:auth" });

    const missing = await request.get("/no-such-page");
    expect(missing.status()).toBe(404);
    expectSecurityHeaders(missing.headers(), "a 404 page");

    const asset = await firstScriptAsset(request, await page.text());
    expectSecurityHeaders(asset.headers(), "a static asset");
    // Static assets keep Next's own long-lived caching: the no-store rule is for /api only.
    expect(asset.headers()["cache-control"]).toContain("immutable");
  });

  test("a method a route does not implement is a JSON 405 with Allow, OPTIONS lists the real ones", async ({ request }) => {
    const res = await request.put("/api/resumes", { data: {} });
    expect(res.status()).toBe(405);
    expect(res.headers().allow).toBe("GET, POST, HEAD, OPTIONS");
    expect(await res.json()).toMatchObject({ code: "method_not_allowed:api" });
    const options = await request.fetch("/api/resumes", { method: "OPTIONS" });
    expect(options.status()).toBe(204);
    expect(options.headers().allow).toBe("GET, POST, HEAD, OPTIONS");
  });

  test("private API answers are no-store; the task-status stream keeps no-transform and is not compressed", async ({ candidatePage }) => {
    const page = candidatePage.page;
    await candidatePage.goto();
    const { taskId } = await uploadResume(page);
    const seen = await page.evaluate(async (url) => {
      const ctrl = new AbortController();
      const res = await fetch(url, { signal: ctrl.signal, headers: { accept: "text/event-stream" } });
      const h = {
        status: res.status,
        type: res.headers.get("content-type"),
        cache: res.headers.get("cache-control"),
        encoding: res.headers.get("content-encoding"),
      };
      ctrl.abort();
      return h;
    }, `/api/tasks/${taskId}/events`);
    expect(seen).toEqual({ status: 200, type: expect.stringContaining("text/event-stream"), cache: "no-store, no-transform", encoding: null });

    const list = await page.evaluate(async () => {
      const res = await fetch("/api/resumes");
      return { status: res.status, cache: res.headers.get("cache-control") };
    });
    expect(list).toEqual({ status: 200, cache: "no-store" });
  });
});

/** A corpus resume (../shared/corpus/resumes-pdf), the first by name, as a browser upload. */
function corpusResume(): { name: string; type: string; base64: string } {
  const name = readdirSync(corpusFile("resumes-pdf"))
    .filter((f) => f.endsWith(".pdf"))
    .sort()[0]!;
  return { name, type: "application/pdf", base64: readFileSync(corpusFile("resumes-pdf", name)).toString("base64") };
}

/** Uploads a corpus resume as the page's account: its resume and task ids. */
async function uploadResume(page: Page): Promise<{ resumeId: string; taskId: string }> {
  const upload = await browserFetch(page, "/api/resumes", { method: "POST", file: corpusResume() });
  expect([200, 202]).toContain(upload.status);
  return upload.body as { resumeId: string; taskId: string };
}

/** A `/_next/static/…` script the page loads. */
async function firstScriptAsset(request: { get: (url: string) => Promise<APIResponse> }, html: string): Promise<APIResponse> {
  const src = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  expect(src, "the page loads a script from /_next/static").toBeTruthy();
  const res = await request.get(src!);
  expect(res.status()).toBe(200);
  return res;
}

/**
 * Records every CSP violation of a page — the `securitypolicyviolation` event (W3C CSP §5.3) and
 * Chromium's console error for a refused resource — from before its first script runs.
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.exposeFunction("__reportCspViolation", (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation: (v: string) => void }).__reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return violations;
}

/** Opens a page of the app and waits until it rendered its main heading. */
async function visit(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  await expect(page.locator("h1").first(), path).toBeVisible();
  await page.waitForLoadState("networkidle");
}

test.describe("pages under the CSP", () => {
  test("the sign-in and sign-up pages render with no violation", async ({ page }) => {
    const violations = await watchCsp(page);
    await visit(page, "/sign-in");
    await visit(page, "/sign-up");
    expect(violations).toEqual([]);
  });

  test("a candidate's pages render with no violation", async ({ candidatePage }) => {
    const page = candidatePage.page;
    const violations = await watchCsp(page);
    await candidatePage.goto();
    const { resumeId } = await uploadResume(page);
    for (const path of ["/resumes", `/resumes/${resumeId}`, "/interviews", "/openings"]) await visit(page, path);
    expect(violations).toEqual([]);
  });

  test("a recruiter's pages render with no violation", async ({ recruiterPage }) => {
    const violations = await watchCsp(recruiterPage);
    for (const path of ["/jobs", "/jobs/new", "/workspace", "/shared-reports"]) await visit(recruiterPage, path);
    expect(violations).toEqual([]);
  });

  test("the admin console's pages, charts included, render with no violation", async ({ adminPage }) => {
    const violations = await watchCsp(adminPage);
    for (const path of ["/admin", "/admin/cost", "/admin/queues", "/admin/tasks", "/admin/users", "/admin/settings"]) await visit(adminPage, path);
    expect(violations).toEqual([]);
  });
});

test.describe("framing", () => {
  let site: Server;
  let origin: string;

  test.beforeAll(async ({ baseURL }) => {
    site = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html><title>clickjacking</title><iframe id="victim" src="${baseURL}/sign-in" width="800" height="600"></iframe>`);
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => site?.close(resolve));
  });

  test("another site cannot frame the app: the frame is blocked, the sign-in form never renders in it", async ({ page, baseURL }) => {
    const blocked = page.waitForEvent("console", (msg) => /frame-ancestors|X-Frame-Options/i.test(msg.text()));
    const served = page.waitForResponse((r) => r.url() === `${baseURL}/sign-in`);
    await page.goto(origin);
    // The app did answer the frame's request (so the refusal is the browser's, by our headers) …
    expect((await served).status()).toBe(200);
    // … and Chromium refused to display it, saying why.
    expect((await blocked).text()).toMatch(/frame-ancestors 'none'|X-Frame-Options/i);
    const frame = await (await page.locator("#victim").elementHandle())!.contentFrame();
    expect(frame).not.toBeNull();
    expect(await frame!.locator("input").count()).toBe(0);
  });
});

import fs from "node:fs";
import { corpusFile, expect, test } from "./fixtures";

/** The corpus PDF with a unique comment after %%EOF: same resume, new bytes, so never a duplicate. */
function uniquePdf(file: string, name: string) {
  const bytes = Buffer.concat([fs.readFileSync(file), Buffer.from(`\n% e2e ${Date.now()} ${Math.random()}\n`)]);
  return { name, mimeType: "application/pdf", buffer: bytes };
}

test("without EventSource the page polls the task and still shows the report", async ({ candidatePage, resumePage, page }) => {
  await page.addInitScript(() => {
    // @ts-expect-error simulate a browser (or proxy) without Server-Sent Events
    delete window.EventSource;
  });
  const taskRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/tasks/")) taskRequests.push(new URL(r.url()).pathname);
  });
  // The offline engine may finish before the page loads; make the first read of the resume
  // say PENDING so the page has to follow the task to its end.
  let rewritten = false;
  await page.route(/\/api\/resumes\/[^/]+$/, async (route) => {
    if (rewritten || route.request().method() !== "GET") return route.continue();
    rewritten = true;
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, status: "PENDING", analysis: null } });
  });
  await candidatePage.goto();
  await candidatePage.upload(uniquePdf(corpusFile("resumes-pdf", "en_typst_rendercv_classic.pdf"), "polling-resume.pdf"));
  await resumePage.waitForReport();
  await expect(resumePage.dimensionBars).toHaveCount(5);
  expect(taskRequests.some((p) => p.endsWith("/events"))).toBe(false);
  expect(rewritten).toBe(true);
  expect(taskRequests.length).toBeGreaterThan(0);
});

test("a scanned PDF without text ends in a readable refusal, not a score", async ({ candidatePage, resumePage }) => {
  await candidatePage.goto();
  await candidatePage.upload(corpusFile("edge-pdf", "scanned-image-only-no-text.pdf"));
  await expect(resumePage.failure).toBeVisible({ timeout: 90_000 });
  await expect(resumePage.failure).toHaveAttribute("data-status", "TERMINATED_BY_POLICY");
  await expect(resumePage.failure).toHaveAttribute("data-code", "no_text_layer");
  await expect(resumePage.failureReason).toContainText("looks scanned");
  await expect(resumePage.report).toHaveCount(0);
});

import fs from "node:fs";
import { devices, type Locator, type Page } from "@playwright/test";
import { browserFetch, uploadResumeViaApi } from "./api";
import { corpusFile, expect, test } from "./fixtures";
import { InterviewPage } from "./pages/interview";

/** The phone the new-user walkthrough used. */
const PHONE = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } };

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  expect(b, "element has a box").not.toBeNull();
  return b!;
}

/** True when the element's text is cut off (ellipsis or clipped overflow). */
const isCut = (l: Locator) => l.evaluate((el) => el.scrollWidth > el.clientWidth + 1);

/**
 * For a MetaList, the facts shown wrong: a line that starts with a visible "·" (its separator
 * must lie left of the clipping box), or a fact cut off at the right edge.
 */
async function metaProblems(meta: Locator): Promise<number> {
  return meta.evaluate((clip) => {
    const c = clip.getBoundingClientRect();
    const facts = [...clip.querySelectorAll(":scope > span > span")];
    let shown = 0;
    let lastTop = Number.NEGATIVE_INFINITY;
    for (const f of facts) {
      const r = f.getBoundingClientRect();
      const dotWidth = parseFloat(getComputedStyle(f, "::before").width);
      const startsLine = r.top > lastTop + 1;
      lastTop = r.top;
      if (startsLine && r.left + dotWidth > c.left + 0.5) shown++;
      if (r.right > c.right + 0.5) shown++;
    }
    return shown;
  });
}

async function headerIsWhole(page: Page) {
  const links = [page.getByTestId("nav-resumes"), page.getByTestId("nav-interviews")];
  const others = [page.getByTestId("lang-switch"), page.getByTestId("user-menu-button"), page.getByTestId("app-name")];
  for (const l of links) {
    await expect(l).toBeInViewport({ ratio: 1 });
    expect(await isCut(l)).toBe(false);
    for (const o of others) expect(overlaps(await box(l), await box(o))).toBe(false);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test.describe("phone layout (390 × 844)", () => {
  test("header, interview list, interview title and the new-interview hint work on a phone", async ({ browser, candidateState }, testInfo) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ ...PHONE, baseURL: testInfo.project.use.baseURL, locale: "en-US" });
    try {
      await context.addCookies(candidateState.cookies);
      const page = await context.newPage();
      await page.goto("/interviews");
      await expect(page.getByTestId("new-interview")).toBeVisible();
      await headerIsWhole(page);

      // The hint says what the current resume choice does.
      const hint = page.getByTestId("interview-resume-hint");
      const { resumeId, status } = await uploadResumeViaApi(page, {
        name: "en_plain_sample_resume.txt",
        type: "text/plain",
        bytes: fs.readFileSync(corpusFile("resumes-txt-md", "en_plain_sample_resume.txt")),
      });
      expect(status).toBe("COMPLETED");
      await page.reload();
      const resume = page.getByTestId("interview-resume");
      await expect(resume.locator(`option[value="${resumeId}"]`)).toHaveCount(1);
      await resume.selectOption("");
      await expect(hint).toHaveText(/general ones for this role and level/);
      await resume.selectOption(resumeId);
      await expect(hint).toHaveText("Questions will draw on the projects and skills in this resume.");

      const created = await browserFetch(page, "/api/interviews", {
        method: "POST",
        json: { role: "Frontend engineer (design systems)", level: "mid", questionCount: 5, language: "en" },
      });
      expect(created.status).toBe(201);
      const id = (created.body as { id: string }).id;

      // The list: each item's date/level/count line wraps whole, without a leading "·".
      await page.goto("/interviews");
      const item = page.locator(`[data-testid="interview-item"][data-interview-id="${id}"]`);
      await expect(item).toBeVisible();
      expect(await metaProblems(item.getByTestId("interview-item-meta"))).toBe(0);
      await testInfo.attach("phone-interviews", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });

      // The interview page: the whole title shows, clear of the status badge and "Start over".
      const interview = new InterviewPage(page);
      await interview.goto(id);
      await interview.waitForPlan();
      await headerIsWhole(page);
      const title = page.getByTestId("interview-role-title");
      await expect(title).toHaveText("Frontend engineer (design systems)");
      expect(await isCut(title)).toBe(false);
      expect(overlaps(await box(title), await box(page.getByTestId("start-over")))).toBe(false);
      expect(await metaProblems(page.getByTestId("interview-meta"))).toBe(0);
      await testInfo.attach("phone-interview", { body: await page.screenshot(), contentType: "image/png" });
    } finally {
      await context.close();
    }
  });

  test("on a desktop the header stays one row", async ({ candidatePage, page }) => {
    await candidatePage.goto();
    const name = await box(page.getByTestId("app-name"));
    for (const id of ["nav-resumes", "nav-interviews", "lang-switch", "user-menu-button"]) {
      const b = await box(page.getByTestId(id));
      expect(Math.abs(b.y + b.height / 2 - (name.y + name.height / 2))).toBeLessThan(4);
    }
  });
});

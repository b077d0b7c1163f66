import fs from "node:fs";
import path from "node:path";
import { corpusFile, E2E_DIR, expect, test } from "./fixtures";
import { ResumePage } from "./pages/resume";

test.describe("resume report", () => {
  test("the demo candidate uploads an English PDF and sees the score and five dimension bars", async ({ candidatePage, page }) => {
    await candidatePage.goto();
    const id = await candidatePage.upload(corpusFile("resumes-pdf", "en_typst_rendercv_classic.pdf"));

    const report = new ResumePage(page);
    await report.waitForReport();
    const score = await report.overall();
    expect(score).toBeGreaterThan(0);
    expect(score).toBeLessThanOrEqual(100);
    await expect(report.dimensionBars).toHaveCount(5);
    await expect(report.dimensionBars.first()).toHaveAttribute("data-dimension", "experience");
    await expect(report.engineBadge).toHaveText("Offline analyser");
    await expect(report.strengths).toBeVisible();
    await expect(report.suggestions).toBeVisible();

    // The list shows it done, with the same score.
    await page.getByTestId("nav-resumes").click();
    const item = page.locator(`[data-testid="resume-item"][data-resume-id="${id}"]`);
    await expect(item.getByTestId("status-badge")).toHaveAttribute("data-status", "COMPLETED");
    await expect(item.getByTestId("resume-item-score")).toContainText(String(Math.round(score)));
  });

  test("a Chinese PDF gives a report written in Chinese", async ({ candidatePage, resumePage }) => {
    await candidatePage.goto();
    await candidatePage.upload(corpusFile("resumes-pdf", "zh_typst_qianxi_cv.pdf"));
    await resumePage.waitForReport();
    await expect(resumePage.report).toHaveAttribute("data-language", "zh");
    await expect(resumePage.summary).toHaveText(/[\u4e00-\u9fff]{4,}/);
    await expect(resumePage.dimensionBars).toHaveCount(5);
    await expect(resumePage.dimensionBars.first().locator("p").first()).toHaveText(/[\u4e00-\u9fff]/);
  });

  test("a job description adds the match with matched and missing skills", async ({ candidatePage, resumePage, page }, testInfo) => {
    await candidatePage.goto();
    await candidatePage.upload(corpusFile("resumes-pdf", "en_typst_rendercv_classic.pdf"), {
      // Unique per run, so the upload is never a duplicate of an earlier one.
      jobDescription: `ML platform engineer (ref ${Date.now()}). Required: Python, PyTorch, Kubernetes, Go, Rust, Terraform, AWS.`,
    });
    await resumePage.waitForReport();
    await expect(resumePage.jdMatch).toBeVisible();
    await expect(page.getByTestId("match-percent")).toHaveText(/^\d{1,3}%$/);
    await expect(page.getByTestId("matched-skills")).toBeVisible();
    await expect(page.getByTestId("missing-skills")).toBeVisible();

    // The report screenshot for the README (`UPDATE_SCREENSHOTS=1 npx playwright test`).
    await page
      .getByTestId("dimension-bar")
      .first()
      .locator("details")
      .evaluate((d) => ((d as HTMLDetailsElement).open = true));
    const shot = await page.screenshot({ fullPage: true });
    await testInfo.attach("report", { body: shot, contentType: "image/png" });
    if (process.env.UPDATE_SCREENSHOTS === "1") {
      const target = path.resolve(E2E_DIR, "../docs/screenshots/report.png");
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, shot);
    }
  });
});

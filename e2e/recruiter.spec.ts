import fs from "node:fs";
import { devices, type Page } from "@playwright/test";
import { browserFetch } from "./api";
import { corpusFile, DEMO_RECRUITER, expect, test } from "./fixtures";
import { BatchPage, JobPage, JobsPage, JobUploadPage, NewJobPage } from "./pages/jobs";

/**
 * The recruiter's acceptance walk (docs/recruiting.md): a job from a corpus job description,
 * a bulk upload with an edge file that fails alone, the batch followed to its end, a ranking
 * where the software resume beats the accountant's, a weight change that must reorder two rows,
 * the CSV export in the order shown and a resume report as PDF. Offline engine throughout.
 */
const JOB_DESCRIPTION = corpusFile("jobs", "en_swe_senior-software-engineer_gsa-tts.md");
const SOFTWARE = "en_typst_rendercv_classic.pdf";
const ACCOUNTANT = "en_msword_accountant_pair.pdf";
const EDGE = "zero-bytes.pdf";
const FILES = [
  corpusFile("resumes-pdf", SOFTWARE),
  corpusFile("resumes-pdf", "en_latex_moderncv_ml-engineer_harvey-dent.pdf"),
  corpusFile("resumes-pdf", "en_chromium_two-column-sidebar_devops.pdf"),
  corpusFile("resumes-docx", "en_mac-word_synthetic_jane-smith.docx"),
  corpusFile("resumes-pdf", ACCOUNTANT),
  corpusFile("edge-pdf", EDGE),
];
const GOOD = FILES.length - 1;

/** The phone the new-user walkthrough used (e2e/phone-layout.spec.ts). */
const PHONE = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } };
const fitsWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

type Row = { resumeId: string; candidateLabel: string; criteria: { key: string; score: number }[] };

/**
 * Weights under which two rows must swap: for the first pair (i above j) where j scores strictly
 * more on some criterion, that criterion alone at 100 makes fit = that score, so j ends above i.
 */
function reorderingWeights(rows: Row[]): { weights: Record<string, number>; above: string; below: string } | null {
  for (let i = 0; i < rows.length; i++) {
    for (let j = i + 1; j < rows.length; j++) {
      for (const c of rows[j]!.criteria) {
        const mine = rows[i]!.criteria.find((x) => x.key === c.key)!.score;
        if (c.score > mine) {
          const weights = Object.fromEntries(rows[i]!.criteria.map((x) => [x.key, x.key === c.key ? 100 : 0]));
          return { weights, above: rows[j]!.resumeId, below: rows[i]!.resumeId };
        }
      }
    }
  }
  return null;
}

/** Rows of a CSV text (RFC 4180: quoted cells may hold commas, doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let k = 0; k < text.length; k++) {
    const ch = text[k]!;
    if (quoted && ch === '"' && text[k + 1] === '"') {
      cell += '"';
      k++;
    } else if (ch === '"') quoted = !quoted;
    else if (quoted) cell += ch;
    else if (ch === ",") endCell();
    else if (ch === "\n") endRow();
    else if (ch !== "\r") cell += ch;
  }
  if (cell || row.length) endRow();
  return rows.filter((r) => r.some((c) => c !== ""));
}

test.describe("recruiter workspace", () => {
  test("a recruiter posts a job, bulk-uploads resumes with a bad file, follows the batch, reorders the ranking by weight and exports CSV and a PDF", async ({
    authPage,
    browser,
    page,
  }, testInfo) => {
    test.setTimeout(600_000);
    await authPage.signIn(DEMO_RECRUITER.email, DEMO_RECRUITER.password);
    await expect(page, "a recruiter lands on the jobs").toHaveURL(/\/jobs$/);

    const jobs = new JobsPage(page);
    await expect(jobs.root).toBeVisible();
    await jobs.newJob.click();
    const newJob = new NewJobPage(page);
    const title = `Senior Software Engineer ${Date.now()}`;
    const jobId = await newJob.createFromFile(title, JOB_DESCRIPTION);
    await expect(newJob.description).toHaveCount(0);
    await expect(newJob.skillChips.first(), "skills were extracted from the description").toBeVisible();

    await newJob.uploadResumes.click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/upload$`));
    await new JobUploadPage(page).uploadAndFollow(FILES);

    const batch = new BatchPage(page);
    const batchPath = new URL(page.url()).pathname;
    await expect(batch.items).toHaveCount(FILES.length);
    await batch.waitFinished(480_000);
    expect(await batch.counts()).toEqual({ done: GOOD, failed: 1, waiting: 0 });
    const edge = batch.item(EDGE);
    await expect(edge).toHaveAttribute("data-status", /^(REFUSED|FAILED|TERMINATED_BY_POLICY)$/);
    await expect(edge.getByTestId("batch-item-reason")).not.toBeEmpty();
    await expect(page.locator('[data-testid="batch-item"][data-status="COMPLETED"]')).toHaveCount(GOOD);
    const softwareId = (await batch.item(SOFTWARE).getAttribute("data-resume-id"))!;
    const accountantId = (await batch.item(ACCOUNTANT).getAttribute("data-resume-id"))!;

    // The progress is the server's: a reload shows the same end.
    await page.reload();
    await batch.waitFinished(30_000);
    expect(await batch.counts()).toEqual({ done: GOOD, failed: 1, waiting: 0 });

    await batch.seeRanking.click();
    const job = new JobPage(page);
    await expect(job.root).toBeVisible();
    await expect(job.blindToggle, "blind screening is on by default").toBeChecked();
    await expect(job.rows).toHaveCount(GOOD);
    const before = await job.order();
    expect(before.indexOf(softwareId), "the software resume ranks above the accountant's").toBeLessThan(before.indexOf(accountantId));
    await job.row(softwareId).getByTestId("row-expand").click();
    await expect(job.row(softwareId).getByTestId("criterion")).toHaveCount(5);

    // Weights chosen from the criteria the ranking shows, so that two rows must swap.
    const ranking = await browserFetch(page, `/api/jobs/${jobId}/ranking?blind=true`);
    expect(ranking.status).toBe(200);
    const rows = (ranking.body as { items: Row[] }).items;
    expect(rows.map((r) => r.resumeId)).toEqual(before);
    const swap = reorderingWeights(rows);
    expect(swap, "some candidate outscores one ranked above it on a criterion").not.toBeNull();
    await job.setWeights(swap!.weights);
    await expect
      .poll(
        async () => {
          const order = await job.order();
          return order.indexOf(swap!.above) < order.indexOf(swap!.below);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const after = await job.order();
    expect(after).not.toEqual(before);

    // The CSV lists the candidates in the order shown.
    const labels = await job.order("data-label");
    const [csvDownload] = await Promise.all([page.waitForEvent("download"), job.exportCsv.click()]);
    const csv = parseCsv(fs.readFileSync((await csvDownload.path())!, "utf8").replace(/^\uFEFF/, ""));
    expect(csv.length, "a header and one line per candidate").toBe(GOOD + 1);
    const csvOrder = labels.map((label) => csv.findIndex((line) => line.includes(label)));
    expect(csvOrder).toEqual(labels.map((_, k) => k + 1));

    // A resume report as PDF.
    const [pdfDownload] = await Promise.all([page.waitForEvent("download"), job.rows.first().getByTestId("row-pdf").click()]);
    const pdf = fs.readFileSync((await pdfDownload.path())!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // The same pages on a phone: nothing wider than the screen, the header's entries whole.
    const phone = await browser.newContext({
      ...PHONE,
      baseURL: testInfo.project.use.baseURL,
      locale: "en-US",
      storageState: await page.context().storageState(),
    });
    try {
      const small = await phone.newPage();
      await small.goto(`/jobs/${jobId}`);
      await expect(small.getByTestId("ranking-row")).toHaveCount(GOOD);
      await small.getByTestId("ranking-row").first().getByTestId("row-expand").click();
      expect(await fitsWidth(small), "the job page fits a phone").toBe(true);
      await testInfo.attach("job page on a phone", { body: await small.screenshot(), contentType: "image/png" });
      for (const entry of ["nav-resumes", "nav-interviews", "nav-jobs", "nav-shared-reports"]) {
        const link = small.getByTestId(entry);
        await expect(link).toBeInViewport({ ratio: 1 });
        expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `${entry} is whole`).toBe(true);
      }
      await small.goto(batchPath);
      await expect(small.getByTestId("batch-item")).toHaveCount(FILES.length);
      expect(await fitsWidth(small), "the batch page fits a phone").toBe(true);
    } finally {
      await phone.close();
    }
  });
});

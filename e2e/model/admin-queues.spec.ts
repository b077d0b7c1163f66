import { readFileSync } from "node:fs";
import { devices } from "@playwright/test";
import { browserFetch, uploadResumeViaApi } from "../api";
import { corpusFile, DEMO_ADMIN, expect, test } from "../fixtures";
import { AuthPage } from "../pages/auth";

/**
 * The console's queue, task and DLQ pages on the model stack (its worker's model is the fake
 * upstream, playwright.config.ts), so a task can fail for good the way tasks do in production:
 * upstream answers 500 to every call while the worker's 3 attempts run out (FAILED, a DLQ
 * entry); upstream heals; the admin replays the task from the DLQ page and watches the worker
 * complete it. The offline stack cannot do this honestly: the offline engine does not fail
 * transiently, and a bad file ends by policy, outside the DLQ.
 */
const fakeLlm = () => process.env.E2E_FAKE_LLM_URL as string;
const PHONE = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } };

test.describe("the console's queues and DLQ", () => {
  // The queue page's checks read what the replay left behind (throughput, the batch lane's consumer, the model's calls).
  test.describe.configure({ mode: "serial", timeout: 180_000 });

  test.afterAll(async ({ request }) => {
    await request.post(`${fakeLlm()}/__control`, { data: { mode: "ok" } });
  });

  test("an admin replays a failed task from the DLQ and watches it complete; the task page tells its story", async ({ page, request }) => {
    await new AuthPage(page).signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    // Upstream is down for every call: the worker's attempts run out.
    expect((await request.post(`${fakeLlm()}/__control`, { data: { mode: "500" } })).ok()).toBe(true);
    const bytes = Buffer.concat([readFileSync(corpusFile("resumes-txt-md/en_plain_sample_resume.txt")), Buffer.from(`\nReference code: dlq-${Date.now()}\n`)]);
    const upload = await browserFetch(page, "/api/resumes", {
      method: "POST",
      file: { name: "dlq.txt", type: "text/plain", base64: bytes.toString("base64") },
    });
    expect(upload.status).toBe(202);
    const { taskId } = upload.body as { taskId: string };
    const adminTask = async () =>
      (await browserFetch(page, `/api/admin/tasks/${taskId}`)).body as { task: { status: string; attempts: number; lane: string; errorCode: string | null } };
    await expect.poll(async () => (await adminTask()).task, { timeout: 60_000 }).toMatchObject({ status: "FAILED", attempts: 3, errorCode: "upstream_5xx" });
    expect((await request.post(`${fakeLlm()}/__control`, { data: { mode: "ok" } })).ok()).toBe(true);

    await page.goto("/admin/dlq");
    await expect(page.getByTestId("admin-nav-dlq")).toHaveAttribute("aria-current", "page");
    const row = page.getByTestId("dlq-items").locator(`[data-task-id="${taskId}"]`);
    await expect(row).toContainText("resume.analyze");
    await expect(row).toContainText("upstream_5xx");
    await row.getByTestId("dlq-replay-row").click();

    // It leaves the DLQ and, under "Replayed", runs to completed on its own.
    await expect(row).toHaveCount(0);
    const replayed = page.getByTestId("dlq-replayed").locator(`[data-task-id="${taskId}"]`);
    await expect(replayed.getByTestId("admin-task-status")).toHaveAttribute("data-status", "COMPLETED", { timeout: 60_000 });
    expect((await adminTask()).task).toMatchObject({ status: "COMPLETED", lane: "batch", attempts: 1, errorCode: null });

    await replayed.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/admin/tasks/${taskId}$`));
    await expect(page.getByTestId("admin-task-detail")).toHaveAttribute("data-status", "COMPLETED");
    await expect(page.getByTestId("admin-nav-tasks")).toHaveAttribute("aria-current", "page");
    const timeline = page.getByTestId("task-timeline");
    await expect(timeline.locator('[data-kind="event"]')).toContainText(["Replayed from the DLQ (it had 3 attempts)"]);
    await expect(timeline).toContainText(DEMO_ADMIN.email);
    await expect(timeline.locator('[data-kind="finished"]')).toContainText("Completed");
    // Four upstream calls: three refused with 500, the replay's answered.
    await expect(page.getByTestId("task-usage").locator("li")).toHaveCount(4);

    // The task search finds it by its owner and status.
    await page.goto(`/admin/tasks?status=COMPLETED&user=${encodeURIComponent(DEMO_ADMIN.email)}`);
    await expect(page.getByTestId("admin-task-items").locator(`[data-task-id="${taskId}"]`)).toBeVisible();
  });

  test("the queue page shows every stream with its health, the throughput and the model's quota and circuit, and fits a phone", async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ ...PHONE, baseURL: testInfo.project.use.baseURL, locale: "en-US" });
    try {
      const page = await context.newPage();
      await new AuthPage(page).signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
      // A task that ran now, so every figure below has something to show.
      expect(
        (
          await uploadResumeViaApi(page, {
            name: "queues.txt",
            type: "text/plain",
            bytes: Buffer.concat([
              readFileSync(corpusFile("resumes-txt-md/en_plain_sample_resume.txt")),
              Buffer.from(`\nReference code: queues-${Date.now()}\n`),
            ]),
          })
        ).status,
      ).toBe("COMPLETED");
      await page.goto("/admin/queues");
      const streams = page.getByTestId("queue-stream");
      await expect(streams).toHaveCount(12);
      expect(await streams.evaluateAll((els) => els.map((e) => e.getAttribute("data-stream")))).toEqual([
        "resume.analyze:interactive",
        "resume.analyze:batch",
        "interview.plan:interactive",
        "interview.plan:batch",
        "interview.evaluate:interactive",
        "interview.evaluate:batch",
        "job.skills:interactive",
        "job.skills:batch",
        "job.fairness_audit:interactive",
        "job.fairness_audit:batch",
        "kb.vectorize:interactive",
        "kb.vectorize:batch",
      ]);
      // The worker keeps up: nothing is stuck. The replayed task was delivered on the batch lane,
      // so the worker is listed there as a consumer (Redis lists one from its first delivery).
      for (const s of await streams.all()) await expect(s).not.toHaveAttribute("data-health", "stalled");
      await expect(page.getByTestId("queues-stalled-count")).toHaveText("0");
      await expect(page.locator('[data-stream="resume.analyze:batch"] summary')).toHaveText("1 consumer");
      await expect(page.getByTestId("throughput-totals")).not.toContainText(/^0 completed/);
      // Run time comes from the worker's histograms: a figure, not "—".
      await expect(page.locator('[data-stream="resume.analyze:interactive"] [data-testid="queue-stream-run"]')).not.toHaveText("—");

      const model = page.getByTestId("upstream-model");
      await expect(model).toHaveCount(1);
      await expect(model).toContainText("openai/gpt-4o-mini");
      await expect(model.getByTestId("upstream-breaker")).toHaveAttribute("data-status", "closed");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await context.close();
    }
  });
});

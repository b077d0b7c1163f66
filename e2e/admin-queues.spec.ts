import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { devices } from "@playwright/test";
import postgres from "postgres";
import { browserFetch } from "./api";
import { corpusFile, DEMO_ADMIN, expect, test } from "./fixtures";
import { AuthPage } from "./pages/auth";

/**
 * The console's queue, task and DLQ pages against the e2e server's own worker.
 *
 * How a task fails for good here: the e2e worker runs the offline engine, and bad files are
 * refused by policy (TERMINATED_BY_POLICY, never in the DLQ), so the spec breaks the store
 * instead — a trigger on the run's database makes the worker's COMPLETED transaction fail for
 * one uploaded file name, as a broken table or a full disk would. The worker's own retries run
 * out (3 attempts with backoff) and the task ends FAILED through the real pipeline; then the
 * trigger is dropped (the outage is over) and the admin replays it from the DLQ page and watches
 * it complete.
 */
const databaseUrl = (() => {
  const u = new URL(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  u.pathname = `/${process.env.E2E_DATABASE_NAME}`;
  return u.toString();
})();

const PHONE = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } };

test.describe("the console's queues and DLQ", () => {
  // The queue page's checks read what the replay left behind (throughput, the batch lane's consumer).
  test.describe.configure({ mode: "serial", timeout: 180_000 });
  const tag = randomUUID().slice(0, 8);
  const fileName = `dlq-${tag}.txt`;
  const fn = `e2e_fail_analysis_${tag}`;
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });

  test.beforeAll(async () => {
    await sql.unsafe(`
      create function ${fn}() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from resumes r where r.id = new.resume_id and r.file_name = '${fileName}') then
          raise exception 'e2e: the analyses table refuses writes for ${fileName}';
        end if;
        return new;
      end $$`);
    await sql.unsafe(`create trigger ${fn} before insert on analyses for each row execute function ${fn}()`);
  });

  test.afterAll(async () => {
    await sql.unsafe(`drop trigger if exists ${fn} on analyses`).catch(() => undefined);
    await sql.unsafe(`drop function if exists ${fn}()`).catch(() => undefined);
    await sql.end({ timeout: 5 });
  });

  test("an admin replays a failed task from the DLQ and watches it complete; the task page tells its story", async ({ page }) => {
    await new AuthPage(page).signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const bytes = Buffer.concat([readFileSync(corpusFile("resumes-txt-md/en_plain_sample_resume.txt")), Buffer.from(`\nReference code: ${tag}\n`)]).toString(
      "base64",
    );
    const upload = await browserFetch(page, "/api/resumes", { method: "POST", file: { name: fileName, type: "text/plain", base64: bytes } });
    expect(upload.status).toBe(202);
    const { taskId } = upload.body as { taskId: string };

    // The worker's attempts run out against the broken store: FAILED, through its own retries.
    await expect
      .poll(async () => (await sql`select status, attempts from tasks where id = ${taskId}`)[0], { timeout: 60_000 })
      .toMatchObject({ status: "FAILED", attempts: 3 });
    await sql.unsafe(`drop trigger ${fn} on analyses`);

    await page.goto("/admin/dlq");
    await expect(page.getByTestId("admin-nav-dlq")).toHaveAttribute("aria-current", "page");
    const row = page.getByTestId("dlq-items").locator(`[data-task-id="${taskId}"]`);
    await expect(row).toContainText("resume.analyze");
    await expect(row).toContainText("internal");
    await row.getByTestId("dlq-replay-row").click();

    // It leaves the DLQ and, under "Replayed", runs to completed on its own.
    await expect(row).toHaveCount(0);
    const replayed = page.getByTestId("dlq-replayed").locator(`[data-task-id="${taskId}"]`);
    await expect(replayed.getByTestId("admin-task-status")).toHaveAttribute("data-status", "COMPLETED", { timeout: 60_000 });
    const [done] = await sql`select status, lane, attempts from tasks where id = ${taskId}`;
    expect(done).toEqual({ status: "COMPLETED", lane: "batch", attempts: 1 });

    await replayed.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/admin/tasks/${taskId}$`));
    const detail = page.getByTestId("admin-task-detail");
    await expect(detail).toHaveAttribute("data-status", "COMPLETED");
    await expect(page.getByTestId("admin-nav-tasks")).toHaveAttribute("aria-current", "page");
    const timeline = page.getByTestId("task-timeline");
    await expect(timeline.locator('[data-kind="event"]')).toContainText(["Replayed from the DLQ (it had 3 attempts)"]);
    await expect(timeline).toContainText(DEMO_ADMIN.email);
    await expect(timeline.locator('[data-kind="finished"]')).toContainText("Completed");

    // The task search finds it by its owner and status.
    await page.goto(`/admin/tasks?status=COMPLETED&user=${encodeURIComponent(DEMO_ADMIN.email)}`);
    await expect(page.getByTestId("admin-task-items").locator(`[data-task-id="${taskId}"]`)).toBeVisible();
  });

  test("the queue page shows every stream with its health, consumers and throughput, and fits a phone", async ({ browser }, testInfo) => {
    const context = await browser.newContext({ ...PHONE, baseURL: testInfo.project.use.baseURL, locale: "en-US" });
    try {
      const page = await context.newPage();
      await new AuthPage(page).signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.goto("/admin/queues");
      const streams = page.getByTestId("queue-stream");
      await expect(streams).toHaveCount(6);
      const names = await streams.evaluateAll((els) => els.map((e) => e.getAttribute("data-stream")));
      expect(names).toEqual([
        "resume.analyze:interactive",
        "resume.analyze:batch",
        "interview.plan:interactive",
        "interview.plan:batch",
        "interview.evaluate:interactive",
        "interview.evaluate:batch",
      ]);
      // The e2e worker keeps up: nothing is stuck. The replayed task was delivered on the batch
      // lane, so the worker is listed there as a consumer (Redis lists one from its first delivery).
      for (const s of await streams.all()) await expect(s).not.toHaveAttribute("data-health", "stalled");
      await expect(page.getByTestId("queues-stalled-count")).toHaveText("0");
      await expect(page.locator('[data-stream="resume.analyze:batch"] summary')).toHaveText("1 consumer");
      // The replay of the first test completed within the hour.
      await expect(page.getByTestId("throughput-totals")).not.toContainText(/^0 completed/);
      await expect(page.getByTestId("queues-upstream")).toContainText("offline engine");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await context.close();
    }
  });
});

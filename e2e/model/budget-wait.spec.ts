import { browserFetch } from "../api";
import { corpusFile, expect, test } from "../fixtures";
import { ResumePage } from "../pages/resume";
import { ResumesPage } from "../pages/resumes";

/**
 * A used-up money budget on the model stack (its worker calls the fake upstream, priced as
 * gpt-4o-mini, playwright.config.ts): the candidate's analysis waits RETRYING with
 * `budget_exhausted` and the time of its next try, nothing sent upstream; the admin raises the
 * budget on the settings page and the waiting work resumes by itself and completes. The budget
 * is removed afterwards, so the other specs of the model stack are not held.
 */
const fakeLlm = () => process.env.E2E_FAKE_LLM_URL as string;
const requestsSoFar = async (request: import("@playwright/test").APIRequestContext) =>
  ((await (await request.get(`${fakeLlm()}/__requests`)).json()) as { requests: unknown[] }).requests.length;

test.describe("budgets", () => {
  test("work over a used-up budget waits and says why and when; raising the budget resumes it", async ({ adminPage, browser, candidateState, request }) => {
    test.setTimeout(180_000);
    const budget = adminPage.getByTestId("settings-budgets");
    const setGlobalDay = async (dollars: string) => {
      await budget.getByTestId("budget-scope").selectOption("global");
      await budget.getByTestId("budget-period").selectOption("day");
      await budget.getByTestId("budget-limit").fill(dollars);
      await budget.getByTestId("budget-save").click();
    };
    await adminPage.goto("/admin/settings");
    await setGlobalDay("0");
    const row = budget.locator('[data-testid="budget-row"][data-key="global::day"]');
    await expect(row).toBeVisible();

    const candidate = await browser.newContext({ storageState: candidateState, locale: "en-US" });
    try {
      const page = await candidate.newPage();
      const upstreamBefore = await requestsSoFar(request);
      await page.goto("/resumes");
      // A job description of its own, so no cached result can answer without a model call.
      await new ResumesPage(page).upload(corpusFile("resumes-pdf", "en_typst_rendercv_classic.pdf"), {
        jobDescription: `Data engineer (budget ref ${Date.now()}). Required: Python, SQL, Airflow.`,
      });
      const reason = page.getByTestId("task-retry-reason");
      await expect(reason).toHaveAttribute("data-code", "budget_exhausted", { timeout: 60_000 });
      await expect(reason).toContainText("spending limit");
      // When: the next try is the budget's reset, 00:00 UTC tomorrow.
      const retryAt = new Date((await page.getByTestId("task-retry-at").getAttribute("data-at")) ?? "");
      const tomorrow = new Date();
      tomorrow.setUTCHours(24, 0, 0, 0);
      expect(retryAt.toISOString()).toBe(tomorrow.toISOString());
      expect(await requestsSoFar(request)).toBe(upstreamBefore);

      // The admin raises the budget; the wait ends without anyone touching the task.
      await setGlobalDay("100");
      await expect(row.getByTestId("budget-limit-value")).toContainText("100");
      await new ResumePage(page).waitForReport(90_000);
      await expect(new ResumePage(page).engineBadge).not.toHaveText("Offline analyser");
      expect(await requestsSoFar(request)).toBeGreaterThan(upstreamBefore);

      // The call it made is on the cost page: the model, metered and priced from the catalog.
      await adminPage.goto("/admin/cost");
      const model = adminPage.locator('[data-testid="cost-model-row"][data-model="openai/gpt-4o-mini"]');
      await expect(model).toBeVisible();
      await expect(model.getByTestId("cost-model-cost")).toHaveText(/\$\d/);
      await expect(model.getByTestId("cost-model-cost")).not.toHaveText(/unpriced/i);
    } finally {
      await candidate.close();
      await browserFetch(adminPage, "/api/admin/settings/budgets", { method: "DELETE", json: { scope: "global", scopeId: "", period: "day" } });
    }
  });
});

import { devices, type Page } from "@playwright/test";
import { bucketIndex, LATENCY_BUCKETS_MS } from "../lib/finops/latency-buckets";
import { addRollups, e2eDatabase } from "./db";
import { DEMO_ADMIN, DEMO_RECRUITER, expect, test } from "./fixtures";
import { AdminCostPage, AdminNav, AdminSettingsPage } from "./pages/admin";
import { AuthPage } from "./pages/auth";

/**
 * The admin console in Chromium: the cost page draws the usage this spec seeds into the
 * rollups (and picks up more within a few seconds, without a reload), a model without a price
 * shows as unpriced, a budget is edited on the settings page and the change is listed with
 * who made it; candidates and recruiters get the 404 page on every console page.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CONSOLE_PAGES = ["/admin", "/admin/cost", "/admin/users", "/admin/settings"];
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PROVIDER = "e2e";
const PRICED = `priced-${tag}`;
const UNPRICED = `unpriced-${tag}`;
const SEEDED_BUCKET = bucketIndex(1_000);
/** The p50 of calls all in one bucket: its middle (lib/finops/latency-buckets.ts interpolates linearly). */
const SEEDED_P50_MS = ((LATENCY_BUCKETS_MS[SEEDED_BUCKET - 1] ?? 0) + LATENCY_BUCKETS_MS[SEEDED_BUCKET]!) / 2;

/** This hour's and today's rollup rows for one model: both granularities, as the writer keeps them. */
function thisHour(model: string, sums: { requests: number; costMicroUsd: number; unpricedRequests?: number }) {
  const hour = new Date(Math.floor(Date.now() / HOUR) * HOUR);
  const day = new Date(Math.floor(Date.now() / DAY) * DAY);
  const row = { provider: PROVIDER, model, feature: "resume.analyze", inputTokens: 1_000 * sums.requests, outputTokens: 200 * sums.requests, ...sums };
  // Every request in the bucket that holds 1 s.
  const latencyBuckets = LATENCY_BUCKETS_MS.map((_, i) => (i === SEEDED_BUCKET ? sums.requests : 0));
  return [
    { granularity: "hour" as const, bucketStart: hour, latencyBuckets, ...row },
    { granularity: "day" as const, bucketStart: day, latencyBuckets, ...row },
  ];
}

/** Neither the document nor a table scrolls sideways. */
async function noSidewaysScroll(page: Page, tables: boolean) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  if (tables) {
    const scrolls = await page.locator("table").evaluateAll((ts) => ts.map((t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth + 1));
    expect(scrolls.every((s) => !s)).toBe(true);
  }
}

test.describe("admin console", () => {
  const sql = e2eDatabase();
  test.afterAll(async () => {
    await sql.end({ timeout: 5 });
  });

  test("the cost page charts the seeded usage, updates live, and shows a model without a price as unpriced", async ({ adminPage: page }) => {
    await addRollups(sql, [
      ...thisHour(PRICED, { requests: 4, costMicroUsd: 1_234_560 }),
      ...thisHour(UNPRICED, { requests: 3, costMicroUsd: 0, unpricedRequests: 3 }),
    ]);
    const cost = new AdminCostPage(page);
    await cost.goto();
    await expect(new AdminNav(page).entry("cost")).toHaveAttribute("aria-current", "page");

    await expect(cost.modelCost(`${PROVIDER}/${PRICED}`)).toHaveText("$1.23");
    await expect(cost.modelCost(`${PROVIDER}/${UNPRICED}`)).toHaveText("unpriced");
    await expect(cost.modelCost(`${PROVIDER}/${UNPRICED}`)).toHaveAttribute("data-unpriced", "true");
    await expect(cost.unpricedModels).toContainText(`${PROVIDER}/${UNPRICED} (3)`);
    expect(SEEDED_P50_MS).toBeLessThan(1_000); // shown in ms
    await expect(cost.modelRow(`${PROVIDER}/${PRICED}`)).toContainText(`${SEEDED_P50_MS} ms`);
    await expect(cost.bars.first()).toBeVisible();
    await expect(cost.stackBy("model")).toHaveAttribute("aria-pressed", "true");

    // More usage lands in the rollups: the page shows it on its next poll, no reload.
    await addRollups(sql, thisHour(PRICED, { requests: 1, costMicroUsd: 2_000_000 }));
    await expect(cost.modelCost(`${PROVIDER}/${PRICED}`)).toHaveText("$3.23", { timeout: 15_000 });

    // The same day's rows on the daily 30-day view; stacked by feature too.
    await cost.range("30d").click();
    await expect(cost.range("30d")).toHaveAttribute("aria-pressed", "true");
    await expect(cost.modelCost(`${PROVIDER}/${PRICED}`)).toHaveText("$3.23");
    await cost.stackBy("feature").click();
    await expect(cost.bars.first()).toBeVisible();
    await noSidewaysScroll(page, true);
  });

  test("the admin edits a budget; it is kept and the change is listed with who made it", async ({ adminPage: page }) => {
    const settings = new AdminSettingsPage(page);
    const key = { scope: "feature", scopeId: `e2e-${tag}`, period: "day" } as const;
    await settings.goto();
    await settings.setBudget({ ...key, limitUsd: "12.5" });
    await expect(settings.budgetRow(key).getByTestId("budget-limit-value")).toHaveText("$12.50");

    await settings.setBudget({ ...key, limitUsd: "20" });
    await expect(settings.budgetRow(key).getByTestId("budget-limit-value")).toHaveText("$20.00");
    const latest = settings.changes.first();
    await expect(latest).toHaveAttribute("data-action", "budget.set");
    await expect(latest).toContainText(`feature:e2e-${tag}:day`);
    await expect(latest.getByTestId("change-by")).toContainText(DEMO_ADMIN.email);
    await expect(latest).toContainText("20000000");

    await page.reload();
    await expect(settings.budgetRow(key).getByTestId("budget-limit-value")).toHaveText("$20.00");
    await settings.budgetRow(key).getByTestId("budget-delete").click();
    await expect(settings.budgetRow(key)).toHaveCount(0);
    await expect(settings.changes.first()).toHaveAttribute("data-action", "budget.delete");

    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from budgets where scope = 'feature' and scope_id = ${key.scopeId}`;
    expect(row!.n).toBe(0);
  });

  test("the overview links every section; on a phone nothing scrolls sideways", async ({ browser, adminState }, testInfo) => {
    const context = await browser.newContext({
      ...devices["Pixel 7"],
      viewport: { width: 390, height: 844 },
      baseURL: testInfo.project.use.baseURL,
      locale: "en-US",
    });
    try {
      await context.addCookies(adminState.cookies);
      const page = await context.newPage();
      await page.goto("/admin");
      await expect(page.getByTestId("overview-cost-today")).toBeVisible();
      const nav = new AdminNav(page);
      for (const s of ["overview", "cost", "queues", "tasks", "dlq", "users", "settings"] as const) await expect(nav.entry(s)).toBeVisible();
      await expect(nav.entry("overview")).toHaveAttribute("aria-current", "page");
      await noSidewaysScroll(page, false);
      await page.goto("/admin/cost");
      await expect(page.getByTestId("cost-models")).toBeVisible();
      await noSidewaysScroll(page, false);
    } finally {
      await context.close();
    }
  });

  test("a candidate and a recruiter get the 404 page on every console page and 403 from /api/metrics; no session gets 401", async ({
    candidatePage,
    browser,
  }, testInfo) => {
    const recruiterContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: "en-US" });
    try {
      const recruiter = await recruiterContext.newPage();
      await new AuthPage(recruiter).signIn(DEMO_RECRUITER.email, DEMO_RECRUITER.password);
      for (const page of [candidatePage.page, recruiter]) {
        for (const path of CONSOLE_PAGES) {
          const res = await page.goto(path);
          expect(res?.status(), path).toBe(404);
          await expect(page.getByTestId("page-not-found")).toBeVisible();
          await expect(page.getByTestId("admin-nav")).toHaveCount(0);
        }
        // The Prometheus endpoint: signed in but no admin → 403.
        expect((await page.request.get("/api/metrics")).status()).toBe(403);
      }
      // No credentials at all → 401.
      const anonymous = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
      expect((await anonymous.request.get("/api/metrics")).status()).toBe(401);
      await anonymous.close();
    } finally {
      await recruiterContext.close();
    }
  });
});

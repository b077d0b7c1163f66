import { devices, type Page, type Route } from "@playwright/test";
import { DEMO_CANDIDATE, expect, test } from "./fixtures";
import { AdminLimitsSection } from "./pages/admin-limits";
import { InterviewsPage } from "./pages/interviews";

/**
 * Request limits in Chromium: the admin changes a rule and the allow-list on the settings page
 * (each change in force, listed with who made it, and undone — the e2e server is shared by
 * every spec, so whatever this spec sets it removes in `finally`); and a 429 answer shows a
 * countdown on the disabled button instead of an error, re-enabling it at zero.
 *
 * The 429s of the countdown tests are fulfilled by the test (`page.route`) with the limiter's
 * answer shape (`rate_limited:<surface>`, `Retry-After`, the RateLimit fields): they prove the
 * client's part in the browser; the limiter's own answers are its API tests'.
 */
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** A rule no other spec comes near (new accounts per address per hour), raised — never lowered — while the test runs. */
const RULE = "sign_up.ip.hour";

/** Answers one request as the request limiter refuses it: 429, `Retry-After` and the RateLimit fields. */
function refuse(surface: string, retryAfterS: number, opts: { header?: "retry-after" | "x-retry-after" } = {}) {
  return (route: Route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      headers: {
        [opts.header ?? "retry-after"]: String(retryAfterS),
        ratelimit: `"${surface}";r=0;t=${retryAfterS}`,
        "ratelimit-policy": `"${surface}";q=1;w=60`,
      },
      body: JSON.stringify({ code: `rate_limited:${surface}`, message: "Too many requests." }),
    });
}

/** The admin API with the page's session (a script's request: no Origin), to undo what a test changed whatever failed. */
async function adminApi(page: Page, method: "DELETE", path: string, body: unknown) {
  const res = await page.request.fetch(path, { method, data: body });
  expect(res.status(), `${method} ${path}`).toBe(200);
}

test.describe("request limits on the console", () => {
  test("the admin overrides a limit: in force at once, listed with who made it; reset brings the default back", async ({ adminPage: page }) => {
    const limits = new AdminLimitsSection(page);
    await limits.goto();
    const row = limits.rule(RULE);
    try {
      await expect(row.getByTestId("limit-default")).toHaveText("20");
      await expect(row.getByTestId("limit-effective")).toHaveText("20");
      await limits.setOverride(RULE, "500");
      await expect(row.getByTestId("limit-effective")).toHaveText("500");
      await expect(row).toHaveAttribute("data-effective", "500");
      await expect(limits.changes.first()).toHaveAttribute("data-action", "rate_limit.set");
      await expect(limits.changes.first()).toContainText(`rate_limit:${RULE}`);

      await page.reload();
      await expect(limits.rule(RULE).getByTestId("limit-effective")).toHaveText("500");
      await limits.rule(RULE).getByTestId("limit-reset").click();
      await expect(limits.rule(RULE).getByTestId("limit-effective")).toHaveText("20");
      await expect(limits.rule(RULE).getByTestId("limit-reset")).toHaveCount(0);
      await expect(limits.changes.first()).toHaveAttribute("data-action", "rate_limit.delete");

      // A value past the rule's bound is refused in the form, nothing sent.
      await limits.rule(RULE).getByTestId("limit-override-input").fill("99999999999");
      await expect(limits.rule(RULE).getByTestId("limit-save")).toBeDisabled();
    } finally {
      await adminApi(page, "DELETE", "/api/admin/settings/limits", { ruleId: RULE });
    }
  });

  test("the admin allow-lists an office range (normalised) and a user by e-mail, then removes both", async ({ adminPage: page }) => {
    const limits = new AdminLimitsSection(page);
    await limits.goto();
    const ids: string[] = [];
    try {
      await limits.addEntry({ kind: "ip_range", value: "198.51.100.77/24", multiplier: 5, note: `e2e ${tag}` });
      const office = limits.entry("ip_range", "198.51.100.0/24");
      await expect(office).toContainText("limits × 5");
      await expect(office).toContainText(`e2e ${tag}`);

      await limits.addEntry({ kind: "user", value: DEMO_CANDIDATE.email, multiplier: null, note: `e2e ${tag}` });
      const person = limits.allowlist.locator('[data-testid="allowlist-row"][data-kind="user"]', { hasText: DEMO_CANDIDATE.email });
      await expect(person).toContainText("no limits");
      await expect(limits.changes.first()).toHaveAttribute("data-action", "allowlist.set");

      // A range holding every address is refused, with the server's reason under the form.
      await limits.addEntry({ kind: "ip_range", value: "0.0.0.0/0", multiplier: 2 });
      await expect(page.getByTestId("allowlist-error")).toContainText("/0");

      await office.getByTestId("allowlist-remove").click();
      await expect(office).toHaveCount(0);
      await person.getByTestId("allowlist-remove").click();
      await expect(person).toHaveCount(0);
      await expect(limits.changes.first()).toHaveAttribute("data-action", "allowlist.delete");
    } finally {
      const left = (await (await page.request.get("/api/admin/settings/allowlist")).json()) as { items: { id: string; note: string }[] };
      for (const e of left.items.filter((i) => i.note === `e2e ${tag}`)) ids.push(e.id);
      for (const id of ids) await adminApi(page, "DELETE", "/api/admin/settings/allowlist", { id });
    }
  });

  test("on a phone the request limits and the allow-list do not scroll sideways", async ({ browser, adminState }, testInfo) => {
    const context = await browser.newContext({
      ...devices["Pixel 7"],
      viewport: { width: 390, height: 844 },
      baseURL: testInfo.project.use.baseURL,
      locale: "en-US",
    });
    try {
      await context.addCookies(adminState.cookies);
      const page = await context.newPage();
      const limits = new AdminLimitsSection(page);
      await limits.goto();
      await expect(limits.allowlist).toBeVisible();
      await limits.rule(RULE).scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await context.close();
    }
  });
});

test.describe("a 429 shows a countdown instead of an error", () => {
  test("new interview: the button says 'Try again in N s', disabled, and is back at zero", async ({ candidatePage }) => {
    const page = candidatePage.page;
    const interviews = new InterviewsPage(page);
    await interviews.goto();
    await page.route("**/api/interviews", (route) => (route.request().method() === "POST" ? refuse("interview", 4)(route) : route.fallback()));
    await interviews.role.fill(`Countdown engineer ${tag}`);
    await interviews.submit.click();
    await expect(interviews.submit).toBeDisabled();
    await expect(interviews.submit).toHaveText(/^Try again in [1-4] s$/);
    await expect(page.getByTestId("interview-retry")).toContainText("Too many requests");
    await expect(page.getByTestId("new-interview-error")).toHaveCount(0);
    // Generous: the countdown is 4 s.
    await expect(interviews.submit).toBeEnabled({ timeout: 20_000 });
    await expect(interviews.submit).toHaveText("Start preparing");
    await expect(page.getByTestId("interview-retry")).toHaveCount(0);
  });

  test("resume upload: the countdown replaces the error and the file stays chosen", async ({ candidatePage }) => {
    const page = candidatePage.page;
    await page.goto("/resumes");
    await page.route("**/api/resumes", (route) => (route.request().method() === "POST" ? refuse("upload", 3)(route) : route.fallback()));
    await page
      .getByTestId("upload-input")
      .setInputFiles({ name: `cv-${tag}.txt`, mimeType: "text/plain", buffer: Buffer.from("Jane Doe\nExperience\nEngineer 2019 - 2023\nSkills: SQL\n") });
    const submit = page.getByTestId("upload-submit");
    await submit.click();
    await expect(submit).toBeDisabled();
    await expect(submit).toContainText(/Try again in [1-3] s/);
    await expect(page.getByTestId("upload-retry")).toBeVisible();
    await expect(page.getByTestId("upload-error")).toHaveCount(0);
    await expect(page.getByTestId("upload-file-name")).toHaveText(`cv-${tag}.txt`);
    await expect(submit).toBeEnabled({ timeout: 20_000 });
    await expect(submit).toContainText("Analyse");
  });

  test("sign-in: better-auth's X-Retry-After counts down on the button", async ({ page }) => {
    await page.route("**/api/auth/sign-in/email", refuse("auth", 3, { header: "x-retry-after" }));
    await page.goto("/sign-in");
    await page.getByTestId("auth-email").fill(`nobody-${tag}@example.com`);
    await page.getByTestId("auth-password").fill("not-the-password-1");
    const submit = page.getByTestId("auth-submit");
    await submit.click();
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveText(/^Try again in [1-3] s$/);
    await expect(page.getByTestId("auth-retry")).toBeVisible();
    await expect(page.getByTestId("auth-error")).toHaveCount(0);
    await expect(submit).toBeEnabled({ timeout: 20_000 });
    await expect(submit).toHaveText("Sign in");
  });
});

import { expect, type Locator, type Page } from "@playwright/test";

/** The request-limits and allow-list cards of `/admin/settings`. */
export class AdminLimitsSection {
  readonly card: Locator;
  readonly allowlist: Locator;
  readonly refusals: Locator;
  readonly changes: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByTestId("settings-limits");
    this.allowlist = page.getByTestId("settings-allowlist");
    this.refusals = page.getByTestId("limits-refusals");
    this.changes = page.getByTestId("change-row");
  }

  async goto() {
    await this.page.goto("/admin/settings");
    await expect(this.card.getByTestId("limit-rule-row").first()).toBeVisible();
  }

  rule(id: string): Locator {
    return this.card.locator(`[data-testid="limit-rule-row"][data-rule="${id}"]`);
  }

  /** Types an override for one rule and saves it. */
  async setOverride(id: string, value: string) {
    await this.rule(id).getByTestId("limit-override-input").fill(value);
    await this.rule(id).getByTestId("limit-save").click();
  }

  entry(kind: string, value: string): Locator {
    return this.allowlist.locator(`[data-testid="allowlist-row"][data-kind="${kind}"][data-value="${value}"]`);
  }

  /** Fills the allow-list form and saves; `multiplier` null ticks "no limits at all". */
  async addEntry(e: { kind: "user" | "organization" | "ip_range"; value: string; multiplier: number | null; note?: string }) {
    await this.page.getByTestId("allowlist-kind").selectOption(e.kind);
    await this.page.getByTestId("allowlist-value").fill(e.value);
    if (e.multiplier === null) await this.page.getByTestId("allowlist-unlimited").check();
    else {
      await this.page.getByTestId("allowlist-unlimited").uncheck();
      await this.page.getByTestId("allowlist-multiplier").fill(String(e.multiplier));
    }
    await this.page.getByTestId("allowlist-note").fill(e.note ?? "");
    await this.page.getByTestId("allowlist-save").click();
  }
}

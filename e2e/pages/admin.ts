import { expect, type Locator, type Page } from "@playwright/test";

/** The console's section navigation, on every `/admin` page. */
export class AdminNav {
  readonly nav: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByTestId("admin-nav");
  }

  entry(section: "overview" | "cost" | "queues" | "tasks" | "dlq" | "users" | "settings"): Locator {
    return this.page.getByTestId(`admin-nav-${section}`);
  }
}

/** `/admin/cost`: range buttons, summary figures, the stacked cost chart and the per-model table. */
export class AdminCostPage {
  readonly root: Locator;
  readonly chart: Locator;
  readonly bars: Locator;
  readonly models: Locator;
  readonly totalValue: Locator;
  readonly unpricedModels: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("admin-cost");
    this.chart = page.getByTestId("cost-chart");
    this.bars = this.chart.locator(".recharts-bar-rectangle");
    this.models = page.getByTestId("cost-models");
    this.totalValue = page.getByTestId("cost-total-value");
    this.unpricedModels = page.getByTestId("cost-unpriced-models");
  }

  async goto() {
    await this.page.goto("/admin/cost");
    await expect(this.models).toBeVisible();
  }

  range(r: "24h" | "48h" | "7d" | "30d" | "90d"): Locator {
    return this.page.getByTestId(`cost-range-${r}`);
  }

  stackBy(by: "model" | "feature"): Locator {
    return this.page.getByTestId(`cost-stack-${by}`);
  }

  /** The table row of `provider/model`. */
  modelRow(key: string): Locator {
    return this.page.locator(`[data-testid="cost-model-row"][data-model="${key}"]`);
  }

  /** What the cost cell of a model shows: an amount, or "unpriced". */
  modelCost(key: string): Locator {
    return this.modelRow(key).getByTestId("cost-model-cost");
  }
}

/** `/admin/settings`: the budget form and list, and the recent changes. */
export class AdminSettingsPage {
  readonly budgetForm: Locator;
  readonly changes: Locator;

  constructor(readonly page: Page) {
    this.budgetForm = page.getByTestId("budget-form");
    this.changes = page.getByTestId("change-row");
  }

  async goto() {
    await this.page.goto("/admin/settings");
    await expect(this.budgetForm).toBeVisible();
  }

  budgetRow(key: { scope: string; scopeId: string; period: string }): Locator {
    return this.page.locator(`[data-testid="budget-row"][data-key="${key.scope}:${key.scopeId}:${key.period}"]`);
  }

  /** Fills the budget form and saves; the limit in dollars as typed. */
  async setBudget(b: { scope: "global" | "organization" | "user" | "feature"; scopeId: string; period: "day" | "month"; limitUsd: string }) {
    await this.page.getByTestId("budget-scope").selectOption(b.scope);
    if (b.scope !== "global") await this.page.getByTestId("budget-scope-id").fill(b.scopeId);
    await this.page.getByTestId("budget-period").selectOption(b.period);
    await this.page.getByTestId("budget-limit").fill(b.limitUsd);
    await this.page.getByTestId("budget-save").click();
  }
}

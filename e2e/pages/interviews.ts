import { expect, type Locator, type Page } from "@playwright/test";

/** `/interviews`: the new-interview form and "My interviews". */
export class InterviewsPage {
  readonly form: Locator;
  readonly role: Locator;
  readonly roleError: Locator;
  readonly roleSuggestions: Locator;
  readonly questionCount: Locator;
  readonly language: Locator;
  readonly resume: Locator;
  readonly jobDescription: Locator;
  readonly submit: Locator;
  readonly list: Locator;
  readonly items: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByTestId("new-interview");
    this.role = page.getByTestId("interview-role");
    this.roleError = page.getByTestId("interview-role-error");
    this.roleSuggestions = page.getByTestId("role-suggestion");
    this.questionCount = page.getByTestId("interview-question-count");
    this.language = page.getByTestId("interview-language");
    this.resume = page.getByTestId("interview-resume");
    this.jobDescription = page.getByTestId("interview-jd");
    this.submit = page.getByTestId("interview-submit");
    this.list = page.getByTestId("interview-list");
    this.items = page.getByTestId("interview-item");
    this.empty = page.getByTestId("interview-list-empty");
  }

  async goto() {
    await this.page.goto("/interviews");
    await expect(this.form).toBeVisible();
  }

  level(level: "junior" | "mid" | "senior"): Locator {
    return this.page.getByTestId(`interview-level-${level}`);
  }

  item(id: string): Locator {
    return this.page.locator(`[data-testid="interview-item"][data-interview-id="${id}"]`);
  }

  /**
   * Fills the form and submits it.
   * @returns the new interview's id, from the URL it opens.
   */
  async create(opts: {
    roleSuggestion?: string;
    role?: string;
    level?: "junior" | "mid" | "senior";
    questionCount?: number;
    resumeId?: string;
    language?: "en" | "zh";
  }) {
    if (opts.roleSuggestion) await this.page.locator(`[data-testid="role-suggestion"][data-role-id="${opts.roleSuggestion}"]`).click();
    if (opts.role) await this.role.fill(opts.role);
    if (opts.level) await this.level(opts.level).check({ force: true });
    if (opts.questionCount) await this.questionCount.selectOption(String(opts.questionCount));
    if (opts.resumeId) {
      await expect(this.resume.locator(`option[value="${opts.resumeId}"]`)).toHaveCount(1);
      await this.resume.selectOption(opts.resumeId);
    }
    if (opts.language) await this.language.selectOption(opts.language);
    await this.submit.click();
    await this.page.waitForURL(/\/interviews\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    return new URL(this.page.url()).pathname.split("/").pop()!;
  }
}

import { expect, type Locator, type Page } from "@playwright/test";

/** `/resumes/{id}`: live status, failure panel, report or not-found. */
export class ResumePage {
  readonly status: Locator;
  readonly failure: Locator;
  readonly failureReason: Locator;
  readonly notFound: Locator;
  readonly report: Locator;
  readonly overallScore: Locator;
  readonly dimensionBars: Locator;
  readonly summary: Locator;
  readonly engineBadge: Locator;
  readonly strengths: Locator;
  readonly suggestions: Locator;
  readonly jdMatch: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByTestId("task-status");
    this.failure = page.getByTestId("task-failure");
    this.failureReason = page.getByTestId("task-failure-reason");
    this.notFound = page.getByTestId("page-not-found").or(page.getByTestId("resume-not-found"));
    this.report = page.getByTestId("report");
    this.overallScore = page.getByTestId("overall-score");
    this.dimensionBars = page.getByTestId("dimension-bar");
    this.summary = page.getByTestId("report-summary");
    this.engineBadge = this.report.getByTestId("engine-badge");
    this.strengths = page.getByTestId("strengths");
    this.suggestions = page.getByTestId("suggestions");
    this.jdMatch = page.getByTestId("jd-match");
  }

  async goto(id: string) {
    await this.page.goto(`/resumes/${id}`);
  }

  /** Waits until the analysis is shown (the offline engine takes seconds; allow for a cold start). */
  async waitForReport(timeout = 90_000) {
    await expect(this.report.or(this.failure)).toBeVisible({ timeout });
    await expect(this.failure, "the analysis ended without a report").toHaveCount(0);
    await expect(this.overallScore).toBeVisible();
  }

  async overall(): Promise<number> {
    return Number(await this.overallScore.textContent());
  }
}

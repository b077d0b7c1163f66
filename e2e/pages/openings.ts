import { expect, type Locator, type Page } from "@playwright/test";

/** `/openings`: open jobs, "My applications", and applying with a resume. */
export class OpeningsPage {
  readonly root: Locator;
  readonly openings: Locator;
  readonly myApplications: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("openings-page");
    this.openings = page.getByTestId("opening");
    this.myApplications = page.getByTestId("my-application");
    this.empty = page.getByTestId("openings-empty");
  }

  async goto() {
    await this.page.goto("/openings");
    await expect(this.root).toBeVisible();
  }

  opening(jobId: string): Locator {
    return this.page.locator(`[data-testid="opening"][data-job-id="${jobId}"]`);
  }

  /** Applies to `jobId` with the resume named `fileName` and waits for the "applied" badge. */
  async apply(jobId: string, fileName: string) {
    const card = this.opening(jobId);
    await card.getByTestId("opening-apply").click();
    await card.getByTestId("apply-resume").selectOption({ label: fileName });
    await card.getByTestId("apply-send").click();
    await expect(card.getByTestId("opening-applied")).toBeVisible();
  }
}

/** `/invites/[token]`: the invitation's landing page. */
export class InvitePage {
  readonly root: Locator;
  readonly heading: Locator;
  readonly share: Locator;
  readonly start: Locator;
  readonly notFound: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("invite-page");
    this.heading = page.getByTestId("invite-heading");
    this.share = page.getByTestId("invite-share");
    this.start = page.getByTestId("invite-start");
    this.notFound = page.getByTestId("page-not-found");
  }

  /** Accepts (sharing the report or not) and waits for the interview page. */
  async accept({ shareReport }: { shareReport: boolean }) {
    await this.share.setChecked(shareReport);
    await this.start.click();
    await expect(this.page).toHaveURL(/\/interviews\/[0-9a-f-]{36}$/);
  }
}

/** `/shared-reports` and `/shared-reports/[shareId]`: the organisation's read-only view. */
export class SharedReportsPage {
  readonly items: Locator;
  readonly empty: Locator;
  readonly report: Locator;
  readonly readOnly: Locator;

  constructor(readonly page: Page) {
    this.items = page.getByTestId("shared-report-item");
    this.empty = page.getByTestId("shared-reports-empty");
    this.report = page.getByTestId("interview-report");
    this.readOnly = page.getByTestId("shared-report-read-only");
  }
}

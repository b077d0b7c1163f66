import { expect, type Locator, type Page } from "@playwright/test";

/** `/resumes`: the upload card and "My resumes". */
export class ResumesPage {
  readonly uploadCard: Locator;
  readonly fileInput: Locator;
  readonly jobDescription: Locator;
  readonly submit: Locator;
  readonly uploadError: Locator;
  readonly list: Locator;
  readonly items: Locator;

  constructor(readonly page: Page) {
    this.uploadCard = page.getByTestId("upload-card");
    this.fileInput = page.getByTestId("upload-input");
    this.jobDescription = page.getByTestId("upload-jd");
    this.submit = page.getByTestId("upload-submit");
    this.uploadError = page.getByTestId("upload-error");
    this.list = page.getByTestId("resume-list");
    this.items = page.getByTestId("resume-item");
  }

  async goto() {
    await this.page.goto("/resumes");
    await expect(this.uploadCard).toBeVisible();
  }

  /** Picks a file (a path, or a name + bytes) and, unless refused client-side, sends it. */
  async choose(file: string | { name: string; mimeType: string; buffer: Buffer }) {
    await this.fileInput.setInputFiles(file);
  }

  /**
   * Uploads a file and waits for the resume page.
   * @returns the resume id from the URL.
   */
  async upload(file: string | { name: string; mimeType: string; buffer: Buffer }, opts: { jobDescription?: string } = {}) {
    await this.choose(file);
    if (opts.jobDescription) await this.jobDescription.fill(opts.jobDescription);
    await expect(this.submit).toBeEnabled();
    await this.submit.click();
    await this.page.waitForURL(/\/resumes\/[^/]+$/, { timeout: 30_000 });
    return new URL(this.page.url()).pathname.split("/").pop()!;
  }
}

import { expect, type Locator, type Page } from "@playwright/test";

/** `/jobs`: the organisation's jobs. */
export class JobsPage {
  readonly root: Locator;
  readonly newJob: Locator;
  readonly empty: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("jobs-page");
    this.newJob = page.getByTestId("new-job");
    this.empty = page.getByTestId("jobs-empty");
    this.rows = page.getByTestId("job-row");
  }

  async goto() {
    await this.page.goto("/jobs");
    await expect(this.root).toBeVisible();
  }
}

/** `/jobs/new`: title and description (typed or read from a text file), then the extracted skills. */
export class NewJobPage {
  readonly title: Locator;
  readonly description: Locator;
  readonly fileInput: Locator;
  readonly create: Locator;
  readonly created: Locator;
  readonly skillChips: Locator;
  readonly uploadResumes: Locator;
  readonly openJob: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByTestId("job-title-input");
    this.description = page.getByTestId("job-description-input");
    this.fileInput = page.getByTestId("jd-file-input");
    this.create = page.getByTestId("create-job");
    this.created = page.getByTestId("job-created");
    this.skillChips = this.created.getByTestId("skill-chip");
    this.uploadResumes = page.getByTestId("created-upload");
    this.openJob = page.getByTestId("created-open-job");
  }

  /** Creates a job whose description is read from `descriptionFile` in the browser; answers its id. */
  async createFromFile(title: string, descriptionFile: string): Promise<string> {
    await this.title.fill(title);
    await this.fileInput.setInputFiles(descriptionFile);
    await expect(this.description).not.toHaveValue("");
    await this.create.click();
    await expect(this.created).toBeVisible();
    return (await this.created.getAttribute("data-job-id"))!;
  }
}

/** `/jobs/{id}/upload`: bulk upload. */
export class JobUploadPage {
  readonly input: Locator;
  readonly count: Locator;
  readonly submit: Locator;
  readonly result: Locator;
  readonly resultItems: Locator;
  readonly goBatch: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByTestId("upload-input");
    this.count = page.getByTestId("upload-count");
    this.submit = page.getByTestId("upload-submit");
    this.result = page.getByTestId("upload-result");
    this.resultItems = page.getByTestId("upload-result-item");
    this.goBatch = page.getByTestId("upload-go-batch");
    this.error = page.getByTestId("upload-error");
  }

  /** Sends `files` and ends on the batch's page: at once, or through the list of refusals. */
  async uploadAndFollow(files: string[]): Promise<void> {
    await this.input.setInputFiles(files);
    await expect(this.count).toContainText(`${files.length} files`);
    await this.submit.click();
    await expect(this.page.getByTestId("batch-page").or(this.result)).toBeVisible({ timeout: 60_000 });
    if (await this.result.isVisible()) await this.goBatch.click();
    await expect(this.page.getByTestId("batch-page")).toBeVisible();
  }
}

/** `/batches/{id}`: live progress. */
export class BatchPage {
  readonly root: Locator;
  readonly items: Locator;
  readonly done: Locator;
  readonly failed: Locator;
  readonly waiting: Locator;
  readonly seeRanking: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("batch-page");
    this.items = page.getByTestId("batch-item");
    this.done = page.getByTestId("batch-done");
    this.failed = page.getByTestId("batch-failed");
    this.waiting = page.getByTestId("batch-waiting");
    this.seeRanking = page.getByTestId("batch-see-ranking");
  }

  item(fileName: string): Locator {
    return this.page.locator(`[data-testid="batch-item"][data-file="${fileName}"]`);
  }

  /** Waits until nothing waits (the offline engine takes seconds per file on a busy machine). */
  async waitFinished(timeout: number) {
    await expect(this.root).toHaveAttribute("data-finished", "true", { timeout });
  }

  async counts(): Promise<{ done: number; failed: number; waiting: number }> {
    const n = async (l: Locator) => Number(await l.getAttribute("data-count"));
    return { done: await n(this.done), failed: await n(this.failed), waiting: await n(this.waiting) };
  }
}

/** `/jobs/{id}`: header, skills, ranking, weights, fairness audit. */
export class JobPage {
  readonly root: Locator;
  readonly rows: Locator;
  readonly ranking: Locator;
  readonly weights: Locator;
  readonly exportCsv: Locator;
  readonly blindToggle: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("job-page");
    this.ranking = page.getByTestId("ranking-panel");
    this.rows = page.getByTestId("ranking-row");
    this.weights = page.getByTestId("weights-panel");
    this.exportCsv = page.getByTestId("export-csv");
    this.blindToggle = page.getByTestId("blind-toggle");
  }

  async goto(id: string) {
    await this.page.goto(`/jobs/${id}`);
    await expect(this.root).toBeVisible();
  }

  /** The ranking's rows in the order shown, by an attribute (`data-resume-id`, `data-label`, …). */
  async order(attribute = "data-resume-id"): Promise<string[]> {
    return this.rows.evaluateAll((rows, a) => rows.map((r) => r.getAttribute(a) ?? ""), attribute);
  }

  row(resumeId: string): Locator {
    return this.page.locator(`[data-testid="ranking-row"][data-resume-id="${resumeId}"]`);
  }

  /** Types every weight (0–100) into its number field; the panel saves them after a pause. */
  async setWeights(weights: Record<string, number>) {
    for (const [key, value] of Object.entries(weights)) await this.page.getByTestId(`weight-input-${key}`).fill(String(value));
    await expect(this.weights).toHaveAttribute("data-state", "saved");
  }
}

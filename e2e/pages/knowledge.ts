import { expect, type Locator, type Page } from "@playwright/test";

/** A file to upload: a name with its bytes. */
type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/** `/knowledge`: the new-knowledge-base form and the list. */
export class KnowledgeListPage {
  readonly form: Locator;
  readonly name: Locator;
  readonly shared: Locator;
  readonly submit: Locator;
  readonly list: Locator;
  readonly items: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByTestId("new-knowledge");
    this.name = page.getByTestId("new-knowledge-name");
    this.shared = page.getByTestId("new-knowledge-shared");
    this.submit = page.getByTestId("new-knowledge-submit");
    this.list = page.getByTestId("knowledge-list");
    this.items = page.getByTestId("knowledge-item");
    this.empty = page.getByTestId("knowledge-list-empty");
  }

  async goto() {
    await this.page.goto("/knowledge");
    await expect(this.form).toBeVisible();
  }

  /**
   * Creates a knowledge base and waits for its page.
   * @returns its id, from the URL.
   */
  async create(name: string, { shared = false }: { shared?: boolean } = {}): Promise<string> {
    await this.name.fill(name);
    if (shared) await this.shared.check();
    await this.submit.click();
    await this.page.waitForURL(/\/knowledge\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    return new URL(this.page.url()).pathname.split("/").pop()!;
  }
}

/** `/knowledge/{id}`: documents (upload, live status), the chat and the passage a citation opens. */
export class KnowledgeBasePage {
  readonly root: Locator;
  readonly name: Locator;
  readonly fileInput: Locator;
  readonly uploadSubmit: Locator;
  readonly uploadError: Locator;
  readonly documents: Locator;
  readonly chat: Locator;
  readonly question: Locator;
  readonly ask: Locator;
  readonly answers: Locator;
  readonly passage: Locator;
  readonly passageFileName: Locator;
  readonly passageLocation: Locator;
  readonly passageContent: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("knowledge-page");
    this.name = page.getByTestId("knowledge-name");
    this.fileInput = page.getByTestId("document-input");
    this.uploadSubmit = page.getByTestId("document-upload-submit");
    this.uploadError = page.getByTestId("document-upload-error");
    this.documents = page.getByTestId("document-row");
    this.chat = page.getByTestId("kb-chat");
    this.question = page.getByTestId("kb-chat-input");
    this.ask = page.getByTestId("kb-chat-send");
    this.answers = page.locator('[data-testid="kb-chat-message"][data-role="assistant"]');
    this.passage = page.getByTestId("passage-dialog");
    this.passageFileName = page.getByTestId("passage-file-name");
    this.passageLocation = page.getByTestId("passage-location");
    this.passageContent = page.getByTestId("passage-content");
  }

  async goto(id: string) {
    await this.page.goto(`/knowledge/${id}`);
    await expect(this.root).toBeVisible();
  }

  /** The row of the document named `fileName`. */
  document(fileName: string): Locator {
    return this.page.locator(`[data-testid="document-row"][data-file-name="${fileName}"]`);
  }

  /** Picks files with the file picker and sends them in one request. */
  async upload(files: UploadFile[]) {
    await this.fileInput.setInputFiles(files);
    await expect(this.uploadSubmit).toBeEnabled();
    await this.uploadSubmit.click();
  }

  /** Waits until the row of `fileName` is ready (its `kb.vectorize` task COMPLETED); a cold worker may take a while. */
  async waitReady(fileName: string, timeout = 90_000) {
    await expect(this.document(fileName), `${fileName} was not indexed in time`).toHaveAttribute("data-status", /^(COMPLETED|FAILED|TERMINATED_BY_POLICY)$/, {
      timeout,
    });
    await expect(this.document(fileName)).toHaveAttribute("data-status", "COMPLETED");
  }

  /** Asks a question (Enter) and waits until its answer has finished streaming. */
  async askQuestion(text: string, timeout = 60_000): Promise<Locator> {
    const before = await this.answers.count();
    await this.question.fill(text);
    await this.question.press("Enter");
    await expect(this.answers).toHaveCount(before + 1, { timeout });
    await expect(this.chat).toHaveAttribute("data-status", "ready", { timeout });
    return this.answers.nth(before);
  }
}

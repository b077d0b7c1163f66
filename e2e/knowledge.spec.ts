import fs from "node:fs";
import path from "node:path";
import { devices, type Page, type TestInfo } from "@playwright/test";
import { E2E_DIR, expect, test } from "./fixtures";
import { KnowledgeBasePage, KnowledgeListPage } from "./pages/knowledge";

/** Two small synthetic documents (e2e/fixtures/): the answer to the question is in the first only. */
const LEAVE = { name: "kb-leave-policy.md", mimeType: "text/markdown", buffer: fs.readFileSync(path.join(E2E_DIR, "fixtures", "kb-leave-policy.md")) };
const EXPENSES = { name: "kb-expenses-guide.txt", mimeType: "text/plain", buffer: fs.readFileSync(path.join(E2E_DIR, "fixtures", "kb-expenses-guide.txt")) };
const QUESTION = "How many days of paid annual leave does a full-time employee receive per year?";
/** The phone the new-user walkthrough used (e2e/phone-layout.spec.ts). */
const PHONE = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } };

/** Saves a screenshot for the docs when `UPDATE_SCREENSHOTS=1`, and attaches it to the report. */
async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  const shot = await page.screenshot({ fullPage });
  await testInfo.attach(name, { body: shot, contentType: "image/png" });
  if (process.env.UPDATE_SCREENSHOTS === "1") {
    const target = path.resolve(E2E_DIR, `../docs/screenshots/${name}.png`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, shot);
  }
}

/** Records the first answer's text length on every DOM change and frame, to see it stream in. */
async function startSampling(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __lengths: number[]; __sampling: boolean; __sawStreaming: boolean; __observer?: MutationObserver };
    w.__lengths = [];
    w.__sampling = true;
    w.__sawStreaming = false;
    const sample = () => {
      const bubble = document.querySelector('[data-testid="kb-chat-message"][data-role="assistant"]');
      if (!bubble) return;
      if (bubble.hasAttribute("data-streaming")) w.__sawStreaming = true;
      const n = bubble.querySelector('[data-testid="kb-message-text"]')?.textContent?.length ?? 0;
      if (w.__lengths.at(-1) !== n) w.__lengths.push(n);
    };
    w.__observer = new MutationObserver(sample);
    w.__observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    const tick = () => {
      sample();
      if (w.__sampling) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function stopSampling(page: Page): Promise<{ lengths: number[]; sawStreaming: boolean }> {
  return page.evaluate(() => {
    const w = window as unknown as { __lengths: number[]; __sampling: boolean; __sawStreaming: boolean; __observer?: MutationObserver };
    w.__sampling = false;
    w.__observer?.disconnect();
    return { lengths: w.__lengths, sawStreaming: w.__sawStreaming };
  });
}

test.describe("knowledge base", () => {
  test("a candidate uploads two documents, watches them become ready, asks, and opens the cited passage", async ({ candidatePage, page }, testInfo) => {
    test.setTimeout(240_000);
    await candidatePage.goto();
    const list = new KnowledgeListPage(page);
    const kb = new KnowledgeBasePage(page);

    // From the header to a new knowledge base.
    await page.getByTestId("nav-knowledge").click();
    await expect(list.form).toBeVisible();
    const name = `Handbook ${Date.now()}`;
    const id = await list.create(name);
    await expect(kb.root).toHaveAttribute("data-knowledge-id", id);
    await expect(kb.name).toHaveText(name);
    await expect(page.getByTestId("document-list-empty")).toBeVisible();
    // Nothing to ask until a document is ready.
    await expect(kb.question).toBeDisabled();

    // Two files in one request: each gets a row with its own live status.
    await kb.upload([LEAVE, EXPENSES]);
    await expect(kb.documents).toHaveCount(2);
    await kb.waitReady(LEAVE.name);
    await kb.waitReady(EXPENSES.name);
    for (const doc of [LEAVE, EXPENSES]) await expect(kb.document(doc.name).getByTestId("document-chunks")).toHaveText(/^\d+ passages?$/);
    const leaveId = await kb.document(LEAVE.name).getAttribute("data-document-id");
    const expensesId = await kb.document(EXPENSES.name).getAttribute("data-document-id");
    expect(leaveId).toBeTruthy();
    expect(expensesId).not.toBe(leaveId);
    await expect(page.getByTestId("knowledge-meta")).toContainText("2 documents, 2 ready");

    // The answer streams in, with its citations.
    await expect(kb.question).toBeEnabled();
    await startSampling(page);
    const answer = await kb.askQuestion(QUESTION);
    const { lengths, sawStreaming } = await stopSampling(page);
    const text = (await answer.getByTestId("kb-message-text").textContent()) ?? "";
    expect(sawStreaming, `lengths seen: ${lengths.join(", ")}`).toBe(true);
    expect(lengths.at(-1)).toBe(text.length);
    expect(text).toContain("27");
    const citations = answer.getByTestId("kb-citation");
    await expect(citations.first()).toBeVisible();
    const sources = answer.getByTestId("kb-source");
    expect(await sources.count()).toBeGreaterThanOrEqual(1);
    // The first source is the leave policy, by its document id and its title.
    await expect(sources.first()).toHaveAttribute("data-document-id", leaveId!);
    await expect(sources.first()).toContainText(LEAVE.name);
    await screenshot(page, testInfo, "knowledge");

    // A marker opens the passage it stands for: from the leave policy, saying what the answer says.
    const n = Number(await citations.first().getAttribute("data-n"));
    await expect(sources.nth(n - 1)).toHaveAttribute("data-document-id", leaveId!);
    await citations.first().click();
    await expect(kb.passage).toBeVisible();
    await expect(kb.passageFileName).toHaveText(LEAVE.name);
    await expect(kb.passageContent).toContainText("27 days of paid annual leave");
    await expect(kb.passage).toHaveAttribute("data-document-id", leaveId!);
    await screenshot(page, testInfo, "knowledge-passage");
    await page.keyboard.press("Escape");
    await expect(kb.passage).toBeHidden();

    // The source list opens the same passage.
    await sources.nth(n - 1).click();
    await expect(kb.passageContent).toContainText("27 days of paid annual leave");
    await page.getByTestId("passage-close").click();
    await expect(kb.passage).toBeHidden();

    // The list shows it, with both documents ready.
    await page.goto("/knowledge");
    const item = page.locator(`[data-testid="knowledge-item"][data-knowledge-id="${id}"]`);
    await expect(item.getByTestId("knowledge-item-name")).toHaveText(name);
    await expect(item.getByTestId("knowledge-item-meta")).toContainText("2 documents, 2 ready");

    // On a phone the page is one column, nothing wider than the screen, and the passage opens whole.
    const phone = await page
      .context()
      .browser()!
      .newContext({ ...PHONE, baseURL: testInfo.project.use.baseURL, locale: "en-US" });
    try {
      await phone.addCookies(await page.context().cookies());
      const small = await phone.newPage();
      const kbPhone = new KnowledgeBasePage(small);
      await kbPhone.goto(id);
      await kbPhone.waitReady(LEAVE.name);
      await expect(small.getByTestId("nav-knowledge")).toBeInViewport({ ratio: 1 });
      const phoneAnswer = await kbPhone.askQuestion(QUESTION);
      await expect(phoneAnswer.getByTestId("kb-citation").first()).toBeVisible();
      expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(small, testInfo, "knowledge-phone", true);
      await phoneAnswer.getByTestId("kb-citation").first().click();
      await expect(kbPhone.passageContent).toContainText("annual leave");
      await expect(kbPhone.passage).toBeInViewport();
    } finally {
      await phone.close();
    }
  });

  test("in Chinese: the header entry, the form and a new knowledge base's page", async ({ candidatePage, header, page }) => {
    await candidatePage.goto();
    await header.switchLanguage("zh");
    await page.getByTestId("nav-knowledge").click();
    await expect(page.getByTestId("nav-knowledge")).toHaveText("知识库");
    const list = new KnowledgeListPage(page);
    await expect(list.form.getByRole("heading", { level: 2 })).toHaveText("新建知识库");
    await list.create(`学习笔记 ${Date.now()}`);
    await expect(page.getByTestId("document-list-empty")).toContainText("还没有文档");
    await expect(page.getByTestId("kb-chat-empty")).toHaveText("有文档就绪后即可提问。");
    await expect(page.getByTestId("document-upload-submit")).toHaveText("添加文档");
    await header.switchLanguage("en");
  });
});

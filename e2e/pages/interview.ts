import { expect, type Locator, type Page } from "@playwright/test";

/** Where the conversation stands (`data-turn` on the chat; see components/interview/interview-chat.tsx). */
export type Turn = "start" | "waiting" | "streaming" | "candidate" | "stalled" | "recovering" | "closed";

/** `/interviews/{id}`: plan progress, the chat, the evaluation progress, the report, or not-found. */
export class InterviewPage {
  readonly root: Locator;
  readonly notFound: Locator;
  readonly planProgress: Locator;
  readonly ready: Locator;
  readonly start: Locator;
  readonly chat: Locator;
  readonly messages: Locator;
  readonly interviewerMessages: Locator;
  readonly candidateMessages: Locator;
  readonly progressLabel: Locator;
  readonly input: Locator;
  readonly send: Locator;
  readonly skip: Locator;
  readonly end: Locator;
  readonly endDialog: Locator;
  readonly getReport: Locator;
  readonly evaluateProgress: Locator;
  readonly report: Locator;
  readonly overallScore: Locator;
  readonly engineBadge: Locator;
  readonly reportQuestions: Locator;
  readonly radar: Locator;
  readonly categories: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("interview-page");
    this.notFound = page.getByTestId("page-not-found").or(page.getByTestId("interview-not-found"));
    this.planProgress = page.getByTestId("plan-progress");
    this.ready = page.getByTestId("interview-ready");
    this.start = page.getByTestId("start-interview");
    this.chat = page.getByTestId("interview-chat");
    this.messages = page.getByTestId("chat-message");
    this.interviewerMessages = page.locator('[data-testid="chat-message"][data-role="interviewer"]');
    this.candidateMessages = page.locator('[data-testid="chat-message"][data-role="candidate"]');
    this.progressLabel = page.getByTestId("interview-progress-label");
    this.input = page.getByTestId("chat-input");
    this.send = page.getByTestId("chat-send");
    this.skip = page.getByTestId("chat-skip");
    this.end = page.getByTestId("end-interview");
    this.endDialog = page.getByTestId("end-dialog");
    this.getReport = page.getByTestId("get-report");
    this.evaluateProgress = page.getByTestId("evaluate-progress");
    this.report = page.getByTestId("interview-report");
    this.overallScore = page.getByTestId("interview-overall-score");
    this.engineBadge = page.getByTestId("interview-engine-badge");
    this.reportQuestions = page.getByTestId("report-question");
    this.radar = page.getByTestId("category-radar");
    this.categories = page.getByTestId("category-average");
  }

  async goto(id: string) {
    await this.page.goto(`/interviews/${id}`);
  }

  /** Waits for the question plan (the offline planner takes seconds; allow for a cold worker). */
  async waitForPlan(timeout = 90_000) {
    await expect(this.chat.or(this.page.getByTestId("plan-failed")), "the plan was not ready in time").toBeVisible({ timeout });
    await expect(this.page.getByTestId("plan-failed")).toHaveCount(0);
  }

  async turn(): Promise<Turn> {
    return (await this.chat.getAttribute("data-turn")) as Turn;
  }

  /** Waits until the candidate may answer, or the interviewer has closed. */
  async waitForCandidateOrClosed(timeout = 30_000): Promise<"candidate" | "closed"> {
    await expect(this.chat).toHaveAttribute("data-turn", /^(candidate|closed)$/, { timeout });
    return (await this.turn()) as "candidate" | "closed";
  }

  lastInterviewer(): Locator {
    return this.interviewerMessages.last();
  }

  /** The visible conversation as `role:kind:text` lines, to compare across a reload. */
  async transcript(): Promise<string[]> {
    return this.messages.evaluateAll((els) =>
      els.map((el) => {
        const e = el as HTMLElement;
        return `${e.dataset.role}:${e.dataset.kind}:${e.querySelector('[data-testid="message-text"]')?.textContent ?? ""}`;
      }),
    );
  }

  /**
   * Types an answer and sends it with Enter (an empty answer goes with the Send button), then
   * waits for the interviewer's reply to begin (the offline one may finish it within a poll).
   */
  async answer(text: string) {
    await expect(this.input).toBeEnabled();
    const before = await this.messages.count();
    if (!text) {
      await this.input.fill("");
      await this.send.click();
    } else {
      await this.input.fill(text);
      await this.input.press("Enter");
    }
    await this.waitForReply(before);
  }

  /** Waits until the candidate's message and the start of the interviewer's reply follow the `before` messages. */
  async waitForReply(before: number) {
    await expect(this.messages).toHaveCount(before + 2, { timeout: 30_000 });
    await expect(this.messages.nth(before)).toHaveAttribute("data-role", "candidate");
  }

  /**
   * Records the first interviewer bubble's text length from now until {@link stopSampling}, in
   * the page: after every DOM change (a MutationObserver, so each render counts) and on every
   * animation frame — the way to see a stream arrive token by token.
   */
  async startSampling() {
    await this.page.evaluate(() => {
      const w = window as unknown as { __lengths: number[]; __sampling: boolean; __sawStreaming: boolean; __observer?: MutationObserver };
      w.__lengths = [];
      w.__sampling = true;
      w.__sawStreaming = false;
      const sample = () => {
        const bubble = document.querySelector('[data-testid="chat-message"][data-role="interviewer"]');
        if (!bubble) return;
        if (bubble.hasAttribute("data-streaming")) w.__sawStreaming = true;
        const n = bubble.querySelector('[data-testid="message-text"]')?.textContent?.length ?? 0;
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

  /** @returns the distinct lengths seen, in order, and whether the bubble was marked as streaming. */
  async stopSampling(): Promise<{ lengths: number[]; sawStreaming: boolean }> {
    return this.page.evaluate(() => {
      const w = window as unknown as { __lengths: number[]; __sampling: boolean; __sawStreaming: boolean; __observer?: MutationObserver };
      w.__sampling = false;
      w.__observer?.disconnect();
      return { lengths: w.__lengths, sawStreaming: w.__sawStreaming };
    });
  }

  /** Ends from the closing panel and waits for the report (the evaluation runs in the worker). */
  async waitForReport(timeout = 90_000) {
    await expect(this.report.or(this.page.getByTestId("evaluate-failed"))).toBeVisible({ timeout });
    await expect(this.page.getByTestId("evaluate-failed"), "the evaluation failed").toHaveCount(0);
    await expect(this.overallScore).toBeVisible();
  }

  question(n: number): Locator {
    return this.reportQuestions.nth(n);
  }

  async questionScore(n: number): Promise<number> {
    return Number(await this.question(n).getAttribute("data-score"));
  }
}

import type { Locator, Page } from "@playwright/test";

/** A sign-in or sign-up refused with 429 shows a countdown on the disabled button; a test waits it out, this many times at most. */
const MAX_RATE_LIMITED_TRIES = 4;
/** The longest countdown a test waits for, ms (better-auth's window is 10 s; the sign-in throttle's back-off starts at 1 s). */
const MAX_COUNTDOWN_MS = 90_000;

/** `/sign-in` and `/sign-up`: one form, found by data-testid. */
export class AuthPage {
  readonly form: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly serverError: Locator;
  /** "Too many attempts — try again in N s", shown instead of an error while the submit button waits. */
  readonly retryCountdown: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByTestId("auth-form");
    this.name = page.getByTestId("auth-name");
    this.email = page.getByTestId("auth-email");
    this.password = page.getByTestId("auth-password");
    this.submit = page.getByTestId("auth-submit");
    this.serverError = page.getByTestId("auth-error");
    this.retryCountdown = page.getByTestId("auth-retry");
  }

  async signIn(email: string, password: string) {
    await this.page.goto("/sign-in");
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submitUntilSignedIn();
  }

  async signUp(name: string, email: string, password: string) {
    await this.page.goto("/sign-up");
    await this.name.fill(name);
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submitUntilSignedIn();
  }

  /** Submits and waits for the landing page (`/resumes`, a recruiter's `/jobs`); when the server says "too many attempts" (the countdown), waits until the button is enabled again and submits again. */
  private async submitUntilSignedIn() {
    for (let attempt = 1; ; attempt++) {
      await this.submit.click();
      const outcome = await Promise.race([
        this.page.waitForURL(/\/(resumes|jobs)$/, { timeout: 15_000 }).then(() => "signed-in" as const),
        this.serverError.waitFor({ timeout: 15_000 }).then(() => "refused" as const),
        this.retryCountdown.waitFor({ timeout: 15_000 }).then(() => "limited" as const),
      ]);
      if (outcome === "signed-in") return;
      if (outcome === "refused") {
        throw new Error(`sign-in refused: ${await this.serverError.getAttribute("data-code")}: ${await this.serverError.textContent()}`);
      }
      if (attempt >= MAX_RATE_LIMITED_TRIES) throw new Error(`sign-in still rate-limited after ${attempt} tries: ${await this.retryCountdown.textContent()}`);
      await this.retryCountdown.waitFor({ state: "hidden", timeout: MAX_COUNTDOWN_MS });
    }
  }
}

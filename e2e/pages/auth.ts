import type { Locator, Page } from "@playwright/test";

/** Sign-in and sign-up answer 429 past their per-address limits (docs/security.md); a test waits it out. */
const AUTH_RATE_WINDOW_MS = 10_000;
const MAX_RATE_LIMITED_TRIES = 4;

/** `/sign-in` and `/sign-up`: one form, found by data-testid. */
export class AuthPage {
  readonly form: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly serverError: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByTestId("auth-form");
    this.name = page.getByTestId("auth-name");
    this.email = page.getByTestId("auth-email");
    this.password = page.getByTestId("auth-password");
    this.submit = page.getByTestId("auth-submit");
    this.serverError = page.getByTestId("auth-error");
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

  /** Submits and waits for the landing page (`/resumes`, a recruiter's `/jobs`); when the server says "too many attempts", waits the window out and submits again. */
  private async submitUntilSignedIn() {
    for (let attempt = 1; ; attempt++) {
      await this.submit.click();
      const outcome = await Promise.race([
        this.page.waitForURL(/\/(resumes|jobs)$/, { timeout: 15_000 }).then(() => "signed-in" as const),
        this.serverError.waitFor({ timeout: 15_000 }).then(() => "refused" as const),
      ]);
      if (outcome === "signed-in") return;
      const code = await this.serverError.getAttribute("data-code");
      if (code !== "TOO_MANY_REQUESTS" || attempt >= MAX_RATE_LIMITED_TRIES) {
        throw new Error(`sign-in refused: ${code}: ${await this.serverError.textContent()}`);
      }
      await this.page.waitForTimeout(AUTH_RATE_WINDOW_MS);
    }
  }
}

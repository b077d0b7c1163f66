import { expect, type Locator, type Page } from "@playwright/test";

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
    await this.submit.click();
    await expect(this.page).toHaveURL(/\/resumes$/);
  }

  async signUp(name: string, email: string, password: string) {
    await this.page.goto("/sign-up");
    await this.name.fill(name);
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
    await expect(this.page).toHaveURL(/\/resumes$/);
  }
}

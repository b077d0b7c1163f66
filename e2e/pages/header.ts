import { expect, type Locator, type Page } from "@playwright/test";

export class Header {
  readonly appName: Locator;
  readonly navResumes: Locator;
  readonly navJobs: Locator;
  readonly navAdmin: Locator;
  readonly navOpenings: Locator;
  readonly navSharedReports: Locator;
  readonly userMenuButton: Locator;
  readonly signOutItem: Locator;

  constructor(readonly page: Page) {
    this.appName = page.getByTestId("app-name");
    this.navResumes = page.getByTestId("nav-resumes");
    this.navJobs = page.getByTestId("nav-jobs");
    this.navAdmin = page.getByTestId("nav-admin");
    this.navOpenings = page.getByTestId("nav-openings");
    this.navSharedReports = page.getByTestId("nav-shared-reports");
    this.userMenuButton = page.getByTestId("user-menu-button");
    this.signOutItem = page.getByTestId("sign-out");
  }

  languageButton(locale: "en" | "zh"): Locator {
    return this.page.getByTestId(`lang-switch-${locale}`);
  }

  async switchLanguage(locale: "en" | "zh") {
    await this.languageButton(locale).click();
    await expect(this.languageButton(locale)).toHaveAttribute("aria-pressed", "true");
  }

  async signOut() {
    await this.userMenuButton.click();
    await this.signOutItem.click();
    await expect(this.page).toHaveURL(/\/sign-in$/);
  }
}

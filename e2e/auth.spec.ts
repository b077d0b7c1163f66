import { DEMO_CANDIDATE, expect, test } from "./fixtures";

test("an anonymous visitor is sent from /resumes to sign-in", async ({ page }) => {
  await page.goto("/resumes");
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByTestId("auth-form")).toBeVisible();
});

test("sign-in validates inline and shows the server's refusal", async ({ authPage, page }) => {
  await page.goto("/sign-in");
  await authPage.email.fill("not-an-email");
  await authPage.submit.click();
  await expect(page.getByTestId("auth-email-error")).toBeVisible();
  await expect(authPage.email).toHaveAttribute("aria-invalid", "true");

  // An account nobody has: the answer is the same as a wrong password's (docs/security.md), and
  // the demo candidate that later tests sign in as is not put into a sign-in back-off.
  await authPage.email.fill(`nobody-${Date.now()}@example.com`);
  await authPage.password.fill("wrong-password");
  await authPage.submit.click();
  await expect(authPage.serverError).toContainText("email or password");
  await expect(page).toHaveURL(/\/sign-in$/);
});

test("the demo candidate signs in and out", async ({ authPage, header, page }) => {
  await authPage.signIn(DEMO_CANDIDATE.email, DEMO_CANDIDATE.password);
  await header.signOut();
  await page.goto("/resumes");
  await expect(page).toHaveURL(/\/sign-in$/);
});

import { expect, test } from "./fixtures";

test("the language switch turns the UI to Chinese and back, without changing the URL", async ({ candidatePage, header, page }) => {
  await candidatePage.goto();
  await expect(header.navResumes).toHaveText("My resumes");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await header.switchLanguage("zh");
  await expect(header.navResumes).toHaveText("我的简历");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(candidatePage.uploadCard.getByRole("heading", { level: 2 })).toHaveText("分析简历");
  await expect(page).toHaveURL(/\/resumes$/);

  // The choice is remembered (cookie) across a reload.
  await page.reload();
  await expect(header.navResumes).toHaveText("我的简历");

  await header.switchLanguage("en");
  await expect(header.navResumes).toHaveText("My resumes");
});

test("a Chinese browser gets the Chinese UI by default", async ({ browser }) => {
  const context = await browser.newContext({ locale: "zh-CN" });
  try {
    const page = await context.newPage();
    await page.goto("/sign-in");
    await expect(page.getByTestId("auth-submit")).toHaveText("登录");
  } finally {
    await context.close();
  }
});

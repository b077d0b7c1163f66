import { browserFetch } from "./api";
import { corpusFile, expect, test, uniqueEmail } from "./fixtures";
import { AuthPage } from "./pages/auth";
import { ResumePage } from "./pages/resume";

test("a newly signed-up candidate cannot open another candidate's resume", async ({ browser, candidatePage }) => {
  // The first candidate's resume (a duplicate upload lands on the earlier one: also fine).
  await candidatePage.goto();
  const id = await candidatePage.upload(corpusFile("resumes-pdf", "en_typst_rendercv_classic.pdf"));
  await expect(candidatePage.page.getByTestId("resume-page")).toBeVisible();

  const other = await browser.newContext();
  try {
    const page = await other.newPage();
    await new AuthPage(page).signUp("Second Candidate", uniqueEmail("second"), "second-candidate-pw");
    await expect(page.getByTestId("resume-list-empty")).toBeVisible();

    const resume = new ResumePage(page);
    await resume.goto(id);
    await expect(resume.notFound).toBeVisible();
    await expect(resume.report).toHaveCount(0);

    const api = await browserFetch(page, `/api/resumes/${id}`);
    expect(api.status).toBe(404);
    expect(api.body).toEqual(expect.objectContaining({ code: expect.stringMatching(/^not_found:/) }));
    expect(JSON.stringify(api.body)).not.toContain("analysis");
  } finally {
    await other.close();
  }
});

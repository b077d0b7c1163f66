import { corpusFile, expect, test } from "../fixtures";

/** The model stack's fake upstream (playwright.config.ts). */
const fakeLlm = () => process.env.E2E_FAKE_LLM_URL as string;

test.describe("the model stack", () => {
  test("a resume is analysed by the configured model through the fake upstream, not the offline engine", async ({ candidatePage, resumePage, request }) => {
    const before = ((await (await request.get(`${fakeLlm()}/__requests`)).json()) as { requests: unknown[] }).requests.length;
    await candidatePage.goto();
    await candidatePage.upload(corpusFile("resumes-pdf", "en_typst_rendercv_classic.pdf"), {
      jobDescription: `Backend engineer (ref ${Date.now()}). Required: Python, PostgreSQL, Redis.`,
    });
    await resumePage.waitForReport();
    await expect(resumePage.engineBadge).not.toHaveText("Offline analyser");
    const after = ((await (await request.get(`${fakeLlm()}/__requests`)).json()) as { requests: unknown[] }).requests.length;
    expect(after).toBeGreaterThan(before);
  });
});

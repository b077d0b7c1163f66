import { randomBytes } from "node:crypto";
import { browserFetch } from "./api";
import { e2eDatabase, seedRecruiting } from "./db";
import { DEMO_RECRUITER, expect, test, uniqueEmail } from "./fixtures";
import { AuthPage } from "./pages/auth";
import { InvitePage, OpeningsPage } from "./pages/openings";

/**
 * Candidates and recruiters together in the browser: a fresh candidate applies to an open job
 * from /openings with a resume picked from their own, and accepts an interview invitation from
 * its landing page, agreeing to share the report. The demo organisation's job and the invitation
 * are seeded (the job pages are another domain's).
 */
test("a candidate applies from /openings and starts an invited interview from its link", async ({ page }) => {
  test.setTimeout(180_000);
  await new AuthPage(page).signUp("Invited Candidate", uniqueEmail("together"), "together-candidate-pw");
  const fileName = `cv-${Date.now()}.txt`;
  const bytes = Buffer.from(`Jane Doe ${Math.random()}\nExperience\nEngineer, Acme 2019 - 2023\nSkills: Go, PostgreSQL`).toString("base64");
  const upload = await browserFetch(page, "/api/resumes", { method: "POST", file: { name: fileName, type: "text/plain", base64: bytes } });
  const interview = await browserFetch(page, "/api/interviews", { method: "POST", json: { role: "backend engineer", level: "mid", questionCount: 5 } });
  expect([upload.status, interview.status]).toEqual([202, 201]);
  const token = randomBytes(32).toString("base64url");
  const sql = e2eDatabase();
  let seeded: Awaited<ReturnType<typeof seedRecruiting>>;
  try {
    seeded = await seedRecruiting(sql, { recruiterEmail: DEMO_RECRUITER.email, interviewId: (interview.body as { id: string }).id, tokens: [token] });
  } finally {
    await sql.end();
  }

  const openings = new OpeningsPage(page);
  await openings.goto();
  await expect(openings.opening(seeded.ownJobId)).toContainText(DEMO_RECRUITER.organization);
  await openings.apply(seeded.ownJobId, fileName);
  await expect(openings.myApplications.filter({ hasText: DEMO_RECRUITER.organization }).first()).toBeVisible();
  // The application's copy is the organisation's: the candidate's own list is unchanged.
  const mine = (await browserFetch(page, "/api/resumes")).body as { items: { fileName: string }[] };
  expect(mine.items.filter((r) => r.fileName === fileName)).toHaveLength(1);

  await page.goto(`/invites/${token}`);
  const invite = new InvitePage(page);
  await expect(invite.heading).toContainText(DEMO_RECRUITER.organization);
  await expect(invite.share).not.toBeChecked();
  await invite.accept({ shareReport: true });
  await expect(page.getByTestId("interview-role-title")).toHaveText("Backend Engineer");
  // The link now continues the same interview.
  const interviewUrl = page.url();
  await page.goto(`/invites/${token}`);
  await page.getByTestId("invite-continue").click();
  await expect(page).toHaveURL(interviewUrl);
});

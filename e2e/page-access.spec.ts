import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { browserFetch } from "./api";
import { e2eDatabase, seedRecruiting } from "./db";
import { DEMO_ADMIN, DEMO_CANDIDATE, DEMO_RECRUITER, E2E_DIR, expect, test, uniqueEmail } from "./fixtures";
import { PAGE_ACTORS, PAGE_ID_KINDS, PAGES, type PageActor, type PageCell, type PageIdKind } from "./page-access.expected";
import { AuthPage } from "./pages/auth";
import { Header } from "./pages/header";

/**
 * The pages' authorization matrix: every `app/**\/page.tsx` (found on disk, not listed by hand)
 * × actor × id, compared with page-access.expected.ts; and the header entries the same
 * permission map grants.
 */
const APP_DIR = path.join(E2E_DIR, "..", "app");

/** `app/(app)/resumes/[id]/page.tsx` → `/resumes/[id]` (route groups do not show in the URL). */
function discoverPages(dir = APP_DIR, segments: string[] = []): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === "page.tsx") found.push(`/${segments.filter((s) => !/^\(.*\)$/.test(s)).join("/")}`);
    if (entry.isDirectory() && entry.name !== "api" && !entry.name.startsWith("_"))
      found.push(...discoverPages(path.join(dir, entry.name), [...segments, entry.name]));
  }
  return found;
}

type Signed = { context: BrowserContext; page: Page; resumeId: string; taskId: string; interviewId: string; knowledgeId: string; inviteToken: string };
/** A job of an organisation with one uploaded resume: the ids the recruiter pages take. */
type JobIds = { jobId: string; batchId: string; applicationId: string };

/** Posts a job and uploads one text resume to it as the page's recruiter. */
async function jobWithOneResume(page: Page): Promise<JobIds> {
  const job = await browserFetch(page, "/api/jobs", {
    method: "POST",
    json: { title: "Backend engineer", description: "We need a backend engineer: TypeScript, PostgreSQL, Redis." },
  });
  expect(job.status).toBe(201);
  const jobId = (job.body as { id: string }).id;
  const bytes = Buffer.from(`Jane Doe ${Math.random()}\nExperience\nEngineer, Acme 2019 - 2023\nSkills: TypeScript`).toString("base64");
  const upload = await browserFetch(page, `/api/jobs/${jobId}/resumes`, {
    method: "POST",
    fileField: "files",
    file: { name: "cv.txt", type: "text/plain", base64: bytes },
  });
  expect(upload.status).toBe(202);
  const body = upload.body as { batchId: string; items: { applicationId: string }[] };
  return { jobId, batchId: body.batchId, applicationId: body.items[0]!.applicationId };
}

/** A recruiter of another organisation (founded on the spot) and its job. */
async function foreignOrganization(browser: Browser): Promise<{ context: BrowserContext; ids: JobIds }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await new AuthPage(page).signUp("Other Recruiter", uniqueEmail("other-org"), "other-recruiter-pw");
  const slug = `other-org-${Date.now()}`;
  const org = await browserFetch(page, "/api/auth/organization/create", { method: "POST", json: { name: "Other Org", slug } });
  expect(org.status).toBe(200);
  return { context, ids: await jobWithOneResume(page) };
}

async function signedIn(browser: Browser, actor: Exclude<PageActor, "anonymous">): Promise<Signed> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const auth = new AuthPage(page);
  if (actor === "candidate") await auth.signIn(DEMO_CANDIDATE.email, DEMO_CANDIDATE.password);
  if (actor === "recruiter") await auth.signIn(DEMO_RECRUITER.email, DEMO_RECRUITER.password);
  if (actor === "admin") await auth.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  if (actor === "otherCandidate") await auth.signUp("Other Candidate", uniqueEmail("other"), "other-candidate-pw");
  const bytes = Buffer.from(`Jane Doe ${Math.random()}\nExperience\nEngineer, Acme 2019 - 2023\nSkills: TypeScript`).toString("base64");
  const upload = await browserFetch(page, "/api/resumes", { method: "POST", file: { name: "cv.txt", type: "text/plain", base64: bytes } });
  const interview = await browserFetch(page, "/api/interviews", { method: "POST", json: { role: "backend engineer", level: "mid", questionCount: 5 } });
  const knowledge = await browserFetch(page, "/api/knowledge", { method: "POST", json: { name: "Notes" } });
  expect([upload.status, interview.status, knowledge.status]).toEqual([202, 201, 201]);
  const { resumeId, taskId } = upload.body as { resumeId: string; taskId: string };
  const knowledgeId = (knowledge.body as { id: string }).id;
  return { context, page, resumeId, taskId, interviewId: (interview.body as { id: string }).id, knowledgeId, inviteToken: "" };
}

test.describe("page access", () => {
  test.describe.configure({ timeout: 300_000 });
  let actors: Record<Exclude<PageActor, "anonymous">, Signed>;
  let anonymous: Page;
  let ownJob: JobIds;
  let foreign: { context: BrowserContext; ids: JobIds };
  /** The demo organisation's job and a share of the candidate's interview with it ("own"), and another organisation's ("foreign"). */
  let recruiting: Awaited<ReturnType<typeof seedRecruiting>>;

  test.beforeAll(async ({ browser }) => {
    const entries = [];
    for (const a of ["candidate", "otherCandidate", "recruiter", "admin"] as const) entries.push([a, await signedIn(browser, a)] as const);
    actors = Object.fromEntries(entries) as typeof actors;
    anonymous = await (await browser.newContext()).newPage();
    // Each actor accepts an invitation of their own: theirs is 200, another's 404.
    const tokens = entries.map(() => randomBytes(32).toString("base64url"));
    const sql = e2eDatabase();
    try {
      recruiting = await seedRecruiting(sql, { recruiterEmail: DEMO_RECRUITER.email, interviewId: actors.candidate.interviewId, tokens });
    } finally {
      await sql.end();
    }
    for (const [i, [, a]] of entries.entries()) {
      const accepted = await browserFetch(a.page, `/api/invites/${tokens[i]}/accept`, { method: "POST", json: { shareReport: false } });
      expect(accepted.status).toBe(201);
      a.inviteToken = tokens[i]!;
    }
    ownJob = await jobWithOneResume(actors.recruiter.page);
    foreign = await foreignOrganization(browser);
  });

  test.afterAll(async () => {
    await Promise.all([...Object.values(actors ?? {}).map((a) => a.context.close()), anonymous?.context().close(), foreign?.context.close()]);
  });

  test("every page file has a row, and every row a page", () => {
    expect(discoverPages().sort()).toEqual(Object.keys(PAGES).sort());
  });

  test("every page × actor × id answers as the table says", async () => {
    const got: Record<string, string | number> = {};
    const want: Record<string, string | number> = {};
    for (const pagePath of Object.keys(PAGES)) {
      for (const actor of PAGE_ACTORS) {
        const hasId = /\[\w+\]/.test(pagePath);
        for (const kind of hasId ? PAGE_ID_KINDS : [null]) {
          const page = actor === "anonymous" ? anonymous : actors[actor].page;
          const url = kind ? urlFor(pagePath, actor, kind) : pagePath;
          const res = await page.goto(url);
          const landed = new URL(page.url()).pathname;
          const label = `${url} as ${actor}${kind ? ` (${kind})` : ""}`;
          got[label] = landed !== url ? `→${landed}` : (res?.status() ?? 0);
          const cell: PageCell = PAGES[pagePath]![actor];
          want[label] = typeof cell === "object" ? cell[kind!] : cell;
          if (want[label] === 404) await expect(page.getByTestId("page-not-found"), label).toBeVisible();
        }
      }
    }
    expect(got).toEqual(want);
  });

  function urlFor(pagePath: string, actor: PageActor, kind: PageIdKind): string {
    if (pagePath.startsWith("/jobs/") || pagePath.startsWith("/batches/")) {
      // The recruiter's organisation owns "own"; for everyone else those ids are not theirs either.
      const ids = kind === "own" ? ownJob : kind === "foreign" ? foreign.ids : null;
      const idOf = (key: keyof JobIds) => (ids ? ids[key] : idFor(pagePath, actor, kind));
      return pagePath.replace("[id]", idOf(pagePath.startsWith("/batches/") ? "batchId" : "jobId")).replace("[applicationId]", idOf("applicationId"));
    }
    return pagePath.replace(/\[\w+\]/, idFor(pagePath, actor, kind));
  }

  function idFor(pagePath: string, actor: PageActor, kind: PageIdKind): string {
    if (kind === "missing") return "00000000-0000-4000-8000-000000000000";
    if (kind === "malformed") return "not-an-id";
    const whose = kind === "own" && actor !== "anonymous" ? actors[actor] : actor === "otherCandidate" ? actors.candidate : actors.otherCandidate;
    if (pagePath.startsWith("/admin/tasks/")) return whose.taskId;
    if (pagePath.startsWith("/shared-reports/")) return kind === "own" ? recruiting.ownShareId : recruiting.foreignShareId;
    if (pagePath.startsWith("/invites/")) return whose.inviteToken;
    if (pagePath.startsWith("/knowledge/")) return whose.knowledgeId;
    return pagePath.startsWith("/resumes/") ? whose.resumeId : whose.interviewId;
  }

  test("a URL no page answers is the same translated 404 page, signed in or not", async () => {
    for (const page of [anonymous, actors.candidate.page]) {
      const res = await page.goto("/no-such-page");
      expect(res?.status()).toBe(404);
      await expect(page.getByTestId("page-not-found")).toBeVisible();
    }
  });

  test("the header shows the jobs to a recruiter and the console to an admin, neither to a candidate", async () => {
    const entries = async (p: Page) => {
      await p.goto("/resumes");
      const header = new Header(p);
      return { jobs: await header.navJobs.isVisible(), admin: await header.navAdmin.isVisible() };
    };
    expect(await entries(actors.candidate.page)).toEqual({ jobs: false, admin: false });
    expect(await entries(actors.recruiter.page)).toEqual({ jobs: true, admin: false });
    expect(await entries(actors.admin.page)).toEqual({ jobs: false, admin: true });

    const recruiter = actors.recruiter.page;
    await new Header(recruiter).navJobs.click();
    await expect(recruiter).toHaveURL(/\/jobs$/);
    await expect(recruiter.getByTestId("job-row").first()).toBeVisible();
    await recruiter.getByTestId("jobs-workspace-link").click();
    await expect(recruiter).toHaveURL(/\/workspace$/);
    await expect(recruiter.getByTestId("workspace-name")).toHaveText(DEMO_RECRUITER.organization);
    await recruiter.getByTestId("workspace-jobs-link").click();
    await expect(recruiter).toHaveURL(/\/jobs$/);

    const admin = actors.admin.page;
    await new Header(admin).navAdmin.click();
    await expect(admin).toHaveURL(/\/admin$/);
    await expect(admin.getByTestId("admin-overview")).toBeVisible();
    await admin.getByTestId("admin-nav-users").click();
    await expect(admin).toHaveURL(/\/admin\/users$/);
    await expect(admin.getByTestId("admin-users")).toContainText(DEMO_CANDIDATE.email);
  });

  test("the header shows open jobs to a person without an organisation and shared reports to a recruiter", async () => {
    const entries = async (p: Page) => {
      await p.goto("/resumes");
      const header = new Header(p);
      return { openings: await header.navOpenings.isVisible(), sharedReports: await header.navSharedReports.isVisible() };
    };
    expect(await entries(actors.candidate.page)).toEqual({ openings: true, sharedReports: false });
    expect(await entries(actors.recruiter.page)).toEqual({ openings: false, sharedReports: true });
    expect(await entries(actors.admin.page)).toEqual({ openings: true, sharedReports: false });

    const candidate = actors.candidate.page;
    await new Header(candidate).navOpenings.click();
    await expect(candidate).toHaveURL(/\/openings$/);
    await expect(candidate.getByTestId("opening").first()).toBeVisible();
    const recruiter = actors.recruiter.page;
    await new Header(recruiter).navSharedReports.click();
    await expect(recruiter).toHaveURL(/\/shared-reports$/);
    await expect(recruiter.locator(`[data-share-id="${recruiting.ownShareId}"]`)).toBeVisible();
  });
});

import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, test as base, type Page } from "@playwright/test";
import { CORPUS_DIR } from "../tests/corpus-dir";
import { AuthPage } from "./pages/auth";
import { Header } from "./pages/header";
import { InterviewPage } from "./pages/interview";
import { InterviewsPage } from "./pages/interviews";
import { ResumePage } from "./pages/resume";
import { ResumesPage } from "./pages/resumes";

/** The demo accounts `PANELIST_DEMO=1 scripts/seed.ts` creates (README, "Environment"). */
export const DEMO_CANDIDATE = { email: "candidate@example.com", password: "panelist-demo" } as const;
/** The owner of the demo organisation "Demo Recruiting". */
export const DEMO_RECRUITER = { email: "recruiter@example.com", password: "panelist-demo", organization: "Demo Recruiting" } as const;
/** The platform admin. */
export const DEMO_ADMIN = { email: "admin@example.com", password: "panelist-demo" } as const;

/** This folder (the package is ESM: no `__dirname`). */
export const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
/** `../shared/corpus/` beside the repository (tests/corpus-dir.ts): real inputs, never copied into the repo. */
export { CORPUS_DIR };
export const corpusFile = (...parts: string[]) => path.join(CORPUS_DIR, ...parts);

/** A fresh e-mail address per call, so sign-ups never collide across tests or runs. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

type WorkerFixtures = {
  /** The demo candidate's session, signed in once per worker (sign-in is rate limited). */
  candidateState: StorageState;
  /** The demo platform admin's session, signed in once per worker. */
  adminState: StorageState;
  /** The demo recruiter's session (owner of "Demo Recruiting"), signed in once per worker. */
  recruiterState: StorageState;
};

type Fixtures = {
  authPage: AuthPage;
  header: Header;
  resumesPage: ResumesPage;
  resumePage: ResumePage;
  interviewsPage: InterviewsPage;
  interviewPage: InterviewPage;
  /** The page, signed in as the demo candidate. */
  candidatePage: ResumesPage;
  /** The page, signed in as the demo platform admin. */
  adminPage: Page;
  /** The page, signed in as the demo recruiter. */
  recruiterPage: Page;
};

/** Signs `account` in once in a context of its own and answers its cookies. */
async function signedInState(
  browser: Browser,
  use: { baseURL?: string; locale?: string },
  account: { email: string; password: string },
): Promise<StorageState> {
  // Worker fixtures do not get the config's `use` options by themselves.
  const context = await browser.newContext({ baseURL: use.baseURL, locale: use.locale });
  const page = await context.newPage();
  await new AuthPage(page).signIn(account.email, account.password);
  const state = await context.storageState();
  await context.close();
  return state;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  candidateState: [async ({ browser }, use, workerInfo) => use(await signedInState(browser, workerInfo.project.use, DEMO_CANDIDATE)), { scope: "worker" }],
  adminState: [async ({ browser }, use, workerInfo) => use(await signedInState(browser, workerInfo.project.use, DEMO_ADMIN)), { scope: "worker" }],
  recruiterState: [async ({ browser }, use, workerInfo) => use(await signedInState(browser, workerInfo.project.use, DEMO_RECRUITER)), { scope: "worker" }],
  authPage: async ({ page }, use) => use(new AuthPage(page)),
  header: async ({ page }, use) => use(new Header(page)),
  resumesPage: async ({ page }, use) => use(new ResumesPage(page)),
  resumePage: async ({ page }, use) => use(new ResumePage(page)),
  interviewsPage: async ({ page }, use) => use(new InterviewsPage(page)),
  interviewPage: async ({ page }, use) => use(new InterviewPage(page)),
  candidatePage: async ({ page, candidateState }, use) => {
    await page.context().addCookies(candidateState.cookies);
    await use(new ResumesPage(page));
  },
  adminPage: async ({ page, adminState }, use) => {
    await page.context().addCookies(adminState.cookies);
    await use(page);
  },
  recruiterPage: async ({ page, recruiterState }, use) => {
    await page.context().addCookies(recruiterState.cookies);
    await use(page);
  },
});

export { expect } from "@playwright/test";

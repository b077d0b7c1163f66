import path from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, test as base } from "@playwright/test";
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
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  candidateState: [
    async ({ browser }, use, workerInfo) => {
      // Worker fixtures do not get the config's `use` options by themselves.
      const { baseURL, locale } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, locale });
      const page = await context.newPage();
      await new AuthPage(page).signIn(DEMO_CANDIDATE.email, DEMO_CANDIDATE.password);
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: "worker" },
  ],
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
});

export { expect } from "@playwright/test";

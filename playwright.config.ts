import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests against a production build on its own database. The database name and the
 * Redis key prefix are computed once here (the runner and its workers share process.env),
 * used by scripts/e2e-serve.mjs, and dropped/cleaned by e2e/global-teardown.ts.
 */
process.env.E2E_DATABASE_NAME ??= `panelist_e2e_${Date.now()}`;
process.env.E2E_REDIS_PREFIX ??= `e2e${Date.now()}:`;
// The model stack (specs in e2e/model/): a second web + worker on the same build, with the fake
// OpenAI-compatible server as its model, on its own database and prefix (scripts/e2e-serve.mjs).
process.env.E2E_MODEL_DATABASE_NAME ??= `${process.env.E2E_DATABASE_NAME}_model`;
process.env.E2E_MODEL_REDIS_PREFIX ??= `${process.env.E2E_REDIS_PREFIX}model:`;
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const modelPort = port + 1;
const modelBaseURL = `http://127.0.0.1:${modelPort}`;
process.env.E2E_MODEL_BASE_URL = modelBaseURL;
/** The model stack's fake upstream (its /__control and /__requests). */
process.env.E2E_FAKE_LLM_URL = `http://127.0.0.1:${port + 2}`;

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "./test-results",
  // One web server and one worker on two cores: run the specs one at a time.
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  globalTeardown: "./e2e/global-teardown.ts",
  use: {
    baseURL,
    locale: "en-US",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", testIgnore: "model/**", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } } },
    {
      name: "chromium-model",
      testMatch: "model/**/*.spec.ts",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, baseURL: modelBaseURL },
    },
  ],
  webServer: [
    {
      command: "node scripts/e2e-serve.mjs",
      url: `${baseURL}/sign-in`,
      reuseExistingServer: false,
      // A cold `next build` on two shared cores takes minutes.
      timeout: 15 * 60_000,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        PORT: String(port),
        E2E_DATABASE_NAME: process.env.E2E_DATABASE_NAME,
        E2E_REDIS_PREFIX: process.env.E2E_REDIS_PREFIX,
      },
    },
    {
      command: "node scripts/e2e-serve.mjs",
      url: `${modelBaseURL}/sign-in`,
      reuseExistingServer: false,
      timeout: 15 * 60_000,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        PORT: String(modelPort),
        E2E_LLM_PORT: String(port + 2),
        E2E_DATABASE_NAME: process.env.E2E_MODEL_DATABASE_NAME,
        E2E_REDIS_PREFIX: process.env.E2E_MODEL_REDIS_PREFIX,
      },
    },
  ],
});

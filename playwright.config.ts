import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests against a production build on its own database. The database name and the
 * Redis key prefix are computed once here (the runner and its workers share process.env),
 * used by scripts/e2e-serve.mjs, and dropped/cleaned by e2e/global-teardown.ts.
 */
process.env.E2E_DATABASE_NAME ??= `panelist_e2e_${Date.now()}`;
process.env.E2E_REDIS_PREFIX ??= `e2e${Date.now()}:`;
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } } }],
  webServer: {
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
});

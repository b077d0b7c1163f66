import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
    },
  },
  test: {
    include: ["**/*.test.ts"],
    // tests/lint/fixtures: trees that break the dependency rules on purpose, cruised, never run.
    exclude: ["node_modules/**", "e2e/**", ".next/**", ".data/**", "tests/lint/fixtures/**"],
    globalSetup: ["./tests/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});

// `next build` only when the sources changed since the last build: a stamp
// of every source file's path, size and mtime is kept in .next/.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./util.mjs";

// Not part of the web bundle (the worker and scripts are run by tsx; tests and docs never ship).
const SKIP = new Set([
  "node_modules",
  ".next",
  ".data",
  ".git",
  "tests",
  "e2e",
  "bench",
  "docs",
  "scripts",
  "worker",
  "test-results",
  "playwright-report",
  "coverage",
]);
// Written by next build / next dev themselves, not sources.
const GENERATED = (name) => name === "next-env.d.ts" || name.endsWith(".tsbuildinfo");
const STAMP = path.join(ROOT, ".next", "panelist-build-stamp");

export function sourceStamp() {
  const hash = crypto.createHash("sha256");
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (dir === ROOT && (SKIP.has(entry.name) || GENERATED(entry.name))) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const st = fs.statSync(full);
        hash.update(`${path.relative(ROOT, full)}\0${st.size}\0${Math.trunc(st.mtimeMs)}\n`);
      }
    }
  };
  walk(ROOT);
  // variables inlined into the client bundle
  for (const [k, v] of Object.entries(process.env).sort()) if (k.startsWith("NEXT_PUBLIC_")) hash.update(`${k}=${v}\n`);
  return hash.digest("hex");
}

export function buildIsCurrent(stamp) {
  return fs.existsSync(path.join(ROOT, ".next", "BUILD_ID")) && fs.existsSync(STAMP) && fs.readFileSync(STAMP, "utf8").trim() === stamp;
}

export function recordBuild(stamp) {
  fs.writeFileSync(STAMP, `${stamp}\n`);
}

import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** `npm run eval` as a person runs it (eval/run.ts through tsx), pointed at fixture sets. */
const REPO = path.resolve(import.meta.dirname, "..", "..");
const FIXTURES = path.join(import.meta.dirname, "fixtures", "set");
let tmp: string;

function evalCli(args: string[]) {
  const r = spawnSync(path.join(REPO, "node_modules", ".bin", "tsx"), ["eval/run.ts", ...args], {
    cwd: REPO,
    encoding: "utf8",
    env: { ...process.env, LLM_PROVIDER: "offline" },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), "panelist-eval-cli-"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("npm run eval", () => {
  it("exits 0 after measuring, prints the table, writes the JSON and shows progress on stderr", () => {
    const json = path.join(tmp, "result.json");
    const r = evalCli(["--root", FIXTURES, "--split", "held-out", "--kind", "extraction", "--kind", "interview", "--no-write", "--json", json]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/extraction\s+visible words reaching the analysis/);
    expect(r.stdout).not.toContain("tuning (");
    expect(r.stderr).toContain("held-out extraction fx-held-out-extraction-en-docx");
    const result = JSON.parse(readFileSync(json, "utf8"));
    expect(result.splits.map((s: { split: string }) => s.split)).toEqual(["held-out"]);
    expect(result.kinds).toEqual(["extraction", "interview"]);
  });

  it("exits 1 naming the case when the set is invalid", () => {
    const root = path.join(tmp, "invalid");
    cpSync(FIXTURES, root, { recursive: true });
    writeFileSync(
      path.join(root, "held-out", "cases", "bad.json"),
      JSON.stringify({ cases: [{ id: "lost-file", kind: "stability", checks: "c", why: "w", resume: "resumes/gone.md" }] }),
    );
    const r = evalCli(["--root", root, "--no-write"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('held-out/cases/bad.json: case 0 "lost-file": file "resumes/gone.md" does not exist');
    expect(r.stdout).toBe("");
  });

  it("exits 1 on an unknown kind", () => {
    const r = evalCli(["--root", FIXTURES, "--kind", "vibes", "--no-write"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("--kind must be one of");
  });
});

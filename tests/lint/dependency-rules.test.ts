/**
 * The layer rules of `.dependency-cruiser.cjs` bite: each fixture under `fixtures/<rule>/` is a
 * small tree (with its own `@/` alias) that breaks exactly that rule, and dependency-cruiser —
 * the real CLI with the real config, as `npm run lint:deps` runs it — reports that rule and no
 * other. The real tree passes. No database or Redis: nothing here needs `tests/helpers/env`.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURES = path.join(import.meta.dirname, "fixtures");
const CONFIG = path.join(ROOT, ".dependency-cruiser.cjs");
const DEPCRUISE = path.join(ROOT, "node_modules", ".bin", "depcruise");
const run = promisify(execFile);

const ruleNames: string[] = (createRequire(import.meta.url)(CONFIG) as { forbidden: { name: string }[] }).forbidden.map((r) => r.name);

/** Runs the CLI in `cwd` on `targets`; its exit code and the rule names its `err` report names. */
async function cruise(cwd: string, args: string[]): Promise<{ code: number; rules: string[]; output: string }> {
  let code = 0;
  let output: string;
  try {
    output = (await run(DEPCRUISE, args, { cwd })).stdout;
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    code = typeof e.code === "number" ? e.code : 1;
    output = `${e.stdout ?? ""}${e.stderr ?? ""}`;
  }
  const rules = [...new Set([...output.matchAll(/^\s*error ([\w-]+):/gm)].map((m) => m[1]))];
  return { code, rules, output };
}

describe("dependency rules", () => {
  it("every rule has a fixture that breaks it, and every fixture is named after a rule", () => {
    const fixtures = readdirSync(FIXTURES, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(fixtures.sort()).toEqual([...ruleNames].sort());
  });

  it.each(ruleNames)("%s: its fixture fails the check with that rule, and only that one", async (rule) => {
    const r = await cruise(path.join(FIXTURES, rule), ["--config", CONFIG, "--output-type", "err", "."]);
    expect(r.code, r.output).not.toBe(0);
    expect(r.rules, r.output).toEqual([rule]);
  });

  it("the real tree passes, with the arguments of `npm run lint:deps`", async () => {
    const script = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts["lint:deps"];
    const [command, ...args] = script.split(/\s+/);
    expect(command).toBe("depcruise");
    const r = await cruise(ROOT, [...args, "--output-type", "err"]);
    expect(r.rules, r.output).toEqual([]);
    expect(r.code, r.output).toBe(0);
    expect(r.output).toMatch(/no dependency violations found/);
  });
});

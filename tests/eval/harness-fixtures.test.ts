import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caseMisses, qualityMarkdown } from "@/eval/harness/report";
import { type EvalReport, KINDS, runEval } from "@/eval/harness/run-set";

/**
 * The harness on its own fixture set (tests/eval/fixtures/set), plus probe cases built to fail:
 * each measurement must report the failure it exists to catch, not only pass.
 */
const FIXTURES = path.join(import.meta.dirname, "fixtures", "set");
let root: string;

const base = { checks: "a probe", why: "built to fail" };
const PROBES: Record<string, unknown>[] = [
  { ...base, id: "probe-swapped", kind: "discrimination", job: "jobs/data-engineer.md", fit: "resumes/sales.md", misfit: "resumes/data-engineer.md" },
  {
    ...base,
    id: "probe-reversed",
    kind: "monotonicity",
    base: "resumes/data-engineer.md",
    edit: "remove_quantified",
    job: "jobs/data-engineer.md",
    direction: "not_lower",
  },
  { ...base, id: "probe-noop", kind: "monotonicity", base: "resumes/no-skills.md", edit: "delete_skills", direction: "not_higher" },
  { ...base, id: "probe-wrong-language", kind: "language", zh: "resumes/zh-frontend.md", en: "resumes/zh-frontend.md" },
  { ...base, id: "probe-extra-words", kind: "extraction", file: "files/en-sample.docx", visible: "files/en-sample.plus-two.txt" },
];

function held(report: EvalReport) {
  const s = report.splits.find((x) => x.split === "held-out");
  if (!s) throw new Error("no held-out split in the report");
  return s;
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "panelist-eval-probes-"));
  cpSync(FIXTURES, root, { recursive: true });
  const h = path.join(root, "held-out");
  writeFileSync(
    path.join(h, "resumes", "no-skills.md"),
    [
      "# Sam Lee",
      "sam.lee@example.com",
      "## Summary",
      "Backend engineer who builds and runs billing and invoicing services for subscription businesses.",
      "## Experience",
      "Backend Engineer, Acme Billing, 2020 – Present",
      "- Built the invoicing service and the retry logic for failed card payments.",
      "- Wrote the reconciliation job that matches bank statements with ledger entries.",
      "## Education",
      "B.S. Computer Science, Ohio State University, 2016 – 2020",
    ].join("\n"),
  );
  const interview = JSON.parse(readFileSync(path.join(h, "cases", "interview.json"), "utf8")).cases[0];
  const { wrong, partial, complete } = interview.answers;
  PROBES.push({ ...interview, id: "probe-disordered", answers: { ...interview.answers, wrong: complete, partial: wrong, complete: partial } });
  writeFileSync(path.join(h, "files", "en-sample.plus-two.txt"), `${readFileSync(path.join(h, "files", "en-sample.visible.txt"), "utf8")}Zyxwvut Qwertyuiop\n`);
  writeFileSync(path.join(h, "cases", "probes.json"), JSON.stringify({ cases: PROBES }));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the harness on the fixture set", () => {
  it("measures every kind of both splits, offline with no spread, and writes a page with both splits and the figures' meaning", async () => {
    const report = await runEval({ root: FIXTURES, runs: 2 });
    expect(report.engine).toBe("offline");
    for (const s of report.splits) {
      for (const k of KINDS) expect(s.counts[k], `${s.split} ${k}`).toBeGreaterThan(0);
      expect(s.results.stability?.maxSigma).toBe(0);
      expect(s.rows.filter((r) => r.holds === false)).toEqual([]);
    }
    const page = qualityMarkdown(report);
    expect(page).toContain("## Tuning");
    expect(page).toContain("## Held-out");
    expect(page).toContain("## What the figures mean");
    expect(page).toContain("fx-held-out-extraction-pdf-hidden-line");
    expect(page).toMatch(/## Coverage[\s\S]*\| backend \| 2 \| 0 \|/);
  });
});

describe("probes the harness must catch", () => {
  let report: EvalReport;
  beforeAll(async () => {
    report = await runEval({ root, splits: ["held-out"], kinds: ["discrimination", "monotonicity", "language", "extraction", "interview"] });
  });

  it("a misfit passed off as the fit is not ordered, and the share falls below the goal", () => {
    const d = held(report).results.discrimination;
    expect(d?.cases.find((c) => c.id === "fx-held-out-discrimination-data-vs-sales")?.ordered).toBe(true);
    const swapped = d?.cases.find((c) => c.id === "probe-swapped");
    expect(swapped?.ordered).toBe(false);
    expect(swapped?.skillsGap).toBeLessThan(0);
    expect(d?.orderedShare).toBe(0.5);
    expect(held(report).rows.find((r) => r.kind === "discrimination" && r.goal)?.holds).toBe(false);
  });

  it("a score falling after removing results is a violation when the case forbids falling", () => {
    const m = held(report).results.monotonicity;
    const probe = m?.cases.find((c) => c.id === "probe-reversed");
    expect(probe?.changed).toBe(true);
    expect(probe?.violations).toContainEqual(expect.stringMatching(/^overall /));
    expect(probe?.edited.overall).toBeLessThan(probe?.base.overall ?? 0);
  });

  it("an edit that changes nothing is counted apart and misses its goal", () => {
    const m = held(report).results.monotonicity;
    expect(m?.cases.find((c) => c.id === "probe-noop")?.changed).toBe(false);
    expect(m?.unchanged).toBe(1);
    expect(held(report).rows.find((r) => r.figure === "edits that changed nothing")?.holds).toBe(false);
  });

  it("a Chinese resume in the English slot fails the language check", () => {
    const probe = held(report).results.language?.cases.find((c) => c.id === "probe-wrong-language");
    expect(probe?.pass).toBe(false);
    expect(probe?.problems).toContain("en: language is zh");
    expect(probe?.problems).toContain("en: summary is zh");
  });

  it("answers graded out of their order are caught, pair by pair", () => {
    const i = held(report).results.interview;
    const probe = i?.cases.find((c) => c.id === "probe-disordered");
    expect(probe?.fullyOrdered).toBe(false);
    expect(probe?.adjacentOrdered).toBeLessThan(3);
    expect(i?.fullyOrderedShare).toBe(0.5);
  });

  it("lists each probe among the cases that miss, and no fixture case", () => {
    const misses = caseMisses(held(report)).map((m) => /`([^`]+)`/.exec(m)?.[1]);
    expect(new Set(misses)).toEqual(
      new Set(["probe-swapped", "probe-reversed", "probe-noop", "probe-wrong-language", "probe-extra-words", "probe-disordered"]),
    );
  });

  it("visible words the file does not hold are missed, word for word", () => {
    const e = held(report).results.extraction;
    const whole = e?.cases.find((c) => c.id === "fx-held-out-extraction-en-docx");
    const probe = e?.cases.find((c) => c.id === "probe-extra-words");
    expect(whole?.covered).toBe(whole?.total);
    expect(probe?.total).toBe((whole?.total ?? 0) + 2);
    expect(probe?.covered).toBe(whole?.covered);
  });
});

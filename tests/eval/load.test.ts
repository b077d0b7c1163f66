import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EvalSetError, loadEvalSet } from "@/eval/harness/load";
import { corpusPath } from "@/tests/corpus-dir";

const FIXTURES = path.join(import.meta.dirname, "fixtures", "set");
const made: string[] = [];

/** A copy of the fixture set in a temporary folder, to break one rule in. */
function copySet(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "panelist-eval-set-"));
  made.push(dir);
  cpSync(FIXTURES, dir, { recursive: true });
  return dir;
}

function writeCases(root: string, split: string, name: string, cases: unknown[]) {
  mkdirSync(path.join(root, split, "cases"), { recursive: true });
  writeFileSync(path.join(root, split, "cases", name), JSON.stringify({ cases }));
}

const stability = (id: string, resume: string) => ({ id, kind: "stability", checks: "c", why: "w", resume });

function problems(root: string): string[] {
  try {
    loadEvalSet(root);
  } catch (err) {
    if (err instanceof EvalSetError) return err.problems;
    throw err;
  }
  throw new Error("the set loaded");
}

afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("loadEvalSet", () => {
  it("loads both splits of a valid set and resolves each file inside its split folder", () => {
    const cases = loadEvalSet(FIXTURES);
    expect(new Set(cases.map((c) => c.split))).toEqual(new Set(["tuning", "held-out"]));
    const d = cases.find((c) => c.case.id === "fx-held-out-discrimination-data-vs-sales");
    if (d?.case.kind !== "discrimination") throw new Error("the fixture case is missing");
    expect(d.source).toBe("held-out/cases/discrimination.json");
    expect(d.file(d.case.fit)).toBe(path.join(FIXTURES, "held-out", "resumes", "data-engineer.md"));
  });

  it("resolves corpus: references in the shared corpus", () => {
    const root = copySet();
    writeCases(root, "held-out", "more.json", [stability("corpus-case", "corpus:resumes-txt-md/en_pandoc_resume.md")]);
    const c = loadEvalSet(root).find((x) => x.case.id === "corpus-case");
    expect(c?.file("corpus:resumes-txt-md/en_pandoc_resume.md")).toBe(corpusPath("resumes-txt-md/en_pandoc_resume.md"));
  });

  it("names the file, index and id of a case that fails its schema", () => {
    const root = copySet();
    writeCases(root, "tuning", "bad.json", [stability("fine-one", "resumes/designer.md"), { id: "no-kind", checks: "c", why: "w" }]);
    const p = problems(root);
    expect(p).toHaveLength(1);
    expect(p[0]).toContain('tuning/cases/bad.json: case 1 "no-kind"');
  });

  it("refuses a monotonicity case with both an edit and an edited file", () => {
    const root = copySet();
    writeCases(root, "held-out", "bad.json", [
      {
        id: "both",
        kind: "monotonicity",
        checks: "c",
        why: "w",
        base: "resumes/sales.md",
        edited: "resumes/sales.md",
        edit: "delete_skills",
        direction: "not_higher",
      },
    ]);
    expect(problems(root)[0]).toMatch(/held-out\/cases\/bad\.json: case 0 "both": .*exactly one of edited or edit/);
  });

  it("names a missing file and the case that names it", () => {
    const root = copySet();
    writeCases(root, "held-out", "bad.json", [stability("lost", "resumes/nowhere.md")]);
    expect(problems(root)).toEqual([expect.stringMatching(/held-out\/cases\/bad\.json: case 0 "lost": file "resumes\/nowhere\.md" does not exist/)]);
  });

  it("refuses an id used twice, across splits too", () => {
    const root = copySet();
    writeCases(root, "held-out", "dup.json", [stability("fx-tuning-stability-backend", "resumes/sales.md")]);
    expect(problems(root)).toEqual([
      expect.stringContaining('held-out/cases/dup.json: "fx-tuning-stability-backend": the id is also used by tuning/cases/stability.json'),
    ]);
  });

  it("refuses a held-out case borrowing a tuning file through ../", () => {
    const root = copySet();
    writeCases(root, "held-out", "bad.json", [stability("borrow", "../tuning/resumes/designer.md")]);
    expect(problems(root)[0]).toContain('held-out/cases/bad.json: case 0 "borrow": file "../tuning/resumes/designer.md" is outside its split folder');
  });

  it("refuses a corpus file used by both splits", () => {
    const root = copySet();
    writeCases(root, "tuning", "more.json", [stability("tuning-corpus", "corpus:resumes-txt-md/en_pandoc_resume.md")]);
    writeCases(root, "held-out", "more.json", [stability("held-out-corpus", "corpus:resumes-txt-md/en_pandoc_resume.md")]);
    expect(problems(root)).toEqual([
      expect.stringContaining('"held-out-corpus": file "corpus:resumes-txt-md/en_pandoc_resume.md" is also used by tuning case "tuning-corpus"'),
    ]);
  });

  it("refuses a held-out file that is a copy of a tuning file under another name", () => {
    const root = copySet();
    cpSync(path.join(root, "tuning", "resumes", "designer.md"), path.join(root, "held-out", "resumes", "designer-copy.md"));
    writeCases(root, "held-out", "more.json", [stability("copied", "resumes/designer-copy.md")]);
    expect(problems(root)).toEqual([
      expect.stringContaining('"copied": file "resumes/designer-copy.md" is also used by tuning case "fx-tuning-discrimination-backend-vs-designer"'),
    ]);
  });

  it("reports a case file that is not JSON and a split without a cases folder", () => {
    const root = copySet();
    writeFileSync(path.join(root, "tuning", "cases", "broken.json"), "{ cases: [");
    rmSync(path.join(root, "held-out", "cases"), { recursive: true });
    const p = problems(root);
    expect(p).toContainEqual(expect.stringMatching(/^tuning\/cases\/broken\.json: not JSON/));
    expect(p).toContainEqual("held-out/cases: the folder is missing");
  });
});

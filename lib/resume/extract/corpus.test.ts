import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR, CORPUS_EXPECTATIONS, CORPUS_FOLDERS, type CorpusExpectation } from "./corpus-expectations";
import { detectResumeKind } from "./detect-type";
import { extractResumeText } from "./index";

// How long each file takes ("a couple of seconds" at most) is measured by bench/extract-corpus.ts,
// not asserted here (docs/testing.md, "Rules"); a hang still fails on the test's timeout.
const KIND_BY_FOLDER: Record<string, string> = {
  "resumes-pdf": "pdf",
  "edge-pdf": "pdf",
  "resumes-docx": "docx",
  "edge-docx": "docx",
  "resumes-txt-md": "text",
};
/** The hallmark of an un-normalised spaced Chinese extraction: three Han characters one space apart. */
const SPACED_HAN = /\p{Script=Han} \p{Script=Han} \p{Script=Han}/u;

function describeExpectation(e: CorpusExpectation): string {
  if ("http" in e) return String(e.http);
  return e.status === "COMPLETED" ? `COMPLETED (${e.language})` : `TERMINATED_BY_POLICY ${e.code}`;
}

describe("corpus walk", () => {
  it("the expectation table names every resume and edge file exactly once", () => {
    const onDisk = CORPUS_FOLDERS.flatMap((folder) =>
      fs
        .readdirSync(path.join(CORPUS_DIR, folder))
        .filter((f) => !f.startsWith("."))
        .map((f) => `${folder}/${f}`),
    ).sort();
    const inTable = CORPUS_EXPECTATIONS.map((c) => c.path).sort();
    expect(new Set(inTable).size).toBe(inTable.length);
    expect(inTable).toEqual(onDisk);
  });

  for (const c of CORPUS_EXPECTATIONS) {
    it(`${c.path} → ${describeExpectation(c.expect)}`, async () => {
      const bytes = new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, c.path)));
      const detected = await detectResumeKind(bytes);

      if ("http" in c.expect) {
        expect(detected).toBeNull();
        // 422 is the route's answer to an empty body; 415 is for bytes that are there but unsupported.
        if (c.expect.http === 422) expect(bytes.length).toBe(0);
        else expect(bytes.length).toBeGreaterThan(0);
        return;
      }

      expect(detected?.kind).toBe(KIND_BY_FOLDER[c.path.split("/")[0]]);
      const outcome = await extractResumeText({ bytes, kind: detected!.kind });

      if (c.expect.status === "COMPLETED") {
        if (!outcome.ok) throw new Error(`${c.path}: expected COMPLETED, got ${outcome.code}: ${outcome.message}`);
        expect(outcome.language).toBe(c.expect.language);
        for (const s of c.contains ?? []) expect(outcome.text).toContain(s);
        if (c.expect.language === "zh") expect(outcome.text).not.toMatch(SPACED_HAN);
        expect(outcome.text).not.toMatch(/[\u200B-\u200F\u202A-\u202E\uE000-\uF8FF\uFFFD]/u);
      } else {
        if (outcome.ok) throw new Error(`${c.path}: expected ${c.expect.code}, got COMPLETED (${outcome.language})`);
        expect(outcome.code).toBe(c.expect.code);
        // One English sentence a person understands.
        expect(outcome.message).toMatch(/^[A-Z][^\n]{20,250}[.!]$/);
        expect(outcome.message.split(/[.!?] (?=[A-Z])/).length).toBe(1);
      }
    });
  }

  it("docs/corpus-outcomes.md states the same outcome for every file", () => {
    const doc = fs.readFileSync(path.resolve(__dirname, "../../../docs/corpus-outcomes.md"), "utf8");
    const rows = new Map<string, string>();
    for (const line of doc.split("\n")) {
      const m = /^\|\s*`([^`]+)`\s*\|\s*([^|]+?)\s*\|/.exec(line);
      if (m) rows.set(m[1], m[2].replace(/`/g, "").replace(/\s+/g, " "));
    }
    for (const c of CORPUS_EXPECTATIONS) {
      const stated = rows.get(c.path);
      expect(stated, `${c.path} is missing from docs/corpus-outcomes.md`).toBeDefined();
      const e = c.expect;
      if ("http" in e) expect(stated).toMatch(new RegExp(`^HTTP ${e.http}\\b`));
      else if (e.status === "COMPLETED") expect(stated).toBe(`COMPLETED (${e.language})`);
      else expect(stated).toBe(`TERMINATED_BY_POLICY ${e.code}`);
    }
    expect(rows.size).toBe(CORPUS_EXPECTATIONS.length);
  });
});

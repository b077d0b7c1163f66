import { readFile } from "node:fs/promises";
import { pooledShare, wordCoverage } from "../metrics";
import type { Extractor } from "../pipeline";
import type { CaseOf, Progress } from "./common";

export type ExtractionCaseResult = {
  id: string;
  covered: number;
  total: number;
  /** covered / total (0–1); 0 when the extraction refused the file. */
  share: number;
  /** The extraction's refusal, when it refused the file. */
  refused?: string;
};

export type ExtractionSummary = {
  cases: ExtractionCaseResult[];
  /** Word-weighted share over all cases (Σ covered / Σ total): the goal's figure. */
  share: number;
  /** The lowest case's share. */
  minShare: number;
};

/**
 * For each DOCX or PDF, the share of its visible text's words that reach the analysis' input
 * (the extracted text after screening, what the engine sees). A refused file reaches nothing.
 * @throws when a file cannot be read.
 */
export async function measureExtraction(cases: CaseOf<"extraction">[], extract: Extractor, progress: Progress): Promise<ExtractionSummary> {
  const out: ExtractionCaseResult[] = [];
  for (const c of cases) {
    progress(c.case.id);
    const visible = await readFile(c.file(c.case.visible), "utf8");
    const extracted = await extract(c.file(c.case.file));
    const cov = wordCoverage(visible, extracted.ok ? extracted.resume.input : "");
    out.push({
      id: c.case.id,
      ...cov,
      share: pooledShare([cov]),
      ...(extracted.ok ? {} : { refused: extracted.reason }),
    });
  }
  return { cases: out, share: pooledShare(out), minShare: out.length === 0 ? 0 : Math.min(...out.map((c) => c.share)) };
}

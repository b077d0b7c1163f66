import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { getLlmConfig } from "@/lib/ai/config";
import { type EvalCaseKind, type KnownMisses, knownMissesSchema, SPLITS, type Split } from "./cases";
import { type FigureRow, figureRows, type SplitResults } from "./goals";
import { EvalSetError, type LoadedCase, loadEvalSet } from "./load";
import type { CaseOf } from "./measure/common";
import { measureDiscrimination } from "./measure/discrimination";
import { measureExtraction } from "./measure/extraction";
import { measureInterview } from "./measure/interview";
import { measureLanguage } from "./measure/language";
import { measureMonotonicity } from "./measure/monotonicity";
import { measureStability } from "./measure/stability";
import { cachedExtractor, EVAL_NOW, engineName } from "./pipeline";

export const KINDS: readonly EvalCaseKind[] = ["stability", "discrimination", "monotonicity", "language", "extraction", "interview"];

export type SplitReport = {
  split: Split;
  /** Cases of each kind in the split (all kinds, whether run or not). */
  counts: Record<EvalCaseKind, number>;
  /** Cases carrying each tag (`backend`, `senior`, `zh` …: the roles and seniorities covered), all kinds. */
  tags: Record<string, number>;
  results: SplitResults;
  rows: FigureRow[];
  /** The split's known misses (`eval/known-misses.json`): case id → why it misses today. */
  known: Record<string, string>;
};

export type EvalReport = {
  /** When the run finished (ISO 8601). */
  date: string;
  engine: string;
  mode: "offline" | "model";
  /** The analyses' reference date (`EVAL_NOW`). */
  now: string;
  runs: number;
  kinds: EvalCaseKind[];
  splits: SplitReport[];
};

export type EvalOptions = {
  /** The folder holding `tuning/` and `held-out/` (normally `eval/`). */
  root: string;
  splits?: readonly Split[];
  kinds?: readonly EvalCaseKind[];
  /** Analyses per stability case (5). */
  runs?: number;
  /** Told before each case: its split, kind, id and place in the run. */
  progress?: (p: { split: Split; kind: EvalCaseKind; id: string; index: number; total: number }) => void;
};

function ofKind<K extends EvalCaseKind>(cases: LoadedCase[], kind: K): CaseOf<K>[] {
  return cases.filter((c) => c.case.kind === kind) as CaseOf<K>[];
}

/**
 * Loads the set under `root` (every rule checked on both splits, loadEvalSet) and measures the
 * asked splits and kinds through the production path (pipeline.ts), one case after another.
 * @throws {EvalSetError} when the set is invalid; the engine's errors when an analysis fails.
 */
export async function runEval(options: EvalOptions): Promise<EvalReport> {
  const splits = options.splits ?? SPLITS;
  const kinds = [...(options.kinds ?? KINDS)];
  const runs = options.runs ?? 5;
  if (!Number.isInteger(runs) || runs < 2) throw new RangeError(`runs must be an integer ≥ 2 (got ${runs})`);
  const all = loadEvalSet(options.root);
  const known = loadKnownMisses(options.root);
  const mode = getLlmConfig().mode === "offline" ? "offline" : "model";
  const chosen = all.filter((c) => splits.includes(c.split) && kinds.includes(c.case.kind));
  const extract = cachedExtractor();
  let index = 0;
  const reports: SplitReport[] = [];
  for (const split of splits) {
    const inSplit = all.filter((c) => c.split === split);
    const counts = Object.fromEntries(KINDS.map((k) => [k, inSplit.filter((c) => c.case.kind === k).length])) as Record<EvalCaseKind, number>;
    const tags: Record<string, number> = {};
    for (const c of inSplit) for (const t of new Set(c.case.tags)) tags[t] = (tags[t] ?? 0) + 1;
    const results: SplitResults = {};
    for (const kind of kinds) {
      const progress = (id: string) => options.progress?.({ split, kind, id, index: ++index, total: chosen.length });
      if (kind === "stability") results.stability = await measureStability(ofKind(inSplit, "stability"), runs, progress);
      if (kind === "discrimination") results.discrimination = await measureDiscrimination(ofKind(inSplit, "discrimination"), extract, progress);
      if (kind === "monotonicity") results.monotonicity = await measureMonotonicity(ofKind(inSplit, "monotonicity"), extract, progress);
      if (kind === "language") results.language = await measureLanguage(ofKind(inSplit, "language"), extract, progress);
      if (kind === "extraction") results.extraction = await measureExtraction(ofKind(inSplit, "extraction"), extract, progress);
      if (kind === "interview") results.interview = await measureInterview(ofKind(inSplit, "interview"), progress);
    }
    reports.push({ split, counts, tags, results, rows: figureRows(results, kinds, mode), known: known[split] });
  }
  return {
    date: new Date().toISOString(),
    engine: engineName(),
    mode,
    now: EVAL_NOW.toISOString().slice(0, 10),
    runs,
    kinds,
    splits: reports,
  };
}

/**
 * `<root>/known-misses.json` (format: `knownMissesSchema`); both splits empty when the file is absent.
 * @throws {EvalSetError} when the file is not valid JSON of that shape.
 */
export function loadKnownMisses(root: string): KnownMisses {
  const file = path.join(root, "known-misses.json");
  if (!existsSync(file)) return { tuning: {}, "held-out": {} };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new EvalSetError([`known-misses.json: not JSON (${(err as Error).message})`]);
  }
  const parsed = knownMissesSchema.safeParse(json);
  if (!parsed.success) throw new EvalSetError(parsed.error.issues.map((i) => `known-misses.json: ${i.path.join(".")}: ${i.message}`));
  return parsed.data;
}

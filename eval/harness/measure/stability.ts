import { max, mean, stdDev } from "../metrics";
import { analyseFile, readJob } from "../pipeline";
import { type CaseOf, DIMENSION_KEYS, type DimensionKey, type Progress, type Scores, scoresOf } from "./common";

export type StabilityCaseResult = {
  id: string;
  /** The overall score of each run, in run order. */
  overall: number[];
  /** σ (population) of the overall and of each dimension over the runs, points. */
  sigma: { overall: number } & Record<DimensionKey, number>;
  /** The largest of the case's σ. */
  maxSigma: number;
};

export type StabilitySummary = {
  cases: StabilityCaseResult[];
  runs: number;
  /** Largest σ of any figure of any case, points: the goal's figure. */
  maxSigma: number;
  /** Mean over the cases of the overall score's σ, points. */
  meanSigmaOverall: number;
};

/**
 * Each case's resume analysed `runs` times from its file (extraction included, as each upload
 * would be), and the spread of each score across the runs.
 * @throws as `analyseFile` throws.
 */
export async function measureStability(cases: CaseOf<"stability">[], runs: number, progress: Progress): Promise<StabilitySummary> {
  const out: StabilityCaseResult[] = [];
  for (const c of cases) {
    progress(c.case.id);
    const job = await readJob(c.case.job ? c.file(c.case.job) : undefined);
    const scores: Scores[] = [];
    for (let i = 0; i < runs; i++) scores.push(scoresOf(await analyseFile(c.file(c.case.resume), job)));
    const sigma = { overall: stdDev(scores.map((s) => s.overall)) } as StabilityCaseResult["sigma"];
    for (const k of DIMENSION_KEYS) sigma[k] = stdDev(scores.map((s) => s[k]));
    out.push({ id: c.case.id, overall: scores.map((s) => s.overall), sigma, maxSigma: max(Object.values(sigma)) });
  }
  return { cases: out, runs, maxSigma: max(out.map((c) => c.maxSigma)), meanSigmaOverall: mean(out.map((c) => c.sigma.overall)) };
}

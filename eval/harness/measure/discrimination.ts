import { mean, share } from "../metrics";
import { analyseFile, type Extractor, readJob } from "../pipeline";
import type { CaseOf, Progress } from "./common";

type Side = { skills: number; matchPercent: number | null };

export type DiscriminationCaseResult = {
  id: string;
  fit: Side;
  misfit: Side;
  /** Fit strictly above misfit on the skills dimension AND on match % (a missing match % is not above anything). */
  ordered: boolean;
  /** fit − misfit, skills points. */
  skillsGap: number;
  /** fit − misfit, match % points (null when either has no match %). */
  matchGap: number | null;
};

export type DiscriminationSummary = {
  cases: DiscriminationCaseResult[];
  /** Share (0–1) of cases ordered right: the goal's figure. */
  orderedShare: number;
  meanSkillsGap: number;
  meanMatchGap: number;
};

/**
 * Fit and misfit resumes analysed against the case's job; the fit one must win on skills and
 * on match %.
 * @throws as `analyseFile` throws.
 */
export async function measureDiscrimination(cases: CaseOf<"discrimination">[], extract: Extractor, progress: Progress): Promise<DiscriminationSummary> {
  const out: DiscriminationCaseResult[] = [];
  for (const c of cases) {
    progress(c.case.id);
    const job = await readJob(c.file(c.case.job));
    const side = async (ref: string): Promise<Side> => {
      const analysis = await analyseFile(c.file(ref), job, extract);
      return { skills: analysis.dimensions.find((d) => d.key === "skills")?.score ?? 0, matchPercent: analysis.matchPercent };
    };
    const fit = await side(c.case.fit);
    const misfit = await side(c.case.misfit);
    const matchGap = fit.matchPercent !== null && misfit.matchPercent !== null ? fit.matchPercent - misfit.matchPercent : null;
    const skillsGap = fit.skills - misfit.skills;
    out.push({ id: c.case.id, fit, misfit, ordered: skillsGap > 0 && matchGap !== null && matchGap > 0, skillsGap, matchGap });
  }
  return {
    cases: out,
    orderedShare: share(out.map((c) => c.ordered)),
    meanSkillsGap: mean(out.map((c) => c.skillsGap)),
    meanMatchGap: mean(out.flatMap((c) => (c.matchGap === null ? [] : [c.matchGap]))),
  };
}

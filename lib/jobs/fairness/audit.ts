import type { FairnessAuditBody } from "../ranking-contracts";

/** One sampled resume as the audit scored it: its own fit and each variant's. */
export interface AuditedResume {
  resumeId: string;
  candidateLabel: string;
  /** A name was found and swapped (otherwise only pronouns and gendered words were). */
  nameSwapped: boolean;
  baseFit: number;
  variants: { label: string; fit: number }[];
}

/** A job is flagged when any fit moves more than this many points (docs/fairness.md). */
export const FLAG_FIT_DELTA = 2;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Rank of item `index` with fit `fit` among the others' base fits: 1 + those above it; an
 * equal fit keeps the sample's order (the base ranking's tie-break), so an unchanged fit keeps its rank.
 */
function rankAmong(baseFits: readonly number[], index: number, fit: number): number {
  let rank = 1;
  baseFits.forEach((other, j) => {
    if (j !== index && (other > fit || (other === fit && j < index))) rank++;
  });
  return rank;
}

/**
 * The audit's findings (docs/fairness.md, "The flag"): each resume's base rank in the sample,
 * each variant's fit, the rank the resume would take with that fit while the others keep theirs,
 * and the change; `maxFitDelta` and `maxRankDelta` over everything; `flagged` when a fit moves
 * more than {@link FLAG_FIT_DELTA} points or any rank moves.
 */
export function auditFindings(engine: string, audited: readonly AuditedResume[]): NonNullable<FairnessAuditBody["result"]> {
  const baseFits = audited.map((a) => a.baseFit);
  let maxFitDelta = 0;
  let maxRankDelta = 0;
  const items = audited.map((a, i) => {
    const baseRank = rankAmong(baseFits, i, a.baseFit);
    const variants = a.variants.map((v) => {
      const rank = rankAmong(baseFits, i, v.fit);
      const fitDelta = round1(v.fit - a.baseFit);
      maxFitDelta = Math.max(maxFitDelta, Math.abs(fitDelta));
      maxRankDelta = Math.max(maxRankDelta, Math.abs(rank - baseRank));
      return { label: v.label, fit: v.fit, rank, fitDelta };
    });
    return { resumeId: a.resumeId, candidateLabel: a.candidateLabel, nameSwapped: a.nameSwapped, baseFit: a.baseFit, baseRank, variants };
  });
  return {
    engine,
    sampleSize: audited.length,
    variantCount: Math.max(0, ...audited.map((a) => a.variants.length)),
    maxFitDelta,
    maxRankDelta,
    flagged: maxFitDelta > FLAG_FIT_DELTA || maxRankDelta > 0,
    items,
  };
}

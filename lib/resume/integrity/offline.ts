import type { AnalysisDraft, Integrity, IntegrityReason } from "../analysis-schema";
import type { OfflineSignals } from "../offline";
import { inputReasons } from "./input-reasons";
import { reasonMessage } from "./messages";
import type { ScreenedInput } from "./screen";

/** The offline engine's result with its signals (`analyzeOfflineWithSignals`). */
export interface OfflineResult {
  draft: AnalysisDraft;
  signals: OfflineSignals;
}

/** A draft with the integrity the checks found. */
export interface CheckedDraft {
  draft: AnalysisDraft;
  integrity: Integrity;
  /** Any reason other than dropped evidence that changed nothing (`evidence_not_found` on a dimension kept). */
  injectionSuspected: boolean;
}

/**
 * The score-gaming reasons of the offline engine's signals: `keyword_stuffing` (skills shown
 * only in a keyword dump) and `implausible_numbers`.
 */
export function gamingReasons(signals: OfflineSignals, lang: "en" | "zh"): IntegrityReason[] {
  const out: IntegrityReason[] = [];
  if (signals.dumpExcerpt !== null && signals.dumpOnlyCount > 0) {
    out.push({
      code: "keyword_stuffing",
      message: reasonMessage(lang, "keyword_stuffing", { n: signals.dumpOnlyCount }),
      dimension: "skills",
      excerpt: excerpt(signals.dumpExcerpt),
    });
  }
  if (signals.implausibleNumbers) {
    out.push({
      code: "implausible_numbers",
      message: reasonMessage(lang, "implausible_numbers", { n: signals.implausibleNumbers.quantified }),
      dimension: "experience",
    });
  }
  return out;
}

/**
 * The integrity of an offline analysis: the screen's findings and the offline engine's
 * score-gaming signals. The draft is the offline engine's, unchanged (its scores already give
 * dump-only skills and implausible numbers less credit).
 */
export function offlineIntegrity(p: { screened: ScreenedInput; offline: OfflineResult; language: "en" | "zh" }): CheckedDraft {
  const reasons = [...inputReasons(p.screened, p.language), ...gamingReasons(p.offline.signals, p.language)];
  return {
    draft: p.offline.draft,
    integrity: { reasons, replacedDimensions: [], replacedFields: [], removedLines: p.screened.removedLines, droppedEvidence: 0 },
    injectionSuspected: reasons.length > 0,
  };
}

export function excerpt(s: string): string {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > 300 ? `${t.slice(0, 299)}…` : t;
}

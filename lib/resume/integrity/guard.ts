import { type AnalysisDraft, DIMENSION_MAX, type DimensionKey, type IntegrityReason } from "../analysis-schema";
import { citedInstruction } from "./citing";
import { echoesSystemPrompt, quotesRemoved } from "./echo";
import { evidenceIndex, isSubstantive, occursIn } from "./evidence";
import { inputReasons } from "./input-reasons";
import { reasonMessage } from "./messages";
import { type CheckedDraft, excerpt, gamingReasons, type OfflineResult } from "./offline";
import type { ScreenedInput } from "./screen";

/**
 * How far (a share of the dimension's maximum) a model's score may lie above the offline
 * engine's for the same screened input before it needs verbatim evidence — or, on an input
 * that was flagged already (instructions removed, hidden text, keyword dump, implausible
 * numbers), before it is replaced whatever its evidence (docs/scoring.md, "Integrity").
 */
export const SCORE_MARGIN = 0.3;

type Dimension = AnalysisDraft["dimensions"][number];

/**
 * Checks what a model sent back against the screened resume and the offline engine's analysis
 * of the same screened input, and replaces what does not hold (docs/scoring.md, "Integrity"):
 *
 * 1. each dimension's `evidence` is kept only where it occurs in the screened resume
 *    (evidence.ts); the rest is dropped and counted;
 * 2. a dimension is replaced by the offline engine's (score, rationale, evidence) when its
 *    rationale cites instructions (`cites_instructions`), repeats the system prompt
 *    (`prompt_echo`) or quotes a removed line (`quotes_removed_text`); when it gave evidence,
 *    none of it occurs, and its score is above the offline engine's (`evidence_not_found`); or
 *    when its score is more than {@link SCORE_MARGIN} × max above the offline engine's with no
 *    substantive verbatim evidence left — on a flagged input, whatever its evidence
 *    (`score_unsupported`);
 * 3. the summary and the strengths are replaced by the offline engine's when any of them cites
 *    instructions, repeats the system prompt or quotes a removed line; such suggestions are cut;
 * 4. matched skills the offline engine found only in a keyword dump are marked dump-only (½ in
 *    `matchPercent`).
 *
 * The screen's findings and the offline engine's gaming signals are reasons too; any reason
 * makes the analysis `injectionSuspected`. Pure; the caller finalizes the draft (overall score
 * recomputed from the dimensions kept or replaced).
 */
export function guardModelDraft(p: { draft: AnalysisDraft; screened: ScreenedInput; offline: OfflineResult; language: "en" | "zh" }): CheckedDraft {
  const { draft, screened, offline, language } = p;
  const reasons: IntegrityReason[] = [...inputReasons(screened, language), ...gamingReasons(offline.signals, language)];
  const flaggedInput = reasons.length > 0;
  const index = evidenceIndex(screened.text);
  const removed = [...screened.resumeFindings, ...screened.jobDescriptionFindings].map((f) => f.excerpt);
  const offlineByKey = new Map(offline.draft.dimensions.map((d) => [d.key, d]));
  const replacedDimensions: DimensionKey[] = [];
  let droppedEvidence = 0;

  /** Why a piece of model prose cannot stand, or null. */
  const proseProblem = (text: string): { code: "cites_instructions" | "prompt_echo" | "quotes_removed_text"; excerpt: string } | null => {
    const cited = citedInstruction(text);
    if (cited) return { code: "cites_instructions", excerpt: cited };
    // An echo is not quoted back in the reason: the reason is shown, and would carry the prompt.
    if (echoesSystemPrompt(text)) return { code: "prompt_echo", excerpt: "" };
    if (quotesRemoved(text, removed)) return { code: "quotes_removed_text", excerpt: "" };
    return null;
  };

  const dimensions: Dimension[] = draft.dimensions.map((d) => {
    const off = offlineByKey.get(d.key);
    const kept = d.evidence.filter((e) => e.trim() && occursIn(index, e));
    droppedEvidence += d.evidence.filter((e) => e.trim()).length - kept.length;
    if (!off) return { ...d, evidence: kept };
    const max = DIMENSION_MAX[d.key];
    const score = Math.min(max, Math.max(0, d.score));
    const prose = proseProblem(d.rationale);
    let reason: IntegrityReason | null = null;
    if (prose) {
      reason = { code: prose.code, message: reasonMessage(language, prose.code, { dimension: d.key }), dimension: d.key, excerpt: excerpt(prose.excerpt) };
    } else if (d.evidence.some((e) => e.trim()) && kept.length === 0 && score > off.score) {
      reason = {
        code: "evidence_not_found",
        message: reasonMessage(language, "evidence_not_found", { dimension: d.key }),
        dimension: d.key,
        excerpt: excerpt(d.evidence.find((e) => e.trim()) ?? ""),
      };
    } else if (score - off.score > SCORE_MARGIN * max && (flaggedInput || !kept.some(isSubstantive))) {
      reason = { code: "score_unsupported", message: reasonMessage(language, "score_unsupported", { dimension: d.key }), dimension: d.key };
    }
    if (!reason) return { ...d, evidence: kept };
    reasons.push(reason);
    replacedDimensions.push(d.key);
    return { key: d.key, max: off.max, score: off.score, rationale: off.rationale, evidence: off.evidence };
  });

  const replacedFields: ("summary" | "strengths" | "suggestions" | "matchedSkills" | "missingSkills")[] = [];
  const fieldProblem = (texts: string[]) => texts.map(proseProblem).find((x) => x !== null) ?? null;
  const noteField = (problem: { code: "cites_instructions" | "prompt_echo" | "quotes_removed_text"; excerpt: string }) => {
    if (!reasons.some((r) => r.code === problem.code && !r.dimension)) {
      reasons.push({ code: problem.code, message: reasonMessage(language, problem.code), excerpt: excerpt(problem.excerpt) });
    }
  };
  let summary = draft.summary;
  const summaryProblem = fieldProblem([draft.summary]);
  if (summaryProblem) {
    noteField(summaryProblem);
    summary = offline.draft.summary;
    replacedFields.push("summary");
  }
  let strengths = draft.strengths;
  const strengthsProblem = fieldProblem(draft.strengths);
  if (strengthsProblem) {
    noteField(strengthsProblem);
    strengths = offline.draft.strengths;
    replacedFields.push("strengths");
  }
  // An honest model reports an ignored instruction in an "integrity" suggestion; only echoes are cut.
  const suggestions = draft.suggestions.filter((s) => {
    const text = `${s.issue} ${s.recommendation}`;
    const echo = echoesSystemPrompt(text) ? "prompt_echo" : quotesRemoved(text, removed) ? "quotes_removed_text" : null;
    if (echo) noteField({ code: echo, excerpt: "" });
    return !echo;
  });
  if (suggestions.length < draft.suggestions.length) replacedFields.push("suggestions");
  // Skill names are shown too: one that carries the prompt or a removed line is dropped.
  const cleanSkills = (list: string[] | undefined, field: "matchedSkills" | "missingSkills") => {
    if (!list) return list;
    const kept = list.filter((skill) => {
      const echo = echoesSystemPrompt(skill) ? "prompt_echo" : quotesRemoved(skill, removed) ? "quotes_removed_text" : null;
      if (echo) noteField({ code: echo, excerpt: "" });
      return !echo;
    });
    if (kept.length < list.length) replacedFields.push(field);
    return kept;
  };
  const matchedSkills = cleanSkills(draft.matchedSkills, "matchedSkills");
  const missingSkills = cleanSkills(draft.missingSkills, "missingSkills");

  const dumpOnly = new Set(offline.signals.dumpOnlySkills.map((s) => s.toLowerCase()));
  const dumpOnlySkills = (matchedSkills ?? []).filter((s) => dumpOnly.has(s.trim().toLowerCase()));

  return {
    draft: {
      ...draft,
      dimensions,
      summary,
      strengths,
      suggestions,
      matchedSkills,
      missingSkills,
      ...(dumpOnlySkills.length > 0 ? { dumpOnlySkills } : {}),
    },
    integrity: { reasons, replacedDimensions, replacedFields, removedLines: screened.removedLines, droppedEvidence },
    injectionSuspected: reasons.length > 0,
  };
}

import { stringify } from "csv-stringify/sync";
import { type ApplicationBody, CRITERION_KEYS, type CriterionKey, type FairnessAuditBody, type RankingBody, type RankingItem } from "./ranking-contracts";
import type { OpenedApplication, Ranking } from "./ranking-service";
import { blindLabel, redactLine } from "./redact";
import { jobWeights } from "./view";

/**
 * Bodies of the ranking, application and fairness-audit endpoints (lib/jobs/ranking-contracts.ts)
 * and the ranking's CSV export. Blind screening happens here: what a blind body carries of a
 * resume goes through `redactLine`, and its label is the application's, never the name.
 */

/**
 * `GET /api/jobs/{id}/ranking`. Blind (the default): `candidateLabel` = "Candidate XXXX" and
 * every evidence line redacted; open: the name from the resume (the label when none is found)
 * and the lines as written.
 */
export function toRankingBody(r: Ranking, { blind }: { blind: boolean }): RankingBody {
  const items: RankingItem[] = r.items.map((x) => {
    const show = (line: string) => (blind ? redactLine(line, x.name) : line);
    return {
      applicationId: x.applicationId,
      resumeId: x.resumeId,
      candidateLabel: blind || !x.name ? blindLabel(x.applicationId) : x.name.name,
      source: x.source,
      stage: x.stage,
      rank: x.rank,
      fit: x.scored.fit,
      overallScore: x.analysis.overallScore,
      matchPercent: x.scored.matchPercent,
      matchedSkills: x.scored.matchedSkills,
      missingSkills: x.scored.missingSkills,
      criteria: x.scored.criteria.map((c) => ({ ...c, evidence: c.evidence.map(show) })),
      engine: x.analysis.engine,
      injectionSuspected: x.analysis.injectionSuspected ?? false,
    };
  });
  return { jobId: r.job.id, weights: jobWeights(r.job), blind, items, pending: r.pending, failed: r.failed };
}

/** `GET /api/applications/{id}`: opened, so the resume's name is shown (the file name when none is found). */
export function toApplicationBody(o: OpenedApplication): ApplicationBody {
  const a = o.application;
  return {
    id: a.id,
    jobId: a.jobId,
    resumeId: a.resumeId,
    source: a.source,
    stage: a.stage,
    notes: a.notes,
    candidateLabel: o.name?.name ?? o.fileName,
    fileName: o.fileName,
    events: o.events.map((e) => ({
      kind: e.kind as ApplicationBody["events"][number]["kind"],
      fromStage: e.fromStage,
      toStage: e.toStage,
      note: e.note,
      actorName: e.actorName,
      createdAt: e.createdAt.toISOString(),
    })),
    sharedInterviewIds: o.sharedInterviewIds,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** `GET /api/jobs/{id}/fairness-audits/{auditId}`: status is the audit task's; the result once it completed. */
export function toFairnessAuditBody(row: {
  audit: { id: string; jobId: string; taskId: string | null; createdAt: Date; result: unknown };
  taskStatus: string | null;
}): FairnessAuditBody {
  return {
    id: row.audit.id,
    jobId: row.audit.jobId,
    status: row.taskStatus ?? "PENDING",
    taskId: row.audit.taskId,
    createdAt: row.audit.createdAt.toISOString(),
    result: (row.audit.result ?? null) as FairnessAuditBody["result"], // written by the audit task from the same schema
  };
}

/** Column titles of the criteria, in `CRITERION_KEYS` order. */
const CRITERION_TITLES: Record<CriterionKey, string> = {
  required_skills: "Required skills",
  preferred_skills: "Preferred skills",
  experience_depth: "Experience depth",
  seniority_match: "Seniority match",
  resume_quality: "Resume quality",
};

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is written as text: a leading `'` (OWASP, "CSV Injection"). */
function safeCell(v: string | number | null): string | number {
  if (v === null) return "";
  if (typeof v === "number") return v;
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/**
 * The ranking as CSV (RFC 4180 via csv-stringify: CRLF line ends, fields with a comma, quote or
 * line break quoted, quotes doubled), with a UTF-8 byte-order mark so Excel reads Chinese:
 * rank, candidate, fit, each criterion's score, overall score, match %, matched and missing
 * skills (`; `-separated), stage, source (`uploaded`/`applied`), engine.
 */
export function toRankingCsv(body: RankingBody): string {
  const header = [
    "Rank",
    "Candidate",
    "Fit",
    ...CRITERION_KEYS.map((k) => CRITERION_TITLES[k]),
    "Overall score",
    "Match %",
    "Matched skills",
    "Missing skills",
    "Stage",
    "Source",
    "Engine",
  ];
  const rows = body.items.map((x) => {
    const score = (k: CriterionKey) => x.criteria.find((c) => c.key === k)?.score ?? null;
    return [
      x.rank,
      x.candidateLabel,
      x.fit,
      ...CRITERION_KEYS.map(score),
      x.overallScore,
      x.matchPercent,
      x.matchedSkills.join("; "),
      x.missingSkills.join("; "),
      x.stage,
      x.source,
      x.engine,
    ].map(safeCell);
  });
  return `\uFEFF${stringify([header, ...rows], { record_delimiter: "windows" })}`;
}

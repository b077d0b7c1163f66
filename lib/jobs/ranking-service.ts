/**
 * The ranking's commands (docs/recruiting.md, "Ranking", "Applications and stages";
 * docs/fairness.md): rank a job's applications, read and change one, move many, start and
 * read a fairness audit, and the audit task's work. Route handlers and the worker's
 * `job.fairness_audit` handler call these; the bodies are built by `ranking-view.ts`.
 */
import type Redis from "ioredis";
import type { Db, Tx } from "@/lib/db/client";
import {
  getApplicationForOrganization,
  listApplicationEvents,
  listApplicationsForRanking,
  listSharedInterviewIds,
  moveApplications,
  updateApplication,
} from "@/lib/db/queries/applications";
import { createFairnessAudit, getFairnessAudit, getFairnessAuditById, listFairnessAudits, saveFairnessAuditResult } from "@/lib/db/queries/fairness-audits";
import { getJobForOrganization, type JobRow } from "@/lib/db/queries/jobs";
import type { ApplicationStage } from "@/lib/db/schema";
import { PanelistError } from "@/lib/errors";
import type { Logger } from "@/lib/log";
import { submitFairTasks } from "@/lib/queue/fair-feeder";
import { TaskError } from "@/lib/queue/task-error";
import { type Analysis, type ResumeProfile, resumeProfile } from "@/lib/resume";
import { analyseResumeText, readOrganizationResumeProfiles, readOrganizationResumeTexts } from "@/lib/resume/service";
import type { TaskAttempt } from "@/lib/tasks/attempt";
import { newTask } from "@/lib/tasks/definitions";
import { type AuditedResume, auditFindings } from "./fairness/audit";
import { nameVariants } from "./fairness/names";
import { swapIdentity } from "./fairness/swap";
import { type RankingJob, type ScoredResume, scoreResume, skillLines } from "./ranking";
import type { FairnessAuditBody } from "./ranking-contracts";
import { blindLabel, type CandidateName, findCandidateName } from "./redact";

/** One application in a ranking, scored, before the view decides what it shows. */
export interface RankedApplication {
  applicationId: string;
  resumeId: string;
  source: "uploaded" | "applied";
  stage: ApplicationStage;
  /** 1 = best, over every analysed application of the job (filters do not renumber). */
  rank: number;
  scored: ScoredResume;
  analysis: Analysis;
  profile: ResumeProfile;
  name: CandidateName | null;
}

export interface Ranking {
  job: JobRow;
  items: RankedApplication[];
  pending: number;
  failed: number;
}

/** Filters of `GET /api/jobs/{id}/ranking`. */
export interface RankingFilters {
  /** Rows with fit ≥ this (0–100). */
  minFit?: number;
  /** Skills every row must show (by the ranking's skill matching, `skillLines`). */
  skills?: string[];
  /** Rows in one of these stages. */
  stages?: ApplicationStage[];
}

const FAILED_STATUSES = new Set(["FAILED", "TERMINATED_BY_POLICY"]);

async function jobOf(db: Db, q: { organizationId: string; jobId: string }): Promise<JobRow> {
  const job = await getJobForOrganization(db, { id: q.jobId, organizationId: q.organizationId });
  if (!job) throw new PanelistError("not_found:job", "No such job.");
  return job;
}

const rankingJob = (job: JobRow): RankingJob => ({
  requiredSkills: job.requiredSkills,
  preferredSkills: job.preferredSkills,
  seniority: job.seniority,
  weights: job.weights,
});

/** Best first: fit, then the analysis' overall score, then the application id (a stable order for equal rows). */
function byFit(a: { fit: number; overall: number; id: string }, b: { fit: number; overall: number; id: string }): number {
  return b.fit - a.fit || b.overall - a.overall || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Ranks the analysed applications of job `jobId` of organisation `organizationId` by fit
 * (`scoreResume` with the job's current weights), best first, then applies the filters.
 * Profiles come from `readOrganizationResumeProfiles` (cached by file); nothing is extracted
 * again for a file already profiled.
 * @returns the rows, and how many applications wait for their analysis (`pending`) or will not get one (`failed`).
 * @throws {PanelistError} 404 `not_found:job` when the job is not the organisation's.
 */
export async function rankJob(deps: { db: Db }, q: { organizationId: string; jobId: string; filters?: RankingFilters; now?: Date }): Promise<Ranking> {
  const job = await jobOf(deps.db, q);
  const rows = await listApplicationsForRanking(deps.db, { jobId: job.id, organizationId: q.organizationId });
  const analysed = rows.filter((r) => r.analysis !== null);
  const profiles = await readOrganizationResumeProfiles(deps, { organizationId: q.organizationId, resumeIds: analysed.map((r) => r.resumeId), now: q.now });
  let pending = 0;
  let failed = 0;
  for (const r of rows) {
    if (r.analysis !== null) continue;
    if (r.taskStatus && FAILED_STATUSES.has(r.taskStatus)) failed++;
    else pending++;
  }
  const target = rankingJob(job);
  const scored: Omit<RankedApplication, "rank">[] = [];
  for (const r of analysed) {
    const profile = profiles.get(r.resumeId);
    if (!profile) {
      failed++; // analysed once, but its file no longer yields text
      continue;
    }
    const analysis = r.analysis as Analysis; // checked by the worker when it wrote it
    scored.push({
      applicationId: r.id,
      resumeId: r.resumeId,
      source: r.source,
      stage: r.stage,
      scored: scoreResume({ job: target, analysis, profile }),
      analysis,
      profile,
      name: findCandidateName(profile.lines),
    });
  }
  const key = (x: Omit<RankedApplication, "rank">) => ({ fit: x.scored.fit, overall: x.analysis.overallScore, id: x.applicationId });
  scored.sort((a, b) => byFit(key(a), key(b)));
  const ranked = scored.map((x, i) => ({ ...x, rank: i + 1 }));
  return { job, items: ranked.filter((x) => passes(x, q.filters ?? {})), pending, failed };
}

function passes(x: RankedApplication, f: RankingFilters): boolean {
  if (f.minFit !== undefined && x.scored.fit < f.minFit) return false;
  if (f.stages && f.stages.length > 0 && !f.stages.includes(x.stage)) return false;
  return (f.skills ?? []).every((s) => skillLines(x.profile, s).length > 0);
}

/** One application opened, with everything `GET /api/applications/{id}` shows. */
export interface OpenedApplication {
  application: NonNullable<Awaited<ReturnType<typeof getApplicationForOrganization>>>["application"];
  fileName: string;
  name: CandidateName | null;
  events: Awaited<ReturnType<typeof listApplicationEvents>>;
  sharedInterviewIds: string[];
}

/**
 * Application `id` of organisation `organizationId`, opened: its history, the candidate's name
 * from the resume, and the interview reports the candidate shared for its job (not withdrawn).
 * @throws {PanelistError} 404 `not_found:application`.
 */
export async function readApplication(deps: { db: Db }, q: { organizationId: string; id: string }): Promise<OpenedApplication> {
  const row = await getApplicationForOrganization(deps.db, q);
  if (!row) throw new PanelistError("not_found:application", "No such application.");
  const a = row.application;
  const [events, shared, profiles] = await Promise.all([
    listApplicationEvents(deps.db, { applicationId: a.id }),
    a.candidateId ? listSharedInterviewIds(deps.db, { organizationId: q.organizationId, jobId: a.jobId, candidateId: a.candidateId }) : [],
    readOrganizationResumeProfiles(deps, { organizationId: q.organizationId, resumeIds: [a.resumeId] }),
  ]);
  const profile = profiles.get(a.resumeId);
  return { application: a, fileName: row.fileName, name: profile ? findCandidateName(profile.lines) : null, events, sharedInterviewIds: shared };
}

/**
 * Moves application `id` to `stage` and/or adds `note`, with a history row for each change.
 * @throws {PanelistError} 404 `not_found:application`.
 */
export async function changeApplication(
  deps: { db: Db },
  c: { organizationId: string; id: string; actorId: string; stage?: ApplicationStage; note?: string },
): Promise<OpenedApplication> {
  const updated = await updateApplication(deps.db, c);
  if (!updated) throw new PanelistError("not_found:application", "No such application.");
  return readApplication(deps, c);
}

/**
 * Moves applications `applicationIds` of job `jobId` to `stage`, all in one transaction.
 * @returns how many changed stage (those already there are left as they are).
 * @throws {PanelistError} 404 `not_found:job`; 404 `not_found:application` when any id is not an
 *   application of this job of the organisation (then none moves).
 */
export async function moveStage(
  deps: { db: Db },
  m: { organizationId: string; jobId: string; actorId: string; applicationIds: string[]; stage: ApplicationStage },
): Promise<{ moved: number }> {
  const job = await jobOf(deps.db, m);
  const moved = await moveApplications(deps.db, { jobId: job.id, organizationId: m.organizationId, ids: m.applicationIds, stage: m.stage, actorId: m.actorId });
  if (moved === null) throw new PanelistError("not_found:application", "One of the applications is not in this job.");
  return { moved };
}

/**
 * Starts a fairness audit of job `jobId`: the audit row and its `job.fairness_audit` task (batch
 * lane, fair-queued by organisation) in one transaction, then submitted.
 * @throws {PanelistError} 404 `not_found:job`; 422 `unprocessable:job` when no application of the job has an analysis yet;
 *   409 `conflict:audit` while an earlier audit of the job is still waiting or running.
 */
export async function startFairnessAudit(
  deps: { db: Db; redis: Redis; log: Logger },
  s: { organizationId: string; jobId: string; actorId: string },
): Promise<{ id: string; taskId: string }> {
  const job = await jobOf(deps.db, s);
  const rows = await listApplicationsForRanking(deps.db, { jobId: job.id, organizationId: s.organizationId });
  if (!rows.some((r) => r.analysis !== null)) throw new PanelistError("unprocessable:job", "No resume of this job has been analysed yet.");
  const created = await createFairnessAudit(deps.db, {
    jobId: job.id,
    organizationId: s.organizationId,
    createdBy: s.actorId,
    task: (auditId) =>
      newTask("job.fairness_audit", {
        ownerId: s.actorId,
        organizationId: s.organizationId,
        payload: { auditId },
        lane: "batch",
        fairKey: s.organizationId,
      }),
  });
  // Each audit re-scores up to a sample × variants of resumes (model calls, with a model): one at a time.
  if (!created) throw new PanelistError("conflict:audit", "An audit of this job is already running; wait for its findings.");
  const { audit, task } = created;
  await submitFairTasks(deps, [task]);
  return { id: audit.id, taskId: task.id };
}

type AuditRow = NonNullable<Awaited<ReturnType<typeof getFairnessAudit>>>;

/**
 * Audit `auditId` of job `jobId`.
 * @throws {PanelistError} 404 `not_found:job`, 404 `not_found:audit`.
 */
export async function readFairnessAudit(deps: { db: Db }, q: { organizationId: string; jobId: string; auditId: string }): Promise<AuditRow> {
  const job = await jobOf(deps.db, q);
  const row = await getFairnessAudit(deps.db, { id: q.auditId, jobId: job.id, organizationId: q.organizationId });
  if (!row) throw new PanelistError("not_found:audit", "No such fairness audit.");
  return row;
}

/**
 * Job `jobId`'s audits, newest first.
 * @throws {PanelistError} 404 `not_found:job`.
 */
export async function listJobFairnessAudits(deps: { db: Db }, q: { organizationId: string; jobId: string }): Promise<AuditRow[]> {
  const job = await jobOf(deps.db, q);
  return listFairnessAudits(deps.db, { jobId: job.id, organizationId: q.organizationId });
}

/** Resumes an audit re-scores at most (docs/fairness.md). */
export const AUDIT_SAMPLE_SIZE = 10;
/** Analyses an audit runs at once (each is one model call with a model configured). */
const AUDIT_CONCURRENCY = 4;

/** Up to `size` items spread evenly over `list` (all of them when it is short), in list order. */
export function evenSample<T>(list: readonly T[], size: number): T[] {
  if (list.length <= size) return [...list];
  if (size <= 1) return list.slice(0, size);
  const picked = new Set<number>();
  for (let i = 0; i < size; i++) picked.add(Math.round((i * (list.length - 1)) / (size - 1)));
  return [...picked].sort((a, b) => a - b).map((i) => list[i]);
}

/** Runs `work` over `items` with at most `limit` at once, keeping the order of the results. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/**
 * The `job.fairness_audit` task's work (docs/fairness.md): a sample of up to
 * {@link AUDIT_SAMPLE_SIZE} of the job's analysed resumes, spread over the pile, each analysed
 * again by the configured engine — once as written, once per name variant of its language with
 * the name, pronouns and gendered words swapped (`swapIdentity`) — and scored with the ranking's
 * criteria; the findings compare each variant's fit and rank within the sample with the
 * resume's own. Model calls run under the task's usage scope (feature `job.fairness_audit`),
 * outside any transaction.
 * @returns the write that stores the findings, for the task's completing transaction.
 * @throws {TaskError} policy `not_found` when the audit or its job is gone or not the task's
 *   organisation's; the engine's errors as `analyseResumeText` throws them.
 */
export async function runFairnessAudit(deps: { db: Db }, t: TaskAttempt & { auditId: string }): Promise<(tx: Tx) => Promise<void>> {
  const audit = await getFairnessAuditById(deps.db, { id: t.auditId });
  if (!audit || audit.organizationId !== t.organizationId) throw TaskError.policy("not_found", "The fairness audit no longer exists.");
  const job = await getJobForOrganization(deps.db, { id: audit.jobId, organizationId: audit.organizationId });
  if (!job) throw TaskError.policy("not_found", "The job no longer exists.");
  const rows = (await listApplicationsForRanking(deps.db, { jobId: job.id, organizationId: audit.organizationId })).filter((r) => r.analysis !== null);
  const sample = evenSample(rows, AUDIT_SAMPLE_SIZE);
  const texts = await readOrganizationResumeTexts(deps.db, { organizationId: audit.organizationId, resumeIds: sample.map((r) => r.resumeId) });
  const target = rankingJob(job);
  const now = new Date();
  const score = async (text: string, language: "en" | "zh") => {
    const analysis = await analyseResumeText(deps, { ...t, text, jobDescription: job.description, language, feature: "job.fairness_audit" });
    return { fit: scoreResume({ job: target, analysis, profile: resumeProfile({ text, language, now }) }).fit, engine: analysis.engine };
  };
  const audited: AuditedResume[] = [];
  let engine = "offline";
  for (const r of sample) {
    const source = texts.get(r.resumeId);
    if (!source) continue;
    const name = findCandidateName(resumeProfile({ text: source.text, language: source.language, now }).lines);
    const variants = nameVariants(source.language);
    const versions = [source.text, ...variants.map((v) => swapIdentity(source.text, name, v))];
    const fits = await mapLimited(versions, AUDIT_CONCURRENCY, (text) => score(text, source.language));
    engine = fits[0].engine;
    audited.push({
      resumeId: r.resumeId,
      candidateLabel: blindLabel(r.id),
      nameSwapped: name !== null,
      baseFit: fits[0].fit,
      variants: variants.map((v, i) => ({ label: v.label, fit: fits[i + 1].fit })),
    });
  }
  const result: NonNullable<FairnessAuditBody["result"]> = auditFindings(engine, audited);
  return (tx) => saveFairnessAuditResult(tx, { id: audit.id, result });
}

import type { Permission } from "@/lib/auth/permissions";

/**
 * The expected answer of every route × method × actor × id: the authorization matrix that
 * `authorization-matrix.test.ts` walks. A route file or method without a row here fails that
 * test, so a new route cannot ship without someone deciding who may use it.
 *
 * Actors: nobody signed in; two candidates; the owner of organisation X and a plain member of
 * organisation Y (recruiters, each also a person with resumes of their own); a platform admin.
 * Ids (routes with `[id]`): the actor's own resource, another person's, a UUID that exists
 * nowhere, and a string that is no id at all.
 */
export const ACTORS = ["anonymous", "candidateA", "candidateB", "recruiterX", "recruiterY", "admin"] as const;
export type ActorName = (typeof ACTORS)[number];
export const ID_KINDS = ["own", "foreign", "missing", "malformed"] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** One status for every id, or one per id kind. */
export type Cell = number | Record<IdKind, number>;
export type Row = {
  /** What the route declares to the door; `better-auth` marks the auth library's own endpoints. */
  permission: Permission | "better-auth";
  expect: Record<ActorName, Cell>;
};

/** A person's own things: every signed-in actor is a person; nobody sees another's. */
const personal = (ok: number): Record<ActorName, Cell> => {
  const ids = { own: ok, foreign: 404, missing: 404, malformed: 404 };
  return { anonymous: 401, candidateA: ids, candidateB: ids, recruiterX: ids, recruiterY: ids, admin: ids };
};
/** Any signed-in person, on their own collection. */
const everyone = (ok: Cell): Record<ActorName, Cell> => ({ anonymous: 401, candidateA: ok, candidateB: ok, recruiterX: ok, recruiterY: ok, admin: ok });
/** The active organisation's things: members only; a platform admin is no member. */
const organization = (ok: Cell): Record<ActorName, Cell> => ({
  anonymous: 401,
  candidateA: 403,
  candidateB: 403,
  recruiterX: ok,
  recruiterY: ok,
  admin: 403,
});
/** One of the active organisation's things by id: members only, and only their own organisation's. */
const organizationOwned = (ok: number): Record<ActorName, Cell> => {
  const ids = { own: ok, foreign: 404, missing: 404, malformed: 404 };
  return { ...organization(ok), recruiterX: ids, recruiterY: ids };
};
/** The operator's console: the platform admin only; an organisation's owner is not one. */
const platform = (ok: Cell): Record<ActorName, Cell> => ({ anonymous: 401, candidateA: 403, candidateB: 403, recruiterX: 403, recruiterY: 403, admin: ok });

export const EXPECTED: Record<string, Row> = {
  "GET /api/resumes": { permission: "resume:read", expect: everyone(200) },
  "POST /api/resumes": { permission: "resume:create", expect: everyone(202) },
  "GET /api/resumes/[id]": { permission: "resume:read", expect: personal(200) },
  // 409: the fixture resume is not analysed yet — the door and the reader check let the owner
  // through. Organisation resumes and shared reports: tests/api/report-pdf.test.ts.
  "GET /api/resumes/[id]/report.pdf": { permission: "resume:read", expect: personal(409) },

  "GET /api/knowledge": { permission: "knowledge:read", expect: everyone(200) },
  "POST /api/knowledge": { permission: "knowledge:create", expect: everyone(201) },
  "GET /api/knowledge/[id]": { permission: "knowledge:read", expect: personal(200) },
  // 200: the answer streams (its document is not vectorized here, so it is the not-found sentence).
  "POST /api/knowledge/[id]/chat": { permission: "knowledge:chat", expect: personal(200) },
  "GET /api/knowledge/[id]/chunks/[chunkId]": { permission: "knowledge:read", expect: personal(200) },
  "POST /api/knowledge/[id]/documents": { permission: "knowledge:update", expect: personal(202) },
  // The id kinds are the document's, in the actor's own knowledge base. Revectorize runs before the delete (route files in path order).
  "POST /api/knowledge/[id]/documents/[docId]/revectorize": { permission: "knowledge:update", expect: personal(202) },
  "DELETE /api/knowledge/[id]/documents/[docId]": { permission: "knowledge:update", expect: personal(204) },
  // Last of the knowledge routes on the actor's knowledge base: it deletes it.
  "DELETE /api/knowledge/[id]": { permission: "knowledge:update", expect: personal(204) },

  "GET /api/tasks/[id]": { permission: "task:read", expect: personal(200) },
  "GET /api/tasks/[id]/events": { permission: "task:read", expect: personal(200) },

  "GET /api/interviews": { permission: "interview:read", expect: everyone(200) },
  "POST /api/interviews": { permission: "interview:create", expect: everyone(201) },
  "GET /api/interviews/[id]": { permission: "interview:read", expect: personal(200) },
  // 409: the fixture interview's plan is not ready — the door let the owner through.
  "POST /api/interviews/[id]/chat": { permission: "interview:chat", expect: personal(409) },
  "POST /api/interviews/[id]/end": { permission: "interview:end", expect: personal(202) },
  // 409: the fixture interview has no report (no worker runs here to evaluate it).
  // recruiterX's "foreign" is candidateA's interview, which the fixtures share with organisation X:
  // readable there, so 409 like the owner's (no report yet).
  "GET /api/interviews/[id]/report.pdf": {
    permission: "interview:read",
    expect: { ...personal(409), recruiterX: { own: 409, foreign: 409, missing: 404, malformed: 404 } },
  },

  "GET /api/workspace": { permission: "workspace:read", expect: organization(200) },
  "GET /api/jobs": { permission: "job:read", expect: organization(200) },
  "POST /api/jobs": { permission: "job:create", expect: organization(201) },
  "GET /api/jobs/[id]": { permission: "job:read", expect: organizationOwned(200) },
  "PATCH /api/jobs/[id]": { permission: "job:update", expect: organizationOwned(200) },
  "POST /api/jobs/[id]/resumes": { permission: "job:update", expect: organizationOwned(202) },
  // The id kinds are the resume's, in the actor's own job (foreign: another organisation's job and resume).
  "GET /api/jobs/[id]/resumes/[resumeId]": { permission: "job:read", expect: organizationOwned(200) },
  "GET /api/batches/[id]": { permission: "job:read", expect: organizationOwned(200) },
  "GET /api/jobs/[id]/ranking": { permission: "job:read", expect: organizationOwned(200) },
  "POST /api/jobs/[id]/stage": { permission: "application:update", expect: organizationOwned(200) },
  "GET /api/jobs/[id]/fairness-audits": { permission: "job:read", expect: organizationOwned(200) },
  // 422: the fixture job has no analysed resume to audit — the door let the member through.
  "POST /api/jobs/[id]/fairness-audits": { permission: "job:update", expect: organizationOwned(422) },
  "GET /api/jobs/[id]/fairness-audits/[auditId]": { permission: "job:read", expect: organizationOwned(200) },
  "GET /api/applications/[id]": { permission: "application:read", expect: organizationOwned(200) },
  "PATCH /api/applications/[id]": { permission: "application:update", expect: organizationOwned(200) },

  // Candidates and recruiters together (docs/recruiting.md). Any open job takes an application:
  // "foreign" is another organisation's job, open too. 200: the fixture applied (and accepted) once
  // already, so every call answers the duplicate — the door let them through.
  "GET /api/openings": { permission: "opening:read", expect: everyone(200) },
  "POST /api/jobs/[id]/applications": { permission: "opening:apply", expect: everyone({ own: 200, foreign: 200, missing: 404, malformed: 404 }) },
  // 409: the fixture interview has no report yet — the door let the owner through.
  "POST /api/interviews/[id]/shares": { permission: "share:create", expect: personal(409) },
  "GET /api/interviews/[id]/shares": { permission: "share:read", expect: personal(200) },
  "DELETE /api/interviews/[id]/shares/[shareId]": { permission: "share:delete", expect: personal(200) },
  "GET /api/shared-reports": { permission: "shared_report:read", expect: organization(200) },
  "GET /api/shared-reports/[shareId]": { permission: "shared_report:read", expect: organizationOwned(200) },
  "POST /api/jobs/[id]/invites": { permission: "invite:create", expect: organizationOwned(201) },
  "GET /api/jobs/[id]/invites": { permission: "invite:read", expect: organizationOwned(200) },
  // An invitation's link: any signed-in person; one another person accepted is 404.
  "GET /api/invites/[token]": { permission: "interview:read", expect: personal(200) },
  "POST /api/invites/[token]/accept": { permission: "interview:create", expect: personal(200) },
  "GET /api/admin/users": { permission: "console:read", expect: platform(200) },
  // The admin's own account is 409: nobody demotes or bans themselves from the console.
  "PATCH /api/admin/users/[id]": {
    permission: "console:configure",
    expect: { ...platform(200), admin: { own: 409, foreign: 200, missing: 404, malformed: 404 } },
  },
  "GET /api/admin/overview": { permission: "console:read", expect: platform(200) },
  "GET /api/admin/cost": { permission: "console:read", expect: platform(200) },
  "GET /api/admin/audit": { permission: "console:read", expect: platform(200) },
  "GET /api/admin/settings/budgets": { permission: "console:read", expect: platform(200) },
  "PUT /api/admin/settings/budgets": { permission: "console:configure", expect: platform(200) },
  "DELETE /api/admin/settings/budgets": { permission: "console:configure", expect: platform(200) },
  "GET /api/admin/settings/alerts": { permission: "console:read", expect: platform(200) },
  "PATCH /api/admin/settings/alerts": { permission: "console:configure", expect: platform(200) },
  "GET /api/admin/settings/prices": { permission: "console:read", expect: platform(200) },
  "PUT /api/admin/settings/prices": { permission: "console:configure", expect: platform(200) },
  "DELETE /api/admin/settings/prices": { permission: "console:configure", expect: platform(200) },
  "GET /api/admin/settings/limits": { permission: "console:read", expect: platform(200) },
  "PUT /api/admin/settings/limits": { permission: "console:configure", expect: platform(200) },
  "DELETE /api/admin/settings/limits": { permission: "console:configure", expect: platform(200) },
  "GET /api/admin/settings/allowlist": { permission: "console:read", expect: platform(200) },
  "PUT /api/admin/settings/allowlist": { permission: "console:configure", expect: platform(200) },
  // 200 with nothing removed: the builder names an entry that does not exist.
  "DELETE /api/admin/settings/allowlist": { permission: "console:configure", expect: platform(200) },
  "GET /api/admin/queues": { permission: "console:read", expect: platform(200) },
  "GET /api/admin/tasks": { permission: "console:read", expect: platform(200) },
  // Any owner's task: "foreign" is another person's, which the console shows too.
  "GET /api/admin/tasks/[id]": { permission: "console:read", expect: platform({ own: 200, foreign: 200, missing: 404, malformed: 404 }) },
  "GET /api/admin/dlq": { permission: "console:read", expect: platform(200) },
  // 200 with the id skipped: the builder names a task that is not FAILED.
  "POST /api/admin/dlq/replay": { permission: "console:operate", expect: platform(200) },
  "POST /api/admin/dlq/discard": { permission: "console:operate", expect: platform(200) },
  // Prometheus: a platform admin's session here; the METRICS_TOKEN bearer is tests/api/metrics.test.ts.
  "GET /api/metrics": { permission: "console:read", expect: platform(200) },

  // Benchmarks only (PANELIST_BENCH_ROUTES=1, set by the test); the same door as an upload.
  "POST /api/bench/noop": { permission: "resume:create", expect: everyone(202) },
  // The chat's door, then the model: no model in this file (the offline engine serves), so 503 past the door.
  "POST /api/bench/chat-baseline": { permission: "interview:chat", expect: everyone(503) },
  // The chat's door, then a stream the handler writes itself: 200 past the door.
  "POST /api/bench/stream-floor": { permission: "interview:chat", expect: everyone(200) },

  // better-auth's own door (sign-in, sessions, organisation and admin plugin endpoints): the
  // test probes GET /api/auth/get-session and a wrong-password POST /api/auth/sign-in/email.
  "GET /api/auth/[...all]": { permission: "better-auth", expect: { ...everyone(200), anonymous: 200 } },
  "POST /api/auth/[...all]": { permission: "better-auth", expect: everyone(401) },
};

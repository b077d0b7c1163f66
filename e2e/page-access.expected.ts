/**
 * Who gets which page: the pages' side of the authorization matrix (the routes' side is
 * tests/api/authorization-matrix.expected.ts). `page-access.spec.ts` finds every
 * `app/**\/page.tsx` and fails on a page without a row here. A page never answers 403: a page
 * the actor may not see or use is the same 404 as one that does not exist.
 *
 * A cell is the HTTP status of the page, or `→/path` for a redirect to that path.
 */
export const PAGE_ACTORS = ["anonymous", "candidate", "otherCandidate", "recruiter", "admin"] as const;
export type PageActor = (typeof PAGE_ACTORS)[number];
export const PAGE_ID_KINDS = ["own", "foreign", "missing", "malformed"] as const;
export type PageIdKind = (typeof PAGE_ID_KINDS)[number];
export type PageCell = number | `→/${string}` | Record<PageIdKind, number | `→/${string}`>;

const personal = { own: 200, foreign: 404, missing: 404, malformed: 404 } as const;
const signedInOnly = (cell: PageCell): Record<PageActor, PageCell> => ({
  anonymous: "→/sign-in",
  candidate: cell,
  otherCandidate: cell,
  recruiter: cell,
  admin: cell,
});
/** A signed-in visitor lands on their page: a recruiter's jobs, everyone else's resumes. */
const signedOutOnly: Record<PageActor, PageCell> = {
  anonymous: 200,
  candidate: "→/resumes",
  otherCandidate: "→/resumes",
  recruiter: "→/jobs",
  admin: "→/resumes",
};

/** The operator's console: the platform admin only; everyone else signed in gets the 404 page. */
const adminOnly = (cell: PageCell): Record<PageActor, PageCell> => ({
  anonymous: "→/sign-in",
  candidate: 404,
  otherCandidate: 404,
  recruiter: 404,
  admin: cell,
});

/**
 * The recruiter workspace: members of an organisation only (the admin is none). "foreign" is a
 * row of another organisation; a candidate and the admin get the 404 page for every id.
 */
const organizationOnly = (cell: PageCell): Record<PageActor, PageCell> => ({
  anonymous: "→/sign-in",
  candidate: 404,
  otherCandidate: 404,
  recruiter: cell,
  admin: 404,
});
const organizational = { own: 200, foreign: 404, missing: 404, malformed: 404 } as const;

export const PAGES: Record<string, Record<PageActor, PageCell>> = {
  "/": signedOutOnly,
  "/sign-in": signedOutOnly,
  "/sign-up": signedOutOnly,
  "/resumes": signedInOnly(200),
  "/resumes/[id]": signedInOnly(personal),
  "/interviews": signedInOnly(200),
  "/interviews/[id]": signedInOnly(personal),
  // Every person's own knowledge bases ("foreign": another person's personal one).
  "/knowledge": signedInOnly(200),
  "/knowledge/[id]": signedInOnly(personal),
  "/workspace": { anonymous: "→/sign-in", candidate: 404, otherCandidate: 404, recruiter: 200, admin: 404 },
  "/jobs": organizationOnly(200),
  "/jobs/new": organizationOnly(200),
  "/jobs/[id]": organizationOnly(organizational),
  "/jobs/[id]/upload": organizationOnly(organizational),
  "/jobs/[id]/applications/[applicationId]": organizationOnly(organizational),
  "/batches/[id]": organizationOnly(organizational),
  // Candidates and recruiters together: open jobs are every person's; an invitation's landing is
  // the person's who accepted it (another's is 404); shared reports and invitations to make are
  // the organisation's ("foreign": another organisation's).
  "/openings": signedInOnly(200),
  "/invites/[token]": signedInOnly(personal),
  "/shared-reports": { anonymous: "→/sign-in", candidate: 404, otherCandidate: 404, recruiter: 200, admin: 404 },
  "/shared-reports/[shareId]": { anonymous: "→/sign-in", candidate: 404, otherCandidate: 404, recruiter: personal, admin: 404 },
  "/jobs/[id]/invite": { anonymous: "→/sign-in", candidate: 404, otherCandidate: 404, recruiter: personal, admin: 404 },
  "/admin": adminOnly(200),
  "/admin/cost": adminOnly(200),
  "/admin/queues": adminOnly(200),
  "/admin/tasks": adminOnly(200),
  // The console shows any owner's task: "foreign" is another person's.
  "/admin/tasks/[id]": adminOnly({ own: 200, foreign: 200, missing: 404, malformed: 404 }),
  "/admin/dlq": adminOnly(200),
  "/admin/users": adminOnly(200),
  "/admin/settings": adminOnly(200),
};

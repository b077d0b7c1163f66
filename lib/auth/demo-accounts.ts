import type { PlatformRole } from "./permissions";

/** Seeded only when `PANELIST_DEMO=1` (npm start); deployments never get default passwords. */
export const DEMO_PASSWORD = "panelist-demo";

/** The demo organisation `recruiter@example.com` owns. */
export const DEMO_ORGANIZATION = { id: "org_demo_recruiting", name: "Demo Recruiting", slug: "demo-recruiting" } as const;

export const DEMO_ACCOUNTS: { email: string; name: string; platformRole: PlatformRole; ownsDemoOrganization?: true }[] = [
  { email: "candidate@example.com", name: "Demo Candidate", platformRole: "user" },
  { email: "recruiter@example.com", name: "Demo Recruiter", platformRole: "user", ownsDemoOrganization: true },
  { email: "admin@example.com", name: "Demo Admin", platformRole: "admin" },
];

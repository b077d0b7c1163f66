import type { Role } from "./auth";

/** Seeded only when `PANELIST_DEMO=1` (npm start); deployments never get default passwords. */
export const DEMO_PASSWORD = "panelist-demo";
export const DEMO_ACCOUNTS: { email: string; name: string; role: Role }[] = [
  { email: "candidate@example.com", name: "Demo Candidate", role: "candidate" },
  { email: "recruiter@example.com", name: "Demo Recruiter", role: "recruiter" },
  { email: "admin@example.com", name: "Demo Admin", role: "admin" },
];

import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { securityHeaderRules } from "./lib/config/security-headers";

// next-intl without locale routing: URLs stay `/resumes`; `i18n/request.ts` picks the locale
// per request from the NEXT_LOCALE cookie or Accept-Language. No proxy/middleware is added
// (a proxy matching `/api/resumes` would buffer and truncate uploads at 10 MB).
const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

const nextConfig: NextConfig = {
  output: undefined,
  // Native, wasm or worker-thread packages that must be loaded by Node at run time rather
  // than bundled into the server build.
  serverExternalPackages: ["unpdf", "mammoth", "@electric-sql/pglite", "pino", "ioredis", "postgres", "prom-client"],
  // `next dev` opened as http://127.0.0.1:3000 (as printed by some scripts) may load dev assets.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  // No `X-Powered-By: Next.js`: it tells an attacker which framework and so which advisories apply.
  poweredByHeader: false,
  // Security headers on every answer, set here rather than in a proxy (see above): lib/config/security-headers.ts.
  headers: async () => securityHeaderRules({ dev: process.env.NODE_ENV === "development", appUrl: process.env.APP_URL }),
};

export default withNextIntl(nextConfig);

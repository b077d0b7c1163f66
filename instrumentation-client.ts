import { config } from "zod";

/**
 * Runs in the browser before the app's own code (Next's `instrumentation-client.ts`).
 *
 * zod compiles object parsers with `new Function` when it may, and finds out whether it may by
 * trying once: under our Content-Security-Policy, which has no `'unsafe-eval'`
 * (lib/config/security-headers.ts), that probe fails — harmlessly, zod falls back to its
 * interpreter — but the browser still reports a `securitypolicyviolation` on every page.
 * `jitless` skips the probe. It must be set before the first schema is built, which is why it
 * lives here. The server keeps the compiled parsers (no CSP applies there).
 */
config({ jitless: true });

import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { getDb } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";

export type Role = "candidate" | "recruiter" | "admin";
export const ROLES: readonly Role[] = ["candidate", "recruiter", "admin"];

/** Hosts the app answers on without configuration: a local `npm start` on any port. */
const LOCAL_HOSTS = ["localhost:*", "127.0.0.1:*", "[::1]:*"];

function createAuth() {
  const appUrl = process.env.APP_URL ?? process.env.BETTER_AUTH_URL;
  const extraHosts = appUrl ? [new URL(appUrl).host] : [];
  return betterAuth({
    database: drizzleAdapter(getDb(), {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    baseURL: {
      allowedHosts: [...LOCAL_HOSTS, ...extraHosts],
      // Server-side calls without a request (seed script) resolve to this.
      fallback: appUrl ?? `http://localhost:${process.env.PORT ?? 3000}`,
      protocol: "auto",
    },
    trustedOrigins: [
      "http://localhost:*",
      "http://127.0.0.1:*",
      "http://[::1]:*",
      ...(appUrl ? [new URL(appUrl).origin] : []),
    ],
    emailAndPassword: { enabled: true, minPasswordLength: 8, autoSignIn: true },
    user: {
      additionalFields: {
        // input:false — sign-up can never choose its own role; `npm run user:role` changes it.
        role: { type: "string", defaultValue: "candidate", input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    telemetry: { enabled: false },
    // `__Secure-` cookies are refused by browsers over plain http on any host but localhost;
    // only an https APP_URL turns them on (a LAN `http://server:3000` must still sign in).
    advanced: { useSecureCookies: appUrl?.startsWith("https://") ?? false },
    plugins: [nextCookies()],
  });
}

type Auth = ReturnType<typeof createAuth>;
let instance: Auth | undefined;

/**
 * The better-auth server instance, created on first use so that `next build` can import
 * route modules without a database.
 */
export function getAuth(): Auth {
  instance ??= createAuth();
  return instance;
}

export type SessionUser = { id: string; email: string; name: string; role: Role };

/**
 * Resolves the signed-in user from request headers (cookie), or null.
 * @param headers the incoming request's headers (route handler) or `await headers()` (RSC).
 */
export async function getSessionUser(headers: Headers): Promise<SessionUser | null> {
  const result = await getAuth().api.getSession({ headers });
  if (!result) return null;
  const u = result.user as typeof result.user & { role?: string };
  const role = (ROLES as readonly string[]).includes(u.role ?? "") ? (u.role as Role) : "candidate";
  return { id: u.id, email: u.email, name: u.name, role };
}

/** For server components and layouts: the signed-in user from `next/headers`, or null. */
export async function getSession(): Promise<{ user: SessionUser } | null> {
  const { headers } = await import("next/headers");
  const user = await getSessionUser(await headers());
  return user ? { user } : null;
}

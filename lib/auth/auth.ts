import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { admin, organization } from "better-auth/plugins";
import { getDb } from "@/lib/db/client";
import { firstMembershipOf } from "@/lib/db/queries/organizations";
import * as schema from "@/lib/db/schema";
import { checkName, checkSlug } from "./account-rules";
import { AUTH_RATE_DEFAULT, AUTH_RATE_RULES, CLIENT_IP_HEADER, redisRateLimitStorage } from "./auth-rate-limit";
import { trustedOrigins } from "./origin";
import { assertStrongPassword } from "./password-strength";
import { organizationAc, organizationRoles, type PlatformRole, platformAc, platformRoles } from "./permissions";
import { sessionCacheSeconds } from "./session-cache";

/** better-auth's bounds on a password's length, characters (its own defaults, kept explicit). */
const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The new password a request sets and whose it is, for every better-auth endpoint that sets one:
 * sign-up, an admin creating a user or setting a password, a password change, a reset by token.
 * Only the person's own details are looked up (their session, the reset token's account): an
 * admin endpoint's `userId` is not, so a caller without the right to it learns nothing from the answer.
 */
async function newPasswordOf(ctx: HookContext): Promise<{ password: unknown; person: { email?: unknown; name?: unknown } } | null> {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  switch (ctx.path) {
    case "/sign-up/email":
    case "/admin/create-user":
      return { password: body.password, person: { email: body.email, name: body.name } };
    case "/admin/set-user-password":
      return { password: body.newPassword, person: {} };
    case "/change-password":
    case "/set-password": {
      const session = await getSessionFromCtx(ctx).catch(() => null);
      return { password: body.newPassword, person: { email: session?.user.email, name: session?.user.name } };
    }
    case "/reset-password": {
      const token = typeof body.token === "string" ? body.token : (ctx.query as { token?: unknown } | undefined)?.token;
      const verification =
        typeof token === "string" ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`).catch(() => null) : null;
      const user = verification ? await ctx.context.internalAdapter.findUserById(verification.value).catch(() => null) : null;
      return { password: body.newPassword, person: { email: user?.email, name: user?.name } };
    }
    default:
      return null;
  }
}

function createAuth() {
  const origins = trustedOrigins();
  const appUrl = origins[0];
  return betterAuth({
    database: drizzleAdapter(getDb(), {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        organization: schema.organization,
        member: schema.member,
        invitation: schema.invitation,
      },
    }),
    // One origin, exactly: the URL the set-up serves (APP_URL). Links and callbacks are built
    // from it, and better-auth's own origin check trusts it and the configured extras only.
    baseURL: appUrl,
    trustedOrigins: origins,
    emailAndPassword: { enabled: true, minPasswordLength: PASSWORD_LENGTH.min, maxPasswordLength: PASSWORD_LENGTH.max, autoSignIn: true },
    // Every endpoint that sets a password refuses a guessable one (lib/auth/password-strength.ts).
    // A before-hook, not a wrapper of password.hash: better-auth also hashes the password of a
    // sign-in for an unknown e-mail (to take as long as a real one), and a refusal there would
    // tell which addresses have accounts. Hooks also run for server-side calls
    // (`auth.api.signUpEmail`): the demo accounts' and the tests' passwords pass it.
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const target = await newPasswordOf(ctx);
        if (target) await assertStrongPassword(target.password, target.person, PASSWORD_LENGTH);
      }),
    },
    // better-auth's own request limiter, on the shared Redis and on our client address, in tests
    // too (better-auth turns it on only under NODE_ENV=production by default); lib/auth/auth-rate-limit.ts.
    rateLimit: { enabled: true, ...AUTH_RATE_DEFAULT, customRules: { ...AUTH_RATE_RULES }, customStorage: redisRateLimitStorage() },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24, cookieCache: cookieCacheOptions() },
    databaseHooks: {
      user: {
        create: { before: async (u) => ({ data: { ...u, name: checkName(u.name, "name") } }) },
        update: { before: async (u) => (u.name === undefined ? { data: u } : { data: { ...u, name: checkName(u.name, "name") } }) },
      },
      session: {
        create: {
          // A recruiter signs in acting in their (first) organisation, so the workspace is
          // there without a separate "choose an organisation" step.
          before: async (session) => {
            const first = await firstMembershipOf(getDb(), { userId: session.userId });
            return { data: { ...session, activeOrganizationId: first?.organizationId ?? null } };
          },
        },
      },
    },
    telemetry: { enabled: false },
    // `__Secure-` cookies are refused by browsers over plain http on any host but localhost;
    // only an https APP_URL turns them on (a LAN `http://server:3000` must still sign in).
    // disableOriginCheck: false — better-auth skips its origin check under NODE_ENV=test by
    // default; the tests must see the production door.
    // ipAddressHeaders: the address lib/ratelimit/client-ip.ts decided under TRUSTED_PROXIES, set by
    // app/api/auth/[...all]/route.ts over any copy a client sent — never a raw X-Forwarded-For.
    advanced: {
      useSecureCookies: appUrl.startsWith("https://"),
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      admin({ ac: platformAc, roles: platformRoles, defaultRole: "user", adminRoles: ["admin"] }),
      // Any person may found an organisation (and so become its recruiter); joining one by
      // invitation needs a verified e-mail address, so knowing an invitation id is not enough.
      organization({
        ac: organizationAc,
        roles: organizationRoles,
        creatorRole: "owner",
        requireEmailVerificationOnInvitation: true,
        organizationHooks: {
          beforeCreateOrganization: async ({ organization: o }) => ({ data: { ...o, name: checkName(o.name, "organization name"), slug: checkSlug(o.slug) } }),
          beforeUpdateOrganization: async ({ organization: o }) => ({
            data: {
              ...o,
              ...(o.name !== undefined ? { name: checkName(o.name, "organization name") } : {}),
              ...(o.slug !== undefined ? { slug: checkSlug(o.slug) } : {}),
            },
          }),
        },
      }),
      nextCookies(),
    ],
  });
}

/**
 * better-auth's session cookie cache (better-auth docs, "Session Management: Cookie Cache"): the
 * session and its user, signed with HMAC-SHA256 under the auth secret ("compact" strategy), in a
 * `session_data` cookie next to the session token. Within its age a request is signed in from the
 * cookie alone, with no session query; after it, the next request reads the database and the
 * answer refreshes the cookie. So a ban (which deletes the user's sessions), a sign-out from
 * another browser and a platform-role change take effect within the age
 * (`AUTH_SESSION_CACHE_SECONDS`, lib/auth/session-cache.ts; 0 turns it off). Read once, when the
 * instance is created.
 */
function cookieCacheOptions() {
  const seconds = sessionCacheSeconds();
  return seconds > 0 ? { enabled: true, maxAge: seconds, strategy: "compact" as const } : { enabled: false };
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

/** The signed-in person as the guards see them (lib/auth/guard.ts adds the membership). */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  platformRole: PlatformRole;
  /** The session's active organisation (organization plugin), or null. */
  activeOrganizationId: string | null;
};

/**
 * Resolves the signed-in user from request headers (cookie), or null.
 * @param headers the incoming request's headers (route handler) or `await headers()` (RSC).
 */
export async function getSessionUser(headers: Headers): Promise<SessionUser | null> {
  const result = await getAuth().api.getSession({ headers });
  if (!result) return null;
  const u = result.user as typeof result.user & { role?: string | null };
  // better-auth stores several roles comma-separated and grants their union; so does can().
  const platformRole: PlatformRole = (u.role ?? "").split(",").some((r) => r.trim() === "admin") ? "admin" : "user";
  const activeOrganizationId = (result.session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null;
  return { id: u.id, email: u.email, name: u.name, platformRole, activeOrganizationId };
}

/** For server components and layouts: the signed-in user from `next/headers`, or null. */
export async function getSession(): Promise<{ user: SessionUser } | null> {
  const { headers } = await import("next/headers");
  const user = await getSessionUser(await headers());
  return user ? { user } : null;
}

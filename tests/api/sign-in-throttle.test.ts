import "../helpers/env";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as authPost } from "@/app/api/auth/[...all]/route";
import { getAuth } from "@/lib/auth/auth";
import { authRateKey, CLIENT_IP_HEADER } from "@/lib/auth/auth-rate-limit";
import {
  accountKey,
  SIGN_IN_ACCOUNT_RULE,
  SIGN_IN_BACKOFF_POLICY,
  SIGN_IN_IP_RULE,
  SIGN_UP_IP_RULE,
  signInKeys,
  withSignInThrottle,
} from "@/lib/auth/sign-in-throttle";
import { closeDb, getDb } from "@/lib/db/client";
import { upsertAllowlistEntry } from "@/lib/db/queries/rate-limits";
import { user } from "@/lib/db/schema";
import { PanelistError } from "@/lib/errors";
import { closeRedis, createRedis, getRedis } from "@/lib/queue/redis";
import { clientAddress } from "@/lib/ratelimit/client-ip";
import { recentRefusals } from "@/lib/ratelimit/hits";
import { invalidateLimitSettings } from "@/lib/ratelimit/limit-settings";
import { SIGN_IN_BACKOFF_MAX_MS } from "@/lib/ratelimit/policies";
import { policyName } from "@/lib/ratelimit/rate-limit-headers";
import { bracketed } from "@/lib/ratelimit/test-redis";
import { clearPrefix, envRestorer } from "../helpers/fixtures";
import { BASE } from "../helpers/http";
import { captureLog } from "../helpers/log-capture";

/**
 * The sign-in throttle and the sign-up rules through the real auth route (better-auth, PostgreSQL,
 * Redis). Each test uses accounts and client addresses of its own, so counters never carry over.
 * The client address is the connection's peer (`x-panelist-peer`, written by the patched Next on a
 * real server) with `TRUSTED_PROXIES` unset: X-Forwarded-For is never believed.
 */
const db = getDb();
const ORIGIN = new URL(BASE).origin;
const PASSWORD = "amber-lantern-orbit-67";
const restoreEnv = envRestorer([
  "RATE_LIMIT_SIGN_IN_BACKOFF_MS",
  "RATE_LIMIT_SIGN_IN_FAILURES_PER_IP_PER_HOUR",
  "RATE_LIMIT_SIGN_UP_PER_IP_PER_HOUR",
  "REDIS_URL",
]);

let ipSeq = 0;
/** A client address no other test of this file uses (TEST-NET-3 and 198.18/15). */
function freshIp(): string {
  ipSeq += 1;
  return `198.18.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
}
let xffSeq = 0;
const randomXff = () => `203.0.113.${(xffSeq++ % 250) + 1}, 192.0.2.${(xffSeq % 250) + 1}`;

async function newAccount(tag: string): Promise<{ email: string; userId: string }> {
  const email = `${tag}-${randomUUID()}@example.test`;
  const res = await getAuth().api.signUpEmail({ body: { email, password: PASSWORD, name: "Throttle Tester" }, asResponse: true });
  expect(res.status).toBe(200);
  return { email, userId: ((await res.json()) as { user: { id: string } }).user.id };
}

function authRequest(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return authPost(
    new Request(`${BASE}/api/auth/${path}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
    }),
  );
}

const signIn = (email: string, password: string, peer: string, extra: Record<string, string> = {}) =>
  authRequest("sign-in/email", { email, password }, { "x-panelist-peer": peer, "x-forwarded-for": randomXff(), ...extra });

async function bodyOf(res: Response): Promise<{ code?: string; message?: string }> {
  return (await res.clone().json()) as { code?: string; message?: string };
}

beforeAll(async () => {
  // The dictionaries load once; the first sign-up pays for it.
  await newAccount("warm");
});

afterEach(() => {
  restoreEnv();
  invalidateLimitSettings();
});

afterAll(async () => {
  await clearPrefix(getRedis());
  await closeRedis();
  await closeDb();
});

describe("sign-in brute force", () => {
  it("50 wrong passwords, each from another address with another X-Forwarded-For, meet 429 after the account's 10 failures; then the right password is refused", async () => {
    const { email } = await newAccount("brute");
    const statuses: number[] = [];
    let firstRefusal: Response | undefined;
    for (let i = 0; i < 50; i++) {
      const res = await signIn(email, `wrong-guess-${i}`, freshIp());
      statuses.push(res.status);
      if (res.status === 429) firstRefusal ??= res;
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(40).fill(429));
    expect(firstRefusal!.headers.get("ratelimit-policy")).toBe(`"${policyName(SIGN_IN_ACCOUNT_RULE)}";q=10;w=3600`);
    expect(await bodyOf(firstRefusal!)).toMatchObject({ code: "rate_limited:auth" });
    expect(Number(firstRefusal!.headers.get("retry-after"))).toBeGreaterThan(0);
    // A refused attempt reaches neither better-auth nor the counters: the account holds 10.
    expect(await getRedis().zcard(signInKeys(clientAddress(new Headers({ "x-panelist-peer": freshIp() })), email).account)).toBe(10);

    const right = await signIn(email, PASSWORD, freshIp());
    expect(right.status).toBe(429);
    expect(right.headers.get("set-cookie")).toBeNull();
    // Each refusal is in the console's log, under the address, never the e-mail.
    const hits = (await recentRefusals(getRedis(), { limit: 200 })).filter((h) => h.ruleId === SIGN_IN_ACCOUNT_RULE);
    expect(hits.length).toBeGreaterThanOrEqual(41);
    expect(hits.every((h) => h.policy === "sign_in" && h.route === "POST /api/auth/sign-in/email" && !h.subject.includes("@"))).toBe(true);
    expect(hits.every((h) => h.dimension === "user" && h.subject === `account ${accountKey(email).slice(0, 12)}`)).toBe(true);
  });

  it("the (address, account) back-off doubles with each failure in a row, up to its cap, by Redis' clock", async () => {
    process.env.RATE_LIMIT_SIGN_IN_BACKOFF_MS = "60000";
    const { email } = await newAccount("backoff");
    const peer = freshIp();
    const redis = getRedis();
    const pairKey = signInKeys(clientAddress(new Headers({ "x-panelist-peer": peer })), email).pair;
    const seenWindows: number[] = [];
    for (let n = 1; n <= 5; n++) {
      const failed = await bracketed(redis, () => signIn(email, `wrong-${n}`, peer));
      expect(failed.value.status).toBe(401);
      const last = Number(await redis.hget(pairKey, "last"));
      expect(last).toBeGreaterThanOrEqual(failed.before);
      expect(last).toBeLessThanOrEqual(failed.after);
      expect(Number(await redis.hget(pairKey, "n"))).toBe(n);

      const refused = await bracketed(redis, () => signIn(email, PASSWORD, peer));
      expect(refused.value.status).toBe(429);
      const waitMs = Math.min(60_000 * 2 ** (n - 1), SIGN_IN_BACKOFF_MAX_MS);
      const retryAfter = Number(refused.value.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(Math.ceil((last + waitMs - refused.after) / 1000));
      expect(retryAfter).toBeLessThanOrEqual(Math.ceil((last + waitMs - refused.before) / 1000));
      const policy = refused.value.headers.get("ratelimit-policy")!;
      expect(policy).toMatch(new RegExp(`^"${SIGN_IN_BACKOFF_POLICY}";q=1;w=\\d+$`));
      seenWindows.push(Number(policy.split("w=")[1]));
      // The back-off's period passes on Redis' clock: its last failure moved back by the wait.
      await redis.hset(pairKey, "last", last - waitMs);
    }
    expect(seenWindows).toEqual([60, 120, 240, 480, 900]);
  });

  it("a success clears the back-off of that address on that account, not the account's hourly failures", async () => {
    process.env.RATE_LIMIT_SIGN_IN_BACKOFF_MS = "60000";
    const { email } = await newAccount("reset");
    const peer = freshIp();
    const redis = getRedis();
    const keys = signInKeys(clientAddress(new Headers({ "x-panelist-peer": peer })), email);
    for (let n = 1; n <= 3; n++) {
      expect((await signIn(email, `wrong-${n}`, peer)).status).toBe(401);
      await redis.hset(keys.pair, "last", Number(await redis.hget(keys.pair, "last")) - 60_000 * 2 ** (n - 1));
    }
    expect((await signIn(email, PASSWORD, peer)).status).toBe(200);
    expect(await redis.exists(keys.pair)).toBe(0);
    expect(await redis.zcard(keys.account)).toBe(3);

    expect((await signIn(email, "wrong-again", peer)).status).toBe(401);
    const refused = await signIn(email, PASSWORD, peer);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-policy")).toBe(`"${policyName(SIGN_IN_BACKOFF_POLICY)}";q=1;w=60`);
  });

  it("another account signs in from the same address while one account is throttled there", async () => {
    process.env.RATE_LIMIT_SIGN_IN_BACKOFF_MS = "600000"; // a's back-off outlasts the test, however slow the machine
    const a = await newAccount("victim");
    const b = await newAccount("colleague");
    const office = freshIp();
    expect((await signIn(a.email, "typo-1", office)).status).toBe(401);
    expect((await signIn(a.email, PASSWORD, office)).status).toBe(429); // within a's back-off
    expect((await signIn(b.email, PASSWORD, office)).status).toBe(200);
    // a's hourly ceiling reached from elsewhere: b still signs in from each of those addresses.
    const addresses = Array.from({ length: 9 }, freshIp);
    for (const ip of addresses) expect((await signIn(a.email, "typo-x", ip)).status).toBe(401);
    expect((await signIn(a.email, PASSWORD, addresses[0]!)).status).toBe(429);
    for (const ip of addresses) expect((await signIn(b.email, PASSWORD, ip)).status).toBe(200);
  });

  it("one address failing on many accounts meets the per-address ceiling; only failures count, and the allow-list lifts that ceiling alone", async () => {
    process.env.RATE_LIMIT_SIGN_IN_FAILURES_PER_IP_PER_HOUR = "5";
    process.env.RATE_LIMIT_SIGN_IN_BACKOFF_MS = "600000";
    const good = await newAccount("nat");
    const nat = freshIp();
    // Successes from the address count for nothing.
    for (let i = 0; i < 8; i++) expect((await signIn(good.email, PASSWORD, nat)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn(`nobody-${randomUUID()}@example.test`, "guess-it", nat)).status).toBe(401);
    const refused = await signIn(good.email, PASSWORD, nat);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-policy")).toBe(`"${policyName(SIGN_IN_IP_RULE)}";q=5;w=3600`);
    expect((await signIn(good.email, PASSWORD, freshIp())).status).toBe(200);

    // An allow-listed range: no per-address ceiling, but the account's back-off still holds.
    await db.transaction((tx) => upsertAllowlistEntry(tx, { kind: "ip_range", value: `${nat}/32`, multiplier: null, note: "office", createdBy: null }));
    invalidateLimitSettings();
    expect((await signIn(good.email, PASSWORD, nat)).status).toBe(200);
    expect((await signIn(good.email, "typo", nat)).status).toBe(401);
    const backedOff = await signIn(good.email, PASSWORD, nat);
    expect(backedOff.status).toBe(429);
    expect(backedOff.headers.get("ratelimit-policy")).toMatch(new RegExp(`^"${SIGN_IN_BACKOFF_POLICY}"`));
  });

  it("an unknown e-mail and a wrong password get the same answers and the same throttling", async () => {
    process.env.RATE_LIMIT_SIGN_IN_BACKOFF_MS = "600000";
    const known = await newAccount("known");
    const unknown = `nobody-${randomUUID()}@example.test`;
    const trace = async (email: string) => {
      // Seconds to wait differ by the time the test took between the two traces, not by the account.
      const seen = async (res: Response) => ({
        status: res.status,
        body: JSON.parse((await res.text()).replace(/\d+ s\b/g, "N s")) as unknown,
        policy: res.headers.get("ratelimit-policy"),
        waits: res.headers.has("retry-after"),
        headers: [...res.headers.keys()].filter((h) => h !== "date").sort(),
      });
      const out = [];
      const peer = freshIp();
      for (const password of ["first-wrong", "second-wrong"]) out.push(await seen(await signIn(email, password, peer)));
      for (let i = 0; i < 9; i++) expect((await signIn(email, "elsewhere", freshIp())).status).toBe(401);
      out.push(await seen(await signIn(email, "last", freshIp())));
      return out;
    };
    const a = await trace(known.email);
    const b = await trace(unknown);
    expect(a.map((x) => x.status)).toEqual([401, 429, 429]);
    expect(b).toEqual(a);
    expect(a[0]!.body).toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD" });
    // The account key is the normalised address: another spelling of it is the same account.
    expect(accountKey(`  ${known.email.toUpperCase()} `)).toBe(accountKey(known.email));
  });
});

describe("better-auth's own limiter", () => {
  it("a sign-in or sign-up that is not JSON is refused (415) before better-auth, which would read a form the throttle cannot count", async () => {
    const { email } = await newAccount("form");
    for (const path of ["sign-in/email", "sign-up/email"]) {
      const res = await authPost(
        new Request(`${BASE}/api/auth/${path}`, {
          method: "POST",
          body: new URLSearchParams({ email, password: PASSWORD, name: "Form" }).toString(),
          headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "x-panelist-peer": freshIp() },
        }),
      );
      expect(res.status, path).toBe(415);
      expect(await bodyOf(res)).toMatchObject({ code: "unsupported_media_type:auth" });
      expect(res.headers.get("set-cookie")).toBeNull();
    }
  });

  it("lives in Redis under our prefix and counts our client address, not a header a client sends", async () => {
    const peer = freshIp();
    const ask = (headers: Record<string, string>) => authRequest("request-password-reset", { email: `x-${randomUUID()}@example.test` }, headers);
    for (let i = 0; i < 3; i++)
      expect((await ask({ "x-panelist-peer": peer, "x-forwarded-for": randomXff(), [CLIENT_IP_HEADER]: freshIp() })).status).not.toBe(429);
    const refused = await ask({ "x-panelist-peer": peer, [CLIENT_IP_HEADER]: freshIp() });
    expect(refused.status).toBe(429);
    expect(await bodyOf(refused)).toMatchObject({ code: "rate_limited:auth" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const key = authRateKey(`${peer}|/request-password-reset`);
    expect(await getRedis().get(key)).toBe("3");
    const ttl = await getRedis().pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect((await ask({ "x-panelist-peer": freshIp() })).status).not.toBe(429);
  });
});

describe("when Redis is unreachable", () => {
  /** A port nothing listens on: bound, then closed. */
  async function deadPort(): Promise<number> {
    const srv = createServer();
    await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
    const port = (srv.address() as { port: number }).port;
    await new Promise<void>((r) => srv.close(() => r()));
    return port;
  }

  it("sign-in and sign-up fail closed with 503 unavailable:auth and Retry-After, and better-auth is never asked", async () => {
    const { email } = await newAccount("outage");
    const port = await deadPort();
    await closeRedis();
    process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
    const dead = createRedis("test-dead");
    const { log, count } = captureLog();
    let ran = false;
    const err = await withSignInThrottle(
      new Headers({ "x-panelist-peer": freshIp() }),
      email,
      async () => {
        ran = true;
        return new Response(null, { status: 200 });
      },
      { redis: dead, log },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PanelistError);
    expect((err as PanelistError).code).toBe("unavailable:auth");
    expect(ran).toBe(false);
    expect(count(/Redis unreachable; refusing sign-in/)).toBe(1);
    await expect(dead.ping()).rejects.toThrow();
    dead.disconnect();

    // Through the route, with the process' own connection (made anew) pointed at the dead port.
    try {
      const res = await signIn(email, PASSWORD, freshIp());
      expect(res.status).toBe(503);
      expect(await bodyOf(res)).toMatchObject({ code: "unavailable:auth" });
      expect(res.headers.get("retry-after")).toBe("5");
      expect(res.headers.get("set-cookie")).toBeNull();
      const newEmail = `outage-${randomUUID()}@example.test`;
      const up = await authRequest("sign-up/email", { email: newEmail, password: PASSWORD, name: "Nobody" }, { "x-panelist-peer": freshIp() });
      expect(up.status).toBe(503);
      expect(await db.select().from(user).where(eq(user.email, newEmail))).toEqual([]);
    } finally {
      await closeRedis();
      restoreEnv();
    }
    expect((await signIn(email, PASSWORD, freshIp())).status).toBe(200);
  });
});

describe("sign-up", () => {
  it("refuses common and guessable passwords, saying why, and accepts a strong one", async () => {
    const peer = freshIp();
    const local = `jane.doe.${randomUUID().slice(0, 8)}`;
    const email = `${local}@example.test`;
    for (const password of ["password123", "qwertyuiop", "iloveyou2024", `${local}123`]) {
      const res = await authRequest("sign-up/email", { email, password, name: "Jane Doe" }, { "x-panelist-peer": peer });
      expect(res.status, password).toBe(400);
      const body = await bodyOf(res);
      expect(body.code, password).toBe("PASSWORD_TOO_WEAK");
      expect(body.message, password).toMatch(/common|similar|personal|guess/i);
    }
    expect(await db.select().from(user).where(eq(user.email, email))).toEqual([]);
    const ok = await authRequest("sign-up/email", { email, password: "velvet-harbor-quantum-19", name: "Jane Doe" }, { "x-panelist-peer": peer });
    expect(ok.status).toBe(200);
    expect(await db.select({ id: user.id }).from(user).where(eq(user.email, email))).toHaveLength(1);
    // A `+tag` and digits in the address hide nothing: the name under them is what a guesser tries.
    const tagged = `harvey.specter2+${randomUUID().slice(0, 6)}@example.test`;
    for (const password of ["harveyspecter2024", "harvey.specter123"]) {
      const res = await authRequest("sign-up/email", { email: tagged, password, name: "H S" }, { "x-panelist-peer": peer });
      expect(res.status, password).toBe(400);
    }
  });

  it("a password change refuses a guessable new password too", async () => {
    const { email } = await newAccount("change");
    const signedIn = await signIn(email, PASSWORD, freshIp());
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const weak = await authRequest("change-password", { currentPassword: PASSWORD, newPassword: "password123" }, { cookie, "x-panelist-peer": freshIp() });
    expect(weak.status).toBe(400);
    expect(await bodyOf(weak)).toMatchObject({ code: "PASSWORD_TOO_WEAK" });
    const strong = await authRequest(
      "change-password",
      { currentPassword: PASSWORD, newPassword: "copper-meadow-signal-42" },
      { cookie, "x-panelist-peer": freshIp() },
    );
    expect(strong.status).toBe(200);
  });

  it("counts new accounts per address per hour: a refused sign-up gives its place back", async () => {
    process.env.RATE_LIMIT_SIGN_UP_PER_IP_PER_HOUR = "2";
    const peer = freshIp();
    const up = (password: string) =>
      authRequest(
        "sign-up/email",
        { email: `ceiling-${randomUUID()}@example.test`, password, name: "Ceiling" },
        { "x-panelist-peer": peer, "x-forwarded-for": randomXff() },
      );
    expect((await up("password123")).status).toBe(400);
    expect((await up(PASSWORD)).status).toBe(200);
    expect((await up(PASSWORD)).status).toBe(200);
    const refused = await up(PASSWORD);
    expect(refused.status).toBe(429);
    expect(await bodyOf(refused)).toMatchObject({ code: "rate_limited:auth" });
    expect(refused.headers.get("ratelimit-policy")).toBe(`"${policyName(SIGN_UP_IP_RULE)}";q=2;w=3600`);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(
      (await authRequest("sign-up/email", { email: `other-${randomUUID()}@example.test`, password: PASSWORD, name: "Other" }, { "x-panelist-peer": freshIp() }))
        .status,
    ).toBe(200);
  });
});

import http from "node:http";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { uniqueEmail } from "./fixtures";

/**
 * A password brute force against the real server (`next start` with our patched Next, so
 * `x-panelist-peer` is the socket's own address and a client's copy is overwritten; no
 * `TRUSTED_PROXIES`, so X-Forwarded-For is never believed). The account is this spec's own, so
 * no other spec's sign-in is locked out; its failures from 127.0.0.1 stay far below the
 * per-address ceiling (100 an hour) that other specs' sign-ins never add to.
 */
const PASSWORD = "granite-willow-ferry-83";
const DEFAULT_ACCOUNT_FAILURES_PER_HOUR = 10;

let seq = 0;
/** Another address on every call, as a script rotating X-Forwarded-For would claim. */
const forged = () => {
  seq += 1;
  return `203.0.113.${(seq % 250) + 1}`;
};

function signIn(request: APIRequestContext, email: string, password: string) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  return request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { origin, "x-forwarded-for": `${forged()}, ${forged()}`, "x-panelist-peer": forged() },
    failOnStatusCode: false,
  });
}

/** A sign-in over a socket bound to `localAddress` (127.0.0.x): a client that really has another address. */
function signInFrom(localAddress: string, email: string, password: string): Promise<{ status: number; policy: string | undefined }> {
  const base = new URL(test.info().project.use.baseURL!);
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        localAddress,
        method: "POST",
        path: "/api/auth/sign-in/email",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), origin: base.origin },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, policy: res.headers["ratelimit-policy"] as string | undefined }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test("a brute force with rotating X-Forwarded-For meets 429 rate_limited:auth, and then the right password is refused", async ({ request }) => {
  const email = uniqueEmail("brute");
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const up = await request.post("/api/auth/sign-up/email", { data: { email, password: PASSWORD, name: "Brute Target" }, headers: { origin } });
  expect(up.status()).toBe(200);

  // 1. Every request claims another address (X-Forwarded-For and a forged peer header); the
  //    server still sees 127.0.0.1, so the (address, account) back-off refuses the next attempt.
  let failures = 0;
  let refusal: Awaited<ReturnType<typeof signIn>> | undefined;
  for (let i = 0; i < 50 && !refusal; i++) {
    const res = await signIn(request, email, `not-the-password-${i}`);
    if (res.status() === 429) refusal = res;
    else {
      expect(res.status()).toBe(401);
      failures += 1;
    }
  }
  expect(refusal, "no 429 within 50 wrong passwords").toBeDefined();
  expect(await refusal!.json()).toMatchObject({ code: "rate_limited:auth" });
  expect(Number(refusal!.headers()["retry-after"])).toBeGreaterThan(0);
  expect(refusal!.headers()["ratelimit-policy"]).toMatch(/^"sign_in-(backoff|user-hour-failures)";q=\d+;w=\d+$/);

  // 2. Clients that really have other addresses (sockets bound to 127.0.0.2…) each get one guess
  //    before the account's hourly ceiling — counted from anywhere — refuses them all.
  let host = 2;
  let last: { status: number; policy: string | undefined } | undefined;
  while (host < 60) {
    last = await signInFrom(`127.0.0.${host++}`, email, "still-not-it");
    if (last.status === 429) break;
    expect(last.status).toBe(401);
    failures += 1;
  }
  expect(last?.status).toBe(429);
  expect(last?.policy).toBe(`"sign_in-user-hour-failures";q=${DEFAULT_ACCOUNT_FAILURES_PER_HOUR};w=3600`);
  expect(failures).toBe(DEFAULT_ACCOUNT_FAILURES_PER_HOUR);

  // 3. The right password, from the first address and from a fresh one, is refused for the hour.
  const right = await signIn(request, email, PASSWORD);
  expect(right.status()).toBe(429);
  expect(await right.json()).toMatchObject({ code: "rate_limited:auth" });
  expect(right.headers()["set-cookie"]).toBeUndefined();
  expect((await signInFrom(`127.0.0.${host}`, email, PASSWORD)).status).toBe(429);
});

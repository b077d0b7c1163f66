import "../helpers/env";
import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATCH as patchUser } from "@/app/api/admin/users/[id]/route";
import { GET as adminUsers } from "@/app/api/admin/users/route";
import { GET as listResumes } from "@/app/api/resumes/route";
import { GET as workspace } from "@/app/api/workspace/route";
import { closeDb, getDb } from "@/lib/db/client";
import { member, user } from "@/lib/db/schema";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { candidate, platformAdmin, recruiter, type TestActor } from "../helpers/actors";
import { CookieJar } from "../helpers/cookie-jar";
import { clearPrefix } from "../helpers/fixtures";
import { BASE, get, params, signIn } from "../helpers/http";

/**
 * A change made while a session is cached takes effect once the cache's age has passed
 * (docs/security.md, "Session cache"). The age is 1 s here, so each test waits just past it —
 * the production age (60 s) behaves the same, only later. No assertion depends on how fast a
 * request is: nothing is checked before the age has passed.
 */
process.env.AUTH_SESSION_CACHE_SECONDS = "1";
const AGE_PASSED_MS = 1_100;
const db = getDb();
const noParams = params({});
let admin: TestActor;

beforeAll(async () => {
  const a = await platformAdmin(db);
  // Signed in again: the sign-up's cached cookie still says `user`.
  admin = { ...a, cookie: await signIn(a.email) };
});

afterAll(async () => {
  await clearPrefix(getRedis());
  await closeRedis();
  await closeDb();
});

describe("after the cache's age", () => {
  it("a ban from the console signs the user out", async () => {
    const target = await candidate();
    expect(CookieJar.from(target.cookie, BASE).value("session_data")).toBeTruthy();
    expect((await listResumes(get("/api/resumes", target.cookie), noParams)).status).toBe(200);
    const res = await patchUser(
      new Request(`${BASE}/api/admin/users/${target.userId}`, {
        method: "PATCH",
        body: JSON.stringify({ banned: true, banReason: "abuse" }),
        headers: { cookie: admin.cookie, origin: new URL(BASE).origin, "content-type": "application/json" },
      }),
      params({ id: target.userId }),
    );
    expect(res.status).toBe(200);
    await sleep(AGE_PASSED_MS);
    expect((await listResumes(get("/api/resumes", target.cookie), noParams)).status).toBe(401);
  });

  it("a platform role taken away is seen: the console answers 403", async () => {
    const a = await platformAdmin(db);
    const cookie = await signIn(a.email);
    expect((await adminUsers(new Request(`${BASE}/api/admin/users`, { headers: { cookie } }), noParams)).status).toBe(200);
    await db.update(user).set({ role: "user" }).where(eq(user.id, a.userId));
    await sleep(AGE_PASSED_MS);
    expect((await adminUsers(new Request(`${BASE}/api/admin/users`, { headers: { cookie } }), noParams)).status).toBe(403);
  });

  it("a member removed from the organisation loses its routes", async () => {
    const rec = await recruiter(db);
    expect((await workspace(get("/api/workspace", rec.cookie), noParams)).status).toBe(200);
    await db.delete(member).where(eq(member.userId, rec.userId));
    await sleep(AGE_PASSED_MS);
    expect((await workspace(get("/api/workspace", rec.cookie), noParams)).status).toBe(403);
  });
});

import "../helpers/env";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { GET as adminUsers } from "@/app/api/admin/users/route";
import { POST as authPost } from "@/app/api/auth/[...all]/route";
import { GET as listResumes } from "@/app/api/resumes/route";
import { GET as workspace } from "@/app/api/workspace/route";
import { closeDb, getDb } from "@/lib/db/client";
import { member, session } from "@/lib/db/schema";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { candidate, recruiter } from "../helpers/actors";
import { CookieJar } from "../helpers/cookie-jar";
import { clearPrefix } from "../helpers/fixtures";
import { BASE, get, params } from "../helpers/http";

/**
 * The session cache at its production age (docs/security.md, "Session cache"): within it the
 * door signs a request in from the signed `session_data` cookie and the cached membership, with
 * no query — so what the database says meanwhile is not seen, which is what these tests show by
 * changing the database under a cached cookie. tests/api/session-cache-expiry.test.ts shows the
 * change taking effect once the age has passed.
 */
process.env.AUTH_SESSION_CACHE_SECONDS = "60";
const db = getDb();
const noParams = params({});

afterAll(async () => {
  await clearPrefix(getRedis());
  await closeRedis();
  await closeDb();
});

describe("within the cache's age", () => {
  it("a request is signed in from the session_data cookie: the session row is not read", async () => {
    const cand = await candidate();
    expect(CookieJar.from(cand.cookie, BASE).value("session_data")).toBeTruthy();
    await db.delete(session).where(eq(session.userId, cand.userId));
    expect((await listResumes(get("/api/resumes", cand.cookie), noParams)).status).toBe(200);
    // Without the cache cookie the door asks the database, which no longer has the session.
    const tokenOnly = cand.cookie
      .split("; ")
      .filter((c) => !c.includes("session_data"))
      .join("; ");
    expect((await listResumes(get("/api/resumes", tokenOnly), noParams)).status).toBe(401);
  });

  it("a session_data cookie altered by the client is not trusted (its HMAC fails): the database decides", async () => {
    const cand = await candidate();
    const raw = CookieJar.from(cand.cookie, BASE).value("session_data")!;
    const decoded = JSON.parse(Buffer.from(raw, "base64url").toString()) as { session: { user: { role: string } } };
    decoded.session.user.role = "admin";
    const forged = cand.cookie.replace(raw, Buffer.from(JSON.stringify(decoded)).toString("base64url"));
    expect((await adminUsers(new Request(`${BASE}/api/admin/users`, { headers: { cookie: forged } }), noParams)).status).toBe(403);
  });

  it("an organisation route reads the membership once per age, not per request", async () => {
    const rec = await recruiter(db);
    expect((await workspace(get("/api/workspace", rec.cookie), noParams)).status).toBe(200);
    await db.delete(member).where(eq(member.userId, rec.userId));
    expect((await workspace(get("/api/workspace", rec.cookie), noParams)).status).toBe(200);
  });

  it("signing out clears both cookies and deletes the session: that browser is signed out at once", async () => {
    const cand = await candidate();
    const res = await authPost(new Request(`${BASE}/api/auth/sign-out`, { method: "POST", headers: { cookie: cand.cookie, origin: new URL(BASE).origin } }));
    expect(res.status).toBe(200);
    const jar = CookieJar.from(cand.cookie, BASE);
    jar.update(res.headers);
    expect(jar.value("session_token")).toBeFalsy();
    expect(jar.value("session_data")).toBeFalsy();
    const after = jar.header();
    expect(await db.select().from(session).where(eq(session.userId, cand.userId))).toEqual([]);
    expect((await listResumes(get("/api/resumes", after), noParams)).status).toBe(401);
  });
});

import "../helpers/env";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as adminUsers } from "@/app/api/admin/users/route";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...all]/route";
import { POST as createInterview } from "@/app/api/interviews/route";
import { GET as workspace } from "@/app/api/workspace/route";
import { closeDb, getDb } from "@/lib/db/client";
import { member, user } from "@/lib/db/schema";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { candidate, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix } from "../helpers/fixtures";
import { BASE, params, signUpCandidate } from "../helpers/http";

/**
 * The edges of the door found by an adversarial run: better-auth's own endpoints get the same
 * input rules as ours, a comma-separated role means the same to both doors, a Referer without an
 * Origin is checked like one, and deep or malformed text is refused.
 */
const db = getDb();
const ORIGIN = new URL(BASE).origin;
let cand: TestActor;

beforeAll(async () => {
  cand = await candidate();
});

afterAll(async () => {
  await clearPrefix(getRedis());
  await closeRedis();
  await closeDb();
});

const authPostJson = (path: string, body: unknown, cookie?: string) =>
  authPost(
    new Request(`${BASE}/api/auth/${path}`, {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "content-type": "application/json", origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    }),
  );

describe("better-auth's endpoints behind our input rules", () => {
  it("a body over 64 KiB is 413, before anything is stored", async () => {
    const email = `big-${randomUUID()}@example.test`;
    const res = await authPostJson("sign-up/email", { email, password: "password-123456", name: "x".repeat(100_000) });
    expect(res.status).toBe(413);
    expect(await db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  it("U+0000 or ESC in a profile or organisation field is 422, not a 500", async () => {
    for (const [path, body] of [
      ["update-user", { name: "ev\u0000il" }],
      ["update-user", { name: "ev\u001b[31mil" }],
      ["organization/create", { name: "o\u0000", slug: `nul-${randomUUID().slice(0, 6)}` }],
    ] as const) {
      const res = await authPostJson(path, body, cand.cookie);
      expect(res.status, path).toBe(422);
      expect(await res.json()).toMatchObject({ code: "unprocessable:api" });
    }
  });

  it("metadata nested thousands deep is 422, not a stack overflow", async () => {
    const deep = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
    const res = await authPostJson("organization/create", `{"name":"Deep","slug":"deep-${randomUUID().slice(0, 6)}","metadata":${deep}}`, cand.cookie);
    expect(res.status).toBe(422);
  });

  it("a name longer than 100 characters and a slug with odd characters are refused", async () => {
    const signUp = await authPostJson("sign-up/email", { email: `long-${randomUUID()}@example.test`, password: "password-123456", name: "n".repeat(101) });
    expect(signUp.status).toBe(400);
    const org = await authPostJson("organization/create", { name: "Fine name", slug: "Bad Slug!" }, cand.cookie);
    expect(org.status).toBe(400);
  });

  it("reads still reach better-auth", async () => {
    const res = await authGet(new Request(`${BASE}/api/auth/get-session`, { headers: { cookie: cand.cookie } }));
    expect(((await res.json()) as { user: { id: string } }).user.id).toBe(cand.userId);
  });
});

describe("one meaning for a role", () => {
  it("a comma-separated platform role holding admin is admin at our door too (better-auth grants the union)", async () => {
    const a = await signUpCandidate();
    await db
      .update(user)
      .set({ role: "user,admin" as "admin" })
      .where(eq(user.id, a.userId));
    const res = await adminUsers(new Request(`${BASE}/api/admin/users`, { headers: { cookie: a.cookie } }), params({}));
    expect(res.status).toBe(200);
  });
});

describe("origin and input edges", () => {
  it("a Referer from another site without an Origin is refused like an Origin", async () => {
    const res = await createInterview(
      new Request(`${BASE}/api/interviews`, {
        method: "POST",
        body: JSON.stringify({ role: "backend engineer", level: "mid", questionCount: 5 }),
        headers: { "content-type": "application/json", cookie: cand.cookie, referer: "http://evil.example/x" },
      }),
      params({}),
    );
    expect(res.status).toBe(403);
  });

  it("a lone surrogate or a field nested past 32 levels is 422", async () => {
    let nested: unknown = "x";
    for (let i = 0; i < 40; i++) nested = { n: nested };
    for (const extra of [{ note: "\ud800" }, { note: nested }]) {
      const res = await createInterview(
        new Request(`${BASE}/api/interviews`, {
          method: "POST",
          body: JSON.stringify({ role: "backend engineer", level: "mid", questionCount: 5, ...extra }),
          headers: { "content-type": "application/json", cookie: cand.cookie },
        }),
        params({}),
      );
      expect(res.status).toBe(422);
    }
  });

  it("the workspace counts its members", async () => {
    const rec = await recruiter(db);
    const other = await signUpCandidate();
    await db
      .insert(member)
      .values({ id: `mem_${randomUUID()}`, organizationId: rec.organizationId!, userId: other.userId, role: "member", createdAt: new Date() });
    const res = await workspace(new Request(`${BASE}/api/workspace`, { headers: { cookie: rec.cookie } }), params({}));
    const body = (await res.json()) as { organization: { memberCount: number }; members: unknown[] };
    expect(body.organization.memberCount).toBe(2);
    expect(body.members).toHaveLength(2);
  });
});

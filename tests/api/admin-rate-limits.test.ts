import "../helpers/env";
import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteEntry, GET as getAllowlist, PUT as putEntry } from "@/app/api/admin/settings/allowlist/route";
import { DELETE as deleteLimit, GET as getLimits, PUT as putLimit } from "@/app/api/admin/settings/limits/route";
import { allowlistBodySchema, limitsBodySchema } from "@/lib/console/contracts";
import { normaliseIpRange } from "@/lib/console/rate-limits";
import { closeDb, getDb } from "@/lib/db/client";
import { auditLog } from "@/lib/db/schema";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { recordRefusal } from "@/lib/ratelimit/hits";
import { getLimitSettings } from "@/lib/ratelimit/limit-settings";
import { findRule, LIMIT_RULES } from "@/lib/ratelimit/policies";
import { candidate, platformAdmin, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix, envRestorer } from "../helpers/fixtures";
import { BASE, get, params } from "../helpers/http";

/**
 * The console's request limits (`/api/admin/settings/limits`) and allow-list
 * (`/api/admin/settings/allowlist`) against this file's own PostgreSQL database and Redis
 * prefix: each change answered, recorded in audit_log with the admin, and in force in this
 * process's `getLimitSettings()` at once — while that function's cache was warm.
 */
const db = getDb();
const noParams = params({});
let admin: TestActor;
let someone: TestActor;
let orgOwner: TestActor;

function send(method: string, path: string, cookie: string, body: unknown): Request {
  return new Request(`${BASE}${path}`, { method, headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(body) });
}
const auditRows = (target: string) => db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.createdAt, auditLog.id);

// The console shows the catalogue's defaults here: the test env raises every limit out of reach
// (tests/helpers/env.ts), and this file's few requests stay far below the real ones.
const restoreEnv = envRestorer(LIMIT_RULES.map((r) => r.env));

beforeAll(async () => {
  for (const r of LIMIT_RULES) delete process.env[r.env];
  [admin, someone, orgOwner] = await Promise.all([platformAdmin(db), candidate(), recruiter(db)]);
});

afterAll(async () => {
  restoreEnv();
  await clearPrefix(getRedis());
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

describe("request limits on the console", () => {
  it("lists every rule with its default, no override, the limit in force and today's refusals, and the latest refusals", async () => {
    await recordRefusal(getRedis(), {
      policy: "chat",
      ruleId: "chat.user.minute",
      dimension: "user",
      subject: someone.userId,
      route: "POST /api/interviews/[id]/chat",
    });
    await recordRefusal(getRedis(), {
      policy: "chat",
      ruleId: "chat.user.minute",
      dimension: "user",
      subject: someone.userId,
      route: "POST /api/interviews/[id]/chat",
    });
    await recordRefusal(getRedis(), { policy: "upload", ruleId: "upload.ip.minute", dimension: "ip", subject: "198.51.100.7", route: "POST /api/resumes" });

    const res = await getLimits(get("/api/admin/settings/limits", admin.cookie), noParams);
    expect(res.status).toBe(200);
    const body = limitsBodySchema.parse(await res.json());
    const chat = body.rules.find((r) => r.id === "chat.user.minute")!;
    expect(chat).toMatchObject({ policy: "chat", period: "minute", defaultLimit: 30, override: null, effective: 30, hits24h: 2 });
    expect(body.rules.find((r) => r.id === "upload.ip.minute")!.hits24h).toBe(1);
    expect(body.rules.find((r) => r.id === "sign_up.ip.hour")!.hits24h).toBe(0);
    expect(body.refusals!.map((r) => r.ruleId)).toEqual(["upload.ip.minute", "chat.user.minute", "chat.user.minute"]);
    expect(body.refusals![0]).toMatchObject({ subject: "198.51.100.7", route: "POST /api/resumes", dimension: "ip" });
  });

  it("sets an override, in force in this process at once, recorded in audit_log; removing it restores the default", async () => {
    const rule = findRule("interview_create.user.hour")!;
    // Warm the cache: without the invalidation the old value would stand for LIMIT_SETTINGS_TTL_MS.
    expect((await getLimitSettings()).limits.get(rule.id)).toBe(20);

    const put = await putLimit(send("PUT", "/api/admin/settings/limits", admin.cookie, { ruleId: rule.id, limit: 3 }), noParams);
    expect(put.status).toBe(200);
    const after = limitsBodySchema.parse(await put.json()).rules.find((r) => r.id === rule.id)!;
    expect(after).toMatchObject({ defaultLimit: 20, effective: 3, override: { limit: 3, updatedBy: admin.userId } });
    expect((await getLimitSettings()).limits.get(rule.id)).toBe(3);

    await putLimit(send("PUT", "/api/admin/settings/limits", admin.cookie, { ruleId: rule.id, limit: 0 }), noParams);
    expect((await getLimitSettings()).limits.get(rule.id)).toBe(0);

    const del = await deleteLimit(send("DELETE", "/api/admin/settings/limits", admin.cookie, { ruleId: rule.id }), noParams);
    expect(del.status).toBe(200);
    expect(limitsBodySchema.parse(await del.json()).rules.find((r) => r.id === rule.id)).toMatchObject({ override: null, effective: 20 });
    expect((await getLimitSettings()).limits.get(rule.id)).toBe(20);

    const rows = await auditRows(`rate_limit:${rule.id}`);
    expect(rows.map((r) => [r.action, r.actorId, r.before, r.after])).toEqual([
      ["rate_limit.set", admin.userId, null, { limit: 3 }],
      ["rate_limit.set", admin.userId, { limit: 3 }, { limit: 0 }],
      ["rate_limit.delete", admin.userId, { limit: 0 }, null],
    ]);

    // Removing an override that is not there writes nothing.
    await deleteLimit(send("DELETE", "/api/admin/settings/limits", admin.cookie, { ruleId: rule.id }), noParams);
    expect(await auditRows(`rate_limit:${rule.id}`)).toHaveLength(3);
  });

  it("refuses an unknown rule, a negative, fractional or too large limit, and a missing field (422), writing nothing", async () => {
    const bodies = [
      { ruleId: "no.such.rule", limit: 5 },
      { ruleId: "chat.user.minute", limit: -1 },
      { ruleId: "chat.user.minute", limit: 1.5 },
      { ruleId: "chat.user.minute", limit: 10_000_001 },
      { ruleId: "chat.user.minute", limit: "5" },
      { ruleId: "chat.user.minute" },
    ];
    for (const b of bodies) {
      const res = await putLimit(send("PUT", "/api/admin/settings/limits", admin.cookie, b), noParams);
      expect(res.status, JSON.stringify(b)).toBe(422);
      expect(((await res.json()) as { code: string }).code).toMatch(/^unprocessable:/);
    }
    // A byte rule's bound is larger: 2 GiB per day is accepted.
    const bytes = await putLimit(send("PUT", "/api/admin/settings/limits", admin.cookie, { ruleId: "upload.user.day.bytes", limit: 2 ** 31 }), noParams);
    expect(bytes.status).toBe(200);
    await deleteLimit(send("DELETE", "/api/admin/settings/limits", admin.cookie, { ruleId: "upload.user.day.bytes" }), noParams);
    expect((await deleteLimit(send("DELETE", "/api/admin/settings/limits", admin.cookie, { ruleId: "no.such.rule" }), noParams)).status).toBe(422);
    expect(await db.select().from(auditLog).where(like(auditLog.target, "rate_limit:chat.user.minute"))).toHaveLength(0);
  });

  it("is the platform admin's: a candidate and an organisation's owner are refused (403), reading and changing", async () => {
    for (const who of [someone, orgOwner]) {
      expect((await getLimits(get("/api/admin/settings/limits", who.cookie), noParams)).status).toBe(403);
      expect((await putLimit(send("PUT", "/api/admin/settings/limits", who.cookie, { ruleId: "chat.user.minute", limit: 1 }), noParams)).status).toBe(403);
      expect((await deleteLimit(send("DELETE", "/api/admin/settings/limits", who.cookie, { ruleId: "chat.user.minute" }), noParams)).status).toBe(403);
      expect((await getAllowlist(get("/api/admin/settings/allowlist", who.cookie), noParams)).status).toBe(403);
      const put = await putEntry(
        send("PUT", "/api/admin/settings/allowlist", who.cookie, { kind: "user", value: who.userId, multiplier: null, note: "" }),
        noParams,
      );
      expect(put.status).toBe(403);
      expect((await deleteEntry(send("DELETE", "/api/admin/settings/allowlist", who.cookie, { id: randomUUID() }), noParams)).status).toBe(403);
    }
    expect((await getLimitSettings()).limits.get("chat.user.minute")).toBe(30);
    expect((await getLimitSettings()).allowanceFor({ userId: someone.userId })).toEqual({ multiplier: 1, entryIds: [] });
  });
});

describe("the allow-list on the console", () => {
  it("adds a user by e-mail (stored as the id), replaces it, removes it — each in audit_log and in force at once", async () => {
    expect((await getLimitSettings()).allowanceFor({ userId: someone.userId }).multiplier).toBe(1);

    const put = await putEntry(
      send("PUT", "/api/admin/settings/allowlist", admin.cookie, {
        kind: "user",
        value: someone.email.toUpperCase(),
        multiplier: 5,
        note: " partner integration ",
      }),
      noParams,
    );
    expect(put.status).toBe(200);
    const [entry] = allowlistBodySchema.parse(await put.json()).items.filter((i) => i.kind === "user");
    expect(entry).toMatchObject({ value: someone.userId, label: someone.email, multiplier: 5, note: "partner integration", createdBy: admin.userId });
    expect((await getLimitSettings()).allowanceFor({ userId: someone.userId })).toEqual({ multiplier: 5, entryIds: [entry!.id] });

    // The same kind and value again replaces the entry: no limits at all now.
    const again = await putEntry(
      send("PUT", "/api/admin/settings/allowlist", admin.cookie, { kind: "user", value: someone.userId, multiplier: null, note: "" }),
      noParams,
    );
    const items = allowlistBodySchema.parse(await again.json()).items.filter((i) => i.kind === "user");
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: entry!.id, multiplier: null });
    expect((await getLimitSettings()).allowanceFor({ userId: someone.userId }).multiplier).toBeNull();

    const del = await deleteEntry(send("DELETE", "/api/admin/settings/allowlist", admin.cookie, { id: entry!.id }), noParams);
    expect(del.status).toBe(200);
    expect(allowlistBodySchema.parse(await del.json()).items.filter((i) => i.kind === "user")).toEqual([]);
    expect((await getLimitSettings()).allowanceFor({ userId: someone.userId })).toEqual({ multiplier: 1, entryIds: [] });

    const rows = await auditRows(`allowlist:user:${someone.userId}`);
    expect(rows.map((r) => [r.action, r.actorId, r.before, r.after])).toEqual([
      ["allowlist.set", admin.userId, null, { kind: "user", value: someone.userId, multiplier: 5, note: "partner integration" }],
      [
        "allowlist.set",
        admin.userId,
        { kind: "user", value: someone.userId, multiplier: 5, note: "partner integration" },
        { kind: "user", value: someone.userId, multiplier: null, note: "" },
      ],
      ["allowlist.delete", admin.userId, { kind: "user", value: someone.userId, multiplier: null, note: "" }, null],
    ]);
  });

  it("adds an organisation by slug and an office range normalised to its network, which then covers its addresses", async () => {
    const slug = (await db.query.organization.findFirst({ where: (o, { eq }) => eq(o.id, orgOwner.organizationId!) }))!.slug;
    const org = await putEntry(
      send("PUT", "/api/admin/settings/allowlist", admin.cookie, { kind: "organization", value: slug, multiplier: 10, note: "" }),
      noParams,
    );
    expect(org.status).toBe(200);
    const range = await putEntry(
      send("PUT", "/api/admin/settings/allowlist", admin.cookie, { kind: "ip_range", value: "203.0.113.77/24", multiplier: 3, note: "office" }),
      noParams,
    );
    expect(range.status).toBe(200);
    const items = allowlistBodySchema.parse(await range.json()).items;
    expect(items.find((i) => i.kind === "organization")).toMatchObject({ value: orgOwner.organizationId, label: expect.stringContaining(`(${slug})`) });
    const office = items.find((i) => i.kind === "ip_range")!;
    expect(office.value).toBe("203.0.113.0/24");

    const settings = await getLimitSettings();
    expect(settings.allowanceFor({ ip: "203.0.113.200" }).multiplier).toBe(3);
    expect(settings.allowanceFor({ ip: "203.0.114.1" }).multiplier).toBe(1);
    expect(settings.allowanceFor({ organizationId: orgOwner.organizationId }).multiplier).toBe(10);

    for (const i of items) await deleteEntry(send("DELETE", "/api/admin/settings/allowlist", admin.cookie, { id: i.id }), noParams);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "allowlist.delete"), eq(auditLog.target, "allowlist:ip_range:203.0.113.0/24"))),
    ).toHaveLength(1);
  });

  it("refuses an invalid or /0 range, an unknown user or organisation, a bad multiplier or kind (422), writing nothing", async () => {
    const before = await db.select().from(auditLog).where(like(auditLog.action, "allowlist.%"));
    const bodies = [
      { kind: "ip_range", value: "300.1.2.3", multiplier: 2, note: "" },
      { kind: "ip_range", value: "10.0.0.0/33", multiplier: 2, note: "" },
      { kind: "ip_range", value: "0.0.0.0/0", multiplier: 2, note: "" },
      { kind: "ip_range", value: "::/0", multiplier: 2, note: "" },
      { kind: "ip_range", value: "10.0.0.0/8/1", multiplier: 2, note: "" },
      { kind: "ip_range", value: "example.com", multiplier: 2, note: "" },
      { kind: "user", value: `nobody-${randomUUID()}@example.test`, multiplier: 2, note: "" },
      { kind: "organization", value: "no-such-org-slug", multiplier: 2, note: "" },
      { kind: "user", value: someone.userId, multiplier: 0, note: "" },
      { kind: "user", value: someone.userId, multiplier: 1001, note: "" },
      { kind: "user", value: someone.userId, note: "" },
      { kind: "team", value: someone.userId, multiplier: 2, note: "" },
    ];
    for (const b of bodies) {
      const res = await putEntry(send("PUT", "/api/admin/settings/allowlist", admin.cookie, b), noParams);
      expect(res.status, JSON.stringify(b)).toBe(422);
    }
    expect((await deleteEntry(send("DELETE", "/api/admin/settings/allowlist", admin.cookie, { id: "not-a-uuid" }), noParams)).status).toBe(422);
    expect(await db.select().from(auditLog).where(like(auditLog.action, "allowlist.%"))).toHaveLength(before.length);
    expect((await getAllowlist(get("/api/admin/settings/allowlist", admin.cookie), noParams)).status).toBe(200);
  });

  it("normalises addresses and ranges to their network in canonical form", () => {
    expect(normaliseIpRange("198.51.100.7")).toBe("198.51.100.7/32");
    expect(normaliseIpRange(" 10.1.2.3/8 ")).toBe("10.0.0.0/8");
    expect(normaliseIpRange("2001:DB8:0:0:0:0:0:1")).toBe("2001:db8::1/128");
    expect(normaliseIpRange("2001:db8:abcd:12::1/48")).toBe("2001:db8:abcd::/48");
    expect(normaliseIpRange("::ffff:192.0.2.130/120")).toBe("::ffff:192.0.2.0/120");
    expect(normaliseIpRange("fe80::1:2/10")).toBe("fe80::/10");
    expect(() => normaliseIpRange("fe80::1%eth0")).toThrow();
    expect(() => normaliseIpRange("10.0.0.0/")).toThrow();
  });
});

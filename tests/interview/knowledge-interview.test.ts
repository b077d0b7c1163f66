import "../helpers/env";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as chat } from "@/app/api/interviews/[id]/chat/route";
import { GET as getInterview } from "@/app/api/interviews/[id]/route";
import { POST as createInterview } from "@/app/api/interviews/route";
import { POST as uploadRoute } from "@/app/api/knowledge/[id]/documents/route";
import { POST as createKbRoute } from "@/app/api/knowledge/route";
import { closeDb, getDb } from "@/lib/db/client";
import { interviews } from "@/lib/db/schema";
import type { InterviewBody } from "@/lib/interview/contracts";
import { knowledgeSourceOf, planSchema } from "@/lib/interview/schemas";
import { createLogger } from "@/lib/log";
import { createRedis } from "@/lib/queue/redis";
import { interviewPlanHandler } from "@/worker/handlers/interview-plan";
import { kbVectorizeHandler } from "@/worker/handlers/kb-vectorize";
import { candidate, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix } from "../helpers/fixtures";
import { BASE, get, params } from "../helpers/http";
import { testVectorStore } from "../helpers/vector-store";
import { startTestWorker } from "../helpers/worker";

/**
 * Interviews drawn from a knowledge base (docs/knowledge.md, "Interviews from a knowledge base"),
 * end to end on the real pipeline: documents uploaded and vectorized by `kb.vectorize` into the
 * test's vector store, an interview created with `knowledgeBaseId`, its `interview.plan` task run
 * offline by the real consumer, the first question streamed with its citation.
 */
const db = getDb();
const redis = createRedis("test");
const log = createLogger("test");
const store = await testVectorStore();
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let alice: TestActor;
let bob: TestActor;
let orgA: TestActor;
let orgB: TestActor;

const HANDBOOK = [
  "# Staff handbook",
  "## Annual leave",
  "Every employee receives 25 days of paid annual leave per calendar year. Annual leave accrues monthly from the first day of employment. Up to five unused days carry over to the next year; the rest lapse on 31 March.",
  "## Parental leave",
  "Parents receive 16 weeks of fully paid parental leave after the birth or adoption of a child. Parental leave can be taken in up to three blocks within the first year, and a phased return is agreed with HR.",
  "## Travel expenses",
  "Business travel is booked through the travel portal so that bookings stay within policy. Economy class is the default for flights under six hours. Receipts are uploaded within 30 days or the expense is not reimbursed.",
].join("\n\n");
const ONCALL = [
  "# On-call guide",
  "## Severity levels",
  "A severity 1 incident is a full outage of a customer-facing service; severity 2 is a degraded service with a workaround. The on-call engineer acknowledges a severity 1 page within five minutes and opens an incident channel.",
  "## Postmortems",
  "Every severity 1 incident gets a blameless postmortem within five working days. The postmortem records the timeline, the root cause, the customer impact and the action items with their owners.",
  "## Handover",
  "At the end of an on-call week the engineer writes a handover note listing open incidents, noisy alerts and anything the next engineer must watch. The note is posted in the team channel before noon on Monday.",
].join("\n\n");

beforeAll(async () => {
  process.env.LLM_PROVIDER = "offline";
  [alice, bob, orgA, orgB] = await Promise.all([candidate(), candidate(), recruiter(db), recruiter(db)]);
  worker = await startTestWorker({ db, redis, log }, [kbVectorizeHandler(db), interviewPlanHandler(db)]);
});

afterAll(async () => {
  await worker.stop();
  await clearPrefix(redis);
  await redis.quit();
  await closeDb();
});

const json = (path: string, cookie: string, body: unknown) =>
  new Request(`${BASE}${path}`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(body) });

async function createKb(a: TestActor, body: { name: string; shared?: boolean }): Promise<string> {
  const res = await createKbRoute(json("/api/knowledge", a.cookie, body), params({}));
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Uploads markdown documents and waits until each is vectorized. */
async function addDocuments(a: TestActor, kbId: string, docs: { name: string; text: string }[]) {
  const form = new FormData();
  for (const d of docs) form.append("files", new File([d.text], d.name));
  const res = await uploadRoute(
    new Request(`${BASE}/api/knowledge/${kbId}/documents`, { method: "POST", body: form, headers: { cookie: a.cookie } }),
    params({ id: kbId }),
  );
  expect(res.status).toBe(202);
  const { items } = (await res.json()) as { items: { documentId: string; taskId: string }[] };
  for (const i of items) expect((await worker.ended(i.taskId)).status).toBe("COMPLETED");
  return items.map((i) => i.documentId);
}

async function create(a: TestActor, settings: Record<string, unknown>) {
  const res = await createInterview(json("/api/interviews", a.cookie, { role: "Support engineer", level: "mid", questionCount: 5, ...settings }), params({}));
  return { status: res.status, body: (await res.json()) as { id: string; taskId: string; code?: string; message?: string } };
}

const interviewBody = async (a: TestActor, id: string) =>
  (await (await getInterview(get(`/api/interviews/${id}`, a.cookie), params({ id }))).json()) as InterviewBody;

type Chunk = { type: string; delta?: string; sourceId?: string; title?: string; providerMetadata?: { panelist?: Record<string, unknown> } };

async function readUiStream(res: Response): Promise<Chunk[]> {
  return (await res.text())
    .split("\n")
    .filter((l) => l.startsWith("data: ") && l !== "data: [DONE]")
    .map((l) => JSON.parse(l.slice(6)) as Chunk);
}

describe("an interview drawn from a knowledge base", () => {
  it("plans every question from a passage of that knowledge base, and the first question streams its citation", async () => {
    const kbId = await createKb(alice, { name: "Work notes" });
    const documentIds = await addDocuments(alice, kbId, [
      { name: "staff-handbook.md", text: HANDBOOK },
      { name: "on-call-guide.md", text: ONCALL },
    ]);

    const created = await create(alice, { knowledgeBaseId: kbId });
    expect(created.status).toBe(201);
    expect((await db.select().from(interviews).where(eq(interviews.id, created.body.id)))[0]!.knowledgeBaseId).toBe(kbId);
    expect((await worker.ended(created.body.taskId)).status).toBe("COMPLETED");

    const [row] = await db.select().from(interviews).where(eq(interviews.id, created.body.id));
    const plan = planSchema.parse(row!.plan);
    expect(plan.questions).toHaveLength(5);
    for (const q of plan.questions) {
      const source = knowledgeSourceOf(q);
      expect(source, q.question).not.toBeNull();
      expect(source!.knowledgeBaseId).toBe(kbId);
      // The cited chunk exists in this knowledge base and belongs to the document the question names.
      const chunk = await store.getChunk(kbId, source!.chunkId);
      expect(chunk).not.toBeNull();
      expect(chunk!.documentId).toBe(source!.documentId);
      expect(documentIds).toContain(source!.documentId);
      expect(chunk!.heading).toBe(source!.heading);
      expect(source!.fileName).toBe(source!.documentId === documentIds[0] ? "staff-handbook.md" : "on-call-guide.md");
      expect(q.referenceAnswer.length).toBeGreaterThan(0);
      expect(q.keyPoints.length).toBeGreaterThanOrEqual(2);
    }
    // Diverse: both documents are asked about, and no passage twice.
    expect(new Set(plan.questions.map((q) => knowledgeSourceOf(q)!.documentId)).size).toBe(2);
    expect(new Set(plan.questions.map((q) => knowledgeSourceOf(q)!.chunkId)).size).toBe(5);

    const res = await chat(
      json(`/api/interviews/${created.body.id}/chat`, alice.cookie, { id: created.body.id, action: "start", messages: [] }),
      params({ id: created.body.id }),
    );
    expect(res.status).toBe(200);
    const chunks = await readUiStream(res);
    const first = knowledgeSourceOf(plan.questions[0]!)!;
    const source = chunks.find((c) => c.type === "source-document");
    expect(source).toMatchObject({
      sourceId: first.chunkId,
      title: `${first.fileName} · ${first.heading}`,
      providerMetadata: { panelist: { knowledgeBaseId: kbId, documentId: first.documentId, chunkId: first.chunkId } },
    });
    expect(chunks.findIndex((c) => c.type === "source-document")).toBeLessThan(chunks.findIndex((c) => c.type === "text-delta"));

    // After a reload the stored question carries the same citation.
    const reloaded = await interviewBody(alice, created.body.id);
    expect(reloaded.knowledgeBaseId).toBe(kbId);
    expect(reloaded.messages[0]!.parts).toContainEqual(expect.objectContaining({ type: "source-document", sourceId: first.chunkId }));
  });

  it("an organisation's knowledge base serves its members; another person's or organisation's is 404, as is a malformed or missing id", async () => {
    const mine = await createKb(alice, { name: "Alice's notes" });
    await addDocuments(alice, mine, [{ name: "notes.md", text: HANDBOOK }]);
    const shared = await createKb(orgA, { name: "Org handbook", shared: true });
    await addDocuments(orgA, shared, [{ name: "handbook.md", text: ONCALL }]);

    const ok = await create(orgA, { knowledgeBaseId: shared });
    expect(ok.status).toBe(201);
    expect((await worker.ended(ok.body.taskId)).status).toBe("COMPLETED");

    for (const [who, kbId] of [
      [bob, mine],
      [orgA, mine],
      [orgB, shared],
      [alice, shared],
      [alice, "not-a-uuid"],
      [alice, randomUUID()],
    ] as const) {
      const refused = await create(who, { knowledgeBaseId: kbId });
      expect([refused.status, refused.body.code]).toEqual([404, "not_found:knowledge"]);
    }
  });

  it("a knowledge base with no ready document is refused with 409 and no interview is written", async () => {
    const empty = await createKb(bob, { name: "Empty" });
    const before = (await db.select().from(interviews).where(eq(interviews.ownerId, bob.userId))).length;
    const refused = await create(bob, { knowledgeBaseId: empty });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "conflict:knowledge", message: expect.stringMatching(/no ready documents/) });
    expect((await db.select().from(interviews).where(eq(interviews.ownerId, bob.userId))).length).toBe(before);
  });
});

/**
 * The knowledge-base chat, offline engine (docs/knowledge.md, "Chat"): the route handlers run
 * in-process against real PostgreSQL and Redis and the file's own vector store schema; documents
 * are stored ready (tests/knowledge/chat-seed.ts) from the synthetic handbooks of the retrieval
 * benchmark and corpus job descriptions.
 */
import "../helpers/env";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as chat } from "@/app/api/knowledge/[id]/chat/route";
import { GET as getChunk } from "@/app/api/knowledge/[id]/chunks/[chunkId]/route";
import { closeDb, getDb } from "@/lib/db/client";
import { NOT_FOUND_ANSWER } from "@/lib/knowledge/chat/extractive-answer";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { CORPUS_DIR } from "../corpus-dir";
import { candidate, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix } from "../helpers/fixtures";
import { BASE, get, params } from "../helpers/http";
import { testVectorStore } from "../helpers/vector-store";
import { messageId, readAnswer, type SeededKb, seedKnowledgeBase, seedReadyDocument } from "./chat-seed";

const db = getDb();
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "../../bench/fixtures/kb", name), "utf8");
const corpus = (p: string) => readFileSync(path.join(CORPUS_DIR, p), "utf8");

let store: Awaited<ReturnType<typeof testVectorStore>>;
let alice: TestActor;
let bob: TestActor;
let aliceKb: SeededKb;
let bobKb: SeededKb;
const docs: Record<string, string> = {};

beforeAll(async () => {
  delete process.env.LLM_BASE_URL;
  delete process.env.LLM_API_KEY;
  process.env.LLM_PROVIDER = "offline";
  store = await testVectorStore();
  alice = await candidate();
  bob = await candidate();
  aliceKb = await seedKnowledgeBase(db, { ownerId: alice.userId, name: "Alice's notes" });
  bobKb = await seedKnowledgeBase(db, { ownerId: bob.userId, name: "Bob's notes" });
  docs.handbookEn = (await seedReadyDocument(db, store, aliceKb, { fileName: "handbook-en.md", text: fixture("handbook-en.md") })).id;
  docs.handbookZh = (await seedReadyDocument(db, store, aliceKb, { fileName: "handbook-zh.md", text: fixture("handbook-zh.md") })).id;
  docs.javaZh = (await seedReadyDocument(db, store, aliceKb, { fileName: "java.md", text: corpus("jobs/zh_backend_java-engineer_jd.md") })).id;
  docs.dataEngineer = (
    await seedReadyDocument(db, store, aliceKb, { fileName: "data-engineer.md", text: corpus("jobs/en_data_data-engineer_login-gov.md") })
  ).id;
  docs.bobNotes = (await seedReadyDocument(db, store, bobKb, { fileName: "secret.md", text: fixture("notes-distributed-systems.md") })).id;
});

afterAll(async () => {
  delete process.env.LLM_PROVIDER;
  await clearPrefix(getRedis());
  await closeRedis();
  await closeDb();
});

function ask(actor: TestActor, kbId: string, questions: string[]): Promise<Response> {
  const messages = questions.flatMap((q, i) => [
    { id: messageId(), role: "user", parts: [{ type: "text", text: q }] },
    ...(i < questions.length - 1 ? [{ id: messageId(), role: "assistant", parts: [{ type: "text", text: "(earlier answer)" }] }] : []),
  ]);
  return chat(
    new Request(`${BASE}/api/knowledge/${kbId}/chat`, {
      method: "POST",
      headers: { cookie: actor.cookie, "content-type": "application/json" },
      body: JSON.stringify({ id: kbId, messages }),
    }),
    params({ id: kbId }),
  );
}

describe("knowledge-base chat (offline)", () => {
  it("answers an English question from the one document holding the fact, citing its chunk before the text", async () => {
    const a = await readAnswer(await ask(alice, aliceKb.id, ["How many weeks of parental leave do secondary caregivers get?"]));
    expect(a.status).toBe(200);
    expect(a.text).toContain("6 weeks");
    expect(a.text).toMatch(/\[1\]/);
    expect(a.sources.length).toBeGreaterThan(0);
    expect(a.sources.every((s) => s.providerMetadata.panelist.documentId === docs.handbookEn)).toBe(true);
    expect(a.sources[0].title).toMatch(/^handbook-en\.md · /);
    const firstSource = a.chunks.findIndex((c) => c.type === "source-document");
    const firstText = a.chunks.findIndex((c) => c.type === "text-delta");
    expect(firstSource).toBeLessThan(firstText);
    // Every marker refers to a streamed source.
    for (const [, n] of a.text.matchAll(/\[(\d+)\]/g)) expect(Number(n)).toBeLessThanOrEqual(a.sources.length);
  });

  it("answers a Chinese question from the Chinese document holding the fact", async () => {
    const a = await readAnswer(await ask(alice, aliceKb.id, ["单笔超过五千元的报销需要谁审批？"]));
    expect(a.text).toContain("财务总监");
    expect(a.text).toMatch(/\[1\]/);
    expect(a.sources.map((s) => s.providerMetadata.panelist.documentId)).toContain(docs.handbookZh);
    expect(a.sources[0].providerMetadata.panelist.documentId).toBe(docs.handbookZh);
  });

  it("answers from a corpus job description in Chinese (京东 Java 岗位的经验要求)", async () => {
    const a = await readAnswer(await ask(alice, aliceKb.id, ["京东Java后端开发工程师需要几年以上的开发工作经验？"]));
    expect(a.text).toContain("5年以上");
    expect(a.sources[0].providerMetadata.panelist.documentId).toBe(docs.javaZh);
  });

  it('says exactly "Not found in your documents." with no source when nothing is relevant, in either language', async () => {
    const en = await readAnswer(await ask(alice, aliceKb.id, ["What is the boiling point of mercury?"]));
    expect(en.text).toBe(NOT_FOUND_ANSWER.en);
    expect(en.sources).toEqual([]);
    const zh = await readAnswer(await ask(alice, aliceKb.id, ["月球到地球的距离是多少？"]));
    expect(zh.text).toBe("在你的文档中没有找到相关内容。");
    expect(zh.sources).toEqual([]);
  });

  it("never answers from another person's knowledge base, and does not reveal it exists", async () => {
    // Bob's notes hold the Raft facts; Alice's knowledge base does not.
    const own = await readAnswer(await ask(bob, bobKb.id, ["How many server failures can a five-server Raft cluster tolerate?"]));
    expect(own.sources[0].providerMetadata.panelist.knowledgeBaseId).toBe(bobKb.id);
    const mine = await readAnswer(await ask(alice, aliceKb.id, ["How many server failures can a five-server Raft cluster tolerate?"]));
    expect(mine.sources.every((s) => s.providerMetadata.panelist.knowledgeBaseId === aliceKb.id)).toBe(true);
    expect(mine.sources.map((s) => s.providerMetadata.panelist.documentId)).not.toContain(docs.bobNotes);
    const foreign = await ask(alice, bobKb.id, ["How does Raft avoid split votes?"]);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ code: "not_found:knowledge", message: expect.any(String) });
    // Bob's chunk is not reachable through Alice's knowledge base either.
    const chunkId = own.sources[0].sourceId;
    expect((await getChunk(get(`/api/knowledge/${aliceKb.id}/chunks/${chunkId}`, alice.cookie), params({ id: aliceKb.id, chunkId }))).status).toBe(404);
    expect((await getChunk(get(`/api/knowledge/${bobKb.id}/chunks/${chunkId}`, alice.cookie), params({ id: bobKb.id, chunkId }))).status).toBe(404);
  });

  it("opens the passage a citation points to", async () => {
    const a = await readAnswer(await ask(alice, aliceKb.id, ["How many days per week can employees work remotely?"]));
    const chunkId = a.sources[0].sourceId;
    const res = await getChunk(get(`/api/knowledge/${aliceKb.id}/chunks/${chunkId}`, alice.cookie), params({ id: aliceKb.id, chunkId }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: chunkId, documentId: docs.handbookEn, fileName: "handbook-en.md" });
    expect(body.content).toEqual(expect.stringContaining("three days per week"));
  });

  it("rewrites a follow-up into a standalone query (English and Chinese) and answers it from the right document", async () => {
    const en = await readAnswer(await ask(alice, aliceKb.id, ["How does the Login.gov data engineer role work?", "What about its pay range?"]));
    expect(en.metadata?.standaloneQuery).toMatch(/^What about its pay range\? .*login/i);
    expect(en.sources[0].providerMetadata.panelist.documentId).toBe(docs.dataEngineer);
    const zh = await readAnswer(await ask(alice, aliceKb.id, ["星河科技的年假怎么申请？", "那加班呢？"]));
    expect(zh.metadata?.standaloneQuery).toMatch(/^那加班呢？.+/);
    expect(zh.text).toContain("调休");
    expect(zh.sources[0].providerMetadata.panelist.documentId).toBe(docs.handbookZh);
  });

  it("answers not found for a knowledge base with no ready document", async () => {
    const empty = await seedKnowledgeBase(db, { ownerId: alice.userId, name: "Empty" });
    const a = await readAnswer(await ask(alice, empty.id, ["How many days of annual leave?"]));
    expect(a.status).toBe(200);
    expect(a.text).toBe(NOT_FOUND_ANSWER.en);
    expect(a.sources).toEqual([]);
  });

  it("lets a member of an organisation ask the organisation's knowledge base, and nobody else", async () => {
    const org = await recruiter(db);
    const orgKb = await seedKnowledgeBase(db, { ownerId: org.userId, organizationId: org.organizationId, name: "Handbook" });
    await seedReadyDocument(db, store, orgKb, { fileName: "handbook-zh.md", text: fixture("handbook-zh.md") });
    const a = await readAnswer(await ask(org, orgKb.id, ["每位员工每年的培训预算是多少？"]));
    expect(a.text).toContain("八千元");
    expect((await ask(alice, orgKb.id, ["每位员工每年的培训预算是多少？"])).status).toBe(404);
  });

  it("refuses a body without a question (422) and a malformed id (404)", async () => {
    const noQuestion = await chat(
      new Request(`${BASE}/api/knowledge/${aliceKb.id}/chat`, {
        method: "POST",
        headers: { cookie: alice.cookie, "content-type": "application/json" },
        body: JSON.stringify({ messages: [{ id: "m1", role: "assistant", parts: [{ type: "text", text: "hi" }] }] }),
      }),
      params({ id: aliceKb.id }),
    );
    expect(noQuestion.status).toBe(422);
    expect(((await noQuestion.json()) as { code: string }).code).toBe("unprocessable:knowledge");
    const bad = await ask(alice, "not-a-uuid", ["hello"]);
    expect(bad.status).toBe(404);
  });
});

/**
 * The knowledge-base chat with a model (the fake OpenAI-compatible server, which answers a prompt
 * of numbered passages by citing passage 1 and inventing one more marker: scripts/fake-llm/citing.ts)
 * and the semantic answer cache. Real PostgreSQL, Redis and the file's vector store schema.
 */
import "../helpers/env";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as chat } from "@/app/api/knowledge/[id]/chat/route";
import { getLlmConfig, type OnlineLlmConfig } from "@/lib/ai/config";
import { closeDb, getDb } from "@/lib/db/client";
import { llmUsage, modelPrices } from "@/lib/db/schema";
import { candidate, type TestActor } from "../helpers/actors";
import { withFakeLlmModel } from "../helpers/fake-llm";
import { BASE, params } from "../helpers/http";
import { testVectorStore } from "../helpers/vector-store";
import { messageId, readAnswer, type SeededKb, seedKnowledgeBase, seedReadyDocument, touchDocument } from "./chat-seed";

const db = getDb();
const { chatRequests } = withFakeLlmModel();
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "../../bench/fixtures/kb", name), "utf8");

let alice: TestActor;
let kb: SeededKb;
const docs: Record<string, string> = {};

beforeAll(async () => {
  const store = await testVectorStore();
  alice = await candidate();
  kb = await seedKnowledgeBase(db, { ownerId: alice.userId });
  docs.en = (await seedReadyDocument(db, store, kb, { fileName: "handbook-en.md", text: fixture("handbook-en.md") })).id;
  docs.zh = (await seedReadyDocument(db, store, kb, { fileName: "handbook-zh.md", text: fixture("handbook-zh.md") })).id;
});

afterAll(async () => {
  await closeDb();
});

/** The fake model priced (an override, as the console sets one), so an answer costs something a cache hit can save. */
beforeEach(async () => {
  const config = getLlmConfig() as OnlineLlmConfig;
  await db
    .insert(modelPrices)
    .values({
      provider: config.provider,
      model: config.model,
      inputMicroUsdPerMTok: 150_000,
      cachedInputMicroUsdPerMTok: 75_000,
      outputMicroUsdPerMTok: 600_000,
    })
    .onConflictDoNothing();
});

/** Asks `questions` as one conversation (the last is the new one). */
function ask(...questions: string[]): Promise<Response> {
  const messages = questions.map((text, i) => ({ id: messageId(), role: i % 2 === 0 ? "user" : "assistant", parts: [{ type: "text", text }] }));
  return chat(
    new Request(`${BASE}/api/knowledge/${kb.id}/chat`, {
      method: "POST",
      headers: { cookie: alice.cookie, "content-type": "application/json" },
      body: JSON.stringify({ id: kb.id, messages }),
    }),
    params({ id: kb.id }),
  );
}

const usageRows = () =>
  db
    .select()
    .from(llmUsage)
    .where(and(eq(llmUsage.userId, alice.userId), eq(llmUsage.feature, "kb.chat")));

describe("knowledge-base chat with a model", () => {
  it("streams the passages as sources, then the model's text with its citations, and drops a marker past the last source", async () => {
    const a = await readAnswer(await ask("How many weeks of parental leave do secondary caregivers get?"));
    expect(a.status).toBe(200);
    expect(a.metadata?.engine).toBe((getLlmConfig() as OnlineLlmConfig).model);
    expect(a.sources.length).toBeGreaterThan(0);
    expect(a.sources[0].providerMetadata.panelist.documentId).toBe(docs.en);
    expect(a.chunks.findIndex((c) => c.type === "source-document")).toBeLessThan(a.chunks.findIndex((c) => c.type === "text-delta"));
    // The fake model cited [1] and invented [sources + 3]: the first is kept, the second removed.
    expect(a.text).toContain("[1]");
    expect(a.text).toContain("See also the appendix.");
    expect(a.text).not.toMatch(new RegExp(`\\[${a.sources.length + 3}\\]`));
    for (const [, n] of a.text.matchAll(/\[(\d+)\]/g)) expect(Number(n)).toBeLessThanOrEqual(a.sources.length);
    // The passages reached the model fenced as data.
    const last = chatRequests().at(-1)?.body as { messages: { role: string; content: string }[] };
    const user = last.messages.find((m) => m.role === "user")?.content ?? "";
    expect(user).toMatch(/^\[1\] handbook-en\.md · [^\n]+\n<passage>\n/);
    const rows = await usageRows();
    expect(rows.filter((r) => !r.cacheHit && r.outcome === "ok").length).toBeGreaterThan(0);
  });

  it("drops the invented marker of a Chinese answer too", async () => {
    const a = await readAnswer(await ask("单笔超过五千元的报销需要谁审批？"));
    expect(a.sources[0].providerMetadata.panelist.documentId).toBe(docs.zh);
    expect(a.text).toContain("[1]");
    expect(a.text).toContain("另见附录。");
  });

  it("answers a close second question from the semantic cache with no upstream call, recorded as a hit with its savings", async () => {
    const first = await readAnswer(await ask("How many days per week can employees work remotely?"));
    expect(first.metadata?.cached).toBe(false);
    const callsAfterFirst = chatRequests().length;
    const produced = (await usageRows()).filter((r) => !r.cacheHit && r.outcome === "ok").at(-1);
    expect(produced?.costMicroUsd).toBeGreaterThan(0);

    const second = await readAnswer(await ask("how many days per week can employees work remotely??"));
    expect(second.metadata?.cached).toBe(true);
    expect(chatRequests().length).toBe(callsAfterFirst);
    expect(second.text).toBe(first.text);
    expect(second.sources).toEqual(first.sources);
    const hits = (await usageRows()).filter((r) => r.cacheHit);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ feature: "kb.chat", outcome: "ok", costMicroUsd: 0, savedMicroUsd: produced?.costMicroUsd });
  });

  it("misses the cache once a document of the knowledge base changed", async () => {
    const q = "Which expense claims need approval from the finance team?";
    await readAnswer(await ask(q));
    expect((await readAnswer(await ask(q))).metadata?.cached).toBe(true);
    const calls = chatRequests().length;
    await touchDocument(db, docs.en);
    const after = await readAnswer(await ask(q));
    expect(after.metadata?.cached).toBe(false);
    expect(chatRequests().length).toBe(calls + 1);
  });

  it("rewrites a follow-up with one small structured call before answering it", async () => {
    const before = chatRequests().length;
    const a = await readAnswer(await ask("How long is parental leave for primary caregivers?", "(an earlier answer)", "And for secondary ones?"));
    expect(a.status).toBe(200);
    const calls = chatRequests().slice(before);
    const rewrite = calls.find((c) => JSON.stringify(c.body).includes("kb-rewrite@1"));
    expect(rewrite).toBeDefined();
    expect(JSON.stringify(rewrite?.body)).toContain("<earlier_question>");
    expect(a.metadata?.standaloneQuery).toEqual(expect.any(String));
    expect(a.metadata?.standaloneQuery?.length).toBeGreaterThan(0);
  });
});

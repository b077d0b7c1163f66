import "../helpers/env";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { llmUsage } from "@/lib/db/schema";
import { EMBED_BATCH_SIZE, embeddingSpace, embedTexts } from "@/lib/knowledge/embedding";
import { expectLlmError, withFakeLlmModel } from "../helpers/fake-llm";
import { createUser } from "../helpers/fixtures";

/**
 * The model path of the embedding, against the fake OpenAI-compatible server's /v1/embeddings:
 * the AI SDK's embedMany through the upstream guard, batches of EMBED_BATCH_SIZE, one usage row
 * per upstream request under the caller's scope.
 */
const { llm } = withFakeLlmModel();
const db = getDb();
afterAll(async () => closeDb());

describe("embedTexts with a model", () => {
  it("sends batches of at most 96 texts, one guarded request (and one usage row) each", async () => {
    process.env.LLM_EMBEDDING_DIM = "32";
    const space = embeddingSpace();
    expect(space).toEqual({ model: "openai-compatible:text-embedding-3-small", dim: 32 });
    const userId = await createUser(db);
    const taskId = null;
    const feature = `kb.embed.test-${randomUUID().slice(0, 8)}`;
    const texts = Array.from({ length: 2 * EMBED_BATCH_SIZE + 8 }, (_, i) => `Passage ${i} about the leave policy.`);
    const vectors = await embedTexts({ ...space, texts, purpose: "document", usage: { db, userId, organizationId: null, feature, taskId, attempt: null } });
    expect(vectors).toHaveLength(texts.length);
    for (const v of vectors) {
      expect(v).toHaveLength(32);
      expect(Math.hypot(...v)).toBeCloseTo(1, 6);
    }
    const sent = llm()
      .requests()
      .filter((r) => r.path === "/v1/embeddings");
    expect(sent.map((r) => (r.body as { input: string[] }).input.length)).toEqual([EMBED_BATCH_SIZE, EMBED_BATCH_SIZE, 8]);
    const rows = await db.select().from(llmUsage).where(eq(llmUsage.feature, feature));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.outcome === "ok" && r.model === "text-embedding-3-small" && r.userId === userId && r.inputTokens > 0)).toBe(true);
    delete process.env.LLM_EMBEDDING_DIM;
  });

  it("a model answering another dimension than configured is a retryable invalid_output", async () => {
    // The fake answers 1,536 numbers when no `dimensions` is sent; the knowledge base says 64.
    const err = await expectLlmError(() => embedTexts({ model: "openai-compatible:text-embedding-3-small", dim: 64, texts: ["x"], purpose: "query" }));
    expect(err).toMatchObject({ code: "invalid_output", retryable: true });
  });

  it("an unreachable server is the LLM layer's network error, metered as a failed call", async () => {
    process.env.LLM_BASE_URL = "http://127.0.0.1:9";
    const userId = await createUser(db);
    const feature = `kb.embed.test-${randomUUID().slice(0, 8)}`;
    const err = await expectLlmError(() =>
      embedTexts({
        model: "openai-compatible:text-embedding-3-small",
        dim: 1536,
        texts: ["x"],
        purpose: "query",
        usage: { db, userId, organizationId: null, feature, taskId: null, attempt: null },
      }),
    );
    expect(err.code).toBe("network");
    const rows = await db.select().from(llmUsage).where(eq(llmUsage.feature, feature));
    expect(rows.map((r) => r.outcome)).toEqual(["network"]);
  });
});

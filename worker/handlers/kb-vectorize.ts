import type { Db } from "@/lib/db/client";
import { createLogger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { taskHandler } from "./define";

const log = createLogger("worker");

/**
 * `kb.vectorize`: load the document's file → extract its text (refusals end the task by policy) →
 * chunk → embed (offline or model; usage rows `kb.embed`) → replace its chunks in the vector store;
 * the document's counts are written in the completing transaction.
 */
export function kbVectorizeHandler(db: Db) {
  return taskHandler("kb.vectorize", async (payload, attempt) => {
    // Loaded on the first such task: the knowledge domain's module graph would slow every worker start.
    const { vectorizeDocument } = await import("@/lib/knowledge/service");
    return vectorizeDocument({ db, redis: getRedis(), log }, { ...attempt, documentId: payload.documentId });
  });
}

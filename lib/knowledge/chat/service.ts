import type { UIMessageChunk } from "ai";
import type { Db } from "@/lib/db/client";
import { getKbDocument, getVisibleKnowledgeBase, type KnowledgeBaseRow } from "@/lib/db/queries/knowledge";
import { PanelistError } from "@/lib/errors";
import type { Logger } from "@/lib/log";
import { getVectorStore } from "../vector-store";
import { streamKnowledgeAnswer } from "./answer";

/** The most recent user questions a chat reads (the newest and the ones a follow-up may lean on); older ones are ignored. */
export const MAX_HISTORY_QUESTIONS = 5;
/** The longest question, characters (UTF-16 code units). */
export const MAX_QUESTION_CHARS = 4_000;

/** Who asks, and which knowledge bases they see: their own, and their active organisation's (null = none). */
export type KnowledgeViewer = { userId: string; organizationId: string | null };

/**
 * The knowledge base `id` if `viewer` may see it (docs/knowledge.md, "Visibility"), decided in SQL.
 * @throws {PanelistError} 404 `not_found:knowledge` otherwise (another's, missing).
 */
export async function visibleKnowledgeBase(db: Db, viewer: KnowledgeViewer, id: string): Promise<KnowledgeBaseRow> {
  const kb = await getVisibleKnowledgeBase(db, { id, ownerId: viewer.userId, organizationId: viewer.organizationId });
  if (!kb) throw new PanelistError("not_found:knowledge", "No such knowledge base.");
  return kb;
}

/**
 * Answers the newest user message of a `useChat` conversation from knowledge base `id` as a UI
 * message stream (answer.ts). Only the user messages' text is read, the last
 * {@link MAX_HISTORY_QUESTIONS} of them; the assistant's earlier answers are not sent back to a model.
 * @param messages the conversation as the client holds it, oldest first (validated by the route's schema).
 * @throws {PanelistError} 404 `not_found:knowledge`; 422 `unprocessable:knowledge` without a user
 *   question, or when the newest is longer than {@link MAX_QUESTION_CHARS}; 503/429 from the model (answer.ts).
 */
export async function answerFromKnowledgeBase(
  deps: { db: Db; log: Logger },
  a: { viewer: KnowledgeViewer; id: string; messages: readonly { role: string; parts: readonly { type: string; text?: string }[] }[] },
): Promise<ReadableStream<UIMessageChunk>> {
  const kb = await visibleKnowledgeBase(deps.db, a.viewer, a.id);
  const questions = a.messages
    .filter((m) => m.role === "user")
    .map((m) =>
      m.parts
        .map((p) => (p.type === "text" ? (p.text ?? "") : ""))
        .join("")
        .trim(),
    )
    .filter((q) => q.length > 0)
    .slice(-MAX_HISTORY_QUESTIONS);
  const newest = questions.at(-1);
  if (!newest) throw new PanelistError("unprocessable:knowledge", "Send a question.");
  if (newest.length > MAX_QUESTION_CHARS) {
    throw new PanelistError("unprocessable:knowledge", `A question is at most ${MAX_QUESTION_CHARS.toLocaleString("en")} characters.`);
  }
  return streamKnowledgeAnswer(deps, { kb, asker: { userId: a.viewer.userId, organizationId: kb.organizationId }, questions });
}

/** A passage as `GET /api/knowledge/{id}/chunks/{chunkId}` returns it (what a citation opens). */
export type PassageBody = { id: string; documentId: string; fileName: string; ordinal: number; heading: string | null; page: number | null; content: string };

/**
 * One passage of a visible knowledge base.
 * @throws {PanelistError} 404 `not_found:knowledge` for a knowledge base the viewer does not see;
 *   404 `not_found:document` for a chunk that is not in it (another knowledge base's included).
 */
export async function readPassage(db: Db, viewer: KnowledgeViewer, a: { id: string; chunkId: string }): Promise<PassageBody> {
  const kb = await visibleKnowledgeBase(db, viewer, a.id);
  const store = await getVectorStore();
  const chunk = await store.getChunk(kb.id, a.chunkId);
  const fileName = chunk ? (await getKbDocument(db, { knowledgeBaseId: kb.id, id: chunk.documentId }))?.fileName : undefined;
  if (!chunk || fileName === undefined) throw new PanelistError("not_found:document", "No such passage.");
  return { id: chunk.id, documentId: chunk.documentId, fileName, ordinal: chunk.ordinal, heading: chunk.heading, page: chunk.page, content: chunk.content };
}

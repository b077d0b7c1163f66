/**
 * One answer of the knowledge-base chat as an AI SDK UI message stream (docs/knowledge.md,
 * "Chat"): the standalone query (rewrite.ts), its embedding, the semantic cache, hybrid retrieval
 * (retrieval.ts), then the answer — the model's (streamText through the upstream guard, markers
 * checked on the stream) or the offline extractive one — with its `source-document` parts
 * written before the text.
 */
import { randomUUID } from "node:crypto";
import { createUIMessageStream, type UIMessageChunk } from "ai";
import { getLlmConfig } from "@/lib/ai/config";
import type { Db } from "@/lib/db/client";
import { type KnowledgeBaseRow, listReadyDocuments } from "@/lib/db/queries/knowledge";
import { withUsageScope } from "@/lib/finops/scope";
import type { Logger } from "@/lib/log";
import { embedTexts } from "../embedding";
import { KB_ANSWER_MAX_OUTPUT_TOKENS, KB_ANSWER_PROMPT_VERSION, kbAnswerPrompt, kbAnswerSystemPrompt } from "../llm/kb-answer";
import { type Passage, retrieve } from "../retrieval";
import { questionLanguage } from "../search-terms";
import { getVectorStore } from "../vector-store";
import type { VectorSpace } from "../vector-store/types";
import { checkMarkers, markerFilter } from "./citation-markers";
import { extractiveAnswer, NOT_FOUND_ANSWER } from "./extractive-answer";
import { openModelAnswer } from "./model-answer";
import { standaloneQuery } from "./rewrite";
import { type AnswerEngine, documentsFingerprint, findCachedAnswer, recordCacheHit, semanticCacheConfig, storeCachedAnswer } from "./semantic-cache";
import { type SourceDocumentPart, toSourcePart } from "./sources";

/** The usage feature of the chat: its model calls, embeddings and cache hits are metered under it. */
export const KB_CHAT_FEATURE = "kb.chat";

/** The offline engine as the cache and the usage rows name it. */
const OFFLINE_ENGINE: AnswerEngine = { provider: "offline", model: "offline", promptVersion: "kb-extractive@1" };

/** Streamed after a model's partial text when the model failed mid-answer, before the offline answer. */
const CUT_MARK = "…\n\n";

/** Metadata of the answer message (AI SDK `UIMessage.metadata`), on its start and finish chunks. */
export type KnowledgeAnswerMetadata = {
  /** `offline`, the model's id, or the engine of a cached answer. */
  engine: string;
  /** Served from the semantic cache. */
  cached: boolean;
  /** The query retrieval used (the follow-up rewritten). */
  standaloneQuery: string;
  /** Nothing in the documents answered. */
  notFound: boolean;
};

/** Who is asking: the usage rows and budgets are theirs (an organisation's knowledge base: the organisation's). */
export type ChatAsker = { userId: string; organizationId: string | null };

/**
 * Answers the newest of `questions` from the ready documents of `kb`.
 *
 * - No ready documents, or nothing relevant (retrieval.ts): the not-found sentence in the
 *   question's language, no sources (a 200 stream, not an error: the UI shows it as the answer).
 * - A semantic-cache hit (semantic-cache.ts): the stored sources and text, no upstream call for
 *   the answer, recorded as a cache hit.
 * - Offline: the extractive answer; the sources are the passages it cites.
 * - With a model: the top passages are the sources (streamed first), the model's text follows
 *   with invented markers removed; a failed call falls back to the extractive answer (numbered by
 *   the sources already streamed).
 * Work done with a model (the rewrite, the query embedding, the answer) is metered under feature
 * {@link KB_CHAT_FEATURE} for `asker`.
 * @param questions the user's questions, oldest first (at least one), already capped by the caller.
 * @throws {PanelistError} `unavailable:llm` (503) / `rate_limit:budget` (429) with `Retry-After`
 *   before any byte is streamed (model-answer.ts).
 * @throws the database's and the vector store's errors before streaming.
 */
export async function streamKnowledgeAnswer(
  deps: { db: Db; log: Logger },
  a: { kb: KnowledgeBaseRow; asker: ChatAsker; questions: readonly string[] },
): Promise<ReadableStream<UIMessageChunk>> {
  const { db, log } = deps;
  const newest = a.questions.at(-1) ?? "";
  const language = questionLanguage(newest);
  const scope = { db, userId: a.asker.userId, organizationId: a.asker.organizationId, feature: KB_CHAT_FEATURE, taskId: null, attempt: null };
  return withUsageScope(scope, async () => {
    const docs = await listReadyDocuments(db, { knowledgeBaseId: a.kb.id });
    const notFound = (query: string) =>
      answerStream({ metadata: { engine: "offline", cached: false, standaloneQuery: query, notFound: true }, sources: [], text: NOT_FOUND_ANSWER[language] });
    if (docs.length === 0) return notFound(newest);

    const standalone = await standaloneQuery({ log }, a.questions);
    const space: VectorSpace = { knowledgeBaseId: a.kb.id, model: a.kb.embeddingModel, dim: a.kb.embeddingDim };
    const [embedding] = await embedTexts({ model: a.kb.embeddingModel, dim: a.kb.embeddingDim, texts: [standalone.query], purpose: "query" });
    const store = await getVectorStore();
    const fingerprint = documentsFingerprint(docs);
    const config = getLlmConfig();
    const engine: AnswerEngine =
      config.mode === "offline" ? OFFLINE_ENGINE : { provider: config.provider, model: config.model, promptVersion: KB_ANSWER_PROMPT_VERSION };

    const cache = semanticCacheConfig();
    if (cache.enabled) {
      const started = performance.now();
      const hit = await findCachedAnswer(store, space, { question: standalone.query, embedding, fingerprint, engine, minSimilarity: cache.minSimilarity });
      if (hit) {
        await recordCacheHit(scope, hit, Math.round(performance.now() - started));
        return answerStream({
          metadata: { engine: hit.engine.model, cached: true, standaloneQuery: standalone.query, notFound: false },
          sources: hit.sources,
          text: hit.answer,
        });
      }
    }

    const retrieval = await retrieve(store, space, { query: standalone.query, queryEmbedding: embedding, documentIds: docs.map((d) => d.id) });
    if (!retrieval.relevant) return notFound(standalone.query);
    const names = new Map(docs.map((d) => [d.id, d.fileName]));
    const remember = (answer: string, sources: SourceDocumentPart[], costMicroUsd: number, by: AnswerEngine) =>
      cache.enabled
        ? storeCachedAnswer(store, space, { question: standalone.query, embedding, answer, sources, engine: by, fingerprint, costMicroUsd }).catch((err) =>
            log.error({ err: String(err), knowledgeBaseId: a.kb.id }, "storing the knowledge answer in the semantic cache failed"),
          )
        : Promise.resolve();

    if (config.mode === "offline") {
      const offline = extractiveAnswer(standalone.query, retrieval.passages, language);
      const sources = offline.cited.map((p) => toSourcePart(p, names));
      if (offline.cited.length) await remember(offline.text, sources, 0, OFFLINE_ENGINE);
      return answerStream({
        metadata: { engine: "offline", cached: false, standaloneQuery: standalone.query, notFound: offline.cited.length === 0 },
        sources,
        text: offline.text,
      });
    }

    const passages = retrieval.passages;
    const sources = passages.map((p) => toSourcePart(p, names));
    const model = await openModelAnswer(
      { log },
      {
        primary: config,
        system: kbAnswerSystemPrompt(NOT_FOUND_ANSWER),
        prompt: kbAnswerPrompt(
          standalone.query,
          passages.map((p, i) => ({ title: sources[i].title, content: p.content })),
        ),
        maxOutputTokens: KB_ANSWER_MAX_OUTPUT_TOKENS,
      },
    );
    return modelAnswerStream({ model, passages, sources, standalone: standalone.query, language, engine, remember, log });
  });
}

/** A finished answer (not found, offline, cached) as a UI message stream: start, sources, the text in word-sized deltas, finish. */
function answerStream(a: { metadata: KnowledgeAnswerMetadata; sources: readonly SourceDocumentPart[]; text: string }): ReadableStream<UIMessageChunk> {
  return createUIMessageStream({
    execute({ writer }) {
      writer.write({ type: "start", messageId: randomUUID(), messageMetadata: a.metadata });
      for (const s of a.sources) writer.write(s);
      const id = randomUUID();
      writer.write({ type: "text-start", id });
      for (const delta of deltas(a.text)) writer.write({ type: "text-delta", id, delta });
      writer.write({ type: "text-end", id });
      writer.write({ type: "finish", messageMetadata: a.metadata });
    },
    onError: () => "The answer could not be produced. Please try again.",
  });
}

/**
 * The model's answer as a UI message stream: sources first, then the text through the marker
 * check; a failed call (or none let through) continues with the extractive answer. A complete
 * model answer is stored in the semantic cache with what its call cost.
 */
function modelAnswerStream(a: {
  model: Awaited<ReturnType<typeof openModelAnswer>>;
  passages: Passage[];
  sources: SourceDocumentPart[];
  standalone: string;
  language: "en" | "zh";
  engine: AnswerEngine;
  remember: (answer: string, sources: SourceDocumentPart[], costMicroUsd: number, by: AnswerEngine) => Promise<unknown>;
  log: Logger;
}): ReadableStream<UIMessageChunk> {
  const metadata: KnowledgeAnswerMetadata = { engine: a.model?.config.model ?? "offline", cached: false, standaloneQuery: a.standalone, notFound: false };
  return createUIMessageStream({
    async execute({ writer }) {
      writer.write({ type: "start", messageId: randomUUID(), messageMetadata: metadata });
      for (const s of a.sources) writer.write(s);
      const id = randomUUID();
      writer.write({ type: "text-start", id });
      const say = (delta: string) => writer.write({ type: "text-delta", id, delta });
      const filter = markerFilter(a.sources.length, say);
      let engine = metadata.engine;
      let failed = true;
      let notFound = false;
      if (a.model) {
        const r = await a.model.pipe((d) => filter.push(d));
        filter.flush();
        failed = r.failed || !filter.shown.trim();
        // The model read the passages and found no answer: shown as it said it, not cached (a
        // later document may hold the answer, and then the fingerprint changes anyway).
        notFound = !failed && Object.values(NOT_FOUND_ANSWER).some((nf) => filter.shown.trim().startsWith(nf));
        if (!failed && !notFound) {
          const cost = r.calls.some((c) => c.costMicroUsd === null) ? 0 : r.calls.reduce((n, c) => n + (c.costMicroUsd ?? 0), 0);
          await a.remember(filter.shown.trim(), a.sources, cost, a.engine);
        } else if (filter.shown.trim()) {
          say(CUT_MARK);
        }
      }
      if (failed) {
        engine = "offline";
        const offline = extractiveAnswer(a.standalone, a.passages, a.language, { numberBy: "position" });
        for (const delta of deltas(checkMarkers(offline.text, a.sources.length))) say(delta);
      }
      writer.write({ type: "text-end", id });
      writer.write({ type: "finish", messageMetadata: { ...metadata, engine, notFound } });
    },
    onError: (err) => {
      a.log.error({ err: String(err) }, "knowledge answer stream failed");
      return "The answer could not be produced. Please try again.";
    },
  });
}

/** Word-sized deltas (CJK two characters at a time), so a finished answer streams like a model's. */
function* deltas(text: string): Generator<string> {
  for (const [w] of text.matchAll(/\s*\S+/gu)) {
    if (/[\u3400-\u9fff]/u.test(w) && w.trim().length > 4) yield* w.match(/[\s\S]{1,2}/gu) ?? [w];
    else yield w;
  }
}

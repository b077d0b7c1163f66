import type { SourceDocumentUIPart, UIMessage } from "ai";
import { z } from "zod";
import { requestJson, toApiError } from "../tasks/api";

/**
 * The knowledge-base API as the pages use it (docs/knowledge.md, "HTTP interfaces"). The bodies
 * are parsed with these schemas outside production builds (`requestJson`), so a server that
 * drifts from the contract fails loudly in development and tests.
 */

const taskStatusSchema = z.enum(["PENDING", "PROCESSING", "RETRYING", "COMPLETED", "FAILED", "TERMINATED_BY_POLICY"]);

/** A document's last error: the task's `{code, message}` (a bare string from an older writer is tolerated). */
const documentErrorSchema = z.union([z.object({ code: z.string(), message: z.string().nullish() }), z.string()]).nullish();

/** One row of `GET /api/knowledge` → `items`. */
const knowledgeBaseSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  shared: z.boolean(),
  documentCount: z.number(),
  readyCount: z.number(),
  embeddingModel: z.string(),
  createdAt: z.string(),
});
export type KnowledgeBaseSummary = z.infer<typeof knowledgeBaseSummarySchema>;
const knowledgeListSchema = z.object({ items: z.array(knowledgeBaseSummarySchema) });

/** One document of `GET /api/knowledge/{id}`; its `status` is its latest `kb.vectorize` task's. */
const knowledgeDocumentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  kind: z.string(),
  sizeBytes: z.number().nullish(),
  taskId: z.string().nullish(),
  status: taskStatusSchema.nullish(),
  error: documentErrorSchema,
  chunkCount: z.number().nullish(),
  pageCount: z.number().nullish(),
  createdAt: z.string(),
  vectorizedAt: z.string().nullish(),
});
export type KnowledgeDocument = z.infer<typeof knowledgeDocumentSchema>;

/** `GET /api/knowledge/{id}`. `canWrite`: the actor may upload, delete and re-vectorize. */
const knowledgeBaseSchema = z.object({
  id: z.string(),
  name: z.string(),
  shared: z.boolean(),
  embeddingModel: z.string(),
  embeddingDim: z.number(),
  createdAt: z.string(),
  canWrite: z.boolean(),
  documents: z.array(knowledgeDocumentSchema),
});
export type KnowledgeBase = z.infer<typeof knowledgeBaseSchema>;

/** `GET /api/knowledge/{id}/chunks/{chunkId}`: the passage a citation opens. */
const chunkSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  fileName: z.string(),
  ordinal: z.number(),
  heading: z.string().nullish(),
  page: z.number().nullish(),
  content: z.string(),
});
export type KnowledgeChunk = z.infer<typeof chunkSchema>;

/** One file's answer in `POST /api/knowledge/{id}/documents`: accepted (maybe a duplicate) or refused. */
export type UploadItem =
  | { fileName: string; documentId: string; taskId: string; duplicate?: boolean }
  | { fileName: string; error: { code: string; message: string } };
/** `POST /api/knowledge/{id}/documents` → 202 (or 422 when every file was refused: same body). */
export type UploadResult = { batchId?: string; items: UploadItem[] };

export const knowledgeKeys = {
  all: ["knowledge"] as const,
  detail: (id: string) => ["knowledge", id] as const,
  chunk: (id: string, chunkId: string) => ["knowledge", id, "chunks", chunkId] as const,
};

const kbUrl = (id: string) => `/api/knowledge/${encodeURIComponent(id)}`;

export const fetchKnowledgeBases = (signal?: AbortSignal) => requestJson("/api/knowledge", { signal }, knowledgeListSchema);
export const fetchKnowledgeBase = (id: string, signal?: AbortSignal) => requestJson(kbUrl(id), { signal }, knowledgeBaseSchema);
export const fetchChunk = (id: string, chunkId: string, signal?: AbortSignal) =>
  requestJson(`${kbUrl(id)}/chunks/${encodeURIComponent(chunkId)}`, { signal }, chunkSchema);

/** `POST /api/knowledge` → 201 `{id}`. `shared`: the active organisation's (needs `org_knowledge:create`). */
export const createKnowledgeBase = (body: { name: string; shared: boolean }) =>
  requestJson<{ id: string }>("/api/knowledge", { method: "POST", body: JSON.stringify(body) });

/** A 204 answer has no body: `requestJson` would fail to parse it. */
async function requestNoContent(url: string, method: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { method, headers: { accept: "application/json" }, cache: "no-store" });
  } catch {
    throw toApiError(0, "");
  }
  if (!res.ok) throw toApiError(res.status, await res.text(), res.headers);
}

export const deleteKnowledgeBase = (id: string) => requestNoContent(kbUrl(id), "DELETE");
export const deleteDocument = (id: string, documentId: string) => requestNoContent(`${kbUrl(id)}/documents/${encodeURIComponent(documentId)}`, "DELETE");

/** `POST …/documents/{docId}/revectorize` → 202 `{documentId, taskId}` (a new `kb.vectorize` task). */
export const revectorizeDocument = (id: string, documentId: string) =>
  requestJson<{ documentId: string; taskId: string }>(`${kbUrl(id)}/documents/${encodeURIComponent(documentId)}/revectorize`, { method: "POST" });

/**
 * `POST /api/knowledge/{id}/documents` (multipart, field `files`, one part per file) through
 * XMLHttpRequest, because fetch cannot report upload progress; `onProgress` gets 0–1 of the bytes
 * sent. Resolves with the 202 body — and with the 422 body too, whose items say why each file was
 * refused; rejects with an {@link ApiError} for any other answer (status 0: no answer).
 */
export function uploadDocuments(id: string, files: File[], onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const f of files) form.append("files", f, f.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${kbUrl(id)}/documents`);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.upload.onload = () => onProgress(1);
    const headers = { get: (name: string) => xhr.getResponseHeader(name) };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      const items = (body as UploadResult | null)?.items;
      if ((xhr.status === 202 || xhr.status === 200 || xhr.status === 422) && Array.isArray(items)) resolve(body as UploadResult);
      else reject(toApiError(xhr.status, xhr.responseText, headers));
    };
    xhr.onerror = () => reject(toApiError(0, ""));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** The server's limits (docs/knowledge.md): per file and per request; larger or more answer 413/422. */
export const MAX_DOCUMENT_MB = 50;
export const MAX_FILES_PER_UPLOAD = 50;
/** File name endings the server accepts (it decides the real type from the bytes). */
export const DOCUMENT_EXTENSIONS = ["pdf", "docx", "txt", "md", "markdown"] as const;
export const DOCUMENT_ACCEPT = [
  ".pdf",
  ".docx",
  ".txt",
  ".md",
  ".markdown",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "text/plain",
  "text/markdown",
].join(",");

/** Why a file is refused before it is sent (`knowledge.upload.errors.<reason>`). */
export type DocumentRejection = "empty" | "tooLarge" | "badType";

/** The checks the server will make that need no bytes: size (0 < size ≤ 50 MB) and the name's ending. */
export function checkDocumentFile(file: File): DocumentRejection | null {
  if (file.size === 0) return "empty";
  if (file.size > MAX_DOCUMENT_MB * 1024 * 1024) return "tooLarge";
  const dot = file.name.lastIndexOf(".");
  const ext = dot < 0 ? "" : file.name.slice(dot + 1).toLowerCase();
  return (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext) ? null : "badType";
}

/** What `providerMetadata.panelist` of a citation carries (docs/knowledge.md, "HTTP interfaces"). */
export type CitationMetadata = { knowledgeBaseId?: string; documentId?: string; chunkId?: string; ordinal?: number; page?: number | null };

/** What an answer's metadata says (lib/knowledge/chat/answer.ts `KnowledgeAnswerMetadata`): its engine, and whether the semantic cache served it. */
export type KnowledgeAnswerMetadata = { engine?: string; cached?: boolean; notFound?: boolean };

export type KnowledgeUIMessage = UIMessage<KnowledgeAnswerMetadata>;

/** A message's citations in order: `[n]` in its text is `sources[n - 1]`. */
export function messageSources(m: Pick<UIMessage, "parts">): SourceDocumentUIPart[] {
  return m.parts.filter((p): p is SourceDocumentUIPart => p.type === "source-document");
}

/** The citation's own metadata (`providerMetadata.panelist`), or an empty object. */
export function citationOf(source: SourceDocumentUIPart): CitationMetadata {
  const meta = source.providerMetadata?.panelist;
  return meta && typeof meta === "object" ? (meta as CitationMetadata) : {};
}

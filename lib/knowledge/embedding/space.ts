/**
 * Which embedding model serves, from the environment (README, "Environment"):
 *
 *   the offline engine serves (no LLM configured)  → `offline:hash-v1`, 384 dimensions (hashing.ts)
 *   LLM_EMBEDDING_MODEL=offline                    → the same, while a chat model is configured
 *                                                    (a provider without an embeddings API, e.g. DeepSeek)
 *   LLM_EMBEDDING_MODEL                            → the model at LLM_BASE_URL's `/v1/embeddings`
 *                                                    (default text-embedding-3-small)
 *   LLM_EMBEDDING_DIM                              → its dimension (default 1,536 for text-embedding-3-small
 *                                                    and -ada-002, 3,072 for -large; sent as `dimensions`
 *                                                    when set, which text-embedding-3 models honour)
 *
 * The recorded model id is `<provider>:<model>` (e.g. `openai:text-embedding-3-small`), so the same
 * model name at another provider is another vector space. Read on every call, like lib/ai/config.ts.
 */
import { getLlmConfig, type OnlineLlmConfig } from "@/lib/ai/config";
import { OFFLINE_EMBEDDING_DIM, OFFLINE_EMBEDDING_MODEL } from "./hashing";

/** The embedding space a knowledge base records: model id and vector dimension. */
export type EmbeddingSpace = { model: string; dim: number };

const DEFAULT_EMBEDDING_MODEL = "text-embedding-3-small";
const KNOWN_DIMS: Record<string, number> = { "text-embedding-3-small": 1536, "text-embedding-3-large": 3072, "text-embedding-ada-002": 1536 };
/** pgvector's HNSW index takes at most 2,000 dimensions of `vector` (pgvector README, "HNSW"). */
export const MAX_INDEXED_DIM = 2000;

type Env = Record<string, string | undefined>;

/** What the environment configures: the offline hashing, or a model of an online server. */
export function embeddingConfig(
  env: Env = process.env,
): { kind: "offline" } | { kind: "model"; llm: OnlineLlmConfig; name: string; dim: number; sendDimensions: boolean } {
  const llm = getLlmConfig(env);
  const name = env.LLM_EMBEDDING_MODEL?.trim() || DEFAULT_EMBEDDING_MODEL;
  if (llm.mode === "offline" || name.toLowerCase() === "offline") return { kind: "offline" };
  const rawDim = env.LLM_EMBEDDING_DIM?.trim();
  const dim = rawDim ? Number(rawDim) : (KNOWN_DIMS[name] ?? 1536);
  if (!Number.isInteger(dim) || dim < 1 || dim > MAX_INDEXED_DIM) {
    throw new Error(`LLM_EMBEDDING_DIM must be an integer from 1 to ${MAX_INDEXED_DIM} (got ${rawDim ?? dim}); set it for ${name}.`);
  }
  return { kind: "model", llm, name, dim, sendDimensions: Boolean(rawDim) };
}

/**
 * The configured embedding space: `{model, dim}` (see the module comment).
 * @throws {Error} when LLM_EMBEDDING_DIM is not an integer in 1–2,000 (a deployment fault).
 */
export function embeddingSpace(env: Env = process.env): EmbeddingSpace {
  const c = embeddingConfig(env);
  if (c.kind === "offline") return { model: OFFLINE_EMBEDDING_MODEL, dim: OFFLINE_EMBEDDING_DIM };
  return { model: `${c.llm.provider}:${c.name}`, dim: c.dim };
}

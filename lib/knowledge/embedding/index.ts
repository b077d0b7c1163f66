/** The knowledge base's embedding: which space serves, and texts → vectors (offline hashing or the configured model). */
export { EMBED_BATCH_SIZE, type EmbeddingPurpose, embedTexts, embedTextsCached, textKey } from "./embed";
export { hashingEmbedding, OFFLINE_EMBEDDING_DIM, OFFLINE_EMBEDDING_MODEL } from "./hashing";
export { type EmbeddingSpace, embeddingConfig, embeddingSpace } from "./space";

/** The vector store's door inside lib/knowledge (docs/knowledge.md, "Where the vectors live"). */
export { createVectorStore, type PgVectorStore, type VectorStoreOptions } from "./pg-store";
export { closeVectorStore, getVectorStore, logVectorStoreChoice, setVectorStoreForTests } from "./select";
export type * from "./types";

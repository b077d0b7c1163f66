/**
 * The knowledge-base domain's door (rule no-domain-internals): what routes and other domains use.
 * Each part adds its exports here.
 */
export { type KnowledgeActor, knowledgeActor } from "./access";
export { answerFromKnowledgeBase, MAX_HISTORY_QUESTIONS, MAX_QUESTION_CHARS, type PassageBody, readPassage } from "./chat/service";
export { type EmbeddingSpace, embeddingSpace, embedTexts, embedTextsCached } from "./embedding";
export { KB_INTERACTIVE_MAX_FILES, MAX_KB_FILE_BYTES, MAX_KB_FILES, MAX_KB_PAGES, MAX_KB_REQUEST_BYTES } from "./ingest/limits";
export { type Passage, type Retrieval, retrieve } from "./retrieval";
export {
  createKnowledgeBase,
  deleteDocument,
  deleteKnowledgeBase,
  getKnowledgeBase,
  listKnowledgeBases,
  MAX_KB_NAME_CHARS,
  revectorizeDocument,
  uploadDocuments,
  vectorizeDocument,
} from "./service";

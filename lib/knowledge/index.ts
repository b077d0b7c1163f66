/**
 * The knowledge domain's door: what other domains may use of it (rule no-domain-internals).
 */

// Interviews drawn from a knowledge base (lib/interview): visibility and passages.
export { type InterviewPassage, passagesForInterview, visibleKnowledgeBase } from "./interview-passages";

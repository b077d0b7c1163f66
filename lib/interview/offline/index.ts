/**
 * The offline interview engine: plans, conducts and evaluates mock interviews with no
 * language model — a question bank shipped as data, key-point term matching, and surface
 * signals of the answers. Formulas, bank structure and a worked example:
 * `docs/interview-scoring.md`.
 */

export { evaluateOffline, type OfflineEvaluationInput } from "./evaluate";
export { type InterviewerTurn, MAX_FOLLOW_UPS, nextOfflineTurn, type OfflineTurnInput } from "./interviewer";
export { buildOfflinePlan, type OfflinePlanInput } from "./plan";
export { BANK_AREAS, BANK_BY_ID, type BankArea, type BankQuestion, QUESTION_BANK, questionsOf } from "./question-bank";
export { type RoleAreas, resolveRoleAreas } from "./roles";

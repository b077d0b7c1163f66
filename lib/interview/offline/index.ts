/**
 * The offline interview engine: plans, conducts and evaluates mock interviews with no
 * language model — a question bank shipped as data, key-point term matching, and surface
 * signals of the answers. Formulas, bank structure and a worked example:
 * `docs/interview-scoring.md`.
 */
export { buildOfflinePlan, type OfflinePlanInput } from "./plan";
export { nextOfflineTurn, MAX_FOLLOW_UPS, type InterviewerTurn, type OfflineTurnInput } from "./interviewer";
export { evaluateOffline, type OfflineEvaluationInput } from "./evaluate";
export { resolveRoleAreas, type RoleAreas } from "./roles";
export { QUESTION_BANK, BANK_BY_ID, questionsOf, BANK_AREAS, type BankArea, type BankQuestion } from "./question-bank";

/**
 * The offline interview engine: plans, conducts and evaluates mock interviews with no
 * language model — a question bank shipped as data, key-point term matching, and surface
 * signals of the answers. Formulas, bank structure and a worked example:
 * `docs/interview-scoring.md`.
 */

export { buildOfflinePlan } from "./plan";

import { BACKEND } from "./backend";
import { BEHAVIOURAL } from "./behavioural";
import { DATA } from "./data";
import { DEVOPS } from "./devops";
import { FRONTEND } from "./frontend";
import { FULLSTACK } from "./fullstack";
import { GENERAL } from "./general";
import { ML } from "./ml";
import { MOBILE } from "./mobile";
import { PRODUCT } from "./product";
import { QA } from "./qa";
import { SECURITY } from "./security";
import type { BankArea, BankQuestion } from "./types";

/**
 * The offline question bank: every question of every area file, in a fixed order (area
 * files as listed, questions as written), so plans built from it are reproducible.
 * Structure and counts: `docs/interview-scoring.md`.
 */
export const QUESTION_BANK: readonly BankQuestion[] = [
  ...BACKEND,
  ...FRONTEND,
  ...FULLSTACK,
  ...DATA,
  ...ML,
  ...PRODUCT,
  ...MOBILE,
  ...DEVOPS,
  ...QA,
  ...SECURITY,
  ...BEHAVIOURAL,
  ...GENERAL,
];

export const BANK_BY_ID: ReadonlyMap<string, BankQuestion> = new Map(QUESTION_BANK.map((q) => [q.id, q]));

/** Questions of one area, in bank order. */
export function questionsOf(area: BankArea): BankQuestion[] {
  return QUESTION_BANK.filter((q) => q.area === area);
}

export { BANK_AREAS, type BankArea, type BankQuestion } from "./types";

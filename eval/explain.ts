/**
 * `npx tsx eval/explain.ts <case id> [level …]` — one tuning interview case, answer by answer: its
 * grade (as `npm run eval` grades it), its reference support, and each clause with the checks that
 * flag it — D doubtful, C contradicted, S swapped (docs/interview-scoring.md). The levels default to
 * wrong, partial and complete. A tool for tuning: it refuses held-out cases, whose answers are read
 * only by the harness (eval/README.md, "Round 4").
 *
 * Exits 2 on a bad argument, an unknown id or a held-out case.
 */
import { isDoubtful, referenceSupport } from "@/lib/interview/offline/claims";
import { clauses } from "@/lib/interview/offline/clauses";
import { contradictedClauses } from "@/lib/interview/offline/contradictions";
import { swappedClauses } from "@/lib/interview/offline/swaps";
import { loadEvalSet } from "./harness/load";
import { gradeAnswer } from "./harness/pipeline";

const LEVELS = ["empty", "wrong", "partial", "complete", "dontKnow"] as const;
type Level = (typeof LEVELS)[number];

function fail(message: string): never {
  process.stderr.write(`${message}\nusage: npx tsx eval/explain.ts <case id> [${LEVELS.join("|")} …]\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const [id, ...rest] = process.argv.slice(2);
  if (!id || id.startsWith("-")) fail("name a tuning interview case by its id");
  const levels = (rest.length > 0 ? rest : ["wrong", "partial", "complete"]) as Level[];
  for (const l of levels) if (!LEVELS.includes(l)) fail(`unknown level ${l}`);

  const found = loadEvalSet(import.meta.dirname).find((c) => c.case.id === id);
  if (!found) fail(`no case has the id ${id}`);
  if (found.split !== "tuning") fail(`${id} is a held-out case: its answers are not opened for tuning`);
  if (found.case.kind !== "interview") fail(`${id} is a ${found.case.kind} case, not an interview case`);
  const { question, language, role, answers } = found.case;

  for (const level of levels) {
    const text = answers[level];
    const grade = await gradeAnswer({ question, language, role, answer: text });
    const support = referenceSupport(text, question.referenceAnswer, question.question);
    process.stdout.write(`${level}: ${grade}  (reference support ${support === null ? "n/a" : support.toFixed(2)})\n`);
    const contradicted = contradictedClauses(text, question.referenceAnswer);
    const swapped = swappedClauses(text, question.referenceAnswer, question.question);
    clauses(text).forEach((clause, i) => {
      const flags = `${isDoubtful(clause) ? "D" : " "}${contradicted[i] ? "C" : " "}${swapped[i] ? "S" : " "}`;
      process.stdout.write(`  [${flags}] ${clause}\n`);
    });
  }
}

await main();

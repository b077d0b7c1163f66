import { foldForScan } from "@/lib/ai/injection";
import { RESUME_ANALYSIS_SYSTEM_PROMPT } from "../llm/resume-analysis";

/**
 * Whether a model's output repeats text it must not: its system prompt, or a line the screen
 * removed (a model that quotes "ignore previous instructions…" back read it somewhere). Both are
 * found by shared runs of {@link SHINGLE} tokens (a Latin word or one Chinese character is a
 * token) on the folded text (lib/ai/injection.ts `foldForScan`).
 *
 * The system prompt's shingles leave out its dimension guide (the lines starting with "- `"):
 * an honest rationale may well say "quantified impact, progression over time" in its own words.
 */
export const SHINGLE = 8;

function tokens(text: string): string[] {
  return foldForScan(text).match(/[\u3400-\u9fff]|[\p{L}\p{N}]+/gu) ?? [];
}

function shingles(toks: string[], n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + n <= toks.length; i++) out.push(toks.slice(i, i + n).join(" "));
  return out;
}

let promptShingles: Set<string> | null = null;
function systemPromptShingles(): Set<string> {
  if (!promptShingles) {
    const text = RESUME_ANALYSIS_SYSTEM_PROMPT.split("\n")
      .filter((l) => !l.startsWith("- `"))
      .join("\n");
    promptShingles = new Set(text.split(/\n+/).flatMap((line) => shingles(tokens(line), SHINGLE)));
  }
  return promptShingles;
}

/** True when `text` repeats {@link SHINGLE} consecutive tokens of the resume analysis' system prompt. */
export function echoesSystemPrompt(text: string): boolean {
  const set = systemPromptShingles();
  return shingles(tokens(text), SHINGLE).some((s) => set.has(s));
}

/**
 * True when `text` quotes one of `removed` (lines the screen took out): {@link SHINGLE}
 * consecutive tokens of it, or all of a shorter one of at least 4 tokens.
 */
export function quotesRemoved(text: string, removed: readonly string[]): boolean {
  if (removed.length === 0) return false;
  const hay = ` ${tokens(text).join(" ")} `;
  for (const line of removed) {
    const toks = tokens(line);
    if (toks.length < 4) continue;
    const needles = toks.length <= SHINGLE ? [toks.join(" ")] : shingles(toks, SHINGLE);
    if (needles.some((n) => hay.includes(` ${n} `))) return true;
  }
  return false;
}

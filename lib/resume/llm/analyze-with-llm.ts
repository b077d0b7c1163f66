/**
 * Resume analysis by the configured LLM: prompt (versioned, data fenced) → structured call →
 * an {@link AnalysisDraft} checked against the shared schema. The caller then runs
 * `finalizeAnalysis` (clamping, overall score recomputed on the server).
 *
 * Throws {@link LlmError}; a draft that does not have each dimension exactly once is
 * `invalid_output` (retryable), so it never reaches `finalizeAnalysis`, and so is a draft whose
 * prose is not in the resume's language ({@link WrongLanguageError}, output-language.ts).
 */
import { z } from "zod";
import { getLlmConfig } from "@/lib/ai/config";
import { LlmError } from "@/lib/ai/errors";
import { generateStructured, type StructuredUsage } from "@/lib/ai/structured";
import { type AnalysisDraft, analysisDraftSchema, DIMENSION_KEYS, DIMENSION_MAX, dimensionSchema, suggestionSchema } from "@/lib/resume/analysis-schema";
import { type AnswerLanguage, measureOutputLanguage, proseOf, type ResumeLanguage, wrongLanguageMessage } from "./output-language";
import { type AnalysisLanguage, buildResumeAnalysisPrompt, RESUME_ANALYSIS_PROMPT_VERSION, RESUME_ANALYSIS_TEMPERATURE } from "./resume-analysis";

const LARGEST_MAX = Math.max(...Object.values(DIMENSION_MAX));
const SMALLEST_MAX = Math.min(...Object.values(DIMENSION_MAX));

/**
 * The schema the model is asked to fill. Same shape as `analysisDraftSchema`, adjusted for
 * OpenAI strict structured outputs, which require every property to be `required`: the
 * optional skill lists become required-but-nullable (null without a job description).
 * Bounds are tightened to what is plausible; the server clamps to the real maxima anyway.
 */
const analysisDraftLlmSchema = z.object({
  dimensions: z
    .array(
      dimensionSchema.extend({
        score: z.number().min(0).max(LARGEST_MAX).describe("0..max for this dimension"),
        max: z.number().int().min(SMALLEST_MAX).max(LARGEST_MAX).describe("the maximum given for this key"),
        evidence: z.array(z.string()).max(8).describe("lines copied verbatim from the resume"),
      }),
    )
    .min(DIMENSION_KEYS.length)
    .max(DIMENSION_KEYS.length)
    .describe("each of experience, skills, content, structure, expression exactly once"),
  summary: z.string(),
  strengths: z.array(z.string()),
  suggestions: z.array(suggestionSchema),
  matchedSkills: z.array(z.string()).nullable().describe("null without a job description"),
  missingSkills: z.array(z.string()).nullable().describe("null without a job description"),
});

/**
 * The model's draft is in the other language than the resume's (docs/scoring.md, "Wrong
 * language"): an `invalid_output` {@link LlmError}, retryable, with the failed call's usage. The
 * engine tells it from other invalid output on a task's last attempt, where it falls back to the
 * offline analysis instead of failing.
 */
export class WrongLanguageError extends LlmError {
  /** The language the model wrote in. */
  readonly answered: AnswerLanguage;
  /** The resume's language, which was asked for. */
  readonly expected: ResumeLanguage;

  constructor(init: { answered: AnswerLanguage; expected: ResumeLanguage; usage?: StructuredUsage }) {
    super({ code: "invalid_output", message: wrongLanguageMessage(init.answered, init.expected), usage: init.usage });
    this.answered = init.answered;
    this.expected = init.expected;
  }
}

interface AnalyzeWithLlmInput {
  /** The screened resume text. */
  text: string;
  /** The screened job description. */
  jobDescription?: string | null;
  language: AnalysisLanguage;
  timeoutMs?: number;
  abortSignal?: AbortSignal;
  /** Extra request headers (e.g. `x-fake-fault` in tests). */
  headers?: Record<string, string>;
  /** The governor's priority (the task's lane). */
  priority?: "interactive" | "batch";
  /** Use the fallback model, when configured (a task's last attempt). */
  preferFallback?: boolean;
}

interface AnalyzeWithLlmResult {
  draft: AnalysisDraft;
  usage: StructuredUsage;
  model: string;
  provider: string;
  latencyMs: number;
  promptVersion: string;
  /** The resume was longer than the prompt's limit and its tail was left out. */
  truncated: boolean;
}

export async function analyzeWithLlm(input: AnalyzeWithLlmInput): Promise<AnalyzeWithLlmResult> {
  const built = buildResumeAnalysisPrompt({
    text: input.text,
    jobDescription: input.jobDescription,
    language: input.language,
  });
  const hasJd = Boolean(input.jobDescription?.trim());

  const config = getLlmConfig();
  if (config.mode === "offline") throw new LlmError({ code: "bad_request", message: "No LLM is configured." });
  // Metered by the upstream guard under the caller's usage scope.
  const result = await generateStructured({
    config,
    schema: analysisDraftLlmSchema,
    system: built.system,
    prompt: built.prompt,
    name: "resume_analysis",
    maxOutputTokens: 4000,
    temperature: RESUME_ANALYSIS_TEMPERATURE,
    timeoutMs: input.timeoutMs,
    abortSignal: input.abortSignal,
    headers: input.headers,
    priority: input.priority,
    preferFallback: input.preferFallback,
  });

  const raw = result.object;
  const candidate = {
    ...raw,
    matchedSkills: hasJd ? (raw.matchedSkills ?? []) : undefined,
    missingSkills: hasJd ? (raw.missingSkills ?? []) : undefined,
  };
  const parsed = analysisDraftSchema.safeParse(candidate);
  if (!parsed.success) {
    throw new LlmError({
      code: "invalid_output",
      message: `The model's analysis does not fit the analysis schema: ${parsed.error.message.slice(0, 500)}`,
      usage: result.usage,
    });
  }
  const keys = parsed.data.dimensions.map((d) => d.key);
  const missing = DIMENSION_KEYS.filter((k) => !keys.includes(k));
  if (missing.length > 0 || new Set(keys).size !== keys.length) {
    throw new LlmError({
      code: "invalid_output",
      message: `The model's analysis must score each dimension exactly once (got ${keys.join(", ")})`,
      usage: result.usage,
    });
  }
  const measured = measureOutputLanguage(proseOf(parsed.data), input.language, {
    skills: [...(parsed.data.matchedSkills ?? []), ...(parsed.data.missingSkills ?? [])],
    source: [input.text, input.jobDescription ?? ""],
  });
  if (measured.wrongLanguage) throw new WrongLanguageError({ answered: measured.wrongLanguage, expected: input.language, usage: result.usage });

  return {
    draft: parsed.data,
    usage: result.usage,
    model: result.model,
    provider: result.provider,
    latencyMs: result.latencyMs,
    promptVersion: RESUME_ANALYSIS_PROMPT_VERSION,
    truncated: built.truncated,
  };
}

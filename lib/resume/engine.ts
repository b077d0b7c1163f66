import { z } from "zod";
import { getLlmConfig, requestedModel } from "@/lib/ai/config";
import { cachedResult } from "@/lib/finops/cache";
import { meterOffline } from "@/lib/finops/meter";
import { type Analysis, analysisDraftSchema, finalizeAnalysis } from "./analysis-schema";
import { guardModelDraft } from "./integrity/guard";
import { reasonMessage } from "./integrity/messages";
import { type CheckedDraft, offlineIntegrity } from "./integrity/offline";
import { screenResumeInput } from "./integrity/screen";
import { analyzeWithLlm, WrongLanguageError } from "./llm/analyze-with-llm";
import { RESUME_ANALYSIS_PROMPT_VERSION, RESUME_ANALYSIS_TEMPERATURE } from "./llm/resume-analysis";
import { analyzeOfflineWithSignals } from "./offline";

/** What the result cache keeps of a model analysis: the checked draft (finalized again on every use) and the model that wrote it. */
const cachedDraftSchema = z.object({ draft: analysisDraftSchema, model: z.string() });

/**
 * Analyses extracted resume text with the configured engine: the upstream model when
 * `LLM_BASE_URL`/`LLM_API_KEY` are set, else the offline analysers. Either way the server
 * finalizes the result (clamped dimensions, overall = Σ dimensions).
 *
 * Integrity (docs/scoring.md, "Integrity"): the resume and the job description are screened
 * first (lines addressed to an AI and the PDF's invisible lines `hidden` are removed, without
 * a trace in the prompt); every engine sees only the screened text. The offline engine runs on
 * every analysis — it is CPU only — so a model's draft can be checked against it
 * (`guardModelDraft`: evidence that does not occur is dropped, rationales citing instructions
 * or echoing the system prompt and scores far above the offline engine's without verbatim
 * evidence are replaced by the offline engine's). The analysis carries `injectionSuspected`
 * and `integrity`.
 *
 * Each model call (or the offline analysis, in offline mode) writes one usage row under the
 * caller's usage scope (`withUsageScope`, lib/finops/scope.ts): the upstream guard meters model
 * calls, `meterOffline` the offline engine; the offline comparison beside a model is not metered.
 * With `cache`, the model's draft comes from the result cache when an identical analysis (screened
 * text, job description, language, prompt version, model, settings) was made before
 * (docs/finops.md, "Cache"); the guard runs on every use; the offline engine is never cached.
 *
 * A draft not in the resume's language is `invalid_output` (`WrongLanguageError`, retried by the
 * pipeline, never cached). On a task's last attempt (`preferFallback`) it is not an error: the
 * analysis is the offline engine's (`engine: "offline"`, metered as the offline engine) with the
 * integrity reason `wrong_language` (docs/scoring.md, "Wrong language").
 * @throws the LLM layer's `LlmError` when the model call fails; zod/Error when the draft is unusable.
 */
export async function analyzeResume(input: {
  text: string;
  jobDescription: string | null;
  language: "en" | "zh";
  /** `ExtractOutcome.hidden`: lines the PDF draws invisibly, removed before analysis; a Word file's hidden runs, already out of `text`, recorded. */
  hidden?: readonly string[];
  signal?: AbortSignal;
  priority?: "interactive" | "batch";
  preferFallback?: boolean;
  /** Reference date for "Present" in the offline engine (tests); defaults to now. */
  now?: Date;
}): Promise<{ analysis: Analysis; promptVersion: string | null }> {
  const config = getLlmConfig();
  const screened = screenResumeInput({ text: input.text, jobDescription: input.jobDescription, hidden: input.hidden });
  const hasJobDescription = Boolean(screened.jobDescription?.trim());
  const offlineInput = { text: screened.text, jobDescription: screened.jobDescription, language: input.language, now: input.now };
  const finalize = (checked: CheckedDraft, engine: string) =>
    finalizeAnalysis(checked.draft, {
      engine,
      language: input.language,
      hasJobDescription,
      integrity: checked.integrity,
      injectionSuspected: checked.injectionSuspected,
    });
  /** The offline engine's analysis, metered as the offline engine; `wrongLanguage` when it stands in for a model. */
  const offlineAnalysis = async (wrongLanguage: boolean) => {
    const offline = await meterOffline(() => analyzeOfflineWithSignals(offlineInput));
    const checked = offlineIntegrity({ screened, offline, language: input.language });
    return { analysis: finalize(wrongLanguage ? withWrongLanguage(checked, input.language) : checked, "offline"), promptVersion: null };
  };
  if (config.mode === "offline") return offlineAnalysis(false);
  const produce = () =>
    analyzeWithLlm({
      text: screened.text,
      jobDescription: screened.jobDescription,
      language: input.language,
      abortSignal: input.signal,
      priority: input.priority,
      preferFallback: input.preferFallback,
    }).then((r) => ({ draft: r.draft, model: r.model }));
  const asked = requestedModel(config, input.preferFallback);
  const result = await cachedResult(
    {
      provider: asked.provider,
      model: asked.model,
      promptVersion: RESUME_ANALYSIS_PROMPT_VERSION,
      language: input.language,
      input: {
        text: screened.text,
        jobDescription: screened.jobDescription,
        temperature: RESUME_ANALYSIS_TEMPERATURE,
        output: config.structuredOutput,
      },
      schema: cachedDraftSchema,
    },
    produce,
  ).catch((e: unknown) => {
    // The last attempt: no further one will come to get the language right.
    if (e instanceof WrongLanguageError && input.preferFallback) return null;
    throw e;
  });
  if (result === null) return offlineAnalysis(true);
  const offline = analyzeOfflineWithSignals(offlineInput);
  const checked = guardModelDraft({ draft: result.draft, screened, offline, language: input.language });
  return { analysis: finalize(checked, result.model), promptVersion: RESUME_ANALYSIS_PROMPT_VERSION };
}

/** The offline analysis that stands in for a model's wrong-language answer: its integrity gains `wrong_language` first. */
function withWrongLanguage(checked: CheckedDraft, language: "en" | "zh"): CheckedDraft {
  const reason = { code: "wrong_language" as const, message: reasonMessage(language, "wrong_language") };
  // A model fault, not the resume's: the flag (`injectionSuspected`) stays what the input's own checks found.
  return { ...checked, integrity: { ...checked.integrity, reasons: [reason, ...checked.integrity.reasons] } };
}

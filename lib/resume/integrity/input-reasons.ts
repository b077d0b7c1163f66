import type { IntegrityReason } from "../analysis-schema";
import { reasonMessage } from "./messages";
import type { ScreenedInput } from "./screen";

/**
 * The integrity reasons of the screen itself: one per kind of removal (instructions in the
 * resume, hidden PDF text, instructions in the job description), each with its first finding
 * as the excerpt. Any of them makes the analysis `injectionSuspected`.
 */
export function inputReasons(s: ScreenedInput, lang: "en" | "zh"): IntegrityReason[] {
  const out: IntegrityReason[] = [];
  const hidden = s.resumeFindings.filter((f) => f.kind === "hidden_text");
  const addressed = s.resumeFindings.filter((f) => f.kind !== "hidden_text");
  if (addressed.length > 0) {
    out.push({ code: "injection_in_resume", message: reasonMessage(lang, "injection_in_resume", { n: addressed.length }), excerpt: addressed[0]!.excerpt });
  }
  if (hidden.length > 0) {
    out.push({ code: "hidden_text", message: reasonMessage(lang, "hidden_text", { n: hidden.length }), excerpt: hidden[0]!.excerpt });
  }
  if (s.jobDescriptionFindings.length > 0) {
    out.push({
      code: "injection_in_job_description",
      message: reasonMessage(lang, "injection_in_job_description", { n: s.jobDescriptionFindings.length }),
      excerpt: s.jobDescriptionFindings[0]!.excerpt,
    });
  }
  return out;
}

import type { OnlineLlmConfig } from "@/lib/ai/config";
import { generateStructured } from "@/lib/ai/structured";
import { buildJobSkillsPrompt, JOB_SKILLS_SYSTEM_PROMPT, JOB_SKILLS_TEMPERATURE, type JobSkillsOutput, jobSkillsOutputSchema } from "./job-skills";

/**
 * Asks the configured model for a job's required and preferred skills (one structured call,
 * metered by the upstream guard under the caller's usage scope). The lists come back as the
 * model wrote them; the caller grounds them in the description (lib/jobs/skills.ts).
 * @returns the lists and the id of the model that served.
 * @throws {LlmError} upstream failures; `invalid_output` (retryable) when the answer does not fit the schema.
 */
export async function refineSkillsWithLlm(
  config: OnlineLlmConfig,
  input: {
    description: string;
    requiredSkills: string[];
    preferredSkills: string[];
    abortSignal?: AbortSignal;
    priority?: "interactive" | "batch";
    preferFallback?: boolean;
  },
): Promise<{ output: JobSkillsOutput; model: string }> {
  const { prompt } = buildJobSkillsPrompt(input);
  const call = await generateStructured({
    config,
    schema: jobSkillsOutputSchema,
    system: JOB_SKILLS_SYSTEM_PROMPT,
    prompt,
    name: "job_skills",
    maxOutputTokens: 2_000,
    temperature: JOB_SKILLS_TEMPERATURE,
    abortSignal: input.abortSignal,
    priority: input.priority,
    preferFallback: input.preferFallback,
  });
  return { output: call.object, model: call.model };
}

import { getLlmConfig } from "@/lib/ai/config";
import { toLlmError } from "@/lib/ai/errors";
import { generateStructured } from "@/lib/ai/structured";
import type { Logger } from "@/lib/log";
import { KB_REWRITE_MAX_OUTPUT_TOKENS, KB_REWRITE_SYSTEM_PROMPT, kbRewritePrompt, kbRewriteSchema } from "../llm/kb-rewrite";
import { standaloneOffline } from "./offline-rewrite";

/** Earlier questions the rewrite reads: a follow-up leans on the last few, not on the whole conversation. */
export const REWRITE_HISTORY_QUESTIONS = 4;

/** The standalone query and who wrote it: `none` (a first question), `offline`, or the model's id. */
export type StandaloneQuery = { query: string; rewrittenBy: string };

/**
 * The newest question as a standalone retrieval query. A first question is used as it is. With a
 * model configured, a small structured call (lib/ai `generateStructured`: breaker, governor,
 * meter under the caller's usage scope) rewrites it from the last
 * {@link REWRITE_HISTORY_QUESTIONS} questions; offline — or when that call fails or is refused —
 * the deterministic rewrite (offline-rewrite.ts) serves, so a rewrite never fails a chat.
 * @param questions the user's questions, oldest first (at least one).
 * @throws Error when `questions` is empty.
 */
export async function standaloneQuery(deps: { log: Logger }, questions: readonly string[]): Promise<StandaloneQuery> {
  const newest = questions.at(-1);
  if (newest === undefined) throw new Error("standaloneQuery needs at least one question");
  if (questions.length === 1) return { query: newest.trim(), rewrittenBy: "none" };
  const recent = questions.slice(-(REWRITE_HISTORY_QUESTIONS + 1));
  const config = getLlmConfig();
  if (config.mode !== "offline") {
    try {
      const r = await generateStructured({
        schema: kbRewriteSchema,
        system: KB_REWRITE_SYSTEM_PROMPT,
        prompt: kbRewritePrompt(recent.slice(0, -1), newest),
        maxOutputTokens: KB_REWRITE_MAX_OUTPUT_TOKENS,
        temperature: 0,
        name: "standalone_question",
        priority: "interactive",
      });
      const query = r.object.standalone.trim();
      if (query) return { query, rewrittenBy: r.model };
    } catch (err) {
      const e = toLlmError(err);
      deps.log.warn({ err: e.message, code: e.code }, "knowledge chat: the follow-up rewrite failed; the offline rewrite serves");
    }
  }
  return { query: standaloneOffline(recent), rewrittenBy: "offline" };
}

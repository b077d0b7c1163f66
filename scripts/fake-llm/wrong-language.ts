/**
 * The fake server's wrong-language personas (docs/testing.md, "Fake LLM server" → "Wrong-language
 * persona"): a model that writes its prose in the other language than the one the prompt asks for
 * — English for a Chinese resume, Chinese for an English one — as real models do now and then.
 *
 * - `wrong-language`: every answer in the other language;
 * - `wrong-language-once`: the first answer to a given prompt (its messages, whatever the model
 *   asked) in the other language, every later one in the right language — so a retry succeeds.
 *
 * Evidence-like fields still quote the prompt's data (schema-instance.ts), as a real model's would.
 */

import { hashString } from "@/lib/text/random";

export type WrongLanguageMode = "always" | "once";

/** Reads one persona name (`x-fake-persona`'s value, lower case): its wrong-language mode, or null. */
export function wrongLanguageMode(persona: string): WrongLanguageMode | null {
  if (persona === "wrong-language") return "always";
  if (persona === "wrong-language-once") return "once";
  return null;
}

/**
 * Which language to answer in, given the one the prompt asks for.
 * @param seen the keys of prompts already answered wrongly in `once` mode (updated here).
 * @param promptKey the prompt's messages, as JSON.
 */
export function answerLanguage(asked: "en" | "zh", mode: WrongLanguageMode | null, seen: Set<number>, promptKey: string): "en" | "zh" {
  if (mode === null) return asked;
  const other = asked === "zh" ? "en" : "zh";
  if (mode === "always") return other;
  const key = hashString(promptKey);
  if (seen.has(key)) return asked;
  seen.add(key);
  return other;
}

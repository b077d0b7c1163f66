/**
 * Token estimate for a reservation: input estimate + max output. The governor charges it before
 * the call; `settle()` corrects it with the real usage after, so an estimate need only be close
 * and, better, a little high (a low one lets a window overfill until the settle).
 *
 * OpenAI's own limiter counts a request the same way, before it runs: "the maximum of
 * max_tokens and the estimated number of tokens based on the character count of your request"
 * (OpenAI Cookbook, "How to handle rate limits").
 *
 * The counter is pluggable ({@link TokenCounter}). Default: {@link heuristicCounter}, no
 * dependency —
 *   - Latin script, digits, punctuation, spaces: ≈ 4 characters per token (OpenAI, "What are
 *     tokens and how to count them": "1 token ≈ 4 chars in English");
 *   - CJK (Han, Hiragana, Katakana, Hangul): 1 token per character (cl100k/o200k encode most
 *     common CJK characters as one token, rarer ones as two or three);
 *   - any other script (Cyrillic, Greek, Arabic, Devanagari, Thai, emoji…): 1 token per
 *     2 characters — cautious, such text splits into more tokens than English.
 * A real BPE tokenizer (gpt-tokenizer's o200k_base `countTokens`) plugs in through
 * `setTokenCounter()`.
 *
 * Chat framing: +3 tokens per message and +3 priming the reply, from the OpenAI Cookbook
 * "How to count tokens with tiktoken" (tokens_per_message = 3, reply primed with
 * <|start|>assistant<|message|>).
 */

export interface TokenCounter {
  /** For logs: which counter produced the estimate. */
  readonly name: string;
  /** Tokens in `text` (≥ 0, integer). */
  count(text: string): number;
}

const CJK_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LATIN_LIKE = /[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;

/** Which rate a character is counted at. */
function bucket(ch: string): "latin" | "cjk" | "other" {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x80) return "latin";
  // CJK scripts, CJK symbols and punctuation (、。「」), full-width forms (，！？)
  if (CJK_SCRIPT.test(ch) || (cp >= 0x3000 && cp <= 0x303f) || (cp >= 0xff00 && cp <= 0xffef)) return "cjk";
  // Accented Latin, Latin-1 symbols, combining marks
  if (cp < 0x2000 && LATIN_LIKE.test(ch)) return "latin";
  return "other";
}

export const heuristicCounter: TokenCounter = {
  name: "heuristic",
  count(text: string): number {
    const n = { latin: 0, cjk: 0, other: 0 };
    for (const ch of text) n[bucket(ch)]++;
    return Math.ceil(n.latin / 4) + n.cjk + Math.ceil(n.other / 2);
  },
};

let current: TokenCounter = heuristicCounter;

/** Installs a real tokenizer for the whole process (e.g. at start-up). */
export function setTokenCounter(counter: TokenCounter): void {
  current = counter;
}

export function getTokenCounter(): TokenCounter {
  return current;
}

/**
 * Max output charged when the call sets none. The provider then may write up to the model's
 * limit; 4 096 is a common default cap (and settle refunds what was not used).
 */
export const DEFAULT_MAX_OUTPUT_TOKENS = 4_096;
/** Per chat message framing; and the reply's priming (OpenAI Cookbook). */
const TOKENS_PER_MESSAGE = 3;
const TOKENS_REPLY_PRIMING = 3;

type Part = { type: string; text?: string };
interface ChatMessageLike {
  role: string;
  content: string | readonly Part[];
}

interface EstimateInput {
  system?: string;
  /** A single user prompt (generateText/generateObject `prompt`). */
  prompt?: string;
  /** Or a chat history (streamText `messages`): only text parts are counted. */
  messages?: readonly ChatMessageLike[];
  /**
   * Other text the request carries and upstream counts against TPM: a response JSON schema,
   * tool definitions. Counted as-is, without message framing.
   */
  extra?: readonly string[];
  /** The call's `maxOutputTokens`; default {@link DEFAULT_MAX_OUTPUT_TOKENS}. */
  maxOutputTokens?: number;
  /** Default: the process counter (`setTokenCounter`). */
  counter?: TokenCounter;
}

/** Input tokens only: system + prompt/messages with chat framing. */
export function estimateInputTokens(input: Omit<EstimateInput, "maxOutputTokens">): number {
  const counter = input.counter ?? current;
  let tokens = TOKENS_REPLY_PRIMING;
  const add = (text: string) => {
    tokens += TOKENS_PER_MESSAGE + counter.count(text);
  };
  if (input.system) add(input.system);
  if (input.prompt !== undefined) add(input.prompt);
  for (const m of input.messages ?? []) {
    add(typeof m.content === "string" ? m.content : m.content.map((p) => (typeof p.text === "string" ? p.text : "")).join(""));
  }
  for (const text of input.extra ?? []) tokens += counter.count(text);
  return tokens;
}

/** What a reservation charges: input estimate + max output (tokens, integer). */
export function estimateTokens(input: EstimateInput): number {
  const out = input.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
  if (!Number.isFinite(out) || out < 0) throw new TypeError(`maxOutputTokens must be a finite number ≥ 0 (got ${out})`);
  return estimateInputTokens(input) + Math.ceil(out);
}

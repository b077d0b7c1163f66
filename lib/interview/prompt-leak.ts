/**
 * Whether a model's output quotes its system prompt: the prompts are cut into overlapping
 * windows of {@link LEAK_WINDOW} characters (each starting at a word, after folding case and
 * whitespace), and the output leaks when any window of it starting at a word is one of them. A
 * copied sentence, or the first lines pasted whole, is found; a shared short phrase ("the
 * candidate's answer") is not. This is w-shingling (Broder 1997, "On the resemblance and
 * containment of documents") with a containment threshold of one shingle.
 */

/** Characters per window: longer than any stock phrase, shorter than a sentence. */
export const LEAK_WINDOW = 48;

function fold(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ");
}

/** Windows of `text` starting at each word (each CJK character counts as a word start). */
function windows(text: string): string[] {
  const t = fold(text);
  const out: string[] = [];
  for (let i = 0; i + LEAK_WINDOW <= t.length; i++) {
    const startsWord = i === 0 || t[i - 1] === " " || /[\u3400-\u9fff]/.test(t[i]!);
    if (startsWord && t[i] !== " ") out.push(t.slice(i, i + LEAK_WINDOW));
  }
  return out;
}

/**
 * A test for outputs against `prompts` (the system prompts a model was given).
 * @returns a function: true when its text quotes one of the prompts.
 */
export function promptQuoteDetector(prompts: readonly string[]): (text: string) => boolean {
  const known = new Set(prompts.flatMap(windows));
  return (text) => windows(text).some((w) => known.has(w));
}

/** A stream of text deltas passed on with its last {@link LEAK_WINDOW} characters held back until they are known not to quote a prompt. */
export interface LeakGuard {
  /** Takes the next delta; passes on what can no longer be part of a quote. Ignored once a quote was found. */
  push(delta: string): void;
  /** Passes on what is held back (call when the stream ended without a quote); nothing after a quote. */
  flush(): void;
  /** A quote of a prompt was found: nothing of it was passed on. */
  readonly leaked: boolean;
  /** What was passed on so far. */
  readonly shown: string;
}

/**
 * Guards a streamed model turn: any window of {@link LEAK_WINDOW} characters is complete — and
 * checked with `quotes` — before its first character is passed to `emit`, so a turn that starts
 * quoting its system prompt is stopped before any of the quote is shown. The cost is that the
 * reader sees the text {@link LEAK_WINDOW} characters late (about a dozen tokens), and the last ones
 * when the stream ends.
 */
export function leakGuard(quotes: (text: string) => boolean, emit: (delta: string) => void): LeakGuard {
  let text = "";
  let shown = 0;
  let leaked = false;
  const passOn = (upTo: number) => {
    let end = upTo;
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end -= 1; // never split a surrogate pair
    if (end > shown) {
      emit(text.slice(shown, end));
      shown = end;
    }
  };
  return {
    push(delta) {
      if (leaked) return;
      text += delta;
      if (quotes(text)) leaked = true;
      else passOn(text.length - LEAK_WINDOW);
    },
    flush() {
      if (!leaked) passOn(text.length);
    },
    get leaked() {
      return leaked;
    },
    get shown() {
      return text.slice(0, shown);
    },
  };
}

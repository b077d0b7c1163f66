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
    if (startsWordAt(t, i, i === 0)) out.push(t.slice(i, i + LEAK_WINDOW));
  }
  return out;
}

/** A word starts at `t[i]`: after a space, or at a CJK character. */
const startsWordAt = (t: string, i: number, atTextStart: boolean) => t[i] !== " " && (atTextStart || t[i - 1] === " " || /[\u3400-\u9fff]/.test(t[i]!));

/**
 * A test of a whole text, and optionally of a text that arrives in deltas: `scan()` starts a
 * fresh scan, a function fed each delta in order that answers whether the text so far fails the
 * test — in time linear in the text, where calling the test on the growing text is quadratic.
 */
export type TextTest = ((text: string) => boolean) & { scan?: () => (delta: string) => boolean };

/**
 * A test for outputs against `prompts` (the system prompts a model was given).
 * @returns a function: true when its text quotes one of the prompts; its `scan()` finds the same
 *   windows delta by delta, folding each delta on its own (NFKC and lower case of a character
 *   are context-free but for composing marks and the Greek final sigma split across two deltas).
 */
export function promptQuoteDetector(prompts: readonly string[]): TextTest & { scan: () => (delta: string) => boolean } {
  const known = new Set(prompts.flatMap(windows));
  const test = (text: string) => windows(text).some((w) => known.has(w));
  const scan = () => {
    // `tail` is the folded text from one character before the first window not yet checked.
    let tail = "";
    let next = 0;
    let atTextStart = true;
    let found = false;
    return (delta: string) => {
      if (found) return true;
      let f = fold(delta);
      if (tail.endsWith(" ") && f.startsWith(" ")) f = f.slice(1); // one run of spaces across two deltas
      tail += f;
      for (; next + LEAK_WINDOW <= tail.length; next++) {
        if (startsWordAt(tail, next, atTextStart && next === 0) && known.has(tail.slice(next, next + LEAK_WINDOW))) {
          found = true;
          return true;
        }
      }
      // Keep the character before `next` for the word-start test.
      if (next > 1) {
        tail = tail.slice(next - 1);
        next = 1;
        atTextStart = false;
      }
      return false;
    };
  };
  return Object.assign(test, { scan });
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
 * when the stream ends. With `quotes.scan` each delta is checked once (linear in the turn);
 * without it, the whole text so far on every delta.
 */
export function leakGuard(quotes: TextTest, emit: (delta: string) => void): LeakGuard {
  const check = quotes.scan?.() ?? ((_delta: string) => quotes(text));
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
      if (check(delta)) leaked = true;
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

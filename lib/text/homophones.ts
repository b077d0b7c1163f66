import { pinyin } from "pinyin-pro";

/**
 * Pinyin-input slips: a Chinese keyboard turns typed syllables into characters, so its typos are
 * homophones of the word meant — 负则 for 负责 (fuze), 参预 for 参与 (canyu), 认真负则 for 认真负责.
 * Tones are not typed, so they are ignored. A written string is a slip of a word when it has the
 * same length, differs from it in at least one character and in at most half of them, and every
 * differing character shares a toneless reading with the character it replaces (pinyin-pro's
 * readings, all of a polyphone's). Real words that are homophones sharing a character with a
 * listed word (实时/实施) would read as it too, which is why callers apply this only to words whose
 * reading can cost, never earn (docs/scoring.md, "Expression").
 */

const readings = new Map<string, ReadonlySet<string>>();

/** Toneless readings of one character (a polyphone has several; a non-Han character none). */
function readingsOf(ch: string): ReadonlySet<string> {
  let r = readings.get(ch);
  if (!r) {
    r = /[\u3400-\u9fff]/.test(ch) ? new Set(pinyin(ch, { toneType: "none", type: "array", multiple: true })) : new Set();
    readings.set(ch, r);
  }
  return r;
}

function soundAlike(a: string, b: string): boolean {
  const rb = readingsOf(b);
  for (const x of readingsOf(a)) if (rb.has(x)) return true;
  return false;
}

/**
 * Whether `written` is a pinyin-input slip of `word` (see the module comment).
 * @param written a string of the text, as long as `word` to match.
 * @param word a listed Chinese word.
 */
export function isHomophoneSlip(written: string, word: string): boolean {
  if (written.length !== word.length || written === word) return false;
  let differing = 0;
  for (let i = 0; i < word.length; i++) {
    if (written[i] === word[i]) continue;
    differing++;
    if (2 * differing > word.length || !soundAlike(written[i], word[i])) return false;
  }
  return true;
}

/**
 * `text` with every pinyin-input slip of one of `words` replaced by that word — the text as its
 * writer meant it, for the checks that a slip must not escape (a weak opener, a cliché). Same
 * length as `text`, so offsets keep their meaning; scanned left to right, a replaced stretch is
 * not scanned again.
 * @param words Chinese words (other entries are ignored).
 */
export function readAsMeant(text: string, words: readonly string[]): string {
  const zh = words.filter((w) => /^[\u3400-\u9fff]{2,}$/.test(w));
  if (zh.length === 0 || !/[\u3400-\u9fff]/.test(text)) return text;
  let out = "";
  for (let i = 0; i < text.length; ) {
    const hit = zh.find((w) => text.startsWith(w, i) || isHomophoneSlip(text.slice(i, i + w.length), w));
    if (hit) {
      out += hit;
      i += hit.length;
    } else {
      out += text[i];
      i++;
    }
  }
  return out;
}

/**
 * Text normalisation for extracted resume text. Pure functions, no I/O.
 *
 * `normalizeText` runs on every extracted text (PDF, DOCX, text). `stripMarkup` runs before it on
 * text files only (Markdown / HTML fragments). Line breaks are always kept: the analysis quotes
 * its evidence by line.
 */

/** Characters that render as nothing (zero-width, bidi embedding/isolate marks, soft hyphen). */
const INVISIBLE = /[\u200B-\u200F\u2060-\u2064\uFEFF\u00AD\u202A-\u202E\u2066-\u2069\u061C\u180E]/g;
/** C0/C1 controls except tab and newline (form feed and CR are turned into newlines first). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it strips
const CONTROLS = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F]/g;
/** Private Use Area: icon fonts (Font Awesome in moderncv / RenderCV) map their glyphs here. */
const PRIVATE_USE = /[\uE000-\uF8FF\u{F0000}-\u{FFFFD}\u{100000}-\u{10FFFD}]/gu;
/**
 * Fullwidth punctuation is kept as is: NFKC would turn `，：（）` into ASCII, which changes
 * how Chinese text reads; so are ™ and ℠ (NFKC: "TM", "SM"). Everything else goes through NFKC (ligatures ﬁ→fi, fullwidth letters
 * and digits → ASCII, Kangxi radicals and CJK compatibility ideographs → unified ideographs,
 * Arabic presentation forms → letters, NBSP/em space/ideographic space → space).
 */
const NFKC_EXCEPT_FULLWIDTH_PUNCT = /[^\uFF01-\uFF0F\uFF1A-\uFF20\uFF3B-\uFF40\uFF5B-\uFF65\u2122\u2120]+/g;

/** CJK characters for the spacing rule: ideographs, kana, bopomofo, CJK and fullwidth punctuation. */
const CJK_CLASS =
  "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Bopomofo}\\u3001-\\u303F\\u30FB\\uFF01-\\uFF0F\\uFF1A-\\uFF20\\uFF3B-\\uFF40\\uFF5B-\\uFF65\\uFE30-\\uFE4F";
const CJK_CHAR = new RegExp(`[${CJK_CLASS}]`, "u");
/** A CJK run, a gap of at most 4 spaces/tabs, and the next CJK run (looked ahead, not consumed). */
const CJK_SHORT_GAP = new RegExp(`([${CJK_CLASS}]+)([ \\t]{1,4})(?=([${CJK_CLASS}]+))`, "gu");
/** Any gap between two CJK characters (used on lines where the extractor spaced every character). */
const CJK_ANY_GAP = new RegExp(`(?<=[${CJK_CLASS}])[ \\t]+(?=[${CJK_CLASS}])`, "gu");
/** Fake bold from LaTeX CJK packages prints each glyph three times: `学学学位位位` → `学位`. */
const CJK_TRIPLED = /(?:(\p{Script=Han})\1\1){2,}/gu;
/** A whole segment of single Latin letters separated by one space: `J A R E D`. */
const LETTER_SPACED = /^\p{Script=Latin}(?: \p{Script=Latin}){2,}$/u;

/**
 * Normalises extracted text:
 * 1. line endings (CRLF, CR, form feed, U+2028/2029) → `\n`;
 * 2. removes zero-width and bidi marks, soft hyphens, control characters, U+FFFD; Private Use
 *    Area glyphs (icon fonts) become a space;
 * 3. NFKC except fullwidth punctuation (see above);
 * 4. hyphens U+2010/U+2011 → `-` (Word-for-Mac exports `-` + soft hyphen + U+2010 for one `-`);
 * 5. collapses CJK fake-bold triples (`学学学位位位` → `学位`);
 * 6. per line: re-joins letter-spaced Latin words where the word gaps are wider than the letter
 *    gaps (`J A R E D  R I C H A R D S` → `JARED RICHARDS`; uniformly spaced letters are left as
 *    they are, since the word boundaries cannot be recovered); removes spaces between CJK
 *    characters: every gap on a line where most CJK characters stand alone (`张 三 负 责` →
 *    `张三负责`); elsewhere a gap of up to 4 spaces/tabs next to a single CJK character (the
 *    alignment padding of `年  龄`, `性\t别`), while a gap between two longer runs (`导师 导师`,
 *    a label and its value) or a gap of 5+ (a column separator) stays as one space; collapses
 *    runs of spaces/tabs to one space; trims;
 * 7. keeps line breaks, collapsing runs of blank lines to one blank line.
 */
export function normalizeText(input: string): string {
  let s = input.replace(/\r\n?|[\f\v\u2028\u2029\u0085]/g, "\n");
  s = s
    .replace(INVISIBLE, "")
    .replace(CONTROLS, "")
    .replace(/\uFFFD/g, "")
    .replace(PRIVATE_USE, " ");
  s = s.replace(NFKC_EXCEPT_FULLWIDTH_PUNCT, (part) => part.normalize("NFKC"));
  s = s.replace(/-?[\u2010\u2011]/g, "-");
  s = s.replace(CJK_TRIPLED, (run) =>
    Array.from(run)
      .filter((_, i) => i % 3 === 0)
      .join(""),
  );
  const lines = s.split("\n").map(normalizeLine);
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function normalizeLine(line: string): string {
  let l = line.replace(/[^\S\n\t]/g, " "); // any other Unicode space → space
  l = joinLetterSpaced(l);
  l = isSpacedCjkLine(l)
    ? l.replace(CJK_ANY_GAP, "")
    : l.replace(CJK_SHORT_GAP, (whole, left: string, _gap: string, right: string) =>
        Array.from(left).length === 1 || Array.from(right).length === 1 ? left : whole,
      );
  return l.replace(/[ \t]+/g, " ").trim();
}

/** Joins segments made only of single letters; segments are separated by 2+ spaces or a tab. */
function joinLetterSpaced(line: string): string {
  if (!/\p{L} \p{L} \p{L}/u.test(line)) return line;
  return line
    .split(/( {2,}|\t+)/)
    .map((seg) => {
      const t = seg.trim();
      return LETTER_SPACED.test(t) ? seg.replace(t, t.replace(/ /g, "")) : seg;
    })
    .join("");
}

/** At least 4 CJK characters on the line and ≥ 60 % of them stand alone between spaces. */
function isSpacedCjkLine(line: string): boolean {
  const chars = Array.from(line);
  let cjk = 0;
  let alone = 0;
  for (let i = 0; i < chars.length; i++) {
    if (!CJK_CHAR.test(chars[i])) continue;
    cjk++;
    const before = i === 0 || /\s/.test(chars[i - 1]);
    const after = i === chars.length - 1 || /\s/.test(chars[i + 1]);
    if (before && after) alone++;
  }
  return cjk >= 4 && alone / cjk >= 0.6;
}

// ── Markup (text files) ────────────────────────────────────────────────────────────────

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00A0",
  ensp: "\u2002",
  emsp: "\u2003",
  thinsp: "\u2009",
  emsp13: "\u2004",
  emsp14: "\u2005",
  numsp: "\u2007",
  puncsp: "\u2008",
  hairsp: "\u200A",
  zwnj: "\u200C",
  zwj: "\u200D",
  shy: "\u00AD",
  middot: "·",
  bull: "•",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  copy: "©",
  reg: "®",
  trade: "™",
  laquo: "«",
  raquo: "»",
  ldquo: "“",
  rdquo: "”",
  lsquo: "‘",
  rsquo: "’",
  times: "×",
  divide: "÷",
  deg: "°",
  plusmn: "±",
  sect: "§",
  para: "¶",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  rarr: "→",
  larr: "←",
  harr: "↔",
  uarr: "↑",
  darr: "↓",
  check: "✓",
  star: "☆",
  starf: "★",
};

/** Decodes HTML character references (named ones from a resume-relevant list, and numeric). One pass. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/g, (whole, ref: string) => {
    if (ref.startsWith("#")) {
      const cp = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : whole;
    }
    return NAMED_ENTITIES[ref] ?? NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAGS =
  "address|article|aside|blockquote|br|center|dd|details|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul";
const INLINE_TAGS = "a|abbr|b|big|cite|code|del|em|font|i|img|ins|kbd|mark|s|small|span|strike|strong|sub|sup|u";
const BLOCK_TAG = new RegExp(`<\\/?(?:${BLOCK_TAGS})\\b[^<>]*>`, "gi");
const INLINE_TAG = new RegExp(`<\\/?(?:${INLINE_TAGS})\\b[^<>]*>`, "gi");

/**
 * Turns Markdown (and HTML fragments inside it) into plain lines: drops comments, `<style>` and
 * `<script>`; known block tags become line breaks and inline tags vanish (so `<john@x.com>` or
 * `C++ <3` survive); entities are decoded (`&emsp;` `&ensp;` `&nbsp;` `&amp;` …); ATX/setext
 * headings lose their markers, code fences and rules are dropped, emphasis and inline-code marks
 * are removed, `[text](url)` becomes `text (url)` (or the URL when the text is the URL), images
 * become their alt text, `*`/`+` bullets become `- `, table pipes and separator rows go.
 */
export function stripMarkup(input: string): string {
  let s = input.replace(/\r\n?/g, "\n");
  s = s.replace(/<!--[\s\S]*?-->/g, "");
  s = s.replace(/<(style|script)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "");
  s = s.replace(BLOCK_TAG, "\n").replace(INLINE_TAG, "");
  s = decodeEntities(s);
  const out: string[] = [];
  for (const raw of s.split("\n")) {
    let l = raw;
    if (/^\s*(```|~~~)/.test(l)) continue; // code fence line
    if (/^\s*(=+|-+)\s*$/.test(l) && l.trim().length >= 2) continue; // setext underline / rule
    if (/^\s*([*_])(\s*\1){2,}\s*$/.test(l)) continue; // *** or ___ rule
    if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(l)) continue; // table separator row
    l = l.replace(/^\s{0,3}#{1,6}\s+(.*?)(\s+#+)?\s*$/, "$1"); // ATX heading
    l = l.replace(/^\s*(>\s?)+/, ""); // blockquote
    l = l.replace(/^\s*:\s+/, ""); // pandoc definition
    l = l.replace(/^(\s*)[*+]\s+/, "$1- "); // bullets
    if (/^\s*\|.*\|\s*$/.test(l))
      l = l
        .trim()
        .slice(1, -1)
        .split("|")
        .map((c) => c.trim())
        .join(" | ");
    l = l.replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1"); // images
    l = l.replace(/\[([^\]]+)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, (_m, text: string, url: string) => {
      const t = text.trim();
      return /^(https?:\/\/|www\.)/i.test(t) || t === url ? t : `${t} (${url})`;
    });
    l = l.replace(/<((?:https?|mailto):[^>\s]+)>/gi, "$1").replace(/<([^<>@\s]+@[^<>\s]+\.[a-z]{2,})>/gi, "$1");
    l = l.replace(/`{1,3}\s*([^`]*?)\s*`{1,3}/g, "$1"); // inline code
    l = l.replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, "$2"); // strong
    l = l.replace(/(^|[^\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])/g, "$1$2"); // *em*
    l = l.replace(/(^|[^\w])_(?=\S)([^_\n]+?)(?<=\S)_(?!\w)/g, "$1$2"); // _em_
    l = l.replace(/\\$/, ""); // pandoc hard line break
    l = l.replace(/\\([\\`*_{}[\]()#+\-.!|])/g, "$1"); // markdown escapes
    out.push(l);
  }
  return out.join("\n");
}

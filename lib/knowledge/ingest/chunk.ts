/**
 * Document text → chunks for embedding (docs/knowledge.md, "Chunking"). Token-based with overlap,
 * sentence-aligned, heading-aware:
 *
 * 1. Lines are read page by page (a PDF's pages; one "page" for other formats). A heading line —
 *    Markdown `#`…`######`, a numbered heading (`2.1 Annual leave`), a Chinese one (`第一章 总则`,
 *    `第三条`, `一、`, `（二）`) — updates the heading path (`Benefits › Leave`) and is not body text.
 * 2. Paragraphs are split into sentences: Chinese after `。！？；` (with any closing quote or
 *    bracket), other text after `.`, `!`, `?` followed by a space; a list item or line of its own
 *    is a sentence too. A sentence is never cut unless it alone exceeds {@link CHUNK_TOKENS}; then
 *    it is cut at clause marks (`，、：,;:`) or spaces, and a piece still too long by characters.
 * 3. Sentences are packed greedily into chunks of at most {@link CHUNK_TOKENS}; a new heading
 *    starts a new chunk, so a chunk sits under one heading, which it carries as `heading`. A chunk
 *    closed for size hands its last whole sentences, up to {@link OVERLAP_TOKENS}, to the next one,
 *    so a fact that straddles the cut is whole in at least one chunk.
 *
 * Tokens are counted with o200k_base (gpt-tokenizer), the encoding the upstream guard already
 * loads; OpenAI's embedding models use cl100k_base, whose counts for the same text differ by a few
 * per cent — the sizes are budgets, not limits of a model (8,191 tokens for text-embedding-3).
 */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

/**
 * 400 tokens a chunk: small enough that a retrieved passage is about one thing and five of them
 * fit a chat prompt with room to spare (≈ 2,000 tokens of context), large enough to hold a policy
 * clause with its conditions. Within the 256–512 range that retrieval studies and the LangChain /
 * LlamaIndex defaults (≈ 512 with 10–20 % overlap) settle on.
 */
export const CHUNK_TOKENS = 400;
/** 60 tokens (15 % of a chunk, about two English sentences or one Chinese one) carried into the next chunk. */
export const OVERLAP_TOKENS = 60;
/** A heading line is at most this many characters; a longer "1. …" line is a numbered paragraph. */
const MAX_HEADING_CHARS = 80;
/** Separator of a heading path, as the vector store's interface shows it (`Benefits › Leave`). */
export const HEADING_SEPARATOR = " › ";

export interface Chunk {
  ordinal: number;
  heading: string | null;
  content: string;
  tokenCount: number;
  /** 1-based page the chunk starts on; null when the document has no pages. */
  page: number | null;
}

const HAN_NUM = "[一二三四五六七八九十百千零〇两\\d]+";
const CHINESE_HEADINGS: { re: RegExp; level: number }[] = [
  { re: new RegExp(`^第${HAN_NUM}[章篇部]`), level: 1 },
  { re: new RegExp(`^第${HAN_NUM}节`), level: 2 },
  { re: new RegExp(`^第${HAN_NUM}条`), level: 3 },
  { re: /^[一二三四五六七八九十]+[、．.]\s*\S/, level: 2 },
  { re: /^[（(][一二三四五六七八九十]+[）)]\s*\S/, level: 3 },
];

/**
 * The heading a line is, with its level (1 = top), or null. Markdown `#`s count their level; a
 * numbered heading (`3`, `3.2`, `3.2.1` then a title that does not end like a sentence) its depth;
 * `1. …` / `1) …` is a list item, not a heading. `opts.markdown: false` (a PDF's text, where `#` is
 * a glyph, not markup) turns the `#` form off; a line with an e-mail address or a URL is never one.
 */
export function headingOf(line: string, opts: { markdown?: boolean } = {}): { text: string; level: number } | null {
  const t = line.trim();
  // An address or a link is contact data, never a heading (a PDF's icon glyph can read as "# me@x.org").
  if (/@\S|:\/\//.test(t)) return null;
  const md = opts.markdown === false ? null : /^(#{1,6})\s+(.+?)\s*#*$/.exec(t);
  if (md) return { text: md[2]!.trim(), level: md[1]!.length };
  if (t.length === 0 || t.length > MAX_HEADING_CHARS) return null;
  // Chinese headings may end with a full stop only when they are a clause heading (第三条 …。 is body text).
  for (const h of CHINESE_HEADINGS) {
    if (h.re.test(t) && !/[。；！？：，]$/.test(t) && (h.level < 3 || t.length <= 30)) return { text: t, level: h.level };
  }
  // "1. …" and "1) …" are list items; a numbered heading is "3 Leave", "3.2 Leave" or "3.2. Leave".
  if (/^\d{1,3}[.)、]\s/u.test(t)) return null;
  const num = /^(\d{1,2}(?:\.\d{1,2}){0,3})\.?\s+(\p{Lu}|\p{Script=Han})/u.exec(t);
  if (num && !/[.!?。；;:：,，]$/.test(t) && t.split(/\s+/).length <= 10) return { text: t, level: num[1]!.split(".").length };
  return null;
}

/** Sentence ends: Chinese marks (with closing quotes/brackets) anywhere; `.!?` before whitespace. */
const SENTENCE_END = /([。！？；!?][”’」』）)]*)|([.!?][”’"')\]]*)(?=\s)/gu;

/** Splits one paragraph into sentences (trimmed, non-empty), keeping each sentence's end mark. */
export function splitSentences(paragraph: string): string[] {
  const out: string[] = [];
  let last = 0;
  for (const m of paragraph.matchAll(SENTENCE_END)) {
    const end = m.index + m[0].length;
    const s = paragraph.slice(last, end).trim();
    if (s) out.push(s);
    last = end;
  }
  const rest = paragraph.slice(last).trim();
  if (rest) out.push(rest);
  return out;
}

/** A sentence over {@link CHUNK_TOKENS} cut at clause marks or spaces, then by characters, into pieces that fit. */
function cutLong(sentence: string): string[] {
  const pieces = sentence.split(/(?<=[，、：,;:])|(?<=\s)/u);
  const out: string[] = [];
  let cur = "";
  const flush = () => {
    if (cur.trim()) out.push(cur.trim());
    cur = "";
  };
  for (const p of pieces) {
    if (countTokens(cur + p) <= CHUNK_TOKENS) {
      cur += p;
      continue;
    }
    flush();
    if (countTokens(p) <= CHUNK_TOKENS) {
      cur = p;
      continue;
    }
    // No clause mark or space to cut at (a run of Chinese without punctuation, a long URL): by characters.
    const chars = Array.from(p);
    let start = 0;
    while (start < chars.length) {
      let n = Math.max(1, Math.floor((chars.length - start) * (CHUNK_TOKENS / countTokens(chars.slice(start).join("")))));
      while (n > 1 && countTokens(chars.slice(start, start + n).join("")) > CHUNK_TOKENS) n = Math.floor(n * 0.9);
      out.push(chars.slice(start, start + n).join(""));
      start += n;
    }
  }
  flush();
  return out;
}

type Unit = { text: string; tokens: number; page: number | null; heading: string | null };

/**
 * The document's sentences with their heading path and page. Lines within a paragraph are joined
 * (with a space, or nothing between Chinese characters) unless a line looks like a list item or
 * stands alone — a line that ends a sentence, or is short — then it is a sentence boundary too.
 */
function units(pages: { text: string; page: number | null }[], markdown: boolean): Unit[] {
  const out: Unit[] = [];
  const path: { text: string; level: number }[] = [];
  const heading = () => (path.length ? path.map((h) => h.text).join(HEADING_SEPARATOR) : null);
  for (const { text, page } of pages) {
    let para: string[] = [];
    const endParagraph = () => {
      const joined = para.reduce(
        (acc, line) => (acc === "" ? line : /\p{Script=Han}$/u.test(acc) && /^\p{Script=Han}/u.test(line) ? acc + line : `${acc} ${line}`),
        "",
      );
      para = [];
      for (const s of splitSentences(joined)) {
        const tokens = countTokens(s);
        if (tokens <= CHUNK_TOKENS) out.push({ text: s, tokens, page, heading: heading() });
        else for (const piece of cutLong(s)) out.push({ text: piece, tokens: countTokens(piece), page, heading: heading() });
      }
    };
    for (const raw of text.split("\n")) {
      const line = raw.trim();
      if (!line) {
        endParagraph();
        continue;
      }
      const h = headingOf(line, { markdown });
      if (h) {
        endParagraph();
        while (path.length && path[path.length - 1]!.level >= h.level) path.pop();
        path.push(h);
        continue;
      }
      // A list item starts its own sentence; so does the line after one that ended a sentence.
      if (/^([-*•·]|\d{1,3}[.)、]|[a-z][.)])\s/u.test(line)) endParagraph();
      para.push(line);
      if (/[。！？；.!?:：]$/u.test(line)) endParagraph();
    }
    endParagraph();
  }
  return out;
}

/**
 * Chunks a document's text (see the module comment).
 * @param input.text the normalised text (used when `pages` is null);
 * @param input.pages a PDF's page texts (page n = `pages[n - 1]`), so chunks know their page; with
 *   pages, Markdown `#` headings are not read (a PDF is not markup).
 * @returns chunks in reading order, `ordinal` from 0; empty when the text has no sentences.
 */
export function chunkDocument(input: { text: string; pages: string[] | null }): Chunk[] {
  // A PDF's text (it has pages) is not markup: a `#` there is a glyph (an icon font's), not a heading.
  const all = units(input.pages ? input.pages.map((text, i) => ({ text, page: i + 1 })) : [{ text: input.text, page: null }], input.pages === null);
  const chunks: Chunk[] = [];
  let cur: Unit[] = [];
  let tokens = 0;
  const close = (forSize: boolean) => {
    if (cur.length === 0) return;
    const content = joinUnits(cur);
    chunks.push({ ordinal: chunks.length, heading: cur[0]!.heading, content, tokenCount: countTokens(content), page: cur[0]!.page });
    if (!forSize) {
      cur = [];
      tokens = 0;
      return;
    }
    // The overlap: whole trailing sentences up to OVERLAP_TOKENS, never a cut one.
    const carry: Unit[] = [];
    let carried = 0;
    for (let i = cur.length - 1; i > 0; i--) {
      if (carried + cur[i]!.tokens > OVERLAP_TOKENS) break;
      carry.unshift(cur[i]!);
      carried += cur[i]!.tokens;
    }
    cur = carry;
    tokens = carried;
  };
  for (const u of all) {
    if (cur.length && u.heading !== cur[0]!.heading) close(false);
    // +1: the space that joins two sentences.
    if (cur.length && tokens + u.tokens + 1 > CHUNK_TOKENS) close(true);
    // An overlap that would leave no room for the sentence is dropped.
    if (cur.length && tokens + u.tokens + 1 > CHUNK_TOKENS) {
      cur = [];
      tokens = 0;
    }
    cur.push(u);
    tokens += u.tokens + (cur.length > 1 ? 1 : 0);
  }
  close(false);
  return chunks;
}

/** Sentences joined by a space, or by nothing between Chinese text. */
function joinUnits(us: Unit[]): string {
  return us.reduce(
    (acc, u) =>
      acc === "" ? u.text : /[\p{Script=Han}。！？；，、）」』]$/u.test(acc) && /^\p{Script=Han}|^[（「『]/u.test(u.text) ? acc + u.text : `${acc} ${u.text}`,
    "",
  );
}

import { CJK } from "@/lib/text/units";
import { jsonToText } from "./json-text";
import { isHeadingText } from "./sections";
import type { Line, PreparedDoc } from "./types";

/**
 * Text preparation: raw resume text (plain, Markdown, HTML-ish Markdown or JSON) → a list
 * of normalised, non-empty {@link Line}s. Nothing is scored here.
 */

/** One whitespace character between two Chinese characters: a PDF extraction artefact. Wider gaps are columns. */
const CJK_GAP = new RegExp(`(?<=[${CJK}，。、；：（）])[ \\t\\u3000\\u2002\\u2003](?=[${CJK}，。、；：（）])`, "g");

/** Bullet markers at the start of a line: glyphs, `1.` / `1)` / `1、`, `一、`, moderncv's `{`. */
const BULLET = /^(?:[-*+•·‧∙▪◦●○■□➢►▶→✓✔⁃]|\d{1,2}[.)、](?=\s|[\u3400-\u9fff])|[一二三四五六七八九十]{1,3}[、.]|\{)\s*/;

const ENTITIES: Record<string, string> = {
  nbsp: " ",
  ensp: " ",
  emsp: " ",
  thinsp: " ",
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  mdash: "-",
  ndash: "-",
  middot: "·",
  bull: "•",
};

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(parseInt(d, 10)))
    .replace(/&([a-z]+);/gi, (m, n: string) => ENTITIES[n.toLowerCase()] ?? m);
}

/** Inline normalisation shared by resumes and job descriptions. */
export function normalizeInline(s: string): string {
  let t = decodeEntities(s);
  t = t
    .replace(/<((?:https?:\/\/|mailto:)[^>\s]+|[^>\s@]+@[^>\s]+)>/g, "$1") // autolinks <a@b.c>
    .replace(/<[^>]{1,200}>/g, " ") // HTML tags (<center>, <br>)
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ") // images
    .replace(/\[([^\]]+)\]\s?\(([^)]+)\)/g, "$1 ($2)") // links → "text (url)"
    .replace(/`{1,3}/g, " ")
    .replace(/\*\*|__/g, "")
    .replace(/(^|\s)[*_]([^*_\s][^*_]*?)[*_](?=\s|$|[.,;:])/g, "$1$2")
    .replace(/\u00ad/g, "") // soft hyphen
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, "-")
    .replace(/(?<=[A-Za-z])-{2,}(?=[A-Za-z0-9])/g, "-")
    .replace(/[\u200b-\u200f\u202a-\u202e\ufeff]/g, "")
    .replace(CJK_GAP, "")
    .replace(/[\t\u00a0\u2000-\u200a\u3000]+/g, " ")
    .replace(/ {2,}/g, " ");
  // letter-spaced words from PDF headers ("R I C H A R D S" → "RICHARDS"): 4+ single letters
  t = t.replace(/(?<![A-Za-z])(?:[A-Za-z] ){3,}[A-Za-z](?![A-Za-z])/g, (m) => m.replace(/ /g, ""));
  return t.trim();
}

/** The cells of a Markdown table row ("| a | b |"), or null for any other line. */
function tableCells(t: string): string[] | null {
  if (!/^\|.*\|$/.test(t)) return null;
  return t
    .slice(1, -1)
    .split("|")
    .map((c) => c.trim())
    .filter(Boolean);
}

/**
 * Prepares resume text: converts JSON to text (see {@link jsonToText}), splits lines, strips
 * Markdown/HTML, marks bullets and Markdown headings (ATX `#` and setext underlines),
 * joins nothing. Horizontal rules and empty lines are dropped. A Markdown table row loses its
 * outer bars; one whose first cell is a section heading ("| Skills | Python, Go |") becomes two
 * lines, the heading and the rest, both quoting the row as their raw text.
 */
export function prepare(input: string): PreparedDoc {
  const source = jsonToText(input) ?? input;
  const rawLines = source.replace(/\r\n?/g, "\n").split("\n");
  const lines: Line[] = [];
  for (let i = 0; i < rawLines.length; i++) {
    const raw = rawLines[i].trim();
    if (!raw) continue;
    // setext underline: marks the previous line as a heading
    if (/^(={3,}|-{3,})$/.test(raw)) {
      const prev = lines[lines.length - 1];
      const prevRaw = rawLines[i - 1]?.trim();
      if (prev && prevRaw && prev.raw === prevRaw && !prev.bullet) prev.markupHeading = 1;
      continue;
    }
    if (/^([*_-]\s*){3,}$/.test(raw)) continue; // horizontal rule
    let t = raw;
    let markupHeading = 0;
    const h = /^(#{1,6})\s*/.exec(t);
    if (h && !/^#\S+@/.test(t)) {
      markupHeading = h[1].length;
      t = t.slice(h[0].length);
    }
    t = t.replace(/^>\s*/, "").replace(/^:\s+/, ""); // blockquote, definition list
    t = normalizeInline(t);
    let bullet = false;
    const b = BULLET.exec(t);
    if (b && !markupHeading) {
      bullet = true;
      t = t.slice(b[0].length).trim();
    }
    t = t.replace(/\\$/, "").trim();
    if (!t || /^[\s\p{P}\p{S}]*$/u.test(t)) continue;
    const cells = tableCells(t);
    if (cells && cells.length >= 2 && isHeadingText(cells[0])) {
      // "| Skills | Python, Go |": the first cell heads the rest, as a heading line would
      lines.push({ index: lines.length, raw, text: cells[0], bullet: false, markupHeading: 0 });
      lines.push({ index: lines.length, raw, text: cells.slice(1).join(" | "), bullet: false, markupHeading: 0 });
      continue;
    }
    if (cells) t = cells.join(" | ");
    lines.push({ index: lines.length, raw, text: t, bullet, markupHeading });
  }
  return { lines };
}

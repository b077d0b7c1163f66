/** A piece of an answer: plain text, or the citation marker `[n]` of its n-th source (1-based). */
export type AnswerSegment = { kind: "text"; text: string } | { kind: "cite"; n: number; raw: string };

/** `[1]`, `[12]`; also the full-width brackets a Chinese answer may use (`【1】`, `［1］`). */
const MARKER = /[[［【](\d{1,3})[\]］】]/g;

/**
 * Splits an answer's text at its citation markers, so each `[n]` can be a button that opens the
 * n-th source. A marker whose number has no source (`n` < 1 or > `sourceCount` — the model wrote
 * a bracketed number of its own, or the sources have not streamed in yet) stays plain text.
 *
 * @param text the answer as streamed so far.
 * @param sourceCount how many `source-document` parts the message has.
 * @returns the segments in order; their texts and raws joined give back `text`.
 */
export function splitCitations(text: string, sourceCount: number): AnswerSegment[] {
  const out: AnswerSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(MARKER)) {
    const n = Number(m[1]);
    if (n < 1 || n > sourceCount) continue;
    if (m.index > last) out.push({ kind: "text", text: text.slice(last, m.index) });
    out.push({ kind: "cite", n, raw: m[0] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: "text", text: text.slice(last) });
  return out;
}

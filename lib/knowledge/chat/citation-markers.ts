/**
 * The numbered citation markers of an answer: `[1]`, `[2]` refer to the sources streamed before
 * the text, in their order (docs/knowledge.md, "Citations"). A model may invent a number past
 * the last source, or write `[0]`; such markers are removed, and a group such as `[1, 7]` keeps its
 * valid numbers as `[1]`. The check runs on the stream itself, so no invented marker is ever shown.
 */

/** One marker or a comma-separated group: `[3]`, `[1, 2]`, `[1,2,3]`. Full-width brackets too (【1】). */
const MARKER = /[[【]\s*(\d{1,3}(?:\s*[,，、]\s*\d{1,3})*)\s*[\]】]/gu;
/** The tail of a text that could still become a marker when more text arrives. */
const OPEN_TAIL = /[[【][\d\s,，、]{0,24}$/u;

/**
 * `text` with every marker checked against `sourceCount` sources: numbers 1…sourceCount stay
 * (a group is written as adjacent markers, `[1][2]`), others are dropped, and a marker left with
 * no valid number is removed with the space before it.
 */
export function checkMarkers(text: string, sourceCount: number): string {
  return text.replace(new RegExp(`\\s?${MARKER.source}`, "gu"), (whole, group: string) => {
    const valid = group
      .split(/[,，、]/u)
      .map((n) => Number(n.trim()))
      .filter((n) => Number.isInteger(n) && n >= 1 && n <= sourceCount);
    if (valid.length === 0) return "";
    const lead = /^\s/u.test(whole) ? whole[0] : "";
    return lead + [...new Set(valid)].map((n) => `[${n}]`).join("");
  });
}

/** The distinct source numbers `text` cites, in order of first citation (after {@link checkMarkers}). */
export function citedNumbers(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(MARKER)) {
    for (const n of m[1].split(/[,，、]/u).map((x) => Number(x.trim()))) if (!out.includes(n)) out.push(n);
  }
  return out;
}

/**
 * A streaming {@link checkMarkers}: `push` deltas as they come, `flush` at the end; `emit` gets
 * the checked text, holding back only a tail that might still be the start of a marker
 * (`[`, `[1`, `[1, `), at most a few characters.
 */
export function markerFilter(sourceCount: number, emit: (delta: string) => void): { push(delta: string): void; flush(): void; readonly shown: string } {
  let pending = "";
  let shown = "";
  const out = (t: string) => {
    if (!t) return;
    shown += t;
    emit(t);
  };
  return {
    push(delta: string) {
      pending += delta;
      const tail = OPEN_TAIL.exec(pending);
      // One whitespace before the held tail (or at the end) is held too: a marker dropped later
      // takes its space along.
      let cut = tail ? tail.index : pending.length;
      if (cut > 0 && /\s/u.test(pending[cut - 1])) cut--;
      const ready = pending.slice(0, cut);
      pending = pending.slice(cut);
      out(checkMarkers(ready, sourceCount));
    },
    flush() {
      out(checkMarkers(pending, sourceCount));
      pending = "";
    },
    get shown() {
      return shown;
    },
  };
}

import type { DatePoint, DateRange, Line } from "./types";

/**
 * Date parsing and timeline checks.
 *
 * Understood date forms (after the text normaliser turned every dash into `-`):
 * `2019`, `Jan 2020`, `Sept. 2018`, `Summer 2022`, `2020.03`, `2020/3`, `2020-03`,
 * `2013-12-01`, `03/2020`, `202003`, `2020年3月`, `2020年`; "present" words: Present, Current,
 * Now, Today, Ongoing, 至今, 今, 现在, 目前.
 * A range is `DATE SEP DATE|PRESENT` with SEP one of `-`, `~`, `～`, `to`, `until`, `至`, `—`;
 * a line break is allowed after the separator ("2021 –\nPresent").
 *
 * Units: a {@link DatePoint} counts months since year 0 (`year*12 + month-1`); a year
 * without a month sits in July so that "2018 - 2020" spans 24 months.
 */

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const SEASONS: Record<string, number> = { spring: 4, summer: 7, fall: 10, autumn: 10, winter: 1 };

const Y = "(?:19|20)\\d{2}";
const MONTH_NAME =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const MM = "(?:0?[1-9]|1[0-2])";
/** One date; the alternatives are tried in order, the most specific first. */
const DATE =
  `(?:${MONTH_NAME}\\.?,?\\s*(?:${Y}|'\\d{2}|’\\d{2})` +
  `|(?:spring|summer|fall|autumn|winter)\\s+${Y}` +
  `|${Y}\\s*年\\s*(?:${MM}\\s*月)?` +
  `|${Y}[./-]${MM}(?:[./-](?:0?[1-9]|[12]\\d|3[01]))?(?!\\d)` +
  `|${MM}/${Y}` +
  `|${Y}(?:0[1-9]|1[0-2])(?!\\d)` +
  `|${Y})`;
const PRESENT = "(?:present|current(?:ly)?|now|today|ongoing|date|至今|迄今|现在|目前|今)";
const SEP = "(?:-|~|～|—|–|\\bto\\b|\\buntil\\b|至(?!今))";

const RANGE_RE = new RegExp(`(?<![\\w.])(${DATE})\\s*${SEP}[ \\t]*\\n?[ \\t]*(${DATE}|${PRESENT})(?![\\w])`, "gi");
const SINGLE_RE = new RegExp(`(?<![\\w.])(${DATE})(?![\\w])`, "gi");

/** Parses one date token (as matched by `DATE`) into a point; `null` if out of range. */
export function parseDate(token: string, now: Date): DatePoint | null {
  const t = token.trim().toLowerCase();
  const nowYear = now.getUTCFullYear();
  const mk = (year: number, month: number | null): DatePoint | null => {
    if (year < 1950 || year > nowYear + 6) return null;
    return { months: year * 12 + ((month ?? 7) - 1), hasMonth: month !== null, present: false };
  };
  let m = new RegExp(`^(${MONTH_NAME})\\.?,?\\s*('|’)?(\\d{2,4})$`).exec(t);
  if (m) {
    const y = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return mk(y, MONTHS[m[1].slice(0, 3)]);
  }
  m = /^(spring|summer|fall|autumn|winter)\s+(\d{4})$/.exec(t);
  if (m) return mk(Number(m[2]), SEASONS[m[1]]);
  m = /^(\d{4})\s*年\s*(?:(\d{1,2})\s*月)?$/.exec(t);
  if (m) return mk(Number(m[1]), m[2] ? Number(m[2]) : null);
  m = /^(\d{4})[./-](\d{1,2})(?:[./-]\d{1,2})?$/.exec(t);
  if (m) return mk(Number(m[1]), Number(m[2]));
  m = /^(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) return mk(Number(m[2]), Number(m[1]));
  m = /^(\d{4})(\d{2})$/.exec(t);
  if (m) return mk(Number(m[1]), Number(m[2]));
  m = /^(\d{4})$/.exec(t);
  if (m) return mk(Number(m[1]), null);
  return null;
}

function presentPoint(now: Date): DatePoint {
  return { months: now.getUTCFullYear() * 12 + now.getUTCMonth(), hasMonth: true, present: true };
}

/**
 * Finds date ranges in the lines. Ranges whose end is before their start are dropped.
 * @param now the reference date for "Present" (UTC)
 */
export function findDateRanges(lines: Line[], now: Date): DateRange[] {
  // Join with "\n" so a range broken after its separator is still found; map offsets back.
  const starts: number[] = [];
  let text = "";
  for (const l of lines) {
    starts.push(text.length);
    text += `${l.text}\n`;
  }
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lines[lo].index;
  };
  const out: DateRange[] = [];
  for (const m of text.matchAll(RANGE_RE)) {
    const start = parseDate(m[1], now);
    const endToken = m[2];
    const end = new RegExp(`^${PRESENT}$`, "i").test(endToken.trim()) ? presentPoint(now) : parseDate(endToken, now);
    if (!start || !end || end.months < start.months) continue;
    // "2018 - 2020" where start has no month but end does, or the reverse, is still fine.
    out.push({ line: lineAt(m.index!), start, end, text: m[0].replace(/\s+/g, " ") });
  }
  return out;
}

/** All single dates (including the ends of ranges) on a line — used to tell dated lines. */
export function hasDate(text: string, now: Date): boolean {
  for (const m of text.matchAll(SINGLE_RE)) if (parseDate(m[1], now)) return true;
  return false;
}

/** Removes date tokens and ranges from a text (so "2019" is not read as a quantity). */
export function stripDates(text: string): string {
  return text.replace(RANGE_RE, " ").replace(SINGLE_RE, " ");
}

export interface Timeline {
  /** Months covered by at least one range (union, including the cover ranges). */
  coveredMonths: number;
  /** From the earliest start to the latest end, in months. */
  spanMonths: number;
  /**
   * Months inside at least one of the ranges themselves (not the cover ranges): the length of
   * the working life, with overlapping jobs counted once and gaps not at all.
   */
  workedMonths: number;
  /** Gaps longer than {@link GAP_MONTHS} between consecutive ranges, in start order. */
  gaps: { fromMonths: number; toMonths: number; months: number }[];
  /**
   * Order of the ranges as written: "reverse" (newest first, the usual convention),
   * "chronological" (oldest first), "mixed", or "n/a" with fewer than two ranges.
   */
  order: "reverse" | "chronological" | "mixed" | "n/a";
}

/** A gap shorter than this many months is normal job-change time. */
const GAP_MONTHS = 6;

/**
 * Order of ranges as written: non-increasing starts → "reverse", non-decreasing →
 * "chronological", otherwise "mixed"; "n/a" below two ranges.
 */
function rangeOrder(ranges: DateRange[]): Timeline["order"] {
  if (ranges.length < 2) return "n/a";
  const s = ranges.map((r) => r.start.months);
  if (s.every((v, i) => i === 0 || v <= s[i - 1])) return "reverse";
  if (s.every((v, i) => i === 0 || v >= s[i - 1])) return "chronological";
  return "mixed";
}

/**
 * Timeline checks over the ranges of the experience entries (one range per entry).
 * @param blocks the same ranges grouped by section block (each heading's own list); the
 *   order is judged per block — a resume may list jobs and then projects, each newest first
 * @param cover other ranges (education) that count as occupied time when looking for gaps
 */
export function timeline(ranges: DateRange[], blocks: DateRange[][] = [ranges], cover: DateRange[] = []): Timeline {
  if (ranges.length === 0) return { coveredMonths: 0, spanMonths: 0, workedMonths: 0, gaps: [], order: "n/a" };
  const orders = new Set(blocks.map(rangeOrder).filter((o) => o !== "n/a"));
  const order: Timeline["order"] = orders.size === 0 ? "n/a" : orders.size === 1 ? [...orders][0] : "mixed";
  const firstStart = Math.min(...ranges.map((r) => r.start.months));
  const sorted = [...ranges, ...cover.filter((c) => c.end.months > firstStart)].sort((a, b) => a.start.months - b.start.months || a.end.months - b.end.months);
  let covered = 0;
  let curStart = sorted[0].start.months;
  let curEnd = sorted[0].end.months;
  const gaps: Timeline["gaps"] = [];
  for (const r of sorted.slice(1)) {
    if (r.start.months > curEnd) {
      covered += curEnd - curStart;
      const gap = r.start.months - curEnd;
      if (gap > GAP_MONTHS) gaps.push({ fromMonths: curEnd, toMonths: r.start.months, months: gap });
      curStart = r.start.months;
      curEnd = r.end.months;
    } else {
      curEnd = Math.max(curEnd, r.end.months);
    }
  }
  covered += curEnd - curStart;
  const maxEnd = Math.max(...ranges.map((r) => r.end.months));
  return { coveredMonths: covered, spanMonths: maxEnd - firstStart, workedMonths: unionMonths(ranges), gaps, order };
}

/** Months covered by the union of the ranges (overlaps once). */
function unionMonths(ranges: DateRange[]): number {
  const sorted = [...ranges].sort((a, b) => a.start.months - b.start.months);
  let total = 0;
  let [from, to] = [sorted[0].start.months, sorted[0].end.months];
  for (const r of sorted.slice(1)) {
    if (r.start.months > to) {
      total += to - from;
      [from, to] = [r.start.months, r.end.months];
    } else to = Math.max(to, r.end.months);
  }
  return total + to - from;
}

/** Formats a month count as `YYYY.MM` (for rationales). */
export function formatMonths(months: number): string {
  const y = Math.floor(months / 12);
  const m = (months % 12) + 1;
  return `${y}.${String(m).padStart(2, "0")}`;
}

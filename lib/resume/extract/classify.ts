/**
 * Judging extracted text: is it garbage, is it long enough, which language, is it a resume?
 * Pure functions over strings; every threshold is a named constant documented here.
 */
import { detectLanguage, type LanguageResult } from "./language";
import { type ExtractOutcome, fail } from "./types";

// ── Garbage ────────────────────────────────────────────────────────────────────────────

/** Control characters (not tab/newline/CR/FF), U+FFFD and Private Use Area characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const BAD_CHAR = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\uFFFD\uE000-\uF8FF\u{F0000}-\u{10FFFD}]/gu;
/**
 * Latin-1 mojibake: runs of ≥ 3 characters from U+00A1–U+00FF (and the cp1252 extras), what GBK
 * or UTF-8 bytes look like when a reader takes them for Latin-1 (`¹ØÓÚºì¾ü` is 关于红军), plus
 * the UTF-8-as-Latin-1 pairs `Ã©` `Â `.
 */
const MOJIBAKE_RUN = /[\u00A1-\u00FF\u0152\u0153\u0160\u0161\u0178\u017D\u017E\u0192\u02C6\u02DC\u2030\u2039\u203A\u20AC\u2122]{3,}/g;
const UTF8_AS_LATIN1 = /[ÃÂ][\u0080-\u00BF]/g;
const VOWEL = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿāăąēĕėęěīĭįıōŏőœūŭůűųŷ]/i;
/** Words that make up a good share of any English prose or resume (used only as a garbage signal). */
const EN_COMMON = new Set(
  (
    "the of and to in a for with on at by from as is are was were be been an or that this it its our " +
    "we i my me you your he she his her they their have has had will would can could not no all " +
    "more most over into per using used use team work new data development experience years year " +
    "skills project projects management software engineer education university system systems " +
    "design led developed built company business customer customers"
  ).split(" "),
);

export interface GarbageReport {
  garbage: boolean;
  /** Which rule fired, for logs and tests. */
  reason: string | null;
  badChars: number;
  mojibakeChars: number;
  latinTokens: number;
  wordlikeShare: number;
  commonShare: number;
  symbolShare: number;
}

/** Garbage rule thresholds. */
const GARBAGE = {
  /** Control / replacement / private-use characters: at least this many … */
  minBadChars: 3,
  /** … and at least this share of non-space characters. */
  badShare: 0.02,
  /** Mojibake characters: at least this many and this share of letters. */
  minMojibake: 10,
  mojibakeShare: 0.1,
  /** Word-likeness is judged once there are this many Latin tokens … */
  minTokensForWords: 8,
  /** … and below this share of word-like tokens the text is garbage. */
  wordlikeShare: 0.6,
  /** With this many tokens, almost no common English word and weak word-likeness → garbage. */
  minTokensForCommon: 40,
  commonShare: 0.02,
  commonWordlikeShare: 0.8,
  /** Symbols that are neither letters, digits, punctuation nor usual resume symbols. */
  minCharsForSymbols: 30,
  symbolShare: 0.3,
} as const;

/** A Latin token is word-like when it has a vowel and no run of more than 5 consonants. */
function isWordlike(token: string): boolean {
  if (!VOWEL.test(token)) return false;
  return !/[^\saeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿāăąēĕėęěīĭįıōŏőœūŭůűųŷ]{6,}/i.test(token);
}

/**
 * `raw` is the text as the extractor produced it (mojibake and control characters are judged
 * before normalisation, which would hide them: NFKC turns `¹` into `1`); `text` is normalised.
 */
export function assessGarbage(raw: string, text: string = raw): GarbageReport {
  const nonSpace = raw.replace(/\s+/g, "").length;
  const badChars = (raw.match(BAD_CHAR) ?? []).length;
  const mojibakeChars = (raw.match(MOJIBAKE_RUN) ?? []).reduce((n, run) => n + run.length, 0) + 2 * (raw.match(UTF8_AS_LATIN1) ?? []).length;
  const letters = (raw.match(/\p{L}/gu) ?? []).length;

  // Latin tokens; all-caps tokens of ≤ 5 letters are acronyms or placeholders (SQL, TCP, XXX) and
  // are not judged for word-likeness.
  const tokens = text.match(/\p{Script=Latin}{2,}/gu) ?? [];
  const judged = tokens.filter((t) => !(t.length <= 5 && t === t.toUpperCase()));
  const wordlike = judged.filter(isWordlike).length;
  const wordlikeShare = judged.length ? wordlike / judged.length : 1;
  const common = tokens.filter((t) => EN_COMMON.has(t.toLowerCase())).length;
  const commonShare = tokens.length ? common / tokens.length : 1;

  const chars = text.replace(/\s+/g, "");
  const symbols = (chars.match(/[^\p{L}\p{N}\p{P}\p{M}+$€£¥%&*=<>|~^©®°±×÷•·→←↑↓✓✔★☆]/gu) ?? []).length;
  const symbolShare = chars.length ? symbols / chars.length : 0;

  const report = (reason: string | null): GarbageReport => ({
    garbage: reason !== null,
    reason,
    badChars,
    mojibakeChars,
    latinTokens: judged.length,
    wordlikeShare,
    commonShare,
    symbolShare,
  });

  if (badChars >= GARBAGE.minBadChars && badChars >= GARBAGE.badShare * nonSpace) return report("control, replacement or private-use characters");
  if (mojibakeChars >= GARBAGE.minMojibake && mojibakeChars >= GARBAGE.mojibakeShare * letters) return report("Latin-1 mojibake");
  if (judged.length >= GARBAGE.minTokensForWords && wordlikeShare < GARBAGE.wordlikeShare) return report("letters do not form words");
  if (tokens.length >= GARBAGE.minTokensForCommon && commonShare < GARBAGE.commonShare && wordlikeShare < GARBAGE.commonWordlikeShare) {
    return report("no common words");
  }
  if (chars.length >= GARBAGE.minCharsForSymbols && symbolShare > GARBAGE.symbolShare) return report("mostly symbols");
  return report(null);
}

// ── Size ───────────────────────────────────────────────────────────────────────────────

/**
 * Reading units: Latin/other-script words plus Chinese characters / 2 (about two characters a
 * word). Digits alone are not words.
 */
export function countUnits(text: string): { words: number; han: number; units: number } {
  const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
  const words = (text.replace(/\p{Script=Han}/gu, " ").match(/[\p{L}\p{N}'’+#.-]*\p{L}[\p{L}\p{N}'’+#.-]*/gu) ?? []).length;
  return { words, han, units: words + Math.ceil(han / 2) };
}

/** Fewer units than this: almost no text. */
const MIN_UNITS = 25;
/** A script is judged once there are this many letters (a short Arabic page is refused for its language). */
const MIN_LETTERS_FOR_LANGUAGE = 20;
/** More units than this: a book or a thesis, not a resume (about 40 pages of prose). */
const MAX_UNITS = 15_000;

// ── Placeholder text ───────────────────────────────────────────────────────────────────

/**
 * Lorem-ipsum vocabulary, minus words that also occur in English resumes (sit, non, est, sed,
 * cum, magna, ante …: "magna cum laude").
 */
const LOREM = new Set(
  (
    "lorem ipsum dolor amet consectetur consectetuer adipiscing adipisicing elit eiusmod tempor incididunt " +
    "labore dolore aliqua minim veniam quis nostrud exercitation ullamco laboris aliquip commodo " +
    "consequat duis aute irure reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur " +
    "sint occaecat cupidatat proident sunt culpa officia deserunt mollit anim laborum magnam aliquam " +
    "quaerat voluptatem aeque doleamus animo corpore dolemus fieri tamen permagna accessio potest " +
    "aliquod aeternum infinitum impendere ullamcorper neque lectus facilisis luctus nisl iaculis vivamus " +
    "arcu curabitur pharetra tincidunt morbi volutpat feugiat mauris vehicula tristique justo massa " +
    "fermentum accumsan eleifend donec scelerisque lobortis pellentesque felis rhoncus suspendisse " +
    "congue vitae nunc nibh odio purus sapien turpis viverra vulputate ultrices ultricies urna varius " +
    "venenatis vestibulum integer interdum lacus laoreet libero ligula maecenas malesuada mattis metus " +
    "molestie nullam orci ornare phasellus placerat porta porttitor posuere praesent pretium proin " +
    "pulvinar quisque risus rutrum sagittis semper sodales sollicitudin tellus tortor egestas eget " +
    "elementum eros euismod facilisi fames faucibus fringilla gravida habitant hendrerit imperdiet " +
    "lacinia auctor bibendum blandit condimentum convallis cursus dapibus diam dictum dignissim " +
    "efficitur etiam"
  ).split(/\s+/),
);
/** Share of Latin words (≥ 3 letters) from the lorem vocabulary above which text is a placeholder. */
const LOREM_SHARE = 0.5;
const MIN_TOKENS_FOR_LOREM = 20;

export function loremShare(text: string): { tokens: number; lorem: number; share: number } {
  const tokens = (text.match(/\p{Script=Latin}{3,}/gu) ?? []).map((t) => t.toLowerCase());
  const lorem = tokens.filter((t) => LOREM.has(t)).length;
  return { tokens: tokens.length, lorem, share: tokens.length ? lorem / tokens.length : 0 };
}

// ── Resume-likeness ────────────────────────────────────────────────────────────────────

/** Section headings by category, English and Chinese; matched against whole short lines. */
const HEADINGS: Record<string, RegExp> = {
  experience: new RegExp(
    "^((work|professional|employment|relevant|career|industry|research|teaching|volunteer|leadership|internship|" +
      "on campus|campus|other|additional|technical|related|military)\\s+)*(experiences?|history|involvement)$|" +
      "^(employment|work history|internships?|positions( held)?|career|vocational|" +
      "工作经历|工作经验|实习经历|实习经验|工作背景|职业经历|工作及教育经历|教育及工作经历|研发经历|主要研发经历|近期主要研发经历|" +
      "社会实践|校园经历|实践经历|项目及工作经历|任职经历)$",
    "u",
  ),
  education: /^(education(al background)?(\s*(&|and|\/)\s*\w+)?|academic (background|history|qualifications)|academics|教育背景|教育经历|学历|教育|学习经历)$/u,
  skills: new RegExp(
    "^((technical|key|core|professional|computer|relevant|language|soft|hard|it)\\s+)?(skills?|skill set|competenc(y|ies)|expertise|proficiencies)" +
      "(\\s*(&|and|/)\\s*\\w+)?$|^(technologies|tools|tech stack|专业技能|个人技能|技能|技能清单|技术栈|计算机技能|语言技能|专业能力|技能特长|掌握技能|技术能力)$",
    "u",
  ),
  projects:
    /^((personal|selected|academic|key|side|research|technical|notable|open[- ]source)\s+)?(projects?|project experience|portfolio)$|^(open source|项目经历|项目经验|项目|项目介绍|开源项目|开源项目和作品|作品)$/u,
  summary:
    /^((professional|career|executive|personal)\s+)?(summary|profile|objective|statement|overview)$|^(about( me)?|personal statement|引言|自我评价|个人简介|个人总结|求职意向|自我介绍|个人评价|个人优势|职业目标)$/u,
  contact: /^(contact( (information|info|details))?|personal (information|details|data|info)|联系方式|个人信息|基本信息|个人资料|个人账号|联系信息)$/u,
  awards:
    /^((honors?|awards?|achievements?|certifications?|certificates?|licenses?)(\s*(&|and|\/)\s*(honors?|awards?|achievements?|certifications?|certificates?|licenses?))*|publications?|patents?|获奖经历|荣誉奖项|荣誉|获奖|获奖情况|证书|资格证书|荣誉证书|论文|出版物|专利)$/u,
  other:
    /^(languages?|interests?|hobbies|references?|activities|extracurricular activities|volunteering|miscellaneous|coursework|relevant coursework|个人兴趣|兴趣爱好|语言能力|其他信息|其他|致谢)$/u,
};
/** Job-description headings: a resume rarely has them, a job posting always does. */
const JD_HEADINGS =
  /^(responsibilities|key responsibilities|requirements|minimum requirements|preferred qualifications|basic qualifications|what you('|’)ll do|what we offer|what we('|’)re looking for|benefits|perks|about the role|about the job|about us|job description|role summary|key objectives|specialized requirements|how to apply|岗位职责|任职要求|职位描述|岗位要求|任职资格|职位要求|工作职责|福利待遇|公司介绍|薪资福利|职位福利|加分项|工作地点)$/u;

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;
const LINK = /\b(linkedin|github|gitlab|stackoverflow|behance|dribbble)\b|https?:\/\/|\bwww\./i;
const MONTH = "(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?";
const DATE = `(?:${MONTH}\\s*)?(?:19|20)\\d{2}(?:[./年-]\\s?\\d{1,2}月?)?|\\d{1,2}\\s?[/.]\\s?(?:19|20)\\d{2}|(?:19|20)\\d{2}(?:0[1-9]|1[0-2])`;
const DATE_RANGE = new RegExp(`(?:${DATE})\\s*(?:-|–|—|~|～|‑|to|至|until)\\s*(?:${DATE}|present|current|now|today|date|至今|今|现在)`, "giu");

export interface ResumeScore {
  score: number;
  isResume: boolean;
  headings: string[];
  jdHeadings: number;
  email: boolean;
  phone: boolean;
  link: boolean;
  dateRanges: number;
  units: number;
  signals: string[];
}

/** A text scoring at least this much reads as a resume. */
const RESUME_THRESHOLD = 35;

function cleanHeading(line: string): string | null {
  const l = line
    .trim()
    .replace(/^[^\p{L}\p{N}]+/u, "") // bullets, emoji, markup
    .replace(/^([0-9]+[.)、]|[一二三四五六七八九十]+[、.．]|[(（][一二三四五六七八九十0-9]+[)）])\s*/u, "")
    .replace(/[\s:：|*#_\-–—]+$/u, "")
    .replace(/\s+/g, " ")
    .toLowerCase();
  if (!l || l.length > 40) return null;
  return l;
}

function hasPhone(text: string): boolean {
  const candidates = text.match(/[+(]?[\d(][\d\s().\-‑*xX]{6,}[\d*xX]/g) ?? [];
  return candidates.some((c) => {
    const digits = (c.match(/\d/g) ?? []).length;
    const masked = (c.match(/[*xX]/g) ?? []).length;
    if (digits < 4 || digits + masked < 9 || digits + masked > 15) return false;
    return !/(19|20)\d\d\D+(19|20)\d\d/.test(c) && !/^(19|20)\d\d[.]\d/.test(c.trim());
  });
}

/**
 * Resume-likeness score (0–100-ish; ≥ RESUME_THRESHOLD reads as a resume):
 * - section headings (whole short lines, English or Chinese): +12 per distinct category among
 *   experience, education, skills, projects, summary, contact, awards, other — at most +48;
 * - job-description headings (Responsibilities, 岗位职责 …): −10 each, at most −30;
 * - contact: e-mail +12, phone +8, profile link / URL +5;
 * - dates: ≥ 1 date range (2018 – 2021, Sep 2019 - May 2023, 2015.4~至今) +10, ≥ 3 ranges +16;
 *   with no range, ≥ 2 years +5;
 * - length: 50–2,500 units +10, more than 6,000 units −20;
 * - pages: more than 6 pages −15.
 * A resume also needs structure: at least one resume heading or one date range.
 */
export function scoreResume(text: string, pageCount: number | null = null): ResumeScore {
  const signals: string[] = [];
  const headings = new Set<string>();
  let jdHeadings = 0;
  for (const line of text.split("\n")) {
    const h = cleanHeading(line);
    if (!h) continue;
    for (const [category, re] of Object.entries(HEADINGS)) if (re.test(h)) headings.add(category);
    if (JD_HEADINGS.test(h)) jdHeadings++;
  }
  let score = Math.min(headings.size * 12, 48);
  if (headings.size) signals.push(`headings: ${[...headings].join(", ")}`);
  score -= Math.min(jdHeadings * 10, 30);
  if (jdHeadings) signals.push(`job-description headings: ${jdHeadings}`);

  const email = EMAIL.test(text);
  const phone = hasPhone(text);
  const link = LINK.test(text);
  score += (email ? 12 : 0) + (phone ? 8 : 0) + (link ? 5 : 0);
  if (email || phone || link) signals.push(`contact: ${[email && "email", phone && "phone", link && "link"].filter(Boolean).join(", ")}`);

  const dateRanges = (text.match(DATE_RANGE) ?? []).length;
  const years = (text.match(/(?<!\d)(19[5-9]\d|20[0-3]\d)(?!\d)/g) ?? []).length;
  score += dateRanges >= 3 ? 16 : dateRanges >= 1 ? 10 : years >= 2 ? 5 : 0;
  if (dateRanges) signals.push(`date ranges: ${dateRanges}`);

  const { units } = countUnits(text);
  if (units >= 50 && units <= 2500) score += 10;
  if (units > 6000) score -= 20;
  if (pageCount !== null && pageCount > 6) score -= 15;

  // Structure is required: without a single resume heading or date range, contact details and
  // length alone (a job posting has both) do not make a resume.
  const structured = headings.size >= 1 || dateRanges >= 1;
  if (!structured) signals.push("no resume headings or date ranges");
  return {
    score,
    isResume: score >= RESUME_THRESHOLD && structured,
    headings: [...headings],
    jdHeadings,
    email,
    phone,
    link,
    dateRanges,
    units,
    signals,
  };
}

// ── The verdict ────────────────────────────────────────────────────────────────────────

export interface PdfEvidence {
  /** The file contains image XObjects. */
  hasImages: boolean;
  /** Text-showing operators on the first pages (only measured when almost no text came out). */
  textShowOps: number;
}

const MESSAGES = {
  noTextLayer: "This PDF has no selectable text — it looks scanned; upload the original document or a text-based PDF.",
  fontsUnreadable:
    "The text in this PDF cannot be read because its fonts do not map to real characters; export the PDF again from the original document or upload the DOCX.",
  garbage:
    "The text in this file comes out as unreadable characters (a font or encoding problem); export it again as a PDF with embedded fonts, or upload the DOCX or a text file.",
  tooShort: (units: number) => `This file contains almost no text (${units} ${units === 1 ? "word" : "words"}), so there is no resume to analyse.`,
  otherLanguage: (script: string | null) =>
    `This document is written in ${script && script !== "Other" ? `the ${script} script` : "a language we do not support"}; Panelist analyses only English and Chinese resumes.`,
  tooLong: (units: number) => `This document is far longer than a resume (about ${units.toLocaleString("en-US")} words), so it was not analysed.`,
  placeholder: "This looks like an unfilled resume template: most of its text is “Lorem ipsum” placeholder, so there is nothing to analyse.",
  notResume: "This document does not look like a resume: it has too few resume sections (experience, education, skills), contact details or dates.",
} as const;

export interface Verdict {
  outcome: ExtractOutcome;
  garbage: GarbageReport;
  language: LanguageResult | null;
  resume: ResumeScore | null;
}

/**
 * Judges extracted text, in this order: garbage → unreadable; almost no text from a PDF that
 * draws ≥ 20 text operators → unreadable (fonts without a Unicode map), or from a PDF with
 * images → no_text_layer; ≥ 20 letters mostly in another script → not_a_resume (language);
 * almost no text → too_short; longer than MAX_UNITS, mostly lorem ipsum, or a resume score below
 * RESUME_THRESHOLD → not_a_resume; otherwise ok.
 */
export function judgeText(input: { raw: string; text: string; pageCount: number | null; pdf?: PdfEvidence }): Verdict {
  const { raw, text, pageCount, pdf } = input;
  const garbage = assessGarbage(raw, text);
  const verdict = (outcome: ExtractOutcome, language: LanguageResult | null = null, resume: ResumeScore | null = null): Verdict => ({
    outcome,
    garbage,
    language,
    resume,
  });
  if (garbage.garbage) return verdict(fail("unreadable", MESSAGES.garbage));

  const { units } = countUnits(text);
  if (units < MIN_UNITS && pdf && pdf.textShowOps >= 20) return verdict(fail("unreadable", MESSAGES.fontsUnreadable));
  if (units < MIN_UNITS && pdf && pdf.hasImages) return verdict(fail("no_text_layer", MESSAGES.noTextLayer));

  const language = detectLanguage(text);
  if (language.language === "other" && language.counts.total >= MIN_LETTERS_FOR_LANGUAGE) {
    return verdict(fail("not_a_resume", MESSAGES.otherLanguage(language.dominantScript)), language);
  }
  if (units < MIN_UNITS) return verdict(fail("too_short", MESSAGES.tooShort(units)), language);
  if (units > MAX_UNITS) return verdict(fail("not_a_resume", MESSAGES.tooLong(units)), language);
  if (loremShare(text).share >= LOREM_SHARE && loremShare(text).tokens >= MIN_TOKENS_FOR_LOREM) {
    return verdict(fail("not_a_resume", MESSAGES.placeholder), language);
  }
  const resume = scoreResume(text, pageCount);
  if (!resume.isResume) return verdict(fail("not_a_resume", MESSAGES.notResume), language, resume);
  return verdict({ ok: true, text, language: language.language === "zh" ? "zh" : "en", pageCount }, language, resume);
}

/**
 * Blind screening (docs/fairness.md, "Blind screening"): what a ranking shows of a resume
 * without the things that say who the candidate is — name, e-mail, phone, links, age and date
 * of birth, gender words and addresses. Photos never reach the ranking (it carries text only).
 * Pure functions over text.
 */

/** The candidate's name as the resume writes it, found by {@link findCandidateName}. */
export interface CandidateName {
  /** As written, e.g. "John Smith", "王小明". */
  name: string;
  /** Its words as written ("John", "A.", "Smith"), or the whole name for a Chinese one: a swap keeps their count. */
  words: string[];
  /** The words that identify (two letters or more): what redaction hides wherever it appears. */
  tokens: string[];
  /** Index of the line it was read from. */
  line: number;
}

const NAME_LABEL = /^(?:name|full name|姓\s*名)\s*[:：]\s*/i;
/** Words that open a resume's first lines without being a name. */
const NOT_NAME =
  /\b(?:resume|résumé|curriculum|vitae|cv|profile|summary|contact|experience|education|skills|objective|page|engineer|developer|devops|manager|accountant|analyst|designer|scientist|consultant|specialist|director|officer|architect|intern|senior|junior|lead|assistant|administrator|technician|coordinator)\b/i;
/**
 * Chinese surnames (the common single ones and the compound ones): a Chinese name opens with
 * one, which tells "王小明" from a heading such as "首先".
 */
const CJK_SURNAMES = new Set([
  ..."王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤阳时穆农司卓古吉缪简车项连芦麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂全佟应臧闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩明佘池查麻苑迟邝",
]);
const CJK_COMPOUND_SURNAMES = ["欧阳", "司马", "上官", "诸葛", "东方", "皇甫", "尉迟", "公孙", "慕容", "令狐", "长孙", "宇文", "司徒", "夏侯", "轩辕", "端木"];
/**
 * A word of a name in a Latin-based script: a capital, then letters (inner capitals too:
 * McDonald, DeVries, O'Brien, Ñúñez, Łukasz), or an initial ("A.").
 */
const LATIN_NAME_WORD = /^(?=\p{Script=Latin})\p{Lu}(?:[\p{Script=Latin}\p{M}'’-]*[\p{Script=Latin}\p{M}])?\.?$/u;
/** Lower-case particles inside a name: Ludwig van Beethoven, Maria de la Cruz, Omar bin Ali. */
const NAME_PARTICLE = /^(?:van|von|der|den|de|del|della|di|da|du|la|le|dos|das|bin|binti|al|el|ter|ten|y)$/;
const CJK_NAME = /^[\u3400-\u9fff]{2,4}(?:·[\u3400-\u9fff]{2,6})?$/;
/** Lines a name is looked for in: the name block is at the top. */
const NAME_LINES = 5;

/** Strips Markdown/HTML markup and what follows a separator ("John Smith | Engineer"). */
function nameCandidate(line: string): string {
  return line
    .replace(/<[^>]+>/g, " ")
    .replace(/^[#>*\s]+|[*_`]+/g, "")
    .replace(NAME_LABEL, "")
    .split(/\s+[|•·–—-]\s+|[|,，;；]/)[0]
    .trim();
}

/**
 * Finds the candidate's name in the first lines of a resume: a line (after markup and a
 * "Name:" label) whose first part is 2–4 capitalised Latin words, or 2–4 Chinese characters,
 * and no heading word.
 * @param lines the resume's non-empty lines, in order.
 * @returns null when no line looks like a name (redaction then relies on the other rules).
 */
export function findCandidateName(lines: readonly string[]): CandidateName | null {
  for (let i = 0; i < Math.min(NAME_LINES, lines.length); i++) {
    const c = nameCandidate(lines[i]);
    if (!c || NOT_NAME.test(c) || /[\d@]/.test(c)) continue;
    if (CJK_NAME.test(c) && (CJK_SURNAMES.has(c[0]) || CJK_COMPOUND_SURNAMES.some((s) => c.startsWith(s)) || c.includes("·"))) {
      return { name: c, words: [c], tokens: [c], line: i };
    }
    const words = c.split(/\s+/);
    const capitals = words.filter((w) => LATIN_NAME_WORD.test(w)).length;
    const isName =
      words.length <= 5 &&
      LATIN_NAME_WORD.test(words[0]) &&
      LATIN_NAME_WORD.test(words[words.length - 1]) &&
      words.every((w) => LATIN_NAME_WORD.test(w) || NAME_PARTICLE.test(w)) &&
      // A lone word is a name only as the very first line, set apart from what follows ("Madonna — Singer").
      (capitals >= 2 || (i === 0 && words.length === 1 && c.length >= 3 && c !== lines[i].trim()));
    if (isName) {
      const tokens = words.filter((w) => !NAME_PARTICLE.test(w) && w.replace(/[^\p{L}]/gu, "").length >= 2);
      return { name: c, words, tokens, line: i };
    }
  }
  return null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** A regex matching any of `tokens` as a whole word (Latin) or anywhere (Chinese), case-insensitively. */
export function tokenPattern(tokens: readonly string[]): RegExp | null {
  if (tokens.length === 0) return null;
  const alt = [...tokens]
    .sort((a, b) => b.length - a.length)
    .map((t) => (/[\u3400-\u9fff]/.test(t) ? escapeRegExp(t) : `(?<![\\p{L}\\p{N}])${escapeRegExp(t)}(?![\\p{L}\\p{N}])`))
    .join("|");
  return new RegExp(alt, "giu");
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
/** Links: a scheme or `www.`, or a host under a common top-level domain, with or without a path ("jsmith.dev"). */
const URL =
  /\b(?:https?:\/\/|www\.)\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|io|dev|me|net|org|cn|page|co|ai|app|xyz|info|tech|site|online|blog|us|uk|de|fr|in|so|sh|gg)\b(?:\/\S*)?/gi;
/** An image file named in the text (a photo's file name often carries the person's handle). */
const IMAGE_FILE = /[\p{L}\p{N}._-]+\.(?:jpe?g|png|gif|webp|heic|bmp|tiff?)\b/giu;
/** Phone numbers: +, digits and separators, 7–15 digits; masked Chinese mobiles (`134XXXX3216`). */
const PHONE = /(?<![\w/.])(?:\+|\(\+)?\d[\d\s().-]{5,18}\d(?![\w/])|(?<![\dA-Za-z])1[3-9]\d[*xX＊]{4}(?:\d{4}|[*xX＊]{4})(?![\dA-Za-z])/g;
const AGE =
  /\b(?:age|aged|dob|date of birth|born(?: on| in)?)\b\s*[:：]?\s*[\w ,./-]{0,20}\d{1,4}|\b\d{2}\s*(?:years old|y\/o|yo)\b|(?:年\s*龄|出生(?:日期|年月)?|生\s*日)\s*[:：]?\s*[\d年月日./-]+\s*岁?|\d{2}\s*岁/giu;
const GENDER =
  /\b(?:he|she|him|her|hers|his|himself|herself|mr|mrs|ms|miss|male|female|man|woman|men|women|gender|sex|husband|wife|mother|father|son|daughter|boy|girl)\b|性\s*别\s*[:：]?\s*[男女]|[他她]们?|先生|女士|男性|女性/giu;
const ADDRESS =
  /\b\d{1,6}\s+(?:[A-Z][\w.]*\s+){1,4}(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|way|place|pl)\b\.?(?:,?\s*(?:apt|suite|unit)\s*\w+)?|\b(?:address|location|home)\s*[:：]\s*[^|•]{2,60}|(?:地\s*址|住\s*址|现居|籍\s*贯)\s*[:：]\s*\S{2,40}/giu;
const ZIP = /\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/g;
/** "Seattle, WA": a city and a US state's code. */
const CITY_STATE =
  /\b[A-Z][a-z]+(?:\s[A-Z][a-z]+)?,\s?(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY)\b/g;

/**
 * Handles made of the name: a word that contains one of its longer tokens (4 letters or more)
 * inside it — "jsmith88", "moore_cv" — which the whole-word pattern does not reach.
 */
function handlePattern(tokens: readonly string[]): RegExp | null {
  const long = tokens.filter((t) => !/[\u3400-\u9fff]/.test(t) && t.replace(/[^\p{L}]/gu, "").length >= 4);
  if (long.length === 0) return null;
  return new RegExp(`[\\p{L}\\p{N}._-]*(?:${long.map(escapeRegExp).join("|")})[\\p{L}\\p{N}._-]*`, "giu");
}

/** The markers redacted text carries in place of what it hides. */
export const REDACTED = { name: "[name]", email: "[email]", phone: "[phone]", link: "[link]", age: "[age]", gender: "[…]", address: "[address]" } as const;

/**
 * Hides a candidate's identity in one line of text: the name's tokens, e-mail addresses,
 * links, phone numbers, age and birth date, gender words and pronouns, street addresses
 * (and "Address:/Location:/地址：" fields) become the markers of {@link REDACTED}.
 * Dates of employment (e.g. "2019 - 2023") are kept: they carry no more than years of
 * experience, which the ranking shows anyway.
 */
export function redactLine(text: string, name: CandidateName | null): string {
  let out = text.replace(EMAIL, REDACTED.email).replace(URL, REDACTED.link).replace(IMAGE_FILE, REDACTED.link);
  const names = tokenPattern(name?.tokens ?? []);
  if (names) out = out.replace(names, REDACTED.name);
  const handles = handlePattern(name?.tokens ?? []);
  if (handles) out = out.replace(handles, REDACTED.name);
  return out
    .replace(ADDRESS, REDACTED.address)
    .replace(ZIP, REDACTED.address)
    .replace(CITY_STATE, REDACTED.address)
    .replace(AGE, REDACTED.age)
    .replace(PHONE, (m) => (isPhone(m) ? REDACTED.phone : m))
    .replace(GENDER, REDACTED.gender);
}

/** A match of {@link PHONE} is a phone, not a year range ("2019 - 2021") or a date. */
function isPhone(m: string): boolean {
  if (/[*xX＊]/.test(m)) return true;
  const digits = m.replace(/\D/g, "");
  if (digits.length < 7 || digits.length > 15) return false;
  const years = m.split(/\D+/).filter((g) => /^(?:19|20)\d{2}(?:\d{2}){0,2}$/.test(g)).length;
  return years < 2 && !/^(?:19|20)\d{2}\s*[-./]\s*(?:19|20)?\d{2}(?:\s*[-./]\s*\d{1,2})?$/.test(m.trim());
}

/** "Candidate 7F3A": a stable label from the application id (its first 4 hex digits), shown while blind. */
export function blindLabel(applicationId: string): string {
  return `Candidate ${applicationId.replace(/-/g, "").slice(0, 4).toUpperCase()}`;
}

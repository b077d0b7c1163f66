import type { Line } from "./types";

/**
 * Template placeholders and instructions left in a resume: `XXX公司`, `134XXXX3216`,
 * "Lorem ipsum", "Your Most Recent Work Experience", "年 – 年", "类别 1", template prompts
 * such as "具体功能 / 运用了哪些技术 / 效果如何", advisor notes in full-width brackets, and
 * bold-glyph extraction artefacts ("学学学位位位").
 *
 * The patterns were written by hand for Panelist from the template resumes in
 * `../shared/corpus` (moderncv template-zh, chicv-cn, pandoc_resume, the JobDeer and
 * 卡码 Markdown templates); they are deliberately narrow — a real resume should match none.
 */
const PLACEHOLDER_PATTERNS: RegExp[] = [
  /(?<![A-Za-z])XX+(?![A-Z])|(?<![A-Za-z])xx+(?![a-z])/, // XX公司, XXXX大学, XXweb, 125xxxx6616
  /\b(?:lorem|ipsum|dolor sit|consectetur|adipiscing|eiusmod|incididunt|suspendisse|vestibulum|pellentesque|himenaeos|inceptos|vulputate|phasellus|curabitur)\b/i, // lorem ipsum filler
  /\byour (?:name|e-?mail|phone|address|title|company|school|university|most recent|job title|position)\b/i,
  /\b(?:company|school|university|job|position) name\b|\b(?:insert|enter) (?:your|the)\b/i,
  /\[(?:link|url)\]|\b(?:first|second|third) item\b|^\?{2,}$|\btitle, year\b|\bauthor \d\b/i,
  /\b(?:yyyy|mm\/yyyy|month year)\b|\bdates? here\b|\bcity, (?:state|country)\b/i,
  /(?<!\d)年\s*[-~至]\s*年/, // 年 – 年 with no numbers
  /^(?:类别|工作内容|项目|爱好|其他|语言|说明行|二级内容|三级内容)\s*(?:\d(?!\d)|\([a-z]\)|[ivx]+\b)/,
  /简要说明|可以注明|街道及门牌号|邮编及城市|不超过\s*\d.{0,4}行/,
  /yourname|projectname|your-?repo/i,
  /^[A-Za-z][\w.+# -]{0,30}\(\d+\)$/, // a keyword-frequency list ("java(730)") copied from a guide
  /\byear\s*-\s*year\b|\bjob title, employer\b|\b(?:sub-)?achievement \d|\bsub-achievements?\b|\bdescription no longer than\b/i,
  /\b(?:you can|here,? we have|list (?:your|open source|here)|can also include|short text containing|also with a short description)\b/i,
  /具体功能|运用(?:了)?(?:哪|那)些技术|效果如何|demo(?:演示)?地址|github\s*地址|blog\s*地址|附加信息|可选项/i,
  /(哪些|什么|如何|为什么).*(哪些|什么|如何|为什么)/, // template questions ("我在此项目负责了哪些工作…最困难的问题是什么")
  /^[（(][^）)]{6,}[）)]$/, // a whole line of advisor notes in brackets
  /简历模板|建议(?:在)?简历书写完成后|写完简历后/,
  /([\u4e00-\u9fff])\1\1([\u4e00-\u9fff])\2\2/, // "学学学位位位": a bold placeholder extracted thrice
  /等等\s*$/, // a line trailing off in "等等" (“喜欢钻研技术 等等”)
];

/** Indices of lines that look like template placeholders or instructions. */
export function findPlaceholders(lines: Line[]): Set<number> {
  const out = new Set<number>();
  for (const l of lines) {
    if (PLACEHOLDER_PATTERNS.some((re) => re.test(l.text))) out.add(l.index);
  }
  return out;
}

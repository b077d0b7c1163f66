import { countCjk, hasCjk, latinWords } from "@/lib/text/units";
import type { Line, SectionKey } from "./types";

/**
 * Section headings. A line is a heading when it is short and — after removing numbering,
 * Markdown and a trailing colon — is one of the phrases below, optionally preceded by
 * qualifiers ("Professional", "Relevant" …). Chinese headings match when the short line
 * contains the phrase ("近期主要研发经历" → experience; "工作及教育经历" → experience and
 * education).
 *
 * Word lists compiled by hand for Panelist from the headings used by the corpus resumes
 * (`../shared/corpus/resumes-*`) and common resume templates (moderncv, RenderCV,
 * OpenResume, JSON Resume, 超级简历/JobDeer Chinese templates).
 */
const HEADINGS: Record<SectionKey, { en: string[]; zh: string[] }> = {
  experience: {
    en: [
      "experience",
      "work experience",
      "employment",
      "employment history",
      "work history",
      "career history",
      "professional background",
      "career",
      "internships",
      "internship",
      "internship experience",
      "positions",
      "experience and education",
      "work",
    ],
    zh: ["工作经历", "工作经验", "实习经历", "实习经验", "工作背景", "职业经历", "研发经历", "任职经历", "工作履历", "从业经历", "社会实践", "实践经历"],
  },
  projects: {
    en: ["projects", "project", "project experience", "side projects", "open source", "portfolio", "research", "research experience"],
    zh: ["项目经历", "项目经验", "开源项目", "项目作品", "科研经历", "研究经历", "个人项目", "主要项目"],
  },
  education: {
    en: ["education", "academic background", "academics", "education and training", "qualifications", "academic history", "coursework"],
    zh: ["教育背景", "教育经历", "学历", "教育"],
  },
  skills: {
    en: [
      "skills",
      "skill",
      "skills and abilities",
      "competencies",
      "core competencies",
      "technologies",
      "tech stack",
      "expertise",
      "areas of expertise",
      "skill set",
      "skillset",
      "tools",
      "programming languages",
      "computer skills",
      "strengths",
    ],
    zh: ["专业技能", "技能", "技术栈", "技能清单", "个人技能", "技术能力", "专业能力", "掌握技能", "计算机技能"],
  },
  summary: {
    en: [
      "summary",
      "profile",
      "objective",
      "career objective",
      "about",
      "about me",
      "personal statement",
      "overview",
      "introduction",
      "highlights",
      "summary of qualifications",
      "career summary",
    ],
    zh: ["个人简介", "自我评价", "个人总结", "自我介绍", "个人评价", "求职意向", "个人优势", "个人概述", "职业目标", "引言", "简介"],
  },
  contact: {
    en: ["contact", "contact information", "contact details", "personal information", "personal details", "personal data", "contacts"],
    zh: ["联系方式", "个人信息", "基本信息", "个人资料", "联系信息"],
  },
  certifications: {
    en: ["certifications", "certification", "certificates", "licenses", "licenses and certifications", "courses", "training"],
    zh: ["证书", "资格证书", "技能证书", "证书资质", "培训经历"],
  },
  awards: {
    en: ["awards", "honors", "honours", "achievements", "honors and awards", "awards and honors", "accomplishments", "scholarships"],
    zh: ["获奖经历", "荣誉奖项", "获奖情况", "荣誉", "奖项", "获奖"],
  },
  publications: {
    en: ["publications", "papers", "patents", "presentations", "talks", "invited talks"],
    zh: ["论文", "发表论文", "专利", "技术文章", "演讲"],
  },
  languages: {
    en: ["languages", "language skills", "language"],
    zh: ["语言能力", "语言技能", "外语能力", "语言"],
  },
  volunteer: {
    en: [
      "volunteer",
      "volunteering",
      "volunteer experience",
      "community service",
      "leadership",
      "activities",
      "extracurricular activities",
      "involvement",
      "on campus involvement",
      "leadership and activities",
    ],
    zh: ["志愿者经历", "社团经历", "校园经历", "学生工作", "社会活动"],
  },
  interests: {
    en: ["interests", "hobbies", "hobbies and interests", "personal interests"],
    zh: ["兴趣爱好", "个人兴趣", "爱好"],
  },
};

/** Words allowed before a heading phrase ("Relevant Work Experience"). */
const QUALIFIERS = new Set([
  "professional",
  "relevant",
  "work",
  "technical",
  "core",
  "key",
  "selected",
  "personal",
  "academic",
  "other",
  "additional",
  "recent",
  "industry",
  "teaching",
  "research",
  "my",
  "select",
  "notable",
  "volunteer",
  "leadership",
  "employment",
  "career",
  "software",
  "engineering",
  "and",
  "&",
  "skills",
  "tech",
  "main",
]);

export interface Heading {
  line: number;
  keys: SectionKey[];
}

export interface SectionMap {
  headings: Heading[];
  /** For each line, the section keys of the heading above it (empty before the first heading). */
  sectionOf: SectionKey[][];
  /** Which sections were found at least once. */
  found: Set<SectionKey>;
}

const ALL_KEYS = Object.keys(HEADINGS) as SectionKey[];

/** Ornaments around a heading: rules, glyphs, brackets, table bars ("— Skills —", "★ 技能 ★", "| 工作经历 |"). */
const ORNAMENT = "\\s\\-=_~*#·•■□▪◆◇●○◎★☆►▶▸▌▍|¦【】\\[\\]《》<>「」";
const LEADING_ORNAMENT = new RegExp(`^[${ORNAMENT}]+`);
const TRAILING_ORNAMENT = new RegExp(`[${ORNAMENT}]+$`);

/** Returns the section keys a line opens, or `[]` when the line is not a heading. */
function headingKeys(line: Line): SectionKey[] {
  const trailing = TRAILING_ORNAMENT.test(line.text.replace(/[:：\s]+$/, ""));
  const t = line.text
    .replace(LEADING_ORNAMENT, "")
    .replace(/[:：\s]+$/, "")
    .replace(TRAILING_ORNAMENT, "")
    .replace(/[:：\s]+$/, "")
    .replace(/^[\s\d.、一二三四五六七八九十()（）【】[\]]+(?=\S)/, "") // "一、" "1." "【】"
    .replace(/[【】[\]]/g, "")
    .trim();
  if (!t) return [];
  // A glyph before the words is a bullet unless the line is framed ("— Skills —") or in capitals ("■ WORK EXPERIENCE").
  const framed = trailing && (line.bullet || LEADING_ORNAMENT.test(line.raw));
  const capitals = /[A-Z]{4}/.test(t) && t === t.toUpperCase();
  if (hasCjk(t)) {
    const compact = t.replace(/\s+/g, "");
    // A heading is short; a trailing English gloss ("教育背景 Education") is tolerated.
    if (countCjk(compact) > 10 || /[，。；,;\d]/.test(compact)) return [];
    // an English gloss on either side ("教育背景 Education", "Education | 教育背景") is dropped
    const cjkPart = compact.replace(/[A-Za-z\s&/|()（）-]+$/, "").replace(/^[A-Za-z\s&/|()（）-]+/, "");
    // The phrase must be most of the line ("最佳编导奖（获奖）" is an award, not a heading);
    // a numbered line ("一、工作经历", parsed as a list item) must be exactly the phrase.
    const slack = line.bullet ? 0 : 5;
    const keys = ALL_KEYS.filter((k) => HEADINGS[k].zh.some((p) => cjkPart.includes(p) && cjkPart.length <= p.length + slack));
    // "语言技能" / "计算机技能" are skills-ish; "工作及教育经历" is both experience and education
    if (!line.bullet && compact.includes("工作") && compact.includes("经历") && !keys.includes("experience")) keys.push("experience");
    if (keys.includes("skills") && keys.includes("languages")) return ["languages"];
    return keys;
  }
  if (line.bullet && !line.markupHeading && !framed && !capitals) return [];
  if (/[.!?]$/.test(t) || /[,;]/.test(t)) return [];
  const words = latinWords(t.toLowerCase().replace(/&/g, " and ").replace(/\//g, " and "));
  if (words.length === 0 || words.length > 5) return [];
  // Letter-spaced headings ("S K I L L S") are joined back.
  const phrase = words.every((w) => w.length === 1) ? words.join("") : words.join(" ");
  const keys: SectionKey[] = [];
  for (const k of ALL_KEYS) {
    for (const p of HEADINGS[k].en) {
      if (phrase === p) {
        keys.push(k);
        break;
      }
      if (phrase.endsWith(` ${p}`)) {
        const before = phrase.slice(0, -p.length - 1).split(" ");
        if (before.every((w) => QUALIFIERS.has(w))) {
          keys.push(k);
          break;
        }
      }
    }
  }
  // "Experience and Education" → both
  if (/\band\b/.test(phrase)) {
    for (const part of phrase.split(/\s+and\s+/)) {
      for (const k of ALL_KEYS) if (!keys.includes(k) && HEADINGS[k].en.includes(part)) keys.push(k);
    }
  }
  return keys;
}

/** True when a text on its own line would be a section heading ("Skills", "工作经历"). */
export function isHeadingText(text: string): boolean {
  return headingKeys({ index: 0, raw: text, text, bullet: false, markupHeading: 0 }).length > 0;
}

/** Finds headings and assigns every line to the section(s) of the heading above it. */
export function detectSections(lines: Line[]): SectionMap {
  const headings: Heading[] = [];
  const sectionOf: SectionKey[][] = [];
  const found = new Set<SectionKey>();
  let current: SectionKey[] = [];
  let currentLevel = 0;
  for (const line of lines) {
    const keys = headingKeys(line);
    // A heading naming only the section we are already in ("Volunteer" under "VOLUNTEER
    // EXPERIENCE", "Technical Experience" after "Experience") is content of that section.
    if (keys.length > 0 && current.length > 0 && keys.every((k) => current.includes(k))) {
      sectionOf.push(current);
      continue;
    }
    if (keys.length > 0) {
      headings.push({ line: line.index, keys });
      for (const k of keys) found.add(k);
      current = keys;
      currentLevel = line.markupHeading;
      sectionOf.push(keys);
      continue;
    }
    // A Markdown heading we do not know ("# 致谢", "Extra Section" underlined) closes the
    // current section when it is at the same or a higher level; deeper ones ("### DEF项目") stay inside.
    if (line.markupHeading > 0 && currentLevel > 0 && line.markupHeading <= currentLevel) {
      current = [];
    }
    sectionOf.push(current);
  }
  return { headings, sectionOf, found };
}

/** True when `line` is one of the detected headings. */
export function isHeading(map: SectionMap, line: number): boolean {
  return map.headings.some((h) => h.line === line);
}

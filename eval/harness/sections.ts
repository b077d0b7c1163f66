/**
 * The harness's own reading of a resume's sections, for the programmatic edits (edits.ts). It is
 * deliberately independent of the offline engine's section detector (lib/resume/offline): an
 * edit judged by the detector it is meant to test would test nothing.
 *
 * A heading is a line that, once list and Markdown markers, numbering ("1.", "一、"), brackets
 * (【】, []) and a trailing colon are taken off, is one of the names below (case and inner
 * spaces ignored). A line that starts with a skills name followed by a colon and more text
 * ("Skills: Go, SQL", "技能：Java") is a one-line skills section.
 */

export type SectionKind = "skills" | "experience" | "projects" | "education" | "summary" | "other";

/** Heading names per kind, English and Chinese, compared after {@link headingKey}. */
const HEADINGS: Record<Exclude<SectionKind, "other">, readonly string[]> = {
  skills: [
    "skills",
    "skill",
    "technical skills",
    "tech skills",
    "core skills",
    "key skills",
    "skills and tools",
    "skills & tools",
    "skills & technologies",
    "skills and technologies",
    "skill set",
    "skillset",
    "technologies",
    "tech stack",
    "technical stack",
    "tools",
    "tools & technologies",
    "competencies",
    "core competencies",
    "technical proficiencies",
    "技能",
    "专业技能",
    "技术栈",
    "技能特长",
    "个人技能",
    "技术技能",
    "技能清单",
    "掌握技能",
    "专业能力",
    "技术能力",
    "技能证书",
    "技能与证书",
  ],
  experience: [
    "experience",
    "work experience",
    "professional experience",
    "relevant experience",
    "employment",
    "employment history",
    "work history",
    "career history",
    "工作经历",
    "工作经验",
    "实习经历",
    "实习经验",
    "职业经历",
    "工作履历",
  ],
  projects: [
    "projects",
    "project",
    "project experience",
    "selected projects",
    "personal projects",
    "side projects",
    "open source",
    "项目经历",
    "项目经验",
    "项目",
    "主要项目",
    "项目介绍",
    "开源项目",
  ],
  education: ["education", "academic background", "教育背景", "教育经历", "学历", "教育"],
  summary: [
    "summary",
    "profile",
    "professional summary",
    "about",
    "about me",
    "objective",
    "career objective",
    "个人简介",
    "自我评价",
    "个人总结",
    "个人评价",
    "求职意向",
    "个人信息",
    "基本信息",
    "个人优势",
  ],
};

const OTHER_HEADINGS: readonly string[] = [
  "certifications",
  "certificates",
  "awards",
  "honors",
  "honours",
  "publications",
  "languages",
  "interests",
  "hobbies",
  "volunteering",
  "volunteer experience",
  "leadership",
  "activities",
  "references",
  "contact",
  "证书",
  "资格证书",
  "获奖经历",
  "获奖情况",
  "荣誉奖项",
  "荣誉",
  "语言能力",
  "语言",
  "兴趣爱好",
  "校园经历",
  "社会实践",
  "其他",
  "联系方式",
];

const KIND_OF = new Map<string, SectionKind>([
  ...Object.entries(HEADINGS).flatMap(([kind, names]) => names.map((n) => [headingKey(n), kind as SectionKind] as const)),
  ...OTHER_HEADINGS.map((n) => [headingKey(n), "other" as SectionKind] as const),
]);

/** A line reduced to what a heading name is compared as. */
function headingKey(line: string): string {
  return line
    .normalize("NFKC")
    .toLowerCase()
    .replace(/^\s*(?:#{1,6}|[-*+•▪■●◆]|={2,})\s*/u, "")
    .replace(/^\s*(?:\d{1,2}[.、)]|[一二三四五六七八九十]{1,2}[、.．])\s*/u, "")
    .replace(/[*_`【】[\]()（）]/gu, "")
    .replace(/[:：]\s*$/u, "")
    .replace(/\s+/gu, " ")
    .trim();
}

/** The section kind a line heads, or null when it is not a heading. */
export function headingKind(line: string): SectionKind | null {
  const key = headingKey(line);
  if (key.length === 0 || key.length > 40) return null;
  return KIND_OF.get(key) ?? KIND_OF.get(key.replace(/\s/gu, "")) ?? null;
}

/** True for "Skills: Go, SQL" / "专业技能：Java、MySQL": a skills name, a colon, then content. */
export function isInlineSkillsLine(line: string): boolean {
  const m = /^(.{1,30}?)[:：]\s*\S/u.exec(line.normalize("NFKC").trim());
  return m !== null && headingKind(m[1] ?? "") === "skills";
}

export type Section = { kind: SectionKind; heading: string; lines: string[] };

/**
 * A resume's text cut at its headings: the lines before the first heading (name, contact —
 * `preamble`), then each section from its heading line up to the next heading.
 */
export function splitSections(text: string): { preamble: string[]; sections: Section[] } {
  const preamble: string[] = [];
  const sections: Section[] = [];
  for (const line of text.split("\n")) {
    const kind = headingKind(line);
    if (kind !== null) sections.push({ kind, heading: line, lines: [] });
    else (sections.at(-1)?.lines ?? preamble).push(line);
  }
  return { preamble, sections };
}

/** The text again from {@link splitSections}' parts. */
export function joinSections(parts: { preamble: string[]; sections: Section[] }): string {
  return [...parts.preamble, ...parts.sections.flatMap((s) => [s.heading, ...s.lines])].join("\n");
}

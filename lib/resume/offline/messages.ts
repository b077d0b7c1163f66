import { cap, count, ofN, quotedList, withArticle } from "./english";
import type { Lang } from "./types";

/**
 * Every sentence the offline engine writes, in English and Chinese. The analysis is written
 * in the resume's language (`language` of the input). Numbers are passed in already rounded.
 */

const fmt = (n: number) => String(Math.round(n * 10) / 10);
const list = (xs: string[], lang: Lang) => (lang === "zh" ? xs.join("、") : xs.join(", "));
const STATEMENT: [string, string] = ["statement", "statements"];
const ROLE: [string, string] = ["role", "roles"];
/** Chinese "k of n": "13 条描述中没有一条" at 0, "13 条描述中 3 条" otherwise. */
const zhOf = (k: number, n: number, unit: string, noun = "") => `${n} ${unit}${noun}中${k === 0 ? `没有一${unit}` : ` ${k} ${unit}`}`;

export type SectionName = "experience" | "education" | "skills" | "summary";

interface Messages {
  sectionName(s: SectionName): string;
  // experience
  experience(p: {
    S: number;
    R: number;
    Q: number;
    Rq: number;
    K: number;
    D: number;
    /** Roles that should be dated (experience-section roles, else all): D is out of these. */
    Rd: number;
    years: number;
    volume: number;
    quant: number;
    spec: number;
    time: number;
  }): string;
  experienceNone(p: { placeholders: number }): string;
  // skills
  skillsJd(p: { matched: number; total: number; weightedPct: number; evidenced: number; score: number }): string;
  skillsRole(p: {
    role: string | null;
    hits: number;
    target: number;
    explicit: number;
    evidenced: number;
    score: number;
    relevance: number;
    evidence: number;
    breadth: number;
  }): string;
  jdWithoutSkills(): string;
  // content
  content(p: {
    contact: number;
    sections: number;
    extras: number;
    length: number;
    units: number;
    unit: "words" | "characters";
    present: string[];
    absent: string[];
    placeholders: number;
    penalty: number;
  }): string;
  // structure
  structure(p: {
    headings: number;
    headingPts: number;
    D: number;
    R: number;
    order: string;
    datePts: number;
    scannable: number;
    S: number;
    scanPts: number;
    gaps: number;
    gapPts: number;
    contactPts: number;
    hygienePts: number;
  }): string;
  order(o: "reverse" | "chronological" | "mixed" | "n/a"): string;
  // expression
  expression(p: {
    S: number;
    A: number;
    actionPts: number;
    G: number;
    lengthPts: number;
    P: number;
    pronounPts: number;
    F: number;
    fillerPts: number;
    repeated: string[];
    repPts: number;
  }): string;
  expressionNone(): string;
  // gate
  gate(p: { factor: number }): string;
  // strengths
  strengthQuantified(p: { Q: number; S: number; example: string }): string;
  strengthYears(p: { years: number; R: number }): string;
  strengthJd(p: { matched: number; total: number }): string;
  strengthRoleFit(p: { role: string; hits: number }): string;
  strengthContact(): string;
  strengthStructure(p: { headings: number }): string;
  strengthVerbs(p: { A: number; S: number }): string;
  // suggestions: [issue, recommendation]
  sugNoExperience(): [string, string];
  sugQuantify(p: { Q: number; S: number; example: string }): [string, string];
  sugFewStatements(p: { S: number }): [string, string];
  sugSpecific(p: { K: number; S: number }): [string, string];
  sugUndated(p: { missing: number; R: number }): [string, string];
  sugMissingJdSkills(p: { skills: string[] }): [string, string];
  sugUnevidencedJd(p: { skills: string[] }): [string, string];
  sugRoleGaps(p: { role: string; skills: string[] }): [string, string];
  sugUnevidenced(p: { skills: string[] }): [string, string];
  sugNoRole(): [string, string];
  sugMissingContact(p: { what: string[] }): [string, string];
  sugNoLink(): [string, string];
  sugMissingSection(p: { section: SectionName }): [string, string];
  sugShort(p: { units: number; unit: "words" | "characters" }): [string, string];
  sugLong(p: { units: number; unit: "words" | "characters" }): [string, string];
  sugPlaceholders(p: { count: number; example: string }): [string, string];
  sugHeadings(): [string, string];
  sugOrder(): [string, string];
  sugGaps(p: { gaps: { from: string; to: string; months: number }[] }): [string, string];
  sugParagraphs(): [string, string];
  sugContactTop(): [string, string];
  sugVerbs(p: { A: number; S: number; example: string }): [string, string];
  sugLongBullets(p: { count: number; example: string }): [string, string];
  sugPronouns(p: { count: number }): [string, string];
  sugFillers(p: { words: string[] }): [string, string];
  sugRepeated(p: { words: string[] }): [string, string];
  sugNotResume(): [string, string];
  // summary
  summary(p: {
    role: string | null;
    R: number;
    years: number;
    overall: number;
    best: string;
    worst: string;
    jd: { matched: number; total: number } | null;
    notResume: boolean;
  }): string;
  dimensionName(k: "experience" | "skills" | "content" | "structure" | "expression"): string;
}

const en: Messages = {
  sectionName: (s) => ({ experience: "work experience", education: "education", skills: "skills", summary: "summary" })[s],
  experience: (p) =>
    `${count(p.S, "experience/project statement")} across ${count(p.R, "role or project", "roles or projects")} (volume ${fmt(p.volume)}/10). ` +
    `${cap(ofN(p.Q, p.S, STATEMENT, ["contains a number", "contain a number", "does not contain a number"]))}, and ` +
    `${ofN(p.Rq, p.R, ROLE, ["shows quantified results", "show quantified results", "does not show quantified results"])} (quantification ${fmt(p.quant)}/14). ` +
    `${count(p.K, "statement names", "statements name")} a concrete skill or tool (specificity ${fmt(p.spec)}/8). ` +
    `${cap(ofN(p.D, p.Rd, ROLE, ["is dated", "are dated", "is not dated"]))} and the timeline spans ${fmt(p.years)} ${p.years === 1 ? "year" : "years"} (timeline ${fmt(p.time)}/8).`,
  experienceNone: (p) =>
    `No experience or project statements were found, so there is nothing to score for depth (0/40)` +
    (p.placeholders > 0
      ? `; ${count(p.placeholders, "statement is a template placeholder and was", "statements are template placeholders and were")} not counted.`
      : "."),
  skillsJd: (p) =>
    `The resume shows ${p.matched === 0 ? "none" : p.matched} of the ${count(p.total, "skill")} the job description names (${fmt(p.weightedPct)}% after weighting required over preferred skills); ` +
    (p.matched === 0
      ? ""
      : `${ofN(p.evidenced, p.matched, ["matched skill", "matched skills"], ["appears in experience lines", "appear in experience lines", "does not appear in experience lines"])}` +
        (p.evidenced > 0 && p.evidenced < p.matched ? ", the rest only in lists " : " ")) +
    `(score ${fmt(p.score)}/20).`,
  skillsRole: (p) =>
    (p.role
      ? `Target role read as ${p.role}: the resume shows ${p.hits === 0 ? "none" : p.hits} of the ${count(p.target, "skill")} that role usually calls for (relevance ${fmt(p.relevance * 100)}%). `
      : `No target role could be read from the title or summary, so relevance is judged from the number of skills only (${fmt(p.relevance * 100)}%). `) +
    (p.explicit === 0
      ? "No skills are named"
      : cap(
          ofN(
            p.evidenced,
            p.explicit,
            ["named skill", "named skills"],
            ["is backed by experience lines", "are backed by experience lines", "is not backed by experience lines"],
          ),
        )) +
    ` (evidence ${fmt(p.evidence * 100)}%); breadth ${fmt(p.breadth * 100)}% (score ${fmt(p.score)}/20).`,
  jdWithoutSkills: () => "The job description names no skill the offline dictionary knows, so skills were scored against the resume's own target role. ",
  content: (p) =>
    `Contact details ${fmt(p.contact)}/4, core sections ${fmt(p.sections)}/8` +
    (p.present.length
      ? ` (present: ${list(p.present, "en")}${p.absent.length ? `; missing: ${list(p.absent, "en")})` : ")"}`
      : ` (missing: ${list(p.absent, "en")})`) +
    `, extra sections ${fmt(p.extras)}/1, length ${p.units} ${p.units === 1 ? p.unit.slice(0, -1) : p.unit} ${fmt(p.length)}/2` +
    (p.placeholders > 0
      ? `; ${p.placeholders} ${p.placeholders === 1 ? "line looks like a template placeholder" : "lines look like template placeholders"} (−${fmt(p.penalty)}).`
      : "."),
  structure: (p) =>
    `${cap(count(p.headings, "recognised section heading"))} (${fmt(p.headingPts)}/5); ` +
    `${p.R === 0 ? "no dated roles" : ofN(p.D, p.R, ROLE, ["is dated", "are dated", "is not dated"])}, order ${p.order} (${fmt(p.datePts)}/4); ` +
    `${p.S === 0 ? "no statements to lay out" : ofN(p.scannable, p.S, STATEMENT, ["is a bullet or short line", "are bullets or short lines", "is neither a bullet nor a short line"])} (${fmt(p.scanPts)}/3); ` +
    `${p.gaps === 0 ? "no gaps" : count(p.gaps, "gap")} over 6 months (${fmt(p.gapPts)}/1); contact block ${fmt(p.contactPts)}/1; layout hygiene ${fmt(p.hygienePts)}/1.`,
  order: (o) => ({ reverse: "newest first", chronological: "oldest first", mixed: "mixed", "n/a": "not applicable" })[o],
  expression: (p) =>
    (p.S === 0
      ? `No statements to check for action verbs (${fmt(p.actionPts)}/3) or length (${fmt(p.lengthPts)}/2); `
      : `${cap(ofN(p.A, p.S, STATEMENT, ["opens with an action verb", "open with an action verb", "does not open with an action verb"]))} (${fmt(p.actionPts)}/3); ` +
        `${ofN(p.G, p.S, STATEMENT, ["has a readable length", "have a readable length", "does not have a readable length"])} (${fmt(p.lengthPts)}/2); `) +
    `${p.P === 0 ? "no" : p.P} first-person ${p.P === 1 ? "pronoun" : "pronouns"} (${fmt(p.pronounPts)}/2); ` +
    `${p.F === 0 ? "no" : p.F} filler ${p.F === 1 ? "word or cliché" : "words or clichés"} (${fmt(p.fillerPts)}/2); ` +
    (p.repeated.length ? `over-used: ${list(p.repeated, "en")}` : "no over-used words") +
    ` (${fmt(p.repPts)}/1).`,
  expressionNone: () => "There are no experience statements to judge the writing on; only the summary was checked.",
  gate: (p) =>
    ` This text shows few signs of being a resume (contact details, section headings, dated roles), so every dimension was scaled by ${fmt(p.factor * 100)}%.`,
  strengthQuantified: (p) =>
    `${cap(ofN(p.Q, p.S, ["experience statement", "experience statements"], ["carries a number", "carry numbers", "does not carry a number"]))}, e.g. "${p.example}".`,
  strengthYears: (p) => `A dated track record of about ${fmt(p.years)} years across ${count(p.R, "role or project", "roles or projects")}.`,
  strengthJd: (p) => `Covers ${p.matched} of the ${p.total} skills the job description asks for.`,
  strengthRoleFit: (p) => `The listed skills fit the target role of ${p.role} (${count(p.hits, "core skill")}).`,
  strengthContact: () => "Complete contact details: e-mail, phone and a profile or portfolio link.",
  strengthStructure: (p) => `Clearly organised: ${count(p.headings, "recognisable section heading")} with dated roles in a consistent order.`,
  strengthVerbs: (p) =>
    `${cap(ofN(p.A, p.S, STATEMENT, ["starts with a strong action verb", "start with a strong action verb", "does not start with a strong action verb"]))}.`,
  sugNoExperience: () => [
    "No work experience or project descriptions were found.",
    "Add a Work Experience (or Projects) section with 3–5 bullets per role: what you did, how, and the result.",
  ],
  sugQuantify: (p) => [
    `${p.Q === 0 ? "" : "Only "}${(p.Q === 0 ? cap : (s: string) => s)(ofN(p.Q, p.S, ["experience statement", "experience statements"], ["contains a number", "contain a number", "does not contain a number"]))}.`,
    `Add measurable results (%, money, time saved, users, team size) — for example rewrite "${p.example}" with the scale or outcome it achieved.`,
  ],
  sugFewStatements: (p) => [
    `Only ${count(p.S, "experience statement")} in total.`,
    "Describe each role with 3–5 concrete bullets so a reader can judge its depth.",
  ],
  sugSpecific: (p) => [
    `${p.K === 0 ? "" : "Only "}${(p.K === 0 ? cap : (s: string) => s)(ofN(p.K, p.S, STATEMENT, ["names the tools or methods used", "name the tools or methods used", "does not name the tools or methods used"]))}.`,
    "Mention the technologies, tools or methods behind each result, so listed skills are backed by experience.",
  ],
  sugUndated: (p) => [
    `${cap(ofN(p.missing, p.R, ["role or project", "roles or projects"], ["has no dates", "have no dates", "has dates"]))}.`,
    'Give every role a start and end date (e.g. "Mar 2021 – Present").',
  ],
  sugMissingJdSkills: (p) => [
    `Skills the job description asks for are missing: ${list(p.skills, "en")}.`,
    "If you have them, add them to your skills and show them in an experience bullet; if not, consider whether the role fits.",
  ],
  sugUnevidencedJd: (p) => [
    `These matched skills appear only in lists: ${list(p.skills, "en")}.`,
    "Show each one in an experience or project bullet that says what you built or achieved with it.",
  ],
  sugRoleGaps: (p) => [
    `Skills often expected of ${withArticle(p.role)} do not appear: ${list(p.skills, "en")}.`,
    "Add the ones you have; for a specific job, paste its description to get a precise match.",
  ],
  sugUnevidenced: (p) => [
    `Listed skills not backed by any experience line: ${list(p.skills, "en")}.`,
    "Reference your key skills in the bullets where you used them.",
  ],
  sugNoRole: () => ["The resume does not state a target role.", 'Add a title line or short summary naming the role you want (e.g. "Backend Engineer").'],
  sugMissingContact: (p) => [`Contact details missing: ${list(p.what, "en")}.`, "Put your e-mail and phone number at the top of the resume."],
  sugNoLink: () => ["No LinkedIn, GitHub or portfolio link.", "Add a profile or portfolio link that lets a reviewer see more of your work."],
  sugMissingSection: (p) => [`No ${en.sectionName(p.section)} section was found.`, `Add a clearly headed ${en.sectionName(p.section)} section.`],
  sugShort: (p) => [
    `The resume is short (${p.units} ${p.unit}).`,
    "Expand the experience section with specific responsibilities and results; one full page is a good target.",
  ],
  sugLong: (p) => [`The resume is long (${p.units} ${p.unit}).`, "Trim older or less relevant items; two pages are usually enough."],
  sugPlaceholders: (p) => [
    `${p.count} ${p.count === 1 ? "line looks" : "lines look"} like unfilled template text, e.g. "${p.example}".`,
    "Replace template placeholders and instructions with your own details, or delete them.",
  ],
  sugHeadings: () => [
    "Few recognisable section headings.",
    "Use standard headings such as Experience, Education, Skills and Summary so readers and parsers find each part.",
  ],
  sugOrder: () => ["Roles are not listed in a consistent order.", "List roles newest first within each section."],
  sugGaps: (p) => [
    `Gaps in the timeline: ${p.gaps.map((g) => `${g.from}–${g.to} (${g.months} months)`).join(", ")}.`,
    "If a gap is intentional (study, travel, caregiving), say so in a line; otherwise check the dates.",
  ],
  sugParagraphs: () => ["Experience is written as long paragraphs.", "Break descriptions into short bullets of one or two lines each."],
  sugContactTop: () => ["Contact details are not at the top.", "Move e-mail and phone to the header, under your name."],
  sugVerbs: (p) => [
    `${p.A === 0 ? "" : "Only "}${(p.A === 0 ? cap : (s: string) => s)(ofN(p.A, p.S, STATEMENT, ["starts with an action verb", "start with an action verb", "does not start with an action verb"]))}.`,
    `Start each bullet with a strong verb (Led, Built, Reduced, Launched…) instead of phrases like "Responsible for" — e.g. "${p.example}".`,
  ],
  sugLongBullets: (p) => [
    `${count(p.count, "statement is", "statements are")} very long, e.g. "${p.example}".`,
    "Keep bullets to one or two lines; split long ones into action and result.",
  ],
  sugPronouns: (p) => [`${count(p.count, "first-person pronoun")} (I, me, my).`, "Drop the pronouns: resume bullets conventionally start with the verb."],
  sugFillers: (p) => [
    `${p.words.length === 1 ? "Filler word or cliché" : "Filler words or clichés"}: ${quotedList(p.words)}.`,
    "Replace them with concrete facts — what, how much, for whom.",
  ],
  sugRepeated: (p) => [`Words repeated across many bullets: ${list(p.words, "en")}.`, "Vary the verbs and wording so each bullet reads distinctly."],
  sugNotResume: () => ["This text does not read like a resume.", "Upload a resume with contact details, work experience, education and skills."],
  summary: (p) =>
    (p.notResume
      ? `This document shows few resume features; its score of ${fmt(p.overall)}/100 is scaled down accordingly. `
      : `${p.role ? cap(withArticle(`${p.role} resume`)) : "A resume"} with ${count(p.R, "role or project", "roles or projects")}${p.years >= 1 ? ` over about ${fmt(p.years)} years` : ""}, scoring ${fmt(p.overall)}/100. `) +
    `Strongest dimension: ${p.best}; weakest: ${p.worst}.` +
    (p.jd ? ` It matches ${p.jd.matched === 0 ? "none" : p.jd.matched} of the ${count(p.jd.total, "skill")} in the job description.` : "") +
    " (Offline heuristic analysis: rule-based checks, no language model.)",
  dimensionName: (k) =>
    ({ experience: "experience depth", skills: "skill match", content: "completeness", structure: "structure and format", expression: "expression" })[k],
};

const zh: Messages = {
  sectionName: (s) => ({ experience: "工作/项目经历", education: "教育背景", skills: "专业技能", summary: "个人简介" })[s],
  experience: (p) =>
    `经历/项目部分共 ${p.S} 条描述、${p.R} 段经历（篇幅 ${fmt(p.volume)}/10）。` +
    `${zhOf(p.Q, p.S, "条")}含有数字，${zhOf(p.Rq, p.R, "段", "经历")}给出了量化结果（量化 ${fmt(p.quant)}/14）。` +
    `${p.K} 条提到了具体技能或工具（具体性 ${fmt(p.spec)}/8）。` +
    `${p.Rd} 段中 ${p.D} 段标注了时间，时间跨度约 ${fmt(p.years)} 年（时间线 ${fmt(p.time)}/8）。`,
  experienceNone: (p) =>
    `未找到工作或项目经历的具体描述，经历深度无从评分（0/40）${p.placeholders > 0 ? `；另有 ${p.placeholders} 条为模板占位内容，未计入。` : "。"}`,
  skillsJd: (p) =>
    `职位描述列出的 ${p.total} 项技能中，简历体现了 ${p.matched} 项（按必需/加分项加权后为 ${fmt(p.weightedPct)}%）；` +
    (p.matched === 0
      ? ""
      : p.evidenced === 0
        ? "这些技能都没有在经历描述中体现，仅出现在技能列表中"
        : `其中 ${p.evidenced} 项在经历描述中有实际体现${p.evidenced < p.matched ? "，其余仅出现在技能列表中" : ""}`) +
    `（得分 ${fmt(p.score)}/20）。`,
  skillsRole: (p) =>
    (p.role
      ? `根据标题/简介判断目标岗位为「${p.role}」：该岗位常见的 ${p.target} 项核心技能中，简历体现了 ${p.hits} 项（相关度 ${fmt(p.relevance * 100)}%）。`
      : `未能从标题或简介判断目标岗位，相关度仅按技能数量估计（${fmt(p.relevance * 100)}%）。`) +
    `列出的 ${p.explicit} 项技能中有 ${p.evidenced} 项在经历描述中得到印证（印证度 ${fmt(p.evidence * 100)}%）；技能广度 ${fmt(p.breadth * 100)}%（得分 ${fmt(p.score)}/20）。`,
  jdWithoutSkills: () => "职位描述中没有离线技能词典能识别的技能，因此按简历自身的目标岗位评估技能。",
  content: (p) =>
    `联系方式 ${fmt(p.contact)}/4，核心模块 ${fmt(p.sections)}/8` +
    (p.present.length
      ? `（已有：${list(p.present, "zh")}${p.absent.length ? `；缺少：${list(p.absent, "zh")}）` : "）"}`
      : `（缺少：${list(p.absent, "zh")}）`) +
    `，附加模块 ${fmt(p.extras)}/1，篇幅 ${p.units} ${p.unit === "words" ? "词" : "字"} ${fmt(p.length)}/2` +
    (p.placeholders > 0 ? `；有 ${p.placeholders} 行像是未替换的模板内容（扣 ${fmt(p.penalty)} 分）。` : "。"),
  structure: (p) =>
    `识别到 ${p.headings} 个模块标题（${fmt(p.headingPts)}/5）；${p.R} 段经历中 ${p.D} 段标注时间，排列顺序：${p.order}（${fmt(p.datePts)}/4）；` +
    `${p.S} 条描述中 ${p.scannable} 条为分点或短句（${fmt(p.scanPts)}/3）；超过 6 个月的空档 ${p.gaps} 处（${fmt(p.gapPts)}/1）；` +
    `联系方式位置 ${fmt(p.contactPts)}/1；版面整洁 ${fmt(p.hygienePts)}/1。`,
  order: (o) => ({ reverse: "由近及远", chronological: "由远及近", mixed: "顺序混乱", "n/a": "不适用" })[o],
  expression: (p) =>
    `${zhOf(p.A, p.S, "条", "描述")}以动作动词开头（${fmt(p.actionPts)}/3）；${p.G === 0 ? "没有一条" : `${p.G} 条`}长度适中（${fmt(p.lengthPts)}/2）；` +
    `第一人称 ${p.P} 处（${fmt(p.pronounPts)}/2）；空泛词/套话 ${p.F} 处（${fmt(p.fillerPts)}/2）；` +
    (p.repeated.length ? `重复使用：${list(p.repeated, "zh")}` : "无明显重复用词") +
    `（${fmt(p.repPts)}/1）。`,
  expressionNone: () => "没有经历描述可供评估表达，仅检查了简介部分。",
  gate: (p) => `该文本缺少简历的典型特征（联系方式、模块标题、带时间的经历），各维度得分已按 ${fmt(p.factor * 100)}% 折算。`,
  strengthQuantified: (p) => `${p.S} 条经历描述中有 ${p.Q} 条给出了数字，例如「${p.example}」。`,
  strengthYears: (p) => `有约 ${fmt(p.years)} 年、${p.R} 段带时间的经历。`,
  strengthJd: (p) => `覆盖了职位描述要求的 ${p.total} 项技能中的 ${p.matched} 项。`,
  strengthRoleFit: (p) => `技能与目标岗位「${p.role}」吻合（${p.hits} 项核心技能）。`,
  strengthContact: () => "联系方式完整：邮箱、电话及个人主页/作品链接。",
  strengthStructure: (p) => `结构清晰：${p.headings} 个标准模块标题，经历带时间且顺序一致。`,
  strengthVerbs: (p) => `${p.S} 条描述中 ${p.A} 条以有力的动作动词开头。`,
  sugNoExperience: () => ["未找到工作经历或项目经历的具体描述。", "增加「工作经历」或「项目经历」模块，每段经历写 3–5 条：做了什么、怎么做、取得什么结果。"],
  sugQuantify: (p) => [
    p.Q === 0 ? `${p.S} 条经历描述都不包含数字。` : `${p.S} 条经历描述中只有 ${p.Q} 条包含数字。`,
    `补充可量化的结果（百分比、金额、节省的时间、用户量、团队规模等），例如把「${p.example}」改写为带规模或效果的表述。`,
  ],
  sugFewStatements: (p) => [`经历描述总共只有 ${p.S} 条。`, "每段经历用 3–5 条具体要点描述，便于招聘方判断深度。"],
  sugSpecific: (p) => [
    p.K === 0 ? `${p.S} 条描述都没有提到所用的技术或方法。` : `${p.S} 条描述中只有 ${p.K} 条提到所用的技术或方法。`,
    "在成果描述中写明使用的技术、工具或方法，让技能清单有经历支撑。",
  ],
  sugUndated: (p) => [`${p.R} 段经历中有 ${p.missing} 段没有时间。`, "为每段经历标注起止时间（如「2021.03 – 至今」）。"],
  sugMissingJdSkills: (p) => [`缺少职位描述要求的技能：${list(p.skills, "zh")}。`, "如果具备，请写进技能清单并在经历中体现；如果不具备，请评估岗位是否匹配。"],
  sugUnevidencedJd: (p) => [`以下匹配技能只出现在列表中：${list(p.skills, "zh")}。`, "在经历或项目描述中写明用这些技能做了什么、取得了什么结果。"],
  sugRoleGaps: (p) => [`「${p.role}」岗位常见的技能未出现：${list(p.skills, "zh")}。`, "补充你确实掌握的技能；针对具体职位，可粘贴职位描述获得精确匹配。"],
  sugUnevidenced: (p) => [`以下技能在经历描述中没有体现：${list(p.skills, "zh")}。`, "在用到这些技能的经历要点中点明它们。"],
  sugNoRole: () => ["简历没有写明求职意向。", "增加标题或简介，写明目标岗位（如「Java 后端工程师」）。"],
  sugMissingContact: (p) => [`缺少联系方式：${list(p.what, "zh")}。`, "在简历顶部写明邮箱和手机号。"],
  sugNoLink: () => ["没有 GitHub、博客或作品集链接。", "补充能展示作品的个人主页或代码仓库链接。"],
  sugMissingSection: (p) => [`未找到「${zh.sectionName(p.section)}」模块。`, `增加标题明确的「${zh.sectionName(p.section)}」模块。`],
  sugShort: (p) => [`简历篇幅偏短（${p.units} ${p.unit === "words" ? "词" : "字"}）。`, "补充经历中的具体职责和成果，以写满一页为宜。"],
  sugLong: (p) => [`简历篇幅偏长（${p.units} ${p.unit === "words" ? "词" : "字"}）。`, "删减较早或与岗位无关的内容，一般两页以内即可。"],
  sugPlaceholders: (p) => [`有 ${p.count} 行像是未填写的模板内容，例如「${p.example}」。`, "将模板占位符和说明文字替换为自己的真实信息，或直接删除。"],
  sugHeadings: () => ["可识别的模块标题较少。", "使用「工作经历」「项目经历」「教育背景」「专业技能」等标准标题，方便阅读和解析。"],
  sugOrder: () => ["经历的排列顺序不一致。", "每个模块内按时间由近及远排列。"],
  sugGaps: (p) => [
    `时间线上有空档：${p.gaps.map((g) => `${g.from}–${g.to}（${g.months} 个月）`).join("，")}。`,
    "如空档有原因（深造、休整等）可简要说明；否则请核对日期。",
  ],
  sugParagraphs: () => ["经历以大段文字书写。", "拆分为每条一两行的要点。"],
  sugContactTop: () => ["联系方式不在简历顶部。", "把邮箱和手机号放在姓名下方。"],
  sugVerbs: (p) => [
    p.A === 0 ? `${p.S} 条描述都不是以动作动词开头。` : `${p.S} 条描述中只有 ${p.A} 条以动作动词开头。`,
    `用「主导、设计、实现、优化、推动」等动词开头，少用「参与、协助」——例如「${p.example}」。`,
  ],
  sugLongBullets: (p) => [`有 ${p.count} 条描述过长，例如「${p.example}」。`, "每条控制在一两行，拆成「行动 + 结果」。"],
  sugPronouns: (p) => [`出现 ${p.count} 处第一人称（我、本人）。`, "简历要点通常省略主语，直接以动词开头。"],
  sugFillers: (p) => [
    `空泛词或套话：${quotedList(p.words, 3, "「", "」", "、", (n) => ` 等 ${n + 3} 个`)}。`,
    "用具体事实代替：做了什么、规模多大、为谁带来什么。",
  ],
  sugRepeated: (p) => [`多条描述重复使用：${list(p.words, "zh")}。`, "变换动词和措辞，让每条要点各有重点。"],
  sugNotResume: () => ["该文本不像一份简历。", "请上传包含联系方式、工作经历、教育背景和技能的简历。"],
  summary: (p) =>
    (p.notResume
      ? `该文档缺少简历特征，得分 ${fmt(p.overall)}/100 已相应折算。`
      : `${p.role ? `一份「${p.role}」方向的简历` : "一份简历"}，共 ${p.R} 段经历${p.years >= 1 ? `，时间跨度约 ${fmt(p.years)} 年` : ""}，总分 ${fmt(p.overall)}/100。`) +
    `最强维度：${p.best}；最弱维度：${p.worst}。` +
    (p.jd ? `与职位描述的 ${p.jd.total} 项技能匹配 ${p.jd.matched} 项。` : "") +
    "（离线启发式分析：基于规则的检查，未使用大语言模型。）",
  dimensionName: (k) => ({ experience: "经历深度", skills: "技能匹配", content: "内容完整度", structure: "结构与格式", expression: "语言表达" })[k],
};

export function messages(lang: Lang): Messages {
  return lang === "zh" ? zh : en;
}

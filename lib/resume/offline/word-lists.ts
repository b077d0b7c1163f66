/**
 * Word lists used by the achievement and expression analysers.
 *
 * Source: compiled by hand for Panelist. The English action verbs follow the categories of
 * the action-verb handouts university career centres publish (leadership, building,
 * improving, analysing, communicating …) without copying any one list; the Chinese verbs are
 * the ones Chinese resume guides and the corpus templates (`zh_markdown_java-template.md`)
 * recommend (负责/主导/设计/实现/优化/搭建 …). Fillers and clichés are the usual
 * "resume buzzwords" (team player, hard-working, results-driven …).
 */

/** English action verbs, base form. Inflections (-s, -ed, -ing) are generated. */
export const ACTION_VERBS_EN = [
  // leading & managing
  "lead", "manage", "direct", "supervise", "mentor", "coach", "train", "oversee", "coordinate", "chair", "head",
  "spearhead", "champion", "orchestrate", "own", "run", "guide", "hire", "recruit", "delegate", "mobilize",
  // building & creating
  "build", "create", "design", "develop", "implement", "engineer", "architect", "launch", "establish", "found",
  "introduce", "pioneer", "prototype", "program", "code", "write", "author", "produce", "deploy", "ship", "deliver",
  "construct", "devise", "invent", "set", "setup", "integrate", "migrate", "automate", "configure", "release",
  "publish", "draft", "compose", "model", "craft", "instrument", "containerize", "refactor", "re-architect", "rewrite",
  // improving
  "improve", "increase", "reduce", "decrease", "cut", "optimize", "optimise", "streamline", "accelerate", "boost",
  "enhance", "expand", "grow", "scale", "strengthen", "upgrade", "modernize", "overhaul", "consolidate", "simplify",
  "raise", "save", "lower", "eliminate", "maximize", "minimize", "transform", "revamp", "restructure", "drive", "double",
  "triple", "speed", "resolve", "fix", "debug", "troubleshoot", "stabilize", "secure", "harden",
  // analysing & researching
  "analyze", "analyse", "assess", "audit", "evaluate", "investigate", "research", "measure", "forecast", "identify",
  "diagnose", "examine", "quantify", "test", "validate", "verify", "benchmark", "map", "discover", "study", "survey",
  "compute", "calculate", "reconcile", "review", "monitor", "track", "prepare", "maintain", "process", "compile",
  // communicating & winning
  "present", "negotiate", "persuade", "partner", "collaborate", "facilitate", "advise", "consult", "educate",
  "teach", "instruct", "promote", "advocate", "influence", "secure", "win", "earn", "achieve", "attain", "award",
  "plan", "organize", "organise", "schedule", "execute", "complete", "conduct", "define", "standardize", "document",
  "co-found", "co-author", "co-design", "file", "patent", "curate", "apply",
];

/** Irregular past forms of the verbs above. */
const IRREGULAR: Record<string, string[]> = {
  lead: ["led"], build: ["built"], write: ["wrote", "written"], run: ["ran"], drive: ["drove", "driven"],
  grow: ["grew", "grown"], win: ["won"], teach: ["taught"], oversee: ["oversaw", "overseen"], set: ["set"],
  cut: ["cut"], rewrite: ["rewrote", "rewritten"], speed: ["sped"], found: ["founded"], hire: ["hired"],
};

/** Generates -s/-es, -ed/-d/-ied, -ing forms of a regular English verb, plus irregulars. */
export function inflect(base: string): string[] {
  const out = new Set<string>([base]);
  const cons = /[^aeiou]y$/.test(base);
  out.add(cons ? base.slice(0, -1) + "ies" : /(s|sh|ch|x|z)$/.test(base) ? base + "es" : base + "s");
  out.add(base.endsWith("e") ? base + "d" : cons ? base.slice(0, -1) + "ied" : base + "ed");
  out.add(base.endsWith("e") && !base.endsWith("ee") ? base.slice(0, -1) + "ing" : base + "ing");
  // consonant doubling for short CVC verbs (plan → planned, ship → shipped, map → mapped)
  if (/^[^aeiou]*[aeiou][bdgmnprt]$/.test(base)) {
    const last = base[base.length - 1];
    out.add(base + last + "ed");
    out.add(base + last + "ing");
  }
  for (const f of IRREGULAR[base] ?? []) out.add(f);
  return [...out];
}

/** Every accepted English action-verb form, lower case. */
export const ACTION_VERB_FORMS_EN: ReadonlySet<string> = new Set(ACTION_VERBS_EN.flatMap(inflect));

/**
 * Chinese action verbs. A Chinese statement counts as action-led when one of these occurs
 * in its first {@link ZH_VERB_WINDOW} characters (after an optional subject such as "我").
 */
export const ACTION_VERBS_ZH = [
  "负责", "主导", "主持", "设计", "实现", "优化", "搭建", "开发", "推动", "带领", "领导", "构建", "重构", "完成",
  "提升", "降低", "减少", "解决", "制定", "建立", "管理", "策划", "组织", "推进", "落地", "改进", "提出", "编写",
  "部署", "分析", "撰写", "交付", "上线", "迁移", "统筹", "协调", "培训", "指导", "攻克", "创建", "引入", "推广",
  "研发", "独立开发", "主讲", "发表", "获得", "节省", "增长", "扩展", "整合", "自动化", "维护", "测试", "调研",
  "规划", "运营", "执行", "输出", "沉淀", "打造", "牵头", "对接", "建设", "实施", "定位", "排查", "修复",
];
export const ZH_VERB_WINDOW = 12;

/** Phrases that describe duties rather than results; they do not count as action verbs. */
export const WEAK_OPENERS_EN = [
  "responsible for", "worked on", "worked with", "helped", "assisted", "participated in", "involved in",
  "duties included", "tasked with", "in charge of", "was part of", "exposure to", "familiar with",
];
export const WEAK_OPENERS_ZH = ["参与", "协助", "帮助", "配合", "了解", "熟悉", "接触"];

/** First-person pronouns (resumes are conventionally written without them). */
export const PRONOUNS_EN = ["i", "me", "my", "mine", "myself"];
export const PRONOUNS_ZH = ["我", "本人"];

/** Filler words and clichés that add length without information. */
export const FILLERS_EN = [
  "various", "etc", "and so on", "hard-working", "hardworking", "team player", "go-getter", "synergy",
  "think outside the box", "results-driven", "results-oriented", "detail-oriented", "self-starter", "dynamic",
  "passionate", "motivated", "proven track record", "best of breed", "value add", "responsible for", "very",
  "really", "basically", "stuff", "things", "successfully", "several",
];
export const FILLERS_ZH = [
  "等等", "一些", "若干", "相关工作", "各种", "吃苦耐劳", "积极主动", "认真负责", "责任心强", "团队合作精神",
  "学习能力强", "抗压能力强", "踏实肯干", "善于沟通", "非常", "比较",
];

/** Words that express magnitude without digits ("thousands of users", "百万级"). */
export const MAGNITUDE_WORDS =
  /\b(?:dozens|hundreds|thousands|millions|billions|double[ds]?|doubling|triple[ds]?|halved|tenfold|twofold|threefold)\b|百万|千万|上千|上万|数百|数千|数万|翻倍|翻番|倍/i;

/** English stop words ignored by the repetition check. */
export const STOPWORDS_EN = new Set([
  "the", "a", "an", "and", "or", "of", "to", "in", "for", "on", "with", "by", "at", "from", "as", "is", "was",
  "are", "were", "be", "been", "that", "this", "these", "those", "it", "its", "into", "over", "across", "using",
  "through", "their", "our", "your", "his", "her", "they", "we", "which", "who", "while", "than", "more", "all",
  "new", "team", "teams", "data", "based", "within", "per", "other", "also", "such",
]);

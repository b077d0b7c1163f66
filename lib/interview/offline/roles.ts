import { compileTerms, type TermTest } from "./match";
import type { BankArea } from "./question-bank";

/**
 * Free-text role → question-bank areas, for the offline planner. The candidate types
 * anything ("Senior Golang backend", "数据科学家", "Chef"), so each rule lists words of the
 * trade in English and Chinese, matched like key-point terms (`match.ts`: Latin on word
 * boundaries, Chinese as substrings).
 *
 * Scoring: a rule scores 1 per strong word found and ½ per weak (ambiguous) word; the
 * highest score wins, earlier rules win ties. Weak words are the ones that also appear in
 * other roles' titles — "web backend developer" is backend (1) rather than frontend (½),
 * "AI product manager" is product (1) rather than ML (½), "数据科学家" is ML ("数据科学", 1)
 * rather than data ("数据", ½). The generic software rule ("developer", "开发工程师") only
 * applies when no other rule matches. No rule scoring > 0 → unknown role: behavioural and
 * general questions only.
 *
 * Word lists written by hand for Panelist from common job titles (English and Chinese job
 * boards) and the role list of `lib/resume/offline/roles.ts`.
 */

interface RoleAreas {
  /** The matched rule, or `null` for a role the bank has no area for. */
  rule: string | null;
  /** Areas the main questions come from, in turn. */
  primary: BankArea[];
  /** Areas used when the primary ones run out. */
  secondary: BankArea[];
}

interface Rule {
  id: string;
  /** Only used when no other rule matches ("后端开发工程师" is backend, not generic software). */
  fallback?: boolean;
  primary: BankArea[];
  secondary: BankArea[];
  strong: string[];
  weak: string[];
}

const RULES: Rule[] = [
  {
    id: "fullstack",
    primary: ["fullstack", "backend", "frontend"],
    secondary: ["devops"],
    strong: ["full-stack", "full stack", "fullstack", "全栈"],
    weak: [],
  },
  {
    id: "product",
    primary: ["product"],
    secondary: ["general", "data"],
    strong: ["product manager", "product owner", "product management", "product lead", "head of product", "pm", "apm", "产品经理", "产品负责人", "产品总监"],
    weak: ["product", "产品"],
  },
  {
    id: "ml",
    primary: ["ml"],
    secondary: ["data"],
    strong: [
      "machine learning",
      "ml",
      "mle",
      "deep learning",
      "data scientist",
      "data science",
      "nlp",
      "computer vision",
      "llm",
      "research scientist",
      "algorithm engineer",
      "recommendation",
      "算法",
      "机器学习",
      "深度学习",
      "数据科学",
      "人工智能",
      "大模型",
      "推荐系统",
      "自然语言",
      "计算机视觉",
      "视觉算法",
    ],
    weak: ["ai", "algorithm*", "research*", "模型"],
  },
  {
    id: "data",
    primary: ["data"],
    secondary: ["ml", "backend"],
    strong: [
      "data engineer*",
      "data analyst",
      "data analytics",
      "analytics engineer",
      "business intelligence",
      "bi",
      "etl",
      "big data",
      "data warehouse",
      "数据工程",
      "数据分析",
      "数仓",
      "大数据",
      "商业分析",
      "数据开发",
    ],
    weak: ["data", "analyst", "analytics", "sql", "数据"],
  },
  {
    id: "devops",
    primary: ["devops"],
    secondary: ["backend", "security"],
    strong: [
      "devops",
      "sre",
      "site reliability",
      "platform engineer*",
      "infrastructure",
      "infra",
      "cloud engineer",
      "sysadmin",
      "system administrator",
      "kubernetes",
      "运维",
      "基础设施",
      "云平台",
      "平台工程",
      "系统管理",
    ],
    weak: ["cloud", "ops", "operations engineer", "云"],
  },
  {
    id: "security",
    primary: ["security"],
    secondary: ["devops", "backend"],
    strong: ["security", "appsec", "infosec", "penetration", "pentest*", "cybersecurity", "cyber", "安全工程", "信息安全", "网络安全", "渗透"],
    weak: ["安全"],
  },
  {
    id: "qa",
    primary: ["qa"],
    secondary: ["backend", "frontend"],
    strong: ["qa", "quality assurance", "sdet", "tester", "test engineer", "test automation", "测试", "质量保障"],
    weak: ["test*", "quality", "automation engineer", "质量"],
  },
  {
    id: "mobile",
    primary: ["mobile"],
    secondary: ["frontend"],
    strong: ["mobile", "ios", "android", "flutter", "react native", "swiftui", "移动端", "移动开发", "客户端", "安卓", "鸿蒙"],
    weak: ["swift", "kotlin", "app developer", "app", "移动"],
  },
  // designers have no bank area of their own: general questions, then product
  {
    id: "design",
    primary: ["general"],
    secondary: ["product"],
    strong: ["designer", "ux", "user experience", "interaction design", "设计师", "交互设计", "视觉设计", "用户体验"],
    weak: ["design", "设计"],
  },
  {
    id: "frontend",
    primary: ["frontend"],
    secondary: ["fullstack"],
    strong: ["frontend", "front-end", "front end", "ui engineer", "ui developer", "web developer", "react developer", "vue", "angular", "前端"],
    weak: ["web", "react", "javascript", "typescript", "css", "ui"],
  },
  {
    id: "backend",
    primary: ["backend"],
    secondary: ["devops", "fullstack"],
    strong: [
      "backend",
      "back-end",
      "back end",
      "server-side",
      "server side",
      "api developer",
      "golang",
      "java developer",
      "java engineer",
      "后端",
      "服务端",
      "服务器端",
      "java开发",
      "后台开发",
    ],
    weak: [
      "java",
      "go",
      "python",
      "node",
      "node.js",
      "c++",
      "rust",
      "php",
      ".net",
      "c#",
      "ruby",
      "scala",
      "microservice*",
      "server",
      "api",
      "distributed",
      "分布式",
      "服务器",
    ],
  },
  {
    id: "software",
    fallback: true,
    primary: ["fullstack", "backend"],
    secondary: ["frontend", "devops"],
    strong: [
      "software engineer",
      "software developer",
      "software development",
      "swe",
      "sde",
      "programmer",
      "coder",
      "软件工程师",
      "软件开发",
      "程序员",
      "研发工程师",
      "开发工程师",
    ],
    weak: ["developer", "engineer", "engineering", "architect", "cto", "tech lead", "开发", "工程师", "研发", "架构师"],
  },
];

const COMPILED: { rule: Rule; strong: TermTest[]; weak: TermTest[] }[] = RULES.map((rule) => ({
  rule,
  strong: rule.strong.map((t) => compileTerms([t])),
  weak: rule.weak.map((t) => compileTerms([t])),
}));

const UNKNOWN: RoleAreas = { rule: null, primary: ["general"], secondary: [] };

/** Maps a free-text role to bank areas (see the scoring rule above). */
export function resolveRoleAreas(role: string): RoleAreas {
  const text = role.trim();
  if (!text) return UNKNOWN;
  let best: { rule: Rule; score: number } | null = null;
  for (const fallback of [false, true]) {
    for (const c of COMPILED) {
      if (!!c.rule.fallback !== fallback) continue;
      const score = c.strong.filter((t) => t(text) !== null).length + 0.5 * c.weak.filter((t) => t(text) !== null).length;
      if (score > 0 && (!best || score > best.score)) best = { rule: c.rule, score };
    }
    if (best) break;
  }
  if (!best) return UNKNOWN;
  return { rule: best.rule.id, primary: [...best.rule.primary], secondary: [...best.rule.secondary] };
}

import type { SectionMap } from "./sections";
import type { Line } from "./types";

/**
 * Target-role inference for the no-job-description case: which role the resume aims at,
 * and which skills that role is usually expected to show.
 *
 * The role → skills map was written by hand for Panelist from typical postings for each
 * role (including the corpus job descriptions); skill names are canonical names from
 * `skills-dictionary.ts`. It is small on purpose: it only has to say whether a resume's
 * skills fit the title it claims.
 */
export interface RoleDef {
  id: string;
  en: string;
  zh: string;
  /** Title words (lower-case Latin on word boundaries, Chinese as substrings). */
  titles: string[];
  /** Skills the role is usually expected to show (canonical names). */
  skills: string[];
}

const ROLES: RoleDef[] = [
  {
    id: "security",
    en: "security engineer / analyst",
    zh: "网络安全工程师",
    titles: [
      "security engineer",
      "security analyst",
      "soc analyst",
      "penetration tester",
      "pentester",
      "security operations",
      "网络安全",
      "安全工程师",
      "渗透测试",
      "安全运营",
    ],
    skills: [
      "Security",
      "Penetration Testing",
      "Vulnerability Management",
      "SIEM",
      "Threat Analysis",
      "Network Security",
      "Incident Response",
      "Networking",
      "Linux",
      "Python",
      "Encryption",
      "Compliance",
    ],
  },
  {
    id: "graphic-designer",
    en: "graphic designer",
    zh: "平面设计师",
    titles: ["graphic designer", "graphic design", "brand designer", "平面设计", "品牌设计", "美工"],
    skills: ["Graphic Design", "Photoshop", "Illustrator", "InDesign", "After Effects", "Figma", "UI Design"],
  },
  {
    id: "hr",
    en: "HR specialist / recruiter",
    zh: "人力资源/招聘",
    titles: ["hr", "human resources", "recruiter", "talent acquisition", "hrbp", "人力资源", "招聘专员", "招聘主管", "人事"],
    skills: [
      "Human Resources",
      "Recruiting",
      "Employee Relations",
      "Labor Law",
      "HR Administration",
      "Performance Management",
      "Payroll",
      "Excel",
      "Microsoft Office",
    ],
  },
  {
    id: "customer-service",
    en: "customer service",
    zh: "客户服务",
    titles: ["customer service", "customer support", "customer success", "客服", "客户服务"],
    skills: ["Customer Service", "CRM", "Excel", "Microsoft Office", "Process Improvement", "Data Analysis", "Performance Management"],
  },
  {
    id: "sales",
    en: "sales representative",
    zh: "销售",
    titles: ["sales", "account executive", "business development", "销售", "大客户经理", "商务拓展"],
    skills: ["Sales", "CRM", "Negotiation", "Excel", "Customer Service", "Microsoft Office", "Forecasting"],
  },
  {
    id: "devops",
    en: "DevOps / cloud engineer",
    zh: "DevOps/云平台工程师",
    titles: ["devops", "sre", "site reliability", "cloud engineer", "platform engineer", "infrastructure engineer", "运维", "云平台"],
    skills: ["Docker", "Kubernetes", "Terraform", "AWS", "CI/CD", "Jenkins", "Ansible", "Linux", "Python", "Bash", "Monitoring", "Git", "Azure", "GCP"],
  },
  {
    id: "ml",
    en: "machine-learning engineer / data scientist",
    zh: "机器学习工程师/数据科学家",
    titles: [
      "machine learning",
      "ml engineer",
      "data scientist",
      "ai engineer",
      "research scientist",
      "deep learning",
      "算法工程师",
      "机器学习",
      "数据科学",
      "人工智能",
      "nlp engineer",
    ],
    skills: [
      "Python",
      "Machine Learning",
      "Deep Learning",
      "TensorFlow",
      "PyTorch",
      "scikit-learn",
      "SQL",
      "Statistics",
      "NLP",
      "Pandas",
      "Spark",
      "R",
      "Data Visualization",
      "Computer Vision",
    ],
  },
  {
    id: "data-eng",
    en: "data engineer",
    zh: "数据工程师",
    titles: ["data engineer", "etl developer", "big data engineer", "数据工程师", "大数据开发", "大数据工程师", "数仓"],
    skills: ["Python", "SQL", "Spark", "Hadoop", "Kafka", "Airflow", "ETL", "Data Warehouse", "AWS", "Scala", "Data Pipelines", "Databases"],
  },
  {
    id: "data-analyst",
    en: "data analyst",
    zh: "数据分析师",
    titles: ["data analyst", "business analyst", "bi analyst", "analytics", "数据分析"],
    skills: ["SQL", "Excel", "Python", "Tableau", "Power BI", "Statistics", "Data Visualization", "R", "A/B Testing", "Data Analysis"],
  },
  {
    id: "frontend",
    en: "front-end engineer",
    zh: "前端工程师",
    titles: ["front-end", "frontend", "front end", "ui engineer", "web developer", "前端"],
    skills: ["JavaScript", "TypeScript", "React", "Vue", "HTML", "CSS", "Node.js", "Webpack", "Angular", "Next.js"],
  },
  {
    id: "mobile",
    en: "mobile engineer",
    zh: "移动端工程师",
    titles: ["ios", "android", "mobile engineer", "mobile developer", "移动端", "安卓", "客户端"],
    skills: ["Swift", "Kotlin", "Java", "Objective-C", "Android", "iOS", "Flutter", "React Native", "Git"],
  },
  {
    id: "qa",
    en: "QA / test engineer",
    zh: "测试工程师",
    titles: ["qa engineer", "test engineer", "quality assurance", "sdet", "tester", "测试工程师", "测试开发"],
    skills: ["Selenium", "Automated Testing", "Unit Testing", "Python", "Java", "Jira", "CI/CD", "API Testing", "Performance Testing", "Quality Assurance"],
  },
  {
    id: "backend",
    en: "back-end engineer",
    zh: "后端工程师",
    titles: ["back-end", "backend", "back end", "server-side", "java engineer", "java developer", "java程序员", "java高级", "后端", "服务端", "golang"],
    skills: [
      "Java",
      "Python",
      "Go",
      "SQL",
      "Databases",
      "Redis",
      "Microservices",
      "Docker",
      "Spring Boot",
      "MySQL",
      "Message Queue",
      "Linux",
      "Distributed Systems",
      "REST API",
    ],
  },
  {
    id: "software",
    en: "software engineer",
    zh: "软件工程师",
    titles: [
      "software engineer",
      "software developer",
      "developer",
      "programmer",
      "full stack",
      "full-stack",
      "engineer",
      "程序员",
      "软件工程师",
      "开发工程师",
      "研发工程师",
      "全栈",
      "架构师",
      "cto",
    ],
    skills: [
      "Python",
      "JavaScript",
      "TypeScript",
      "Java",
      "Go",
      "React",
      "Node.js",
      "SQL",
      "Git",
      "Docker",
      "AWS",
      "REST API",
      "CI/CD",
      "Databases",
      "Linux",
      "Unit Testing",
    ],
  },
  {
    id: "product",
    en: "product manager",
    zh: "产品经理",
    titles: ["product manager", "product owner", "product lead", "产品经理", "产品负责人"],
    skills: [
      "Product Roadmap",
      "A/B Testing",
      "Stakeholder Management",
      "User Research",
      "Agile",
      "Jira",
      "Data Analysis",
      "SQL",
      "Requirements Analysis",
      "Product Strategy",
      "Prototyping",
    ],
  },
  {
    id: "designer",
    en: "product / UX designer",
    zh: "产品/交互设计师",
    titles: ["designer", "ux", "ui/ux", "user experience", "设计师", "交互设计", "视觉设计"],
    skills: [
      "Figma",
      "Sketch",
      "Adobe XD",
      "User Research",
      "Prototyping",
      "Wireframing",
      "Usability Testing",
      "Design Systems",
      "Photoshop",
      "Illustrator",
      "UI Design",
    ],
  },
  {
    id: "accountant",
    en: "accountant",
    zh: "会计/财务",
    titles: ["accountant", "accounting", "bookkeeper", "auditor", "controller", "cpa", "finance", "financial analyst", "会计", "财务", "审计"],
    skills: [
      "Accounting",
      "GAAP",
      "QuickBooks",
      "Excel",
      "Reconciliation",
      "Tax Preparation",
      "Accounts Payable",
      "Accounts Receivable",
      "Auditing",
      "Financial Reporting",
      "Budgeting",
      "Payroll",
      "Financial Analysis",
    ],
  },
  {
    id: "pm",
    en: "project / operations manager",
    zh: "项目/运营经理",
    titles: ["project manager", "program manager", "operations manager", "operations", "scrum master", "项目经理", "运营"],
    skills: [
      "Project Management",
      "Agile",
      "Scrum",
      "Jira",
      "Stakeholder Management",
      "Risk Management",
      "Budgeting",
      "Excel",
      "Process Improvement",
      "Vendor Management",
    ],
  },
  {
    id: "marketing",
    en: "marketing specialist",
    zh: "市场营销",
    titles: ["marketing", "growth marketer", "seo specialist", "content strategist", "市场", "营销", "新媒体"],
    skills: ["SEO", "SEM", "Google Analytics", "Digital Marketing", "Social Media", "Copywriting", "A/B Testing", "CRM", "Excel"],
  },
];

export interface RoleGuess {
  role: RoleDef;
  /** The line the title was read from (evidence). */
  line: number;
}

const TARGET_LINE = /期望职位|求职意向|应聘职位|目标职位|岗\s*位\s*[:：]|职\s*位\s*[:：]|objective|target (?:role|position)|job title|desired position/i;

function hitsTitle(role: RoleDef, text: string): boolean {
  const lower = text.toLowerCase();
  return role.titles.some((t) => (/[\u3400-\u9fff]/.test(t) ? lower.includes(t) : new RegExp(`(?<![a-z])${t.replace(/[-/]/g, "\\$&")}(?![a-z])`).test(lower)));
}

/**
 * Guesses the target role. Candidate lines, strongest first: an explicit target line
 * ("期望职位：…", "Objective: …") weight 4; the first 5 lines (name/title block) weight 3;
 * the summary section weight 2; date-bearing experience lines (job titles) weight 1.
 * Each role scores the sum of the weights of the lines naming one of its titles; the
 * highest wins, earlier roles in {@link ROLES} (the more specific ones) win ties.
 */
export function inferRole(lines: Line[], sections: SectionMap, datedLines: Set<number>): RoleGuess | null {
  const weighted: { line: Line; w: number }[] = [];
  for (const l of lines) {
    const keys = sections.sectionOf[l.index];
    let w = 0;
    if (TARGET_LINE.test(l.text) && l.text.length < 80) w = 4;
    else if (l.index < 5 && keys.length === 0) w = 3;
    else if (keys.includes("summary")) w = 2;
    else if (keys.includes("experience") && datedLines.has(l.index)) w = 1;
    if (w > 0) weighted.push({ line: l, w });
  }
  let best: RoleGuess | null = null;
  let bestScore = 0;
  for (const role of ROLES) {
    let score = 0;
    let first = -1;
    for (const { line, w } of weighted) {
      if (hitsTitle(role, line.text)) {
        score += w;
        if (first < 0) first = line.index;
      }
    }
    if (score > bestScore) {
      bestScore = score;
      best = { role, line: first };
    }
  }
  return best;
}

import { describe, expect, it } from "vitest";
import { LATIN_WORD_UNITS, MIN_COPIED_HAN, MIN_UNITS, measureOutputLanguage, proseOf, WRONG_SHARE, wrongLanguageMessage } from "./output-language";

/** A Chinese resume's lines, as a source: its English words are tech terms and names. */
const ZH_RESUME = [
  "张伟 | 高级后端工程师 | zhangwei@example.com",
  "2019.07 - 至今 字节跳动 推荐系统后端开发",
  "负责基于 Spring Boot 和 Kafka 的推荐服务重构，QPS 从 2000 提升到 8000",
  "使用 Kubernetes、Docker 和 Jenkins 搭建 CI/CD 流水线，部署时间缩短 60%",
  "2016.09 - 2019.06 清华大学 计算机科学与技术 硕士",
  "技能：Java、Go、MySQL、Redis、Elasticsearch、React Hooks、Redux Toolkit、Prometheus、Grafana",
].join("\n");

/** An English resume that names Chinese employers and a school in Chinese script. */
const EN_RESUME = [
  "Li Na — Data Engineer — lina@example.com",
  "2020–2024 字节跳动 (ByteDance), Beijing: built the ads attribution pipeline on Flink and Kafka",
  "2018–2020 美团 (Meituan): owned the delivery ETA model's feature store",
  "Education: 清华大学 (Tsinghua University), MSc Computer Science",
  "Skills: Python, Spark, Flink, Kafka, Airflow, SQL",
].join("\n");

/** A realistic Chinese analysis of ZH_RESUME: full of English tech terms, numbers and a quote. */
const ZH_PROSE = [
  "候选人在字节跳动有近五年推荐系统后端经验，熟悉 Spring Boot、Kafka 和 Kubernetes，成果有量化数据支撑；个人总结略显笼统。",
  "经历深度较好：主导推荐服务重构，QPS 从 2000 提升到 8000，但缺少团队规模与个人职责的说明。",
  "技能与目标岗位高度相关，Java、Go、MySQL、Redis 都在项目中有体现。",
  "联系方式、教育背景和技能齐全，但缺少个人总结。",
  "结构清晰，时间倒序，篇幅合适。",
  "表达简洁，多用“负责”“使用”等动词开头，可改用更有力的动词。",
  "有量化成果（部署时间缩短 60%）",
  "熟悉 CI/CD 与容器化部署",
  "每段经历补充团队规模和你的具体角色。",
  "把“负责基于 Spring Boot 和 Kafka 的推荐服务重构”改写为以结果开头的句子。",
];

/** The same assessment in English, as a model that ignored the answer language would write it. */
const EN_PROSE_FOR_ZH = [
  "The candidate has nearly five years of recommendation backend experience at 字节跳动, with Spring Boot, Kafka and Kubernetes, and quantified results; the summary is generic.",
  "Good depth: led the rewrite of the recommendation service, raising QPS from 2000 to 8000, but team size and personal scope are not stated.",
  "Skills match the target role closely; Java, Go, MySQL and Redis all appear in projects.",
  "Contact details, education and skills are present, but there is no summary.",
  "Clear structure in reverse chronological order, appropriate length.",
  "Concise wording, though many bullets start with weak verbs such as “负责”.",
  "Quantified impact (deployment time cut by 60%)",
  "Hands-on CI/CD and container deployment",
  "Add the team size and your exact role to each position.",
  "Rewrite “负责基于 Spring Boot 和 Kafka 的推荐服务重构” so that it opens with the result.",
];

/** A realistic English analysis of EN_RESUME: names the Chinese employers as the resume writes them. */
const EN_PROSE = [
  "Solid data engineering profile: four years at 字节跳动 (ByteDance) building the ads attribution pipeline, and two at 美团 owning a feature store.",
  "Experience shows growing ownership, from a feature store at 美团 to a whole pipeline at 字节跳动, but few results are quantified.",
  "Skills fit a data engineering role; Flink and Kafka are evidenced in experience.",
  "Contact details and education (清华大学) are present; there is no summary.",
  "Sections are clear and consistent.",
  "Bullets are concise but lack numbers.",
  "Relevant streaming experience on Flink and Kafka",
  "Add the pipeline's scale (events per day) and its latency.",
  "Write a two-line summary aimed at the target role.",
];

/** The same assessment in Chinese, as a model that ignored the answer language would write it. */
const ZH_PROSE_FOR_EN = [
  "数据工程背景扎实：在字节跳动（ByteDance）四年，搭建广告归因流水线；在美团两年，负责特征库。",
  "经历体现出职责逐步扩大，但量化成果较少。",
  "技能与数据工程岗位匹配，Flink 和 Kafka 在经历中有体现。",
  "联系方式和教育背景齐全，缺少个人总结。",
  "各部分清晰一致。",
  "要点简洁，但缺少数字。",
  "有 Flink 和 Kafka 的流式处理经验",
  "补充流水线的规模（每日事件数）和延迟。",
  "写一段面向目标岗位的两行总结。",
];

const zh = (prose: string[]) => measureOutputLanguage(prose, "zh", { source: [ZH_RESUME] });
const en = (prose: string[]) => measureOutputLanguage(prose, "en", { source: [EN_RESUME] });

describe("measureOutputLanguage: whole analyses", () => {
  it("a Chinese analysis full of English tech terms, numbers and a quote is Chinese", () => {
    const m = zh(ZH_PROSE);
    expect(m.wrongLanguage).toBeNull();
    // The resume's English terms are borrowed: nothing foreign is left.
    expect(m.foreignShare).toBe(0);
    expect(m.han).toBeGreaterThan(150);
  });

  it("the same Chinese analysis still passes without the resume to subtract its terms (only tokens and quotes removed)", () => {
    const m = measureOutputLanguage(ZH_PROSE, "zh");
    expect(m.wrongLanguage).toBeNull();
    expect(m.latinWords).toBeGreaterThan(5);
    expect(m.foreignShare).toBeLessThan(0.3);
  });

  it("an English answer to a Chinese resume is English, whatever Chinese names and quotes it carries", () => {
    const m = zh(EN_PROSE_FOR_ZH);
    expect(m.wrongLanguage).toBe("en");
    expect(m.foreignShare).toBeGreaterThan(0.9);
  });

  it("an English analysis naming Chinese employers and a school is English", () => {
    const m = en(EN_PROSE);
    expect(m.wrongLanguage).toBeNull();
    expect(m.foreignShare).toBe(0);
    // Without the resume, the names count: still far below the threshold.
    const bare = measureOutputLanguage(EN_PROSE, "en");
    expect(bare.wrongLanguage).toBeNull();
    expect(bare.han).toBeGreaterThan(10);
    expect(bare.foreignShare).toBeLessThan(0.2);
  });

  it("a Chinese answer to an English resume is Chinese, though it names the English terms and company names", () => {
    const m = en(ZH_PROSE_FOR_EN);
    expect(m.wrongLanguage).toBe("zh");
    expect(m.foreignShare).toBeGreaterThan(0.9);
  });

  it("a Chinese resume that is partly in English (a bilingual profile) does not hide an English answer: function words always count", () => {
    const bilingual = `${ZH_RESUME}\nProfile: Backend engineer with a focus on the design of scalable services and the growth of the team, for more than five years.`;
    const m = measureOutputLanguage(EN_PROSE_FOR_ZH, "zh", { source: [bilingual] });
    expect(m.wrongLanguage).toBe("en");
  });

  it("the draft's skill names are removed, case-insensitively, without cutting into longer words", () => {
    const prose = ["熟悉 Spring Boot 和 Kafka，能独立负责 Elasticsearch 集群的运维与调优，Good 的实践。"];
    const without = measureOutputLanguage(prose, "zh");
    const withSkills = measureOutputLanguage(prose, "zh", { skills: ["spring boot", "Kafka", "Elasticsearch", "Go"] });
    expect(without.latinWords).toBe(5);
    // "Good" stays a word: the skill "Go" does not match inside it.
    expect(withSkills.latinWords).toBe(1);
  });
});

describe("measureOutputLanguage: what is not counted", () => {
  it("URLs, e-mail addresses, code-ish tokens, camel case and acronyms are no words", () => {
    const m = measureOutputLanguage(
      ["见 https://github.com/zhangwei/recsys 和 zhangwei@example.com；CI/CD、Node.js、C++、C#、p99、k8s、gRPC、TypeScript、AWS、SQL。"],
      "zh",
    );
    expect(m.latinWords).toBe(0);
  });

  it("quoted spans of every kind are left out", () => {
    const m = measureOutputLanguage(
      ['Rewrite “负责后端开发” and 「参与项目」, 『主导重构』, ‘熟悉框架’, "使用工具", `模块化` and 《项目管理》 as results.'],
      "en",
    );
    expect(m.han).toBe(0);
    expect(m.latinWords).toBe(5); // Rewrite, and, and, as, results
  });

  it("edge punctuation is stripped, apostrophes and hyphens keep a word whole", () => {
    const m = measureOutputLanguage(["The candidate's well-evidenced results. Good."], "en");
    expect(m.latinWords).toBe(5);
    expect(m.units).toBe(5 * LATIN_WORD_UNITS);
  });

  it("too little prose is no verdict, even when it is all in the other script", () => {
    const m = measureOutputLanguage(["Good.", "Clear layout."], "zh");
    expect(m.foreignShare).toBe(1);
    expect(m.units).toBeLessThan(MIN_UNITS);
    expect(m.wrongLanguage).toBeNull();
  });
});

describe("measureOutputLanguage: borderline mixes", () => {
  it("a Chinese sentence denser in English terms than Chinese words is still Chinese", () => {
    // 5 Han characters against 5 terms (0.60): the densest mixing a Chinese rationale plausibly has, at the threshold.
    const line = "使用 React Hooks 和 Redux Toolkit 重构 Dashboard";
    const m = measureOutputLanguage(Array(4).fill(line), "zh");
    expect(m.foreignShare).toBeGreaterThan(0.5);
    expect(m.foreignShare).toBeLessThanOrEqual(WRONG_SHARE);
    expect(m.wrongLanguage).toBeNull();
    // With the resume that has these terms, nothing foreign is left.
    expect(measureOutputLanguage(Array(4).fill(line), "zh", { source: [ZH_RESUME, "Dashboard"] }).foreignShare).toBe(0);
  });

  it("an analysis switching language half-way is let through, not retried", () => {
    const half = [...ZH_PROSE.slice(0, 5), ...EN_PROSE_FOR_ZH.slice(5)];
    const m = measureOutputLanguage(half, "zh");
    expect(m.foreignShare).toBeGreaterThan(0.2);
    expect(m.foreignShare).toBeLessThan(WRONG_SHARE);
    expect(m.wrongLanguage).toBeNull();
  });

  it("an English analysis with one Chinese sentence in it is English; with most of it Chinese it is not", () => {
    expect(en([...EN_PROSE, "建议补充量化成果。"]).wrongLanguage).toBeNull();
    expect(en([...ZH_PROSE_FOR_EN, EN_PROSE[0]!]).wrongLanguage).toBe("zh");
  });
});

describe("measureOutputLanguage: all-caps prose", () => {
  const SHOUTED = [
    "THE CANDIDATE HAS STRONG BACKEND EXPERIENCE AT A LARGE COMPANY.",
    "RESULTS ARE QUANTIFIED BUT THE SUMMARY IS GENERIC.",
    "ADD THE TEAM SIZE AND YOUR EXACT ROLE TO EACH POSITION.",
  ];

  it("an English answer in capitals to a Chinese resume is English", () => {
    const m = zh(SHOUTED);
    expect(m.latinWords).toBeGreaterThan(20);
    expect(m.wrongLanguage).toBe("en");
  });

  it("short acronyms in Chinese prose stay acronyms, however many there are", () => {
    const m = measureOutputLanguage(Array(4).fill("熟悉 AWS、GCP、SQL、HTML、CSS 和 CI/CD，有 REST 接口设计经验。"), "zh");
    expect(m.latinWords).toBe(0);
    expect(m.wrongLanguage).toBeNull();
  });

  it("a long all-caps name in ordinary prose is still no word", () => {
    const m = measureOutputLanguage(["熟悉 AUTOSAR 和 MATLAB 的工程实践，AWS 经验丰富。"], "zh");
    expect(m.latinWords).toBe(0);
  });
});

describe("measureOutputLanguage: other languages", () => {
  const JA = [
    "候補者はバイトダンスで約五年間、推薦システムのバックエンド開発を担当しており、成果も数値で示されています。",
    "サービスの再構築を主導し、QPS を 2000 から 8000 に向上させましたが、チーム規模の説明がありません。",
    "各職歴にチーム規模と具体的な役割を追記してください。",
  ];
  const KO = [
    "지원자는 바이트댄스에서 약 5년간 추천 시스템 백엔드 개발을 담당했으며 성과가 수치로 제시되어 있습니다.",
    "서비스 재구축을 주도했지만 팀 규모와 개인 역할에 대한 설명이 없습니다.",
    "각 경력에 팀 규모와 구체적인 역할을 추가하세요.",
  ];
  const RU = [
    "Кандидат почти пять лет занимался серверной разработкой рекомендательной системы, результаты подтверждены цифрами.",
    "Опыт глубокий, но размер команды и личная роль не указаны.",
    "Добавьте размер команды и свою роль к каждой должности.",
  ];

  it.each([
    ["Japanese", JA],
    ["Korean", KO],
    ["Russian", RU],
  ])("a %s answer is wrong for either resume language, and named as another language", (_name, prose) => {
    for (const expected of ["zh", "en"] as const) {
      const m = measureOutputLanguage(prose, expected, { source: [expected === "zh" ? ZH_RESUME : EN_RESUME] });
      expect(m.foreignShare).toBeGreaterThan(0.9);
      expect(m.wrongLanguage).toBe("other");
    }
  });

  it("the kanji of a field with kana are Japanese, not Chinese", () => {
    const m = measureOutputLanguage(JA, "zh");
    expect(m.han).toBe(0);
    expect(m.otherUnits).toBeGreaterThan(40);
  });

  it("a Chinese analysis naming a Korean or Russian employer once is still Chinese", () => {
    const m = zh([...ZH_PROSE, "曾在 Яндекс 和 삼성전자 实习，经历与岗位相关。"]);
    expect(m.otherUnits).toBeGreaterThan(0);
    expect(m.wrongLanguage).toBeNull();
  });
});

describe("measureOutputLanguage: resume lines copied into the answer", () => {
  /** An English answer to ZH_RESUME whose evidence is the resume's own lines, unquoted. */
  const COPYING = [
    "Strong backend profile: 2019.07 - 至今 字节跳动 推荐系统后端开发.",
    "Led a rewrite: 负责基于 Spring Boot 和 Kafka 的推荐服务重构，QPS 从 2000 提升到 8000.",
    "Built delivery tooling: 使用 Kubernetes、Docker 和 Jenkins 搭建 CI/CD 流水线，部署时间缩短 60%.",
    "Education: 2016.09 - 2019.06 清华大学 计算机科学与技术 硕士.",
    "Add team size.",
  ];

  it("is English: the copied Chinese is the resume's, not the model's", () => {
    const m = zh(COPYING);
    expect(m.wrongLanguage).toBe("en");
    expect(m.foreignShare).toBeGreaterThan(WRONG_SHARE);
    // Without the resume there is nothing to tell a copy by: about half each.
    expect(measureOutputLanguage(COPYING, "zh").wrongLanguage).toBeNull();
  });

  it("a Chinese analysis quoting the resume unquoted, line after line, is Chinese: its own connecting prose is", () => {
    const quoting = [
      "候选人写道：负责基于 Spring Boot 和 Kafka 的推荐服务重构，成果有量化数据。",
      "经历一栏列出：使用 Kubernetes、Docker 和 Jenkins 搭建 CI/CD 流水线，部署时间缩短 60%，值得肯定。",
      "教育背景为清华大学计算机科学与技术硕士，与岗位匹配。",
      "建议在推荐系统后端开发经历中补充团队规模和个人角色。",
      "个人总结缺失，建议补一段两行的总结。",
    ];
    const m = zh(quoting);
    expect(m.han).toBeGreaterThan(40);
    expect(m.foreignShare).toBe(0);
    expect(m.wrongLanguage).toBeNull();
  });

  it(`a copied run shorter than ${MIN_COPIED_HAN} characters (a name) still counts`, () => {
    // 字节跳动 and 推荐系统 are both in the resume, each too short to be taken for a copy.
    expect(measureOutputLanguage(["Five years at 字节跳动 on 推荐系统."], "zh", { source: [ZH_RESUME] }).han).toBe(8);
  });
});

describe("proseOf and the message", () => {
  it("takes summary, rationales, strengths and suggestions' issue and recommendation — not evidence or skills", () => {
    const prose = proseOf({
      summary: "S",
      dimensions: [{ rationale: "R1" }, { rationale: "R2" }],
      strengths: ["T"],
      suggestions: [{ issue: "I", recommendation: "M" }],
      matchedSkills: ["Kafka"],
    });
    expect(prose).toEqual(["S", "R1", "R2", "T", "I", "M"]);
  });

  it("names both languages", () => {
    expect(wrongLanguageMessage("en", "zh")).toBe("The model answered in English; the resume is in Chinese");
    expect(wrongLanguageMessage("zh", "en")).toBe("The model answered in Chinese; the resume is in English");
    expect(wrongLanguageMessage("other", "zh")).toBe("The model answered in another language; the resume is in Chinese");
  });
});

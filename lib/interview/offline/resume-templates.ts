import type { Difficulty, Language } from "@/lib/interview/schemas";
import { type BankKeyPoint, kp } from "./question-bank/types";

/**
 * Question templates grounded in the candidate's resume: the planner fills in a line the
 * resume states and a skill it names there. Three kinds:
 * - `walkthrough` — "You wrote '<line>'. Walk me through that work …" (the first one);
 * - `challenge` — the hardest problem in that work (second one, junior/mid and non-technical roles);
 * - `scale` — what breaks at ten times the load (second one, mid/senior technical roles).
 *
 * A resume question's plan id is `resume:<template>:<n>[:<skill>]` (the skill URI-encoded),
 * so the offline evaluator can rebuild the same key points and match terms from the id alone.
 */

export const RESUME_TEMPLATE_IDS = ["walkthrough", "challenge", "scale"] as const;
export type ResumeTemplateId = (typeof RESUME_TEMPLATE_IDS)[number];

export interface ResumeHookText {
  /** The resume statement, quoted as written (shortened if long). */
  line: string;
  /** Canonical skill name named in the statement, or null. */
  skill: string | null;
}

/** A key point of a resume question; `skill` set → covered when the answer names that skill. */
interface ResumeKeyPoint extends BankKeyPoint {
  skill?: string;
}

const CONTEXT = kp(
  "The problem it solved and why it mattered",
  "它解决的问题以及为什么重要",
  "problem|goal|needed|because|users|customer*|business|context|slow|manual|pain",
  "问题|背景|目标|需求|因为|用户|客户|业务|痛点",
);
const OWN_ROLE = kp(
  "What you did yourself and decided",
  "你本人做了什么、做了哪些决定",
  "i designed|i built|i implemented|i wrote|i led|i owned|i decided|i chose|my role|i was responsible|i proposed|myself|i introduced",
  "我负责|我设计|我实现|我开发|我主导|我决定|我选择|我的角色|我提出|本人|我引入",
);
const DECISIONS = kp(
  "Technical decisions and the alternatives considered",
  "技术决策与考虑过的备选方案",
  "chose|decided|instead of|trade-off*|tradeoff*|alternative*|compared|option*",
  "选择|决定|而不是|取舍|权衡|备选|方案|对比",
);
const RESULT = kp(
  "The measurable result",
  "可衡量的结果",
  "result*|%|reduc*|increas*|improv*|faster|saved|latency|revenue|launched|shipped|users",
  "结果|提升|降低|减少|增加|节省|上线|用户|效果|%",
);
const HINDSIGHT = kp(
  "What you would do differently now",
  "如果重做会有什么不同",
  "differently|in hindsight|would change|next time|lesson*|learned|learnt",
  "重新做|回头看|改进|下次|教训|学到|反思",
);

const PROBLEM = kp(
  "The specific problem or obstacle",
  "具体的问题或障碍",
  "problem|issue|bug|difficult*|challeng*|hardest|couldn't|failed|obstacle",
  "问题|难点|困难|挑战|bug|故障|障碍",
);
const DIAGNOSIS = kp(
  "How you investigated it",
  "你如何排查和分析",
  "investigat*|debug*|log*|profil*|measur*|found|root cause|reproduc*|analy*",
  "排查|调试|日志|定位|分析|发现|根因|复现",
);
const SOLUTION = kp(
  "The solution and why you chose it",
  "解决方案及选择它的理由",
  "solv*|fixed|solution|instead|alternative*|chose|approach|because",
  "解决|修复|方案|改为|选择|思路|因为",
);
const OUTCOME = kp(
  "The outcome and what you learned",
  "结果以及你学到了什么",
  "result*|%|worked|learned|learnt|lesson*|since then|afterwards",
  "结果|效果|学到|教训|之后|收获",
);

const BOTTLENECK = kp(
  "What would break first (the bottleneck)",
  "最先出问题的地方（瓶颈）",
  "bottleneck*|break first|breaks first|limit*|database|cpu|memory|throughput|latency|single point",
  "瓶颈|先崩|最先|限制|数据库|CPU|内存|吞吐|延迟|单点",
);
const REDESIGN = kp(
  "The design changes you would make",
  "你会做的设计调整",
  "cach*|shard*|partition*|queue*|async*|replica*|horizontal*|scale out|index*|batch*|stateless|cdn",
  "缓存|分片|分区|队列|异步|副本|水平扩展|索引|批量|无状态|CDN",
);
const COSTS = kp(
  "Trade-offs and costs of those changes",
  "这些调整的取舍与代价",
  "trade-off*|tradeoff*|cost|complexity|consistency|downside|drawback*",
  "取舍|权衡|成本|复杂度|一致性|代价|缺点",
);
const VERIFY = kp(
  "How you would verify it works (load tests, metrics)",
  "如何验证（压测、指标）",
  "load test*|benchmark*|measur*|monitor*|metric*|capacity|stress test*",
  "压测|基准|测量|监控|指标|容量|压力测试",
);

function skillPoint(skill: string): ResumeKeyPoint {
  return {
    en: `What role ${skill} played there, and why it fitted`,
    zh: `${skill} 在其中起了什么作用，为什么合适`,
    terms: { en: [], zh: [] },
    skill,
  };
}

/** Key points of a resume question; `hard` questions add a hindsight point to the walkthrough. */
export function resumeKeyPoints(template: ResumeTemplateId, skill: string | null, difficulty: Difficulty): ResumeKeyPoint[] {
  switch (template) {
    case "walkthrough":
      return [CONTEXT, OWN_ROLE, skill ? skillPoint(skill) : DECISIONS, RESULT, ...(difficulty === "hard" ? [HINDSIGHT] : [])];
    case "challenge":
      return [PROBLEM, DIAGNOSIS, SOLUTION, OUTCOME];
    case "scale":
      return [BOTTLENECK, REDESIGN, COSTS, VERIFY];
  }
}

export function resumeQuestionText(template: ResumeTemplateId, h: ResumeHookText, lang: Language): string {
  const s = h.skill;
  if (lang === "zh") {
    switch (template) {
      case "walkthrough":
        return `你在简历中写道：“${h.line}”。请具体讲讲这项工作：它解决了什么问题，你本人做了什么${s ? `，${s} 在其中起了什么作用` : "、做了哪些技术决策"}，结果如何？`;
      case "challenge":
        return `你的简历提到：“${h.line}”。在这项工作中你遇到的最难的问题是什么？你是如何解决的？`;
      case "scale":
        return `你在简历中写道：“${h.line}”。如果它要承受十倍的负载或数据量，什么会最先出问题？你会如何调整设计？`;
    }
  }
  switch (template) {
    case "walkthrough":
      return `You wrote: "${h.line}". Walk me through that work: what problem it solved, what you did yourself${s ? `, what role ${s} played` : ", which technical decisions you made"}, and what the result was.`;
    case "challenge":
      return `Your resume mentions: "${h.line}". What was the hardest problem you ran into there, and how did you solve it?`;
    case "scale":
      return `You wrote: "${h.line}". If that had to handle ten times the load or data, what would break first, and what would you change?`;
  }
}

/** The reference answer of a resume question: what a strong answer contains (the facts are the candidate's own). */
export function resumeReference(template: ResumeTemplateId, h: ResumeHookText, lang: Language): string {
  const s = h.skill;
  if (lang === "zh") {
    switch (template) {
      case "walkthrough":
        return `好的回答讲的是这项具体工作的故事：问题是什么、为什么重要；你本人（而不只是团队）做了什么、做了哪些决定${s ? `；${s} 在其中如何使用、为什么是合适的工具` : "；考虑过哪些备选方案、为什么放弃"}；用数字说明结果（例如延迟、成本、用户数的变化）；最后说说如果现在重做，你会有什么不同。`;
      case "challenge":
        return "好的回答选一个真实而具体的难题：先说明问题及其影响，再讲你如何排查（日志、测量、复现、找到根因），你考虑过哪些方案、为什么选择最终的方案，最后给出结果和你从中学到的东西。";
      case "scale":
        return "好的回答先估算新的负载，指出最先到达极限的环节（例如数据库写入、单实例内存、同步调用链），再提出具体的设计调整（缓存、分片/分区、队列异步化、水平扩展、索引），说明每项调整的代价（复杂度、一致性、成本），最后讲如何用压测和监控指标验证。";
    }
  }
  switch (template) {
    case "walkthrough":
      return `A strong answer tells the story of this specific piece of work: the problem and why it mattered; what you personally did and decided (not only the team)${s ? `; how ${s} was used and why it was the right tool` : "; which alternatives you considered and why you rejected them"}; the result in numbers (latency, cost, users — whatever changed); and what you would do differently now.`;
    case "challenge":
      return "A strong answer picks one real, specific problem: what went wrong and its impact, how you investigated it (logs, measurements, reproducing it, finding the root cause), the options you considered and why you chose the fix, and the result and what you learned.";
    case "scale":
      return "A strong answer estimates the new load, names what hits its limit first (database writes, memory of a single instance, a chain of synchronous calls), proposes concrete changes (caching, sharding or partitioning, queues and asynchronous work, horizontal scaling, indexes), states what each costs (complexity, consistency, money), and explains how load tests and metrics would prove it works.";
  }
}

/** Plan id of a resume question. */
export function resumeQuestionId(template: ResumeTemplateId, n: number, skill: string | null): string {
  return `resume:${template}:${n}${skill ? `:${encodeURIComponent(skill)}` : ""}`;
}

/** Parses a resume question id; `null` when the id is not one. */
export function parseResumeQuestionId(id: string): { template: ResumeTemplateId; skill: string | null } | null {
  const m = /^resume:([a-z]+):\d+(?::(.+))?$/.exec(id);
  if (!m || !(RESUME_TEMPLATE_IDS as readonly string[]).includes(m[1])) return null;
  let skill: string | null = null;
  if (m[2]) {
    try {
      skill = decodeURIComponent(m[2]);
    } catch {
      skill = null;
    }
  }
  return { template: m[1] as ResumeTemplateId, skill };
}

import type { Language, QuestionCategory } from "@/lib/interview/schemas";
import enUi from "@/messages/en.json";
import zhUi from "@/messages/zh.json";
import type { DepthPart, StarPart } from "./signals";

/**
 * Every sentence the offline interviewer and evaluator write, in English and Chinese. The
 * conversation and the report use the interview's language. Numbers arrive rounded.
 */

const shorten = (s: string, max = 60) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);
const mark = (ok: boolean) => (ok ? "✓" : "✗");

interface InterviewerMessages {
  opening(p: { total: number; question: string }): string;
  next(p: { k: number; total: number; question: string; afterSkip: boolean }): string;
  /** `variant` 0 for the first follow-up on a question, 1 for the second. */
  followUp(p: { keyPoint: string; variant: number; thin: boolean }): string;
  followUpExample(): string;
  closing(): string;
}

export interface EvaluatorMessages {
  heuristic(): string;
  skipped(): string;
  empty(): string;
  onlyInjection(): string;
  /** The candidate said they don't know, and nothing else they said touches the question. */
  dontKnow(): string;
  injection(): string;
  /** `n` key points were mentioned only in dismissive or sweeping claims. */
  doubtful(p: { n: number }): string;
  /** Little of what the answer states appears in the reference answer. */
  unsupported(): string;
  /** `n` clauses state the opposite of what the reference answer says about the same thing. */
  contradicted(p: { n: number }): string;
  /** Few sentences of a behavioural or project answer are about work. */
  offTopic(): string;
  coverage(p: { covered: number; total: number }): string;
  missed(p: { points: string[] }): string;
  short(p: { units: number; unit: "words" | "characters" }): string;
  long(p: { units: number; unit: "words" | "characters" }): string;
  star(p: Record<StarPart, boolean>): string;
  depth(p: Record<DepthPart, boolean>): string;
  fillers(p: { n: number }): string;
  // report level
  strengthAnswer(p: { question: string; score: number }): string;
  strengthStar(): string;
  /** `category` is one whose answers get the depth check (not behavioural). */
  strengthExamples(p: { category: QuestionCategory }): string;
  strengthCoverage(p: { pct: number }): string;
  improveUnanswered(p: { k: number; n: number }): string;
  improveMissed(p: { keyPoint: string; question: string }): string;
  improveShort(p: { k: number }): string;
  improveStarResult(): string;
  improveExamples(p: { category: QuestionCategory }): string;
  improveInjection(): string;
  assessment(p: {
    answered: number;
    total: number;
    overall: number;
    /** Categories at the highest / lowest average (ties listed together), by their UI labels. */
    best: { categories: string[]; average: number } | null;
    worst: { categories: string[]; average: number } | null;
  }): string;
  /** The category's label as the report's "Score by category" shows it (messages/*.json). */
  category(c: QuestionCategory): string;
}

const EN_STAR_ADVICE: Record<StarPart, string> = {
  situation: "Set the scene in a sentence or two: where you were and what was going on.",
  task: "Say what you were responsible for or what had to be achieved.",
  action: 'Say what you yourself did — "I …", not only "we …".',
  result: "End with the result — what changed, ideally with a number — and what you learned.",
};
const ZH_STAR_ADVICE: Record<StarPart, string> = {
  situation: "用一两句话交代背景：当时在哪里、发生了什么。",
  task: "说明你负责什么、要达成什么目标。",
  action: "讲清楚你本人做了什么——说“我……”，而不只是“我们……”。",
  result: "以结果收尾——带来了什么变化，最好有数字——以及你学到了什么。",
};
const EN_DEPTH_ADVICE: Record<DepthPart, string> = {
  example: "Add a concrete example from your own work.",
  tradeoff: "Name the trade-offs, or when you would choose differently.",
  reason: "Explain why, not only what.",
  numbers: "Use numbers where they help: sizes, latencies, results.",
};
const ZH_DEPTH_ADVICE: Record<DepthPart, string> = {
  example: "加一个来自你自己工作的具体例子。",
  tradeoff: "说明其中的取舍，或者什么情况下你会做不同的选择。",
  reason: "解释为什么，而不只是做什么。",
  numbers: "在有帮助的地方用数字：规模、延迟、结果。",
};
const STAR_ORDER: StarPart[] = ["situation", "task", "action", "result"];
const DEPTH_ORDER: DepthPart[] = ["example", "tradeoff", "reason", "numbers"];

// the report's category labels, so the assessment names areas exactly as the chart does
const EN_CATEGORY: Record<QuestionCategory, string> = enUi.interview.categories;
const ZH_CATEGORY: Record<QuestionCategory, string> = zhUi.interview.categories;
/** "<kind> answers", for sentences about the answers of one category. */
const EN_ANSWERS: Record<QuestionCategory, string> = {
  technical: "Technical answers",
  "system-design": "System-design answers",
  behavioural: "Behavioural answers",
  project: "Project answers",
  "role-specific": "Role-specific answers",
};
const ZH_ANSWERS: Record<QuestionCategory, string> = {
  technical: "技术类回答",
  "system-design": "系统设计类回答",
  behavioural: "行为类回答",
  project: "项目类回答",
  "role-specific": "岗位专项回答",
};
const enAnd = (xs: string[]) => (xs.length <= 1 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`);

const EN_INTERVIEWER: InterviewerMessages = {
  opening: ({ total, question }) =>
    `Hello, and thanks for joining. We'll go through ${total} questions; take your time, and you can skip any question. Question 1 of ${total}: ${question}`,
  next: ({ k, total, question, afterSkip }) => `${afterSkip ? "No problem — let's move on." : "Thank you."} Question ${k} of ${total}: ${question}`,
  followUp: ({ keyPoint, variant, thin }) =>
    thin && variant === 0
      ? `Could you expand on that a little? In particular, I'd like to hear about this: ${keyPoint}.`
      : variant === 0
        ? `Thanks. One aspect you haven't covered yet: ${keyPoint}. Could you walk me through it?`
        : `Let's go one level deeper on this: ${keyPoint}. Can you give a concrete example, or explain how you would approach it?`,
  followUpExample: () => "Could you make that concrete with an example from your own experience?",
  closing: () => "That was the last question — thank you for your time today. You can now end the interview to get your evaluation report.",
};

const ZH_INTERVIEWER: InterviewerMessages = {
  opening: ({ total, question }) => `你好，欢迎参加这次模拟面试。我们一共有 ${total} 道题，请慢慢思考，也可以跳过任何一题。第 1/${total} 题：${question}`,
  next: ({ k, total, question, afterSkip }) => `${afterSkip ? "没关系，我们继续。" : "谢谢。"}第 ${k}/${total} 题：${question}`,
  followUp: ({ keyPoint, variant, thin }) =>
    thin && variant === 0
      ? `能再展开讲讲吗？我特别想听听这一点：${keyPoint}。`
      : variant === 0
        ? `谢谢。还有一点你还没有谈到：${keyPoint}。能具体讲讲吗？`
        : `我们再深入一点：${keyPoint}。能举一个具体的例子，或者说说你会怎么做吗？`,
  followUpExample: () => "能结合你自己的经历，举一个具体的例子吗？",
  closing: () => "这是最后一道题了，感谢你今天的时间。现在可以结束面试，查看你的评估报告。",
};

const EN_EVALUATOR: EvaluatorMessages = {
  heuristic: () => "(Heuristic offline evaluation: key-point coverage, length and structure — not a check of correctness.)",
  skipped: () => "Skipped — scored 0.",
  empty: () => "No answer — scored 0.",
  onlyInjection: () => "Nothing was left to score once text addressed to the grader was removed — scored 0.",
  dontKnow: () =>
    "You said you don't know, and nothing else in the answer addresses the question — scored 0. Saying so is honest; next time, reason aloud from what you do know.",
  injection: () => "Text addressed to the grader (such as asking for a score) was ignored and earns nothing.",
  doubtful: ({ n }) =>
    `${n} key point${n === 1 ? " was" : "s were"} mentioned only in sweeping or dismissive claims ("always", "every", "no need") and not counted: qualify claims and say when they hold.`,
  unsupported: () => "Much of what the answer states does not match the expected answer: check the facts.",
  contradicted: ({ n }) =>
    `${n} statement${n === 1 ? " says" : "s say"} the opposite of the expected answer (for example "faster" where it says "slower", or "cannot" where it says "can") and did not count: check the facts.`,
  offTopic: () =>
    "Most of the answer is not about work — a project, a team, colleagues, users or a product — so it earned little: answer with an example from your work.",
  coverage: ({ covered, total }) => `Covered ${covered} of ${total} key points.`,
  missed: ({ points }) => `Not covered: ${points.join("; ")}.`,
  short: ({ units, unit }) => `The answer is short (${units} ${unit}): explain your reasoning and give an example.`,
  long: ({ units, unit }) => `The answer is long (${units} ${unit}): lead with the main point and cut repetition.`,
  star: (p) => {
    const parts = STAR_ORDER.map((k) => `${k} ${mark(p[k])}`).join(", ");
    const gap = STAR_ORDER.find((k) => !p[k]);
    return `STAR: ${parts}.${gap ? ` ${EN_STAR_ADVICE[gap]}` : ""}`;
  },
  depth: (p) => {
    const names: Record<DepthPart, string> = { example: "example", tradeoff: "trade-offs", reason: "reasons", numbers: "numbers" };
    const parts = DEPTH_ORDER.map((k) => `${names[k]} ${mark(p[k])}`).join(", ");
    const gap = DEPTH_ORDER.find((k) => !p[k]);
    return `Depth: ${parts}.${gap ? ` ${EN_DEPTH_ADVICE[gap]}` : ""}`;
  },
  fillers: ({ n }) => `${n} filler phrases ("basically", "you know" …) weaken the delivery.`,
  strengthAnswer: ({ question, score }) => `Strong answer on "${shorten(question)}" (${score}/100).`,
  strengthStar: () => "Behavioural answers followed the STAR structure: situation, task, action, result.",
  strengthExamples: ({ category }) => `${EN_ANSWERS[category]} were backed by concrete examples.`,
  strengthCoverage: ({ pct }) => `Covered most of the expected key points across the interview (${pct}%).`,
  improveUnanswered: ({ k, n }) => `Answer every question: ${k} of ${n} were skipped or left unanswered, and each counts as 0.`,
  improveMissed: ({ keyPoint, question }) => `Review "${keyPoint}" (from "${shorten(question)}").`,
  improveShort: ({ k }) => `${k} answers were short: explain your reasoning and give an example each time.`,
  improveStarResult: () => "In behavioural answers, finish with the result — what changed, ideally with a number.",
  improveExamples: ({ category }) => `Back ${EN_ANSWERS[category].toLowerCase()} with a concrete example from your own work.`,
  improveInjection: () => "Instructions to the grader inside an answer are ignored: they earn nothing and would hurt you with a real interviewer.",
  assessment: ({ answered, total, overall, best, worst }) =>
    `Heuristic offline evaluation — no language model was used. Scores come from key-point coverage, answer length and structure (STAR for behavioural questions), so they show whether you covered the expected points, not whether every statement was correct. You answered ${answered} of ${total} questions; overall ${overall}/100.` +
    (best && worst && best.average !== worst.average
      ? ` Strongest area: ${enAnd(best.categories)} (${best.average}); weakest: ${enAnd(worst.categories)} (${worst.average}).`
      : ""),
  category: (c) => EN_CATEGORY[c],
};

const ZH_EVALUATOR: EvaluatorMessages = {
  heuristic: () => "（离线启发式评估：依据要点覆盖、长度和结构，并不检查内容是否正确。）",
  skipped: () => "已跳过——计 0 分。",
  empty: () => "未作答——计 0 分。",
  onlyInjection: () => "去掉针对评分者的内容后，没有可评分的回答——计 0 分。",
  dontKnow: () => "你表示不知道，回答中也没有其他与问题相关的内容——计 0 分。坦诚是好的；下次可以从你知道的部分出发，说说你的推理。",
  injection: () => "回答中针对评分者的内容（例如要求打分）已被忽略，不计分。",
  doubtful: ({ n }) => `有 ${n} 个要点只出现在绝对化或否定式的断言里（“永远”“根本不需要”“完全”），未计入：说明结论成立的条件。`,
  unsupported: () => "回答中的不少说法与参考答案不符：请核对事实。",
  contradicted: ({ n }) => `有 ${n} 处说法与参考答案正好相反（例如参考答案说“会”而回答说“不会”，或“同步”与“异步”），未计入：请核对事实。`,
  offTopic: () => "回答大部分内容与工作无关（项目、团队、同事、用户或产品），因此得分很低：请用工作中的例子来回答。",
  coverage: ({ covered, total }) => `覆盖了 ${total} 个要点中的 ${covered} 个。`,
  missed: ({ points }) => `未覆盖：${points.join("；")}。`,
  short: ({ units }) => `回答较短（${units} 字）：请说明思路并举例。`,
  long: ({ units }) => `回答较长（${units} 字）：先讲要点，删去重复的内容。`,
  star: (p) => {
    const names: Record<StarPart, string> = { situation: "情境", task: "任务", action: "行动", result: "结果" };
    const parts = STAR_ORDER.map((k) => `${names[k]} ${mark(p[k])}`).join("、");
    const gap = STAR_ORDER.find((k) => !p[k]);
    return `STAR 结构：${parts}。${gap ? ZH_STAR_ADVICE[gap] : ""}`;
  },
  depth: (p) => {
    const names: Record<DepthPart, string> = { example: "举例", tradeoff: "取舍", reason: "原因", numbers: "数字" };
    const parts = DEPTH_ORDER.map((k) => `${names[k]} ${mark(p[k])}`).join("、");
    const gap = DEPTH_ORDER.find((k) => !p[k]);
    return `深度：${parts}。${gap ? ZH_DEPTH_ADVICE[gap] : ""}`;
  },
  fillers: ({ n }) => `有 ${n} 处口头禅（“那个”“就是说”……），影响表达。`,
  strengthAnswer: ({ question, score }) => `“${shorten(question, 40)}”回答得很好（${score}/100）。`,
  strengthStar: () => "行为类问题的回答遵循了 STAR 结构：情境、任务、行动、结果。",
  strengthExamples: ({ category }) => `${ZH_ANSWERS[category]}有具体的例子支撑。`,
  strengthCoverage: ({ pct }) => `整场面试覆盖了大部分预期要点（${pct}%）。`,
  improveUnanswered: ({ k, n }) => `每道题都要作答：${n} 道题中有 ${k} 道被跳过或未作答，每道计 0 分。`,
  improveMissed: ({ keyPoint, question }) => `复习“${keyPoint}”（来自“${shorten(question, 40)}”）。`,
  improveShort: ({ k }) => `有 ${k} 个回答偏短：每次都说明思路并举一个例子。`,
  improveStarResult: () => "行为类回答要以结果收尾——带来了什么变化，最好有数字。",
  improveExamples: ({ category }) => `${ZH_ANSWERS[category]}要用你自己工作中的具体例子来支撑。`,
  improveInjection: () => "回答中写给评分者的指令会被忽略：它们不得分，在真实面试中还会减分。",
  assessment: ({ answered, total, overall, best, worst }) =>
    `离线启发式评估——未使用语言模型。分数来自要点覆盖、回答长度和结构（行为类问题看 STAR 结构），反映的是你是否覆盖了预期要点，而不是每句话是否正确。你回答了 ${total} 道题中的 ${answered} 道，总分 ${overall}/100。` +
    (best && worst && best.average !== worst.average
      ? `最强的类别：${best.categories.join("、")}（${best.average}）；最弱的类别：${worst.categories.join("、")}（${worst.average}）。`
      : ""),
  category: (c) => ZH_CATEGORY[c],
};

export function interviewerMessages(lang: Language): InterviewerMessages {
  return lang === "zh" ? ZH_INTERVIEWER : EN_INTERVIEWER;
}

export function evaluatorMessages(lang: Language): EvaluatorMessages {
  return lang === "zh" ? ZH_EVALUATOR : EN_EVALUATOR;
}

import type { DimensionKey, IntegrityReasonCode } from "../analysis-schema";

/**
 * The sentence stored with each integrity reason, in the analysis' language (the UI words the
 * reason again from its code, in the reader's language: messages/*.json `resume.integrity`).
 */
type Lang = "en" | "zh";

const DIMENSION: Record<Lang, Record<DimensionKey, string>> = {
  en: { experience: "experience", skills: "skills", content: "content", structure: "structure", expression: "expression" },
  zh: { experience: "经历", skills: "技能", content: "内容", structure: "结构", expression: "表达" },
};

/** One reason's sentence. `n` is a count where the code has one (lines, skills, bullets). */
export function reasonMessage(lang: Lang, code: IntegrityReasonCode, p: { n?: number; dimension?: DimensionKey } = {}): string {
  const n = p.n ?? 0;
  const dim = p.dimension ? DIMENSION[lang][p.dimension] : "";
  if (lang === "zh") {
    switch (code) {
      case "injection_in_resume":
        return `简历中有 ${n} 行是写给 AI 的指令或评分要求，分析前已删除。`;
      case "injection_in_job_description":
        return `职位描述中有 ${n} 行是写给 AI 的指令，分析前已删除。`;
      case "hidden_text":
        return `文件中有 ${n} 处不可见的文字（隐藏、白色、极小或在页面之外），分析前已删除。`;
      case "cites_instructions":
        return dim ? `模型对「${dim}」的评语称其遵循了资料中的指令，该项改用离线引擎的评分。` : "模型的输出称其遵循了资料中的指令，该部分改用离线引擎的内容。";
      case "prompt_echo":
        return "模型的输出复述了系统提示，该部分改用离线引擎的内容。";
      case "quotes_removed_text":
        return "模型的输出引用了已删除的指令，该部分改用离线引擎的内容。";
      case "evidence_not_found":
        return `模型为「${dim}」给出的依据在简历中找不到，该项改用离线引擎的评分。`;
      case "score_unsupported":
        return `模型给「${dim}」的分数远高于离线引擎，且没有简历原文作依据，该项改用离线引擎的评分。`;
      case "keyword_stuffing":
        return `${n} 项技能只出现在关键词堆砌的列表中，没有在经历中体现，只按一半计分。`;
      case "implausible_numbers":
        return `${n} 条经历描述几乎每条都带数字，密度不合常理，量化成果的加分已减半。`;
      case "wrong_language":
        return "直到最后一次尝试，模型仍未用简历的语言作答；本分析由离线引擎给出。";
    }
  }
  switch (code) {
    case "injection_in_resume":
      return `${n} line${n === 1 ? "" : "s"} of the resume addressed to an AI (instructions or score requests) ${n === 1 ? "was" : "were"} removed before analysis.`;
    case "injection_in_job_description":
      return `${n} line${n === 1 ? "" : "s"} of the job description addressed to an AI ${n === 1 ? "was" : "were"} removed before analysis.`;
    case "hidden_text":
      return `${n} passage${n === 1 ? "" : "s"} of the file ${n === 1 ? "is" : "are"} invisible on the page (hidden, white, tiny or off the page) and ${n === 1 ? "was" : "were"} removed before analysis.`;
    case "cites_instructions":
      return dim
        ? `The model's rationale for ${dim} says it followed instructions found in the data; the offline engine's score is used instead.`
        : "The model's output says it followed instructions found in the data; the offline engine's text is used instead.";
    case "prompt_echo":
      return "The model's output repeats its system prompt; the offline engine's text is used instead.";
    case "quotes_removed_text":
      return "The model's output quotes a removed instruction; the offline engine's text is used instead.";
    case "evidence_not_found":
      return `The model's evidence for ${dim} does not occur in the resume; the offline engine's score is used instead.`;
    case "score_unsupported":
      return `The model scored ${dim} far above the offline engine without verbatim evidence from the resume; the offline engine's score is used instead.`;
    case "keyword_stuffing":
      return `${n} skill${n === 1 ? " appears" : "s appear"} only in a keyword list with no use in the experience; ${n === 1 ? "it counts" : "they count"} half.`;
    case "implausible_numbers":
      return `${n} experience statements almost all carry a number, an implausible density; their quantified-impact credit is halved.`;
    case "wrong_language":
      return "The model kept answering in another language than the resume's, up to its last try; this analysis is the offline engine's.";
  }
}

import { foldForScan } from "@/lib/ai/injection";

/**
 * Whether a model's sentence says it followed instructions found in the data ("as instructed",
 * "the resume asks for full marks", "per the note", 按照要求, 根据指示 …): a model that was
 * steered by the resume tends to say so. A sentence that says the instructions were ignored
 * ("the resume asks for full marks; this was ignored") is an honest report, not a citation.
 * Matching is on the folded text (lib/ai/injection.ts `foldForScan`), one sentence at a time.
 */
const DATA = "(?:resume|cv|candidate|applicant|document|note|notes|text|data|input|profile|file|submission)";

const CITES: RegExp[] = [
  /\bas (?:you were |i was |we were )?(?:instructed|directed|told|commanded)\b/,
  new RegExp(String.raw`\bas (?:requested|asked|demanded|specified|required|stated|noted) (?:by|in) (?:the |this |my |their )?(?:embedded |hidden )?${DATA}\b`),
  new RegExp(
    String.raw`\b(?:the|this) ${DATA}(?:'s)? (?:asks|asked|requests|requested|instructs|instructed|tells|told|demands|demanded|directs|directed|wants|wanted)\b`,
  ),
  /\bper (?:the|its|their|your|these|those) (?:note|notes|instructions?|request|directives?|guidance)\b/,
  /\b(?:following|obeying|complying with|in accordance with|according to|in line with) (?:the |its |their |your |these |those )?(?:embedded |hidden |given |provided |included |candidate's |resume's )?(?:instructions?|directives?|requests?|note)\b/,
  /\b(?:full|maximum|perfect|max|top) (?:marks|score|points|rating) (?:as|per|because|since)\b/,
  /\b(?:i was|we were|i've been|i have been|i am|i'm) (?:instructed|told|asked|directed) to\b/,
  /\b(?:pre-?approved|pre-?vetted|pre-?screened)\b/,
  /(?:按照|按|根据|依照|遵照|遵循|依据)(?:简历|候选人|文档|备注|资料|其|他的|她的)?(?:中)?(?:的)?(?:要求|指示|指令|说明|备注|请求)(?:给|打|评|，|,|。|$)/,
  /(?:应|按)(?:其|候选人|简历)?(?:的)?要求(?:给|打|评)/,
  /(?:简历|候选人|文档)(?:中)?(?:要求|指示|请求)(?:给|打|评|我|将)/,
  /(?:已|已经)(?:被)?(?:预先|提前)?(?:批准|内定|预批准)/,
];

/** Words of a sentence that reports the instructions were not followed. */
const NEGATED =
  /\b(?:ignor\w*|disregard\w*|not (?:be )?(?:followed|obeyed|honou?red)|did not (?:follow|obey)|refus\w*|attempt\w* to (?:manipulate|game|influence)|manipulat\w*)\b|忽略|无视|未予|不予|未遵循|没有遵循|不遵循|试图操纵|操纵评分/;

/** The first sentence of `text` that cites instructions, trimmed; null when none does. */
export function citedInstruction(text: string): string | null {
  for (const sentence of text.split(/(?<=[.!?。！？；;])\s*|\n+/)) {
    const f = foldForScan(sentence);
    if (!f || NEGATED.test(f)) continue;
    if (CITES.some((re) => re.test(f))) return sentence.trim();
  }
  return null;
}

import type { Difficulty, Language, PlanQuestion } from "@/lib/interview/schemas";
import { resumeStatements } from "@/lib/resume";
import { quote } from "@/lib/text/quote";
import { SKILL_BY_NAME } from "@/lib/text/skills-dictionary";
import { lengthUnits } from "@/lib/text/units";
import { type ResumeHookText, type ResumeTemplateId, resumeKeyPoints, resumeQuestionId, resumeQuestionText, resumeReference } from "./resume-templates";

/**
 * Finds the resume statements worth asking about, with the resume domain's analyser
 * (`resumeStatements`: the same statements, skills and quantification the resume report
 * uses): experience and project bullets, each with the first dictionary skill named in it.
 *
 * A statement's interest, highest first: names a (non-soft) skill +3, has a number +2, opens
 * with an action verb +1, is 8–40 words/units long +1 (shorter ones are headers or
 * fragments, longer ones paragraphs). Ties keep resume order (most recent roles first in a
 * normal resume).
 */

interface ResumeHook extends ResumeHookText {
  /** Index of the role/project the statement belongs to (two questions prefer two roles). */
  entry: number;
  score: number;
}

/** Resume questions quote at most this many characters of the statement. */
const QUOTE_MAX = 140;
/** Fixed reference date: only statements are read here, never the timeline, so "Present" may resolve to anything stable. */
const FIXED_NOW = new Date("2025-01-01T00:00:00Z");

export function findResumeHooks(resumeText: string, language: Language): ResumeHook[] {
  if (!resumeText.trim()) return [];
  return resumeStatements({ text: resumeText, language, now: FIXED_NOW })
    .map((s, i) => {
      const skill = bestSkill(
        s.skills.filter((name) => SKILL_BY_NAME.get(name)?.category !== "soft"),
        s.text,
      );
      const units = lengthUnits(s.text);
      const score = (skill ? 3 : 0) + (s.quantified ? 2 : 0) + (s.verb === "action" ? 1 : 0) + (units >= 8 && units <= 40 ? 1 : 0);
      return { line: quote(s.text, QUOTE_MAX), skill, entry: s.entry, score, order: i };
    })
    .filter((h) => lengthUnits(h.line) >= 4)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ order: _order, ...h }) => h);
}

/** Categories of concept skills ("Agile", "Caching" via 缓存) — a named tool makes a better question. */
const CONCEPT_CATEGORIES = new Set(["practice", "product", "design", "finance", "business", "soft"]);

/**
 * The skill to ask about among those a statement names (dictionary order): one written out
 * literally in the statement first ("Redis" over "Caching" found through 缓存), then tools
 * over concepts.
 */
function bestSkill(names: string[], text: string): string | null {
  const literal = (n: string) => new RegExp(`(?<![A-Za-z0-9])${n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![A-Za-z0-9])`, "i").test(text);
  const rank = (n: string) => (literal(n) ? 0 : 2) + (CONCEPT_CATEGORIES.has(SKILL_BY_NAME.get(n)?.category ?? "") ? 1 : 0);
  return [...names].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

/**
 * Picks up to `max` hooks: the best one, then the best from another role/project with
 * another skill if there is one (else any other statement).
 */
export function pickHooks(hooks: ResumeHook[], max: number): ResumeHook[] {
  const out: ResumeHook[] = [];
  for (const h of hooks) {
    if (out.length >= max) break;
    if (out.length === 0) {
      out.push(h);
      continue;
    }
    const first = out[0];
    if (h.entry !== first.entry && (h.skill === null || h.skill !== first.skill)) out.push(h);
  }
  for (const h of hooks) {
    if (out.length >= max) break;
    if (!out.includes(h)) out.push(h);
  }
  return out;
}

/** Words of a statement about a running system, which a "ten times the load" question fits. */
const SYSTEM_WORDS =
  /\b(?:users?|requests?|traffic|throughput|latency|data|pipelines?|services?|microservices?|architecture|systems?|platform|apis?|databases?|scal\w*|qps|tps|concurren\w*)\b|用户|请求|流量|吞吐|延迟|数据|服务|系统|架构|平台|接口|并发/i;

/**
 * Turns hooks into plan questions: a walkthrough, then for the next one `second` — except
 * that a `scale` question falls back to `challenge` when the statement is not about a
 * running system ("Implemented automated testing frameworks …" has no load to multiply).
 */
export function resumeQuestions(hooks: ResumeHook[], opts: { language: Language; difficulty: Difficulty; second: ResumeTemplateId }): PlanQuestion[] {
  return hooks.map((h, i) => {
    const template: ResumeTemplateId = i === 0 ? "walkthrough" : opts.second === "scale" && !SYSTEM_WORDS.test(h.line) ? "challenge" : opts.second;
    const kps = resumeKeyPoints(template, h.skill, opts.difficulty);
    return {
      id: resumeQuestionId(template, i + 1, template === "walkthrough" ? h.skill : null),
      category: "project",
      difficulty: opts.difficulty,
      question: resumeQuestionText(template, h, opts.language),
      keyPoints: kps.map((k) => k[opts.language]),
      referenceAnswer: resumeReference(template, h, opts.language),
      source: "resume",
    };
  });
}

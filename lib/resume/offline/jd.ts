import { extractSkills, type SkillHit } from "@/lib/text/skills";
import { SKILL_BY_NAME } from "@/lib/text/skills-dictionary";
import { latinWords } from "@/lib/text/units";
import { jsonToText } from "./json-text";
import { prepare } from "./text";
import type { Line, Statement } from "./types";

/**
 * Job-description handling: normalise the JD (plain text, Markdown, Markdown with YAML front
 * matter, or JSON), extract its skills with the resume's dictionary, weight them, and match
 * them against the resume.
 *
 * Weights: a skill is *required* (weight 1) unless every clause naming it is a "preferred"
 * clause — under a heading such as "Preferred", "Nice to have", "Bonus", "加分项", or itself
 * saying "preferred", "a plus", "优先", "加分", "更佳" — which gives weight ½. Soft skills
 * (category `soft`: communication, teamwork …) are halved again. Sections about the
 * company, benefits or how to apply are ignored.
 */

/** Turns a JD into plain text: JSON → lines of values; YAML front matter → its values without comments. */
export function normalizeJd(input: string): string {
  const json = jsonToText(input);
  if (json !== null) return json;
  const text = input.replace(/\r\n?/g, "\n");
  const fm = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!fm) return text;
  const values: string[] = [];
  for (const raw of fm[1].split("\n")) {
    if (/^\s*#/.test(raw) || raw.includes("{{")) continue; // YAML comments (template instructions), template tags
    const m = /^\s*(?:-\s+)?(?:[A-Za-z_][\w-]*\s*:)?\s*(.*)$/.exec(raw);
    let v = (m?.[1] ?? "").trim().replace(/^["'>|-]+\s*|["']$/g, "");
    if (!v || /^[\d$.,%-]+$/.test(v) || /^(true|false|null)$/i.test(v)) continue;
    v = v.replace(/\s#.*$/, "");
    values.push(v);
  }
  return `${values.join("\n")}\n${text.slice(fm[0].length)}`;
}

const PREFERRED_HEADING = /preferred|nice[- ]to[- ]have|bonus|\bplus\b|desirable|good to have|stand out|\bideal(?:ly)?\b|\boptional\b|加分|优先|更佳|为佳/i;
const PREFERRED_LINE =
  /preferred|is a plus|a plus\b|nice[- ]to[- ]have|bonus|desirable|\bideally\b|\boptional\b|not required|(?:an|is) advantage|advantageous|加分|优先|更佳|为佳|更好/i;
/**
 * A requirement line often ends with its nice-to-have ("熟悉Java，有Go经验者优先", "Python
 * required; Go is a plus"): the "preferred" words apply to their own clause only. Clauses end at
 * Chinese commas and full stops, semicolons, and an English full stop before a capital.
 */
const CLAUSE_END = /[，；;。]|\.\s+(?=[A-Z])/;
const IGNORED_HEADING =
  /benefits|perks|about (?:us|the company|tts|login\.gov)|who we are|how to apply|equal opportunity|salary|福利|公司介绍|公司名|投递|联系方式|薪资|待遇|地址/i;

/**
 * A JD heading: Markdown, a short line ending in a colon, or a short unpunctuated line that
 * names no skill (an unnumbered requirement such as "熟悉Docker" is not a heading).
 */
function isJdHeading(l: Line): boolean {
  if (l.markupHeading > 0) return true;
  const t = l.text.replace(/[*_]/g, "").trim();
  if (/[:：]$/.test(t) && latinWords(t).length <= 6 && t.length <= 40) return true;
  const short = !l.bullet && latinWords(t).length <= 4 && t.length <= 30 && /^[A-Z\u3400-\u9fff【]/.test(t) && !/[.,;。，；]/.test(t);
  return short && extractSkills([l]).size === 0;
}

export interface JdSkill {
  name: string;
  /** 1 required, ½ preferred; soft skills halved. */
  weight: number;
  /** Every line naming it is a "preferred" line (the weight alone cannot tell a preferred skill from a required soft one). */
  preferred: boolean;
}

/** Extracts the weighted skills of a job description (explicitly named ones only). */
export function jdSkills(jobDescription: string): JdSkill[] {
  const doc = prepare(normalizeJd(jobDescription));
  const kept: { index: number; text: string }[] = [];
  const preferred = new Set<number>();
  let mode: "normal" | "preferred" | "ignored" = "normal";
  for (const l of doc.lines) {
    if (isJdHeading(l)) {
      mode = IGNORED_HEADING.test(l.text) ? "ignored" : PREFERRED_HEADING.test(l.text) ? "preferred" : "normal";
    }
    if (mode === "ignored") continue;
    for (const clause of l.text.split(CLAUSE_END)) {
      const index = kept.length;
      kept.push({ index, text: clause });
      if (mode === "preferred" || PREFERRED_LINE.test(clause)) preferred.add(index);
    }
  }
  const hits = extractSkills(kept);
  const out: JdSkill[] = [];
  for (const h of hits.values()) {
    if (h.implied) continue;
    const isPreferred = h.lines.every((i) => preferred.has(i));
    let w = isPreferred ? 0.5 : 1;
    if (SKILL_BY_NAME.get(h.name)?.category === "soft") w /= 2;
    out.push({ name: h.name, weight: w, preferred: isPreferred });
  }
  return out;
}

export interface JdMatch {
  skills: JdSkill[];
  /** JD skills the resume names or implies, in JD order. */
  matched: string[];
  /** JD skills the resume does not show. */
  missing: string[];
  /** Matched skills that appear in experience/project statements. */
  evidenced: string[];
}

/** Which JD skills the resume shows (explicitly or implied), and which of those its experience backs. */
export function matchJd(jd: JdSkill[], resumeSkills: Map<string, SkillHit>, statements: Statement[]): JdMatch {
  const statementLines = new Set(statements.flatMap((s) => s.lines));
  const matched: string[] = [];
  const missing: string[] = [];
  const evidenced: string[] = [];
  for (const s of jd) {
    const hit = resumeSkills.get(s.name);
    if (!hit) {
      missing.push(s.name);
      continue;
    }
    matched.push(s.name);
    if (hit.lines.some((i) => statementLines.has(i))) evidenced.push(s.name);
  }
  return { skills: jd, matched, missing, evidenced };
}

import { SKILL_BY_NAME, SKILLS, type SkillDef } from "./skills-dictionary";

/**
 * Skill extraction with the dictionary in `skills-dictionary.ts`.
 *
 * Matching: Latin aliases on token boundaries (neither side may be a letter, digit, `+` or
 * `#`; Chinese characters count as boundaries), Chinese aliases as substrings, strict aliases
 * case-sensitively. URLs and e-mail addresses are removed first ("http://…" is not HTTP).
 */

export interface SkillHit {
  /** Canonical name. */
  name: string;
  /** Line indices where the skill (or, for an implied skill, a skill implying it) is named. */
  lines: number[];
  /** True when only implied by another skill (MySQL ⇒ SQL), never named itself. */
  implied: boolean;
}

type Matcher = (text: string) => boolean;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const hasCjkChar = (s: string) => /[\u3400-\u9fff]/.test(s);
/** A dot before an alias means a file name or a framework suffix ("index.html", "Node.js"). */
const B_BEFORE = "(?<![A-Za-z0-9+#.])";
const B_AFTER = "(?![A-Za-z0-9+#])";

function compile(def: SkillDef): Matcher[] {
  const out: Matcher[] = [];
  const latin = def.aliases.filter((a) => !hasCjkChar(a));
  const cjk = def.aliases.filter(hasCjkChar).map((a) => a.toLowerCase());
  if (latin.length > 0) {
    // longest first so "spring boot" wins over "spring" inside one alternation
    const alt = [...latin]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join("|");
    const re = new RegExp(`${B_BEFORE}(?:${alt})${B_AFTER}`, "i");
    out.push((t) => re.test(t));
  }
  if (cjk.length > 0)
    out.push((t) => {
      const lt = t.toLowerCase();
      return cjk.some((a) => lt.includes(a));
    });
  for (const s of def.strict ?? []) {
    const re = typeof s === "string" ? new RegExp(`${B_BEFORE}${escapeRegExp(s)}${B_AFTER}`) : s;
    out.push((t) => re.test(t));
  }
  return out;
}

const MATCHERS: { def: SkillDef; match: Matcher[] }[] = SKILLS.map((def) => ({ def, match: compile(def) }));

/** Removes URLs and e-mail addresses, which contain words like "http" or "github". */
function stripLinks(text: string): string {
  return text
    .replace(/\bhttps?:\/\/\S+/gi, " ")
    .replace(/\bwww\.\S+/gi, " ")
    .replace(/\S+@\S+\.\S+/g, " ")
    .replace(/\b[\w-]+\.(?:com|io|dev|me|net|org|cn)\/\S*/gi, " ");
}

/** True when `text` names the skill (by any alias). */
export function mentions(name: string, text: string): boolean {
  const m = MATCHERS.find((x) => x.def.name === name);
  if (!m) return false;
  const t = stripLinks(text);
  return m.match.some((f) => f(t));
}

/**
 * Extracts skills from lines.
 * @returns canonical name → hit, explicit skills first then implied ones, in dictionary order.
 */
export function extractSkills(lines: { index: number; text: string }[]): Map<string, SkillHit> {
  const hits = new Map<string, SkillHit>();
  const cleaned = lines.map((l) => ({ index: l.index, text: stripLinks(l.text) }));
  for (const { def, match } of MATCHERS) {
    const at = cleaned.filter((l) => match.some((f) => f(l.text))).map((l) => l.index);
    if (at.length > 0) hits.set(def.name, { name: def.name, lines: at, implied: false });
  }
  // closure over `implies`
  const queue = [...hits.values()];
  while (queue.length > 0) {
    const h = queue.shift()!;
    for (const target of SKILL_BY_NAME.get(h.name)?.implies ?? []) {
      const existing = hits.get(target);
      if (!existing) {
        const n: SkillHit = { name: target, lines: [...h.lines], implied: true };
        hits.set(target, n);
        queue.push(n);
      } else if (existing.implied) {
        const merged = [...new Set([...existing.lines, ...h.lines])].sort((a, b) => a - b);
        if (merged.length !== existing.lines.length) {
          existing.lines = merged;
          queue.push(existing);
        }
      }
    }
  }
  return hits;
}

/** Names of the explicitly named skills (no implied ones), in dictionary order. */
export function explicitSkills(hits: Map<string, SkillHit>): string[] {
  return [...hits.values()].filter((h) => !h.implied).map((h) => h.name);
}

import { detectLanguage, jdSkills, normalizeJd } from "@/lib/resume";
import { explicitSkills, extractSkills, mentions } from "@/lib/text/skills";

/**
 * A job's skills from its description, by the offline engine: the skills dictionary
 * (lib/text/skills-dictionary.ts, English and Chinese aliases) over the description's lines,
 * read the way the resume analyser reads a job description (lib/resume `jdSkills`: plain text,
 * Markdown, YAML front matter or a JSON job). A skill is **preferred** when every line naming it
 * is under a heading such as "Nice to have", "Preferred", "Bonus", "加分项", or itself says
 * "preferred", "a plus", "优先", "加分"; otherwise **required** ("Requirements", "Must have",
 * "岗位要求", "任职要求" and the duties). Benefits, company and how-to-apply sections are ignored.
 */

/** At most this many skills per list: a posting naming more is several roles in one text. */
export const MAX_JOB_SKILLS = 100;
/** A skill name longer than this is a sentence, not a skill. */
export const MAX_SKILL_NAME_CHARS = 80;

export type JobSkills = { requiredSkills: string[]; preferredSkills: string[]; language: "en" | "zh" };

/**
 * Required and preferred skills (canonical dictionary names, in dictionary order) and the
 * description's language (`zh` when Chinese characters make ≥ 15 % of its letters or number
 * ≥ 200, else `en`: the resume rule, lib/resume/extract/language.ts). Pure and synchronous.
 */
export function extractJobSkills(description: string): JobSkills {
  const skills = jdSkills(description);
  const detected = detectLanguage(normalizeJd(description)).language;
  return {
    requiredSkills: skills
      .filter((s) => !s.preferred)
      .map((s) => s.name)
      .slice(0, MAX_JOB_SKILLS),
    preferredSkills: skills
      .filter((s) => s.preferred)
      .map((s) => s.name)
      .slice(0, MAX_JOB_SKILLS),
    language: detected === "zh" ? "zh" : "en",
  };
}

/**
 * A model's skill lists made safe to store: each name trimmed, mapped to its dictionary name
 * where the dictionary knows it ("k8s" → "Kubernetes"; a name naming several, each), kept only
 * when the description names it (by a dictionary alias, or verbatim, case aside) — a model may
 * not add a skill the job never asked for — and each kept once, required first (a skill in both
 * lists is required).
 */
export function groundModelSkills(
  description: string,
  lists: { required: string[]; preferred: string[] },
): { requiredSkills: string[]; preferredSkills: string[] } {
  const text = normalizeJd(description);
  const lower = text.toLowerCase();
  const seen = new Set<string>();
  const ground = (names: string[]) => {
    const out: string[] = [];
    for (const raw of names) {
      const name = raw.replace(/\s+/g, " ").trim();
      if (!name || name.length > MAX_SKILL_NAME_CHARS) continue;
      const known = explicitSkills(extractSkills([{ index: 0, text: name }]));
      const kept = known.length > 0 ? known.filter((k) => mentions(k, text)) : lower.includes(name.toLowerCase()) ? [name] : [];
      for (const k of kept) {
        if (seen.has(k.toLowerCase()) || out.length >= MAX_JOB_SKILLS) continue;
        seen.add(k.toLowerCase());
        out.push(k);
      }
    }
    return out;
  };
  const requiredSkills = ground(lists.required);
  return { requiredSkills, preferredSkills: ground(lists.preferred) };
}

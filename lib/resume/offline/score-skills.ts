import { explicitSkills } from "@/lib/text/skills";
import { SKILL_BY_NAME, skillLabel } from "@/lib/text/skills-dictionary";
import type { Facts } from "./facts";
import { messages } from "./messages";
import type { DimensionResult } from "./types";
import { clamp01, evidence, ratio, round1, suggestion } from "./util";

/**
 * Skill match, 0–20.
 *
 * With a job description (at least one dictionary skill in it):
 *   score = 20 · Σ_matched w·e / Σ_JD w
 *   w = JD weight (1 required, ½ preferred, soft skills halved — see jd.ts)
 *   e = 1 when the resume shows the skill in an experience/project statement, 0.6 when it
 *       is only listed (or only implied by a listed skill), 0 when it is dump-only (named only
 *       in a keyword dump, gaming.ts)
 *
 * Without one (or when the JD names no known skill), dump-only skills left out of N and of the role hits:
 *   relevance = |resume skills ∩ role skills| / min(8, |role skills|), capped at 1, for the
 *               role read from the title/summary (roles.ts); with no role, ½·min(1, N/8)
 *   evidence  = min(1, B/10)  B = named non-soft skills that appear in experience/project statements
 *   breadth   = min(1, N/10)  N = named non-soft skills
 *
 * Every term only grows when the resume shows more: a share B/N would rise when a list of
 * skills is deleted, and a recruiter does not rate a resume higher for listing less.
 *   score     = 20 · (0.5·relevance + 0.3·evidence + 0.2·breadth)
 */
const SKILLS = { listedOnly: 0.6, dumpOnly: 0, roleFull: 8, evidenceFull: 10, breadthFull: 10, w: { relevance: 0.5, evidence: 0.3, breadth: 0.2 } } as const;

export function scoreSkills(f: Facts): DimensionResult {
  const m = messages(f.lang);
  const label = (n: string) => skillLabel(n, f.lang);
  const lines = f.doc.lines;
  const statementLines = new Set(f.exp.statements.flatMap((s) => s.lines));
  const res: DimensionResult = { key: "skills", score: 0, max: 20, rationale: "", evidence: [], strengths: [], suggestions: [] };

  if (f.jd) {
    const { skills, matched, missing, evidenced } = f.jd;
    const total = skills.reduce((s, x) => s + x.weight, 0);
    const credit = (name: string) => (evidenced.includes(name) ? 1 : f.dumpOnly.has(name) ? SKILLS.dumpOnly : SKILLS.listedOnly);
    const got = skills.filter((x) => matched.includes(x.name)).reduce((s, x) => s + x.weight * credit(x.name), 0);
    const weighted = skills.filter((x) => matched.includes(x.name) && !f.dumpOnly.has(x.name)).reduce((s, x) => s + x.weight, 0);
    res.score = round1(20 * ratio(got, total));
    res.rationale = m.skillsJd({
      matched: matched.length,
      total: skills.length,
      weightedPct: 100 * ratio(weighted, total),
      evidenced: evidenced.length,
      score: res.score,
    });
    const ev: string[] = [];
    for (const name of [...evidenced, ...matched]) {
      if (f.dumpOnly.has(name)) continue;
      const hit = f.skills.get(name);
      const inStatement = hit?.lines.find((i) => statementLines.has(i));
      if (inStatement !== undefined) ev.push(f.exp.statements.find((s) => s.lines.includes(inStatement))!.evidence);
      else if (hit) ev.push(lines[hit.lines[0]].raw);
    }
    res.evidence = evidence(ev);
    if (ratio(weighted, total) >= 0.7) res.strengths.push(m.strengthJd({ matched: matched.length, total: skills.length }));
    const missingSorted = [...missing].sort((a, b) => weightOf(f, b) - weightOf(f, a));
    if (missingSorted.length > 0) {
      res.suggestions.push(
        suggestion("skills", ratio(weighted, total) < 0.5 ? "high" : "medium", m.sugMissingJdSkills({ skills: missingSorted.slice(0, 8).map(label) })),
      );
    }
    const listedOnly = matched.filter((n) => !evidenced.includes(n) && !f.skills.get(n)?.implied);
    if (listedOnly.length > 0) res.suggestions.push(suggestion("skills", "medium", m.sugUnevidencedJd({ skills: listedOnly.slice(0, 8).map(label) })));
    return res;
  }

  const named = explicitSkills(f.skills).filter((n) => SKILL_BY_NAME.get(n)?.category !== "soft" && !f.dumpOnly.has(n));
  const N = named.length;
  const backed = named.filter((n) => f.skills.get(n)!.lines.some((i) => statementLines.has(i)));
  const role = f.role?.role ?? null;
  let relevance: number;
  let hits = 0;
  let target = 0;
  if (role) {
    hits = role.skills.filter((s) => f.skills.has(s) && !f.dumpOnly.has(s)).length;
    target = Math.min(SKILLS.roleFull, role.skills.length);
    relevance = clamp01(hits / target);
  } else {
    relevance = 0.5 * clamp01(N / SKILLS.roleFull);
  }
  const ev = clamp01(backed.length / SKILLS.evidenceFull);
  const breadth = clamp01(N / SKILLS.breadthFull);
  res.score = round1(20 * (SKILLS.w.relevance * relevance + SKILLS.w.evidence * ev + SKILLS.w.breadth * breadth));
  const roleName = role ? (f.lang === "zh" ? role.zh : role.en) : null;
  res.rationale =
    (f.jdWithoutSkills ? m.jdWithoutSkills() : "") +
    m.skillsRole({
      role: roleName,
      hits,
      target: role?.skills.length ?? 0,
      explicit: N,
      evidenced: backed.length,
      score: res.score,
      relevance,
      evidence: ev,
      breadth,
    });
  const evLines: string[] = [];
  if (f.role && f.role.line >= 0) evLines.push(lines[f.role.line].raw);
  for (const n of backed) {
    const at = f.skills.get(n)!.lines.find((i) => statementLines.has(i))!;
    evLines.push(f.exp.statements.find((s) => s.lines.includes(at))!.evidence);
  }
  for (const n of named) evLines.push(lines[f.skills.get(n)!.lines[0]].raw);
  res.evidence = evidence(evLines);

  if (role && relevance >= 0.8) res.strengths.push(m.strengthRoleFit({ role: roleName!, hits }));
  if (role && relevance < 0.8) {
    const gaps = role.skills
      .filter((s) => !f.skills.has(s))
      .slice(0, 5)
      .map(label);
    if (gaps.length) res.suggestions.push(suggestion("skills", relevance < 0.5 ? "medium" : "low", m.sugRoleGaps({ role: roleName!, skills: gaps })));
  }
  if (!role) res.suggestions.push(suggestion("skills", "low", m.sugNoRole()));
  const unbacked = named.filter((n) => !backed.includes(n));
  if (N > 0 && ratio(backed.length, N) < 0.5)
    res.suggestions.push(suggestion("skills", "medium", m.sugUnevidenced({ skills: unbacked.slice(0, 6).map(label) })));
  return res;
}

function weightOf(f: Facts, name: string): number {
  return f.jd?.skills.find((s) => s.name === name)?.weight ?? 0;
}

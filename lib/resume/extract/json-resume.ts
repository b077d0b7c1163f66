/**
 * JSON Resume (https://jsonresume.org/schema) → readable resume lines, so the analysis reads a
 * resume rather than raw JSON. Lenient: unknown fields are ignored, wrong types are skipped.
 */

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.map(str).filter(Boolean) : []);
const join = (parts: unknown[], sep: string): string => parts.map(str).filter(Boolean).join(sep);

/** Top-level keys of the schema; an object with at least one of these is taken as a JSON Resume. */
const RESUME_KEYS = ["basics", "work", "education", "skills", "projects", "volunteer", "awards", "certificates", "publications"];

export function isJsonResume(value: unknown): value is Obj {
  return isObj(value) && RESUME_KEYS.some((k) => k in value);
}

function period(o: Obj): string {
  const start = str(o.startDate);
  const end = str(o.endDate);
  if (!start && !end) return "";
  return `${start || "?"} – ${end || "Present"}`;
}

function section(title: string, lines: string[]): string[] {
  const body = lines.filter((l) => l.trim() !== "");
  return body.length ? ["", title, ...body] : [];
}

/** Name, label, contact line, profiles, then Summary / Experience / … / References sections. */
export function jsonResumeToText(resume: Obj): string {
  const out: string[] = [];
  const basics = isObj(resume.basics) ? resume.basics : {};
  const loc = isObj(basics.location) ? basics.location : {};
  out.push(str(basics.name), str(basics.label));
  out.push(join([basics.email, basics.phone, basics.url, join([loc.address, loc.city, loc.region, loc.postalCode, loc.countryCode], ", ")], " | "));
  for (const p of arr(basics.profiles)) out.push(join([str(p.network) && `${str(p.network)}:`, p.url || p.username], " "));
  out.push(...section("Summary", [str(basics.summary)]));

  const jobs = (items: Obj[], org: string) =>
    items.flatMap((w) => [
      join([join([w.position, w[org]], ", "), period(w) && `(${period(w)})`], " "),
      join([w.location, w.url], " | "),
      str(w.summary) || str(w.description),
      ...strs(w.highlights).map((h) => `- ${h}`),
    ]);
  out.push(...section("Experience", jobs(arr(resume.work), "name")));
  out.push(...section("Volunteer Experience", jobs(arr(resume.volunteer), "organization")));
  out.push(
    ...section(
      "Education",
      arr(resume.education).flatMap((e) => [
        join([join([e.studyType, e.area], " in "), e.institution, period(e) && `(${period(e)})`], ", "),
        str(e.score) && `Score: ${str(e.score)}`,
        strs(e.courses).length ? `Courses: ${strs(e.courses).join("; ")}` : "",
      ]),
    ),
  );
  out.push(
    ...section(
      "Projects",
      arr(resume.projects).flatMap((p) => [
        join([p.name, period(p) && `(${period(p)})`], " "),
        join([p.entity, strs(p.roles).join(", ")], " | "),
        str(p.description),
        ...strs(p.highlights).map((h) => `- ${h}`),
        strs(p.keywords).length ? `Keywords: ${strs(p.keywords).join(", ")}` : "",
        str(p.url),
      ]),
    ),
  );
  out.push(
    ...section(
      "Skills",
      arr(resume.skills).map((s) => {
        const head = join([s.name, str(s.level) && `(${str(s.level)})`], " ");
        const kw = strs(s.keywords).join(", ");
        return kw ? `${head}: ${kw}` : head;
      }),
    ),
  );
  out.push(
    ...section(
      "Awards",
      arr(resume.awards).flatMap((a) => [join([a.title, a.awarder, a.date && `(${str(a.date)})`], ", "), str(a.summary)]),
    ),
  );
  out.push(
    ...section(
      "Certificates",
      arr(resume.certificates).map((c) => join([c.name, c.issuer, c.date && `(${str(c.date)})`], ", ")),
    ),
  );
  out.push(
    ...section(
      "Publications",
      arr(resume.publications).flatMap((p) => [join([p.name, p.publisher, p.releaseDate && `(${str(p.releaseDate)})`], ", "), str(p.summary)]),
    ),
  );
  out.push(
    ...section(
      "Languages",
      arr(resume.languages).map((l) => join([l.language, str(l.fluency) && `(${str(l.fluency)})`], " ")),
    ),
  );
  out.push(
    ...section(
      "Interests",
      arr(resume.interests).map((i) => join([i.name, strs(i.keywords).join(", ")], ": ")),
    ),
  );
  out.push(
    ...section(
      "References",
      arr(resume.references).map((r) => join([r.name, r.reference], ": ")),
    ),
  );
  return out
    .filter((l, i, all) => l !== "" || (i > 0 && all[i - 1] !== ""))
    .join("\n")
    .trim();
}

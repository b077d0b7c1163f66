/**
 * Turns JSON input into resume-like plain text so the line-based analysers can read it.
 *
 * - A JSON Resume document (https://jsonresume.org/schema, keys `basics`, `work`,
 *   `education`, `skills` …) becomes headed sections with one entry per line and
 *   `highlights` as `- ` bullets, in the schema's order.
 * - Any other JSON (e.g. a JSON Resume *job* document used as a job description) becomes
 *   one line per string leaf; keys that only describe the file (`$schema`, `meta`, `url`,
 *   `image`, `location`) are skipped.
 *
 * Returns `null` when the input is not a JSON object or array.
 */
export function jsonToText(input: string): string | null {
  const trimmed = input.trim();
  if (!(trimmed.startsWith("{") || trimmed.startsWith("["))) return null;
  let data: unknown;
  try {
    data = JSON.parse(trimmed);
  } catch {
    return null;
  }
  if (!data || typeof data !== "object") return null;
  const obj = data as Record<string, unknown>;
  if (!Array.isArray(data) && ("basics" in obj || "work" in obj)) return jsonResumeToText(obj);
  return leavesToText(data);
}

type Rec = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
const arr = (v: unknown): Rec[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === "object") as Rec[]) : []);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.map(str).filter(Boolean) : []);
const join = (parts: string[], sep = " | ") => parts.filter(Boolean).join(sep);
const span = (e: Rec) => {
  const s = str(e.startDate);
  const end = str(e.endDate);
  if (!s && !end) return "";
  return `${s || "?"} to ${end || "Present"}`;
};

function jsonResumeToText(r: Rec): string {
  const out: string[] = [];
  const b = (r.basics ?? {}) as Rec;
  const loc = (b.location ?? {}) as Rec;
  out.push(str(b.name), str(b.label));
  out.push(join([str(b.email), str(b.phone), str(b.url), join([str(loc.city), str(loc.region)], ", ")]));
  for (const p of arr(b.profiles)) out.push(join([str(p.network), str(p.url) || str(p.username)], ": "));
  if (str(b.summary)) out.push("", "Summary", str(b.summary));

  const section = (title: string, items: Rec[], head: (e: Rec) => string, body: (e: Rec) => string[]) => {
    if (items.length === 0) return;
    out.push("", title);
    for (const e of items) {
      out.push(head(e));
      for (const line of body(e)) out.push(line);
    }
  };
  const desc = (e: Rec) => [str(e.summary), str(e.description), ...strs(e.highlights).map((h) => `- ${h}`)];

  section("Work Experience", arr(r.work), (e) => join([str(e.position), str(e.name), span(e)]), desc);
  section("Projects", arr(r.projects), (e) => join([str(e.name), span(e)]), desc);
  section("Volunteer", arr(r.volunteer), (e) => join([str(e.position), str(e.organization), span(e)]), desc);
  section(
    "Education",
    arr(r.education),
    (e) => join([join([str(e.studyType), str(e.area)], " "), str(e.institution), span(e)]),
    (e) => [str(e.score) ? `GPA: ${str(e.score)}` : "", strs(e.courses).length ? `Courses: ${strs(e.courses).join(", ")}` : ""],
  );
  section(
    "Awards",
    arr(r.awards),
    (e) => join([str(e.title), str(e.awarder), str(e.date)]),
    (e) => [str(e.summary)],
  );
  section(
    "Certificates",
    arr(r.certificates),
    (e) => join([str(e.name), str(e.issuer), str(e.date)]),
    () => [],
  );
  section(
    "Publications",
    arr(r.publications),
    (e) => join([str(e.name), str(e.publisher), str(e.releaseDate)]),
    (e) => [str(e.summary)],
  );
  section(
    "Skills",
    arr(r.skills),
    (e) => join([str(e.name), strs(e.keywords).join(", ")], ": "),
    () => [],
  );
  section(
    "Languages",
    arr(r.languages),
    (e) => join([str(e.language), str(e.fluency)], ": "),
    () => [],
  );
  section(
    "Interests",
    arr(r.interests),
    (e) => join([str(e.name), strs(e.keywords).join(", ")], ": "),
    () => [],
  );
  return out.filter((l) => l !== "").join("\n");
}

const SKIP_KEYS = new Set(["$schema", "meta", "url", "image", "location", "canonical"]);

/**
 * One line per string or number leaf, depth first in document order. Iterative, not recursive:
 * a job description of ten thousand nested brackets is valid JSON, and must not overflow the stack.
 */
function leavesToText(v: unknown, key = ""): string {
  const lines: string[] = [];
  const stack: [unknown, string][] = [[v, key]];
  while (stack.length > 0) {
    const [x, k] = stack.pop()!;
    if (SKIP_KEYS.has(k)) continue;
    if (typeof x === "string" || typeof x === "number") {
      const s = str(x);
      if (s) lines.push(s);
    } else if (Array.isArray(x)) {
      for (let i = x.length - 1; i >= 0; i--) stack.push([x[i], k]);
    } else if (x && typeof x === "object") {
      const entries = Object.entries(x as Rec);
      for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i][1], entries[i][0]]);
    }
  }
  return lines.join("\n");
}

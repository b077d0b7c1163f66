/**
 * A reader of the Prometheus text exposition format (prometheus.io, "Exposition formats") for
 * the metrics tests: the metric families a scrape declares (`# TYPE`) and its samples.
 */
export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Exposition = { types: Map<string, string>; samples: Sample[] };

export function parseExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!.replace(/\\(.)/g, "$1");
    samples.push({ name: m[1]!, labels, value: m[3] === "+Inf" ? Number.POSITIVE_INFINITY : Number(m[3]) });
  }
  return { types, samples };
}

/** The sum of the samples named `name` whose labels include `labels` (0 when none). */
export function sumOf(e: Exposition, name: string, labels: Record<string, string> = {}): number {
  return e.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((a, s) => a + s.value, 0);
}

/**
 * Every series name a scrape can answer: each declared family, and for histograms its
 * `_bucket`, `_sum` and `_count` series.
 */
export function exportedNames(e: Exposition): Set<string> {
  const names = new Set<string>();
  for (const [name, type] of e.types) {
    names.add(name);
    if (type === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) names.add(name + suffix);
  }
  return names;
}

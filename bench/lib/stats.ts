/**
 * Small statistics for benchmarks.
 */

/**
 * Nearest-rank percentile (NIST/Hyndman–Fan definition 1) of an unsorted list.
 * @param values samples in any unit; not modified.
 * @param p percentile in [0, 100].
 * @returns the sample at rank ⌈p/100 · n⌉, or NaN for an empty list.
 */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** Rounded rate: `count` events over `ms` milliseconds, per second. */
export function perSecond(count: number, ms: number): number {
  return ms > 0 ? (count * 1000) / ms : Number.NaN;
}

/** `a / b` as `0.42×`, or `—` when either is not finite. */
export function ratio(a: number, b: number): string {
  const r = a / b;
  return Number.isFinite(r) ? `${r.toFixed(2)}×` : "—";
}

/** Milliseconds for a table cell: one decimal below 100 ms, `—` when not finite. */
export function fmtMs(ms: number): string {
  return Number.isFinite(ms) ? `${ms.toFixed(ms < 100 ? 1 : 0)} ms` : "—";
}

/** A plain-text table for the console (first column left-aligned, the rest right-aligned). */
export function consoleTable(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** A Markdown table (first column left-aligned, the rest right-aligned). */
export function markdownTable(header: string[], rows: string[][]): string {
  const align = header.map((_, i) => (i === 0 ? "---" : "--:"));
  return [header, align, ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
}

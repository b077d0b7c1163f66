import type { DimensionResult } from "./types";

/** Small helpers shared by the dimension scorers. */

export const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
export const round1 = (x: number) => Math.round(x * 10) / 10;
export const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);

/** Unique, non-empty, trimmed evidence lines, in order, at most `n`. */
export function evidence(lines: string[], n = 8): string[] {
  const out: string[] = [];
  for (const l of lines) {
    const t = l.trim();
    if (t && !out.includes(t)) out.push(t);
    if (out.length >= n) break;
  }
  return out;
}

export function suggestion(
  category: DimensionResult["key"],
  priority: "high" | "medium" | "low",
  [issue, recommendation]: [string, string],
): DimensionResult["suggestions"][number] {
  return { category, priority, issue, recommendation };
}

/** Text colour for a score: green from 75 %, amber from 50 %, red below. */
export function scoreTone(score: number, max = 100): string {
  const ratio = max > 0 ? score / max : 0;
  if (ratio >= 0.75) return "text-emerald-600";
  if (ratio >= 0.5) return "text-amber-600";
  return "text-rose-600";
}

/** Bar colour, same thresholds as {@link scoreTone}. */
export function barTone(score: number, max: number): string {
  const ratio = max > 0 ? score / max : 0;
  if (ratio >= 0.75) return "bg-emerald-500";
  if (ratio >= 0.5) return "bg-amber-500";
  return "bg-rose-500";
}

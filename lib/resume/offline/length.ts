import { lengthUnits } from "@/lib/text/units";
import type { Lang, Line } from "./types";

/**
 * Resume length. English is measured in words, Chinese in CJK characters plus embedded
 * Latin words ("units"), over all non-empty lines.
 *
 * Ideal bands (one to two pages, from common recruiter guidance; set by hand):
 * English 250–900 words, Chinese 350–1800 units. Below the band the factor rises linearly
 * from 0 at 50 words / 80 units; above it, it falls by ½ for every further band width
 * and never below 0.3 (a long resume is still a resume).
 */
export interface LengthInfo {
  units: number;
  unit: "words" | "characters";
  band: "short" | "ok" | "long";
  /** 0–1 adequacy factor. */
  factor: number;
}

const LENGTH_BANDS = {
  en: { floor: 50, lo: 250, hi: 900 },
  zh: { floor: 80, lo: 350, hi: 1800 },
} as const;

export function measureLength(lines: Line[], lang: Lang): LengthInfo {
  const units = lines.reduce((s, l) => s + lengthUnits(l.text), 0);
  const b = LENGTH_BANDS[lang];
  const unit = lang === "zh" ? "characters" : "words";
  if (units < b.lo) return { units, unit, band: "short", factor: Math.max(0, (units - b.floor) / (b.lo - b.floor)) };
  if (units > b.hi) return { units, unit, band: "long", factor: Math.max(0.3, 1 - (units - b.hi) / (2 * (b.hi - b.lo))) };
  return { units, unit, band: "ok", factor: 1 };
}

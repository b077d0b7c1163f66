/** Intl's locale for the UI language (`zh` → zh-CN). */
const intlLocale = (locale: string) => (locale === "zh" ? "zh-CN" : "en");

/**
 * A duration in ms as one short, localised figure in the largest fitting unit ("850 ms",
 * "12.3 s", "4.2 min", "3.1 h"); null or undefined is "—" (not measured, or not wired yet).
 */
export function formatDuration(ms: number | null | undefined, locale: string): string {
  if (ms == null || !Number.isFinite(ms)) return "—";
  const unit = (value: number, u: "millisecond" | "second" | "minute" | "hour", digits: number) =>
    new Intl.NumberFormat(intlLocale(locale), { style: "unit", unit: u, unitDisplay: "short", maximumFractionDigits: digits }).format(value);
  if (ms < 1_000) return unit(Math.round(ms), "millisecond", 0);
  if (ms < 60_000) return unit(ms / 1_000, "second", 1);
  if (ms < 3_600_000) return unit(ms / 60_000, "minute", 1);
  return unit(ms / 3_600_000, "hour", 1);
}

/** A count or rate, localised, at most `digits` decimals; null is "—". */
export function formatNumber(n: number | null | undefined, locale: string, digits = 0): string {
  if (n == null || !Number.isFinite(n)) return "—";
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: digits }).format(n);
}

/** Integer micro-dollars as US dollars ("$0.0123"); null is "—" (unpriced). */
export function formatMicroUsd(micro: number | null | undefined, locale: string): string {
  if (micro == null) return "—";
  return new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency: "USD", maximumFractionDigits: micro < 10_000 ? 6 : 4 }).format(
    micro / 1_000_000,
  );
}

/** A time of day with seconds, for "updated at" and timelines. */
export function formatTime(iso: string, locale: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleTimeString(intlLocale(locale), { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

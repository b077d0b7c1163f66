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

/*
 * Number formats of the cost, overview and settings pages, in the UI language (`zh` → zh-CN). Money arrives as integer
 * micro-dollars (1 USD = 1 000 000); null money is "unpriced" and is the caller's to label —
 * never formatted as $0.
 */

/** Dollars from micro-dollars: cents from $0.01 up, four significant digits below (LLM calls cost fractions of a cent). */
export function formatUsd(microUsd: number, locale: string): string {
  const usd = microUsd / 1e6;
  const small = usd !== 0 && Math.abs(usd) < 0.01;
  return new Intl.NumberFormat(intlLocale(locale), {
    style: "currency",
    currency: "USD",
    ...(small ? { maximumSignificantDigits: 4 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  }).format(usd);
}

/** Dollars per million tokens from micro-dollars per million tokens, up to 4 decimals. */
export function formatUsdPerMTok(microUsdPerMTok: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(
    microUsdPerMTok / 1e6,
  );
}

/** A count: 12,345, or compact (12K) when `compact`. */
export function formatCount(n: number, locale: string, compact = false): string {
  return new Intl.NumberFormat(intlLocale(locale), compact ? { notation: "compact", maximumFractionDigits: 1 } : {}).format(n);
}

/** A share (0–1) as a percentage with one decimal; "—" for null. */
export function formatPercent(share: number | null, locale: string): string {
  if (share === null) return "—";
  return new Intl.NumberFormat(intlLocale(locale), { style: "percent", maximumFractionDigits: 1 }).format(share);
}

/** A duration in ms: "850 ms", "2.4 s"; "—" for null. */
export function formatMs(ms: number | null, locale: string): string {
  if (ms === null) return "—";
  if (ms < 1000) return `${new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 0 }).format(ms)} ms`;
  return `${new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 1 }).format(ms / 1000)} s`;
}

/** Whole dollars typed into a form → micro-dollars; null for anything that is not a non-negative amount. */
export function usdToMicro(input: string): number | null {
  const v = Number(input.trim().replace(/^\$/, ""));
  if (!input.trim() || !Number.isFinite(v) || v < 0) return null;
  return Math.round(v * 1e6);
}

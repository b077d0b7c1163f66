/**
 * Number formats of the console, in the UI language (`zh` → zh-CN). Money arrives as integer
 * micro-dollars (1 USD = 1 000 000); null money is "unpriced" and is the caller's to label —
 * never formatted as $0.
 */
const tag = (locale: string) => (locale === "zh" ? "zh-CN" : "en");

/** Dollars from micro-dollars: cents from $0.01 up, four significant digits below (LLM calls cost fractions of a cent). */
export function formatUsd(microUsd: number, locale: string): string {
  const usd = microUsd / 1e6;
  const small = usd !== 0 && Math.abs(usd) < 0.01;
  return new Intl.NumberFormat(tag(locale), {
    style: "currency",
    currency: "USD",
    ...(small ? { maximumSignificantDigits: 4 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  }).format(usd);
}

/** Dollars per million tokens from micro-dollars per million tokens, up to 4 decimals. */
export function formatUsdPerMTok(microUsdPerMTok: number, locale: string): string {
  return new Intl.NumberFormat(tag(locale), { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(
    microUsdPerMTok / 1e6,
  );
}

/** A count: 12,345, or compact (12K) when `compact`. */
export function formatCount(n: number, locale: string, compact = false): string {
  return new Intl.NumberFormat(tag(locale), compact ? { notation: "compact", maximumFractionDigits: 1 } : {}).format(n);
}

/** A share (0–1) as a percentage with one decimal; "—" for null. */
export function formatPercent(share: number | null, locale: string): string {
  if (share === null) return "—";
  return new Intl.NumberFormat(tag(locale), { style: "percent", maximumFractionDigits: 1 }).format(share);
}

/** A duration in ms: "850 ms", "2.4 s"; "—" for null. */
export function formatMs(ms: number | null, locale: string): string {
  if (ms === null) return "—";
  if (ms < 1000) return `${new Intl.NumberFormat(tag(locale), { maximumFractionDigits: 0 }).format(ms)} ms`;
  return `${new Intl.NumberFormat(tag(locale), { maximumFractionDigits: 1 }).format(ms / 1000)} s`;
}

/** Whole dollars typed into a form → micro-dollars; null for anything that is not a non-negative amount. */
export function usdToMicro(input: string): number | null {
  const v = Number(input.trim().replace(/^\$/, ""));
  if (!input.trim() || !Number.isFinite(v) || v < 0) return null;
  return Math.round(v * 1e6);
}

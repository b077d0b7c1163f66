/** The UI languages, the cookie that remembers the choice, and how a browser's list maps onto them. */
export const LOCALES = ["en", "zh"] as const;
export type AppLocale = (typeof LOCALES)[number];
const DEFAULT_LOCALE: AppLocale = "en";
export const LOCALE_COOKIE = "NEXT_LOCALE";
/** One year, in seconds. */
export const LOCALE_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365;

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the UI language from an `Accept-Language` header: the entry with the highest
 * q-value wins (ties keep header order); `zh`, `zh-CN`, `zh-Hant`… → `zh`, anything else → `en`.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): AppLocale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((e) => e.tag && e.tag !== "*" && e.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const first = ranked[0]?.tag;
  return first?.startsWith("zh") ? "zh" : DEFAULT_LOCALE;
}

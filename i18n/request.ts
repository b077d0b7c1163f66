import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import en from "../messages/en.json";
import zh from "../messages/zh.json";
import { type AppLocale, isAppLocale, LOCALE_COOKIE, localeFromAcceptLanguage } from "./config";

// Compile-time guard: the Chinese catalogue has every key the English one has.
const catalogues: Record<AppLocale, typeof en> = { en, zh };

/**
 * Locale per request without locale routing: the NEXT_LOCALE cookie (set by the language
 * switch) wins; otherwise the browser's Accept-Language (zh* → zh, else en).
 */
export default getRequestConfig(async () => {
  const cookieLocale = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale: AppLocale = isAppLocale(cookieLocale) ? cookieLocale : localeFromAcceptLanguage((await headers()).get("accept-language"));
  return { locale, messages: catalogues[locale] };
});

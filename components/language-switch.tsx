"use client";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useTransition } from "react";
import { type AppLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, LOCALES } from "@/i18n/config";
import { cn } from "./ui/cn";

const LABELS: Record<AppLocale, string> = { en: "EN", zh: "中文" };

/**
 * EN / 中文: stores the choice in the NEXT_LOCALE cookie and re-renders the server
 * components, so the URL does not change.
 */
export function LanguageSwitch() {
  const t = useTranslations("language");
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function choose(next: AppLocale) {
    if (next === locale) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the Firefox and Safari versions we support; the value is a fixed locale code, nothing to escape
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_S}; samesite=lax`;
    startTransition(() => router.refresh());
  }

  return (
    <fieldset
      aria-label={t("label")}
      data-testid="lang-switch"
      className={cn("inline-flex rounded-lg border border-slate-300 p-0.5 text-xs", pending && "opacity-60")}
    >
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === locale}
          data-testid={`lang-switch-${l}`}
          disabled={pending}
          onClick={() => choose(l)}
          className={cn(
            "whitespace-nowrap rounded-md px-2 py-1 font-medium focus-visible:outline-2 focus-visible:outline-indigo-600",
            l === locale ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100",
          )}
        >
          {LABELS[l]}
        </button>
      ))}
    </fieldset>
  );
}

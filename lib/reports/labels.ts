import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import zh from "@/messages/zh.json";

/** The languages a report is written in: the analysis' or the interview's own. */
export type ReportLanguage = "en" | "zh";

const CATALOGUES = { en, zh };

/**
 * The app's message catalogues (messages/en.json, zh.json) through next-intl's translator, as
 * the pages read them: a report's labels are the page's labels, in the report's language.
 * Keys are full paths (`report.dimension.skills`), typed by the English catalogue.
 */
export function reportTranslator(language: ReportLanguage) {
  return createTranslator({ locale: language, messages: CATALOGUES[language] });
}

export type ReportTranslator = ReturnType<typeof reportTranslator>;

/**
 * An ISO 8601 timestamp as a medium date and short time in `language`, in UTC (said so, since
 * a PDF has no viewer's time zone to follow); garbage is shown as is.
 */
export function formatReportDate(iso: string, language: ReportLanguage): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const text = d.toLocaleString(language === "zh" ? "zh-CN" : "en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return `${text} UTC`;
}

/** A score as the pages print it: whole numbers bare, others with one decimal. */
export const formatScore = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(1));

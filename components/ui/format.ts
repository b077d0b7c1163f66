/** An ISO 8601 timestamp as a medium date and short time in the UI language (`zh` → zh-CN); garbage is shown as is. */
export function formatDateTime(iso: string, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(locale === "zh" ? "zh-CN" : "en", { dateStyle: "medium", timeStyle: "short" });
}

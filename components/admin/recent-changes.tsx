"use client";
import { useQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import type { AuditEntryView } from "@/lib/console/contracts";
import { retryTransient } from "../tasks/api";
import { Card } from "../ui/card";
import { CONSOLE_POLL_MS, consoleKeys, fetchAudit } from "./api";
import { QueryFallback } from "./parts";

/** How many changes the list shows. */
const LIMIT = 30;

/** A before/after value as one short line (`{"limitMicroUsd":5000000}` → `limitMicroUsd: 5000000`). */
function brief(v: unknown): string {
  if (v === null || v === undefined) return "—";
  if (typeof v !== "object") return String(v);
  return Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${k}: ${typeof x === "object" && x !== null ? JSON.stringify(x) : String(x)}`)
    .join(", ");
}

/**
 * The recent-changes card of `/admin/settings`: the latest console changes from `audit_log`
 * (roles, bans, budgets, thresholds, prices, replays), newest first, each with who made it,
 * when, and the value before and after. Refreshed every few seconds.
 */
export function RecentChanges() {
  const t = useTranslations("admin.settings.changes");
  const locale = useLocale();
  const query = useQuery({
    queryKey: consoleKeys.audit,
    queryFn: ({ signal }) => fetchAudit(LIMIT, signal),
    refetchInterval: CONSOLE_POLL_MS,
    retry: retryTransient,
  });
  // Message keys cannot hold dots (next-intl nests on them): `budget.set` is `actions.budget_set`.
  const label = (e: AuditEntryView) => {
    const key = `actions.${e.action.replaceAll(".", "_")}` as "actions.budget_set";
    return t.has(key) ? t(key) : e.action;
  };
  return (
    <Card aria-labelledby="changes-heading" data-testid="settings-changes">
      <h2 id="changes-heading" className="flex items-center gap-2 font-semibold text-slate-900">
        <History aria-hidden className="size-4 text-slate-500" />
        {t("title")}
      </h2>
      {query.data ? (
        query.data.items.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">{t("empty")}</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-100" data-testid="changes-list">
            {query.data.items.map((e) => (
              <li key={e.id} className="py-2 text-sm" data-testid="change-row" data-action={e.action}>
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium text-slate-800">
                    {label(e)} <span className="font-mono text-xs font-normal text-slate-500">{e.target}</span>
                  </span>
                  <span className="text-xs text-slate-500" data-testid="change-by">
                    {t("by", {
                      who: e.actor ? (e.actor.email ?? e.actor.name ?? e.actor.id) : t("system"),
                      time: new Date(e.createdAt).toLocaleString(locale === "zh" ? "zh-CN" : "en", { dateStyle: "medium", timeStyle: "short" }),
                    })}
                  </span>
                </p>
                <p className="break-words font-mono text-xs text-slate-600">
                  {brief(e.before)} → {brief(e.after)}
                </p>
              </li>
            ))}
          </ol>
        )
      ) : (
        <div className="mt-3">
          <QueryFallback error={query.error} onRetry={() => query.refetch()} testId="changes" />
        </div>
      )}
    </Card>
  );
}

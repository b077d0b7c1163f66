"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { BUDGET_PERIODS, BUDGET_SCOPES, type BudgetView } from "@/lib/console/contracts";
import { retryTransient } from "../tasks/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { type BudgetKey, consoleKeys, deleteBudget, fetchBudgets, putBudget } from "./api";
import { formatPercent, formatUsd, usdToMicro } from "./format";
import { QueryFallback } from "./parts";

const field = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm disabled:bg-slate-50 disabled:text-slate-400";

/** A budget's key as one string (`scope:scopeId:period`), for test ids and React keys. */
const keyOf = (b: BudgetKey) => `${b.scope}:${b.scopeId}:${b.period}`;

/**
 * The budgets card of `/admin/settings`: every budget with its limit, a form that creates or
 * changes one (the same key replaces its limit) and a remove button per budget. Each change
 * goes to `PUT`/`DELETE /api/admin/settings/budgets`, which records it with who made it.
 */
export function BudgetsSettings() {
  const t = useTranslations("admin.settings.budgets");
  const tc = useTranslations("admin.common");
  const locale = useLocale();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: consoleKeys.budgets, queryFn: ({ signal }) => fetchBudgets(signal), retry: retryTransient });
  const [scope, setScope] = useState<BudgetKey["scope"]>("global");
  const [scopeId, setScopeId] = useState("");
  const [period, setPeriod] = useState<BudgetKey["period"]>("month");
  const [limit, setLimit] = useState("");
  const [formError, setFormError] = useState<string | null>(null);

  const onSaved = (data: { items: BudgetView[] }) => {
    queryClient.setQueryData(consoleKeys.budgets, data);
    void queryClient.invalidateQueries({ queryKey: consoleKeys.audit });
    void queryClient.invalidateQueries({ queryKey: consoleKeys.overview });
    toast.success(tc("saved"));
  };
  const onError = (err: Error) => toast.error(tc("saveFailed", { message: err.message }));
  const save = useMutation({ mutationFn: putBudget, onSuccess: onSaved, onError });
  const remove = useMutation({ mutationFn: deleteBudget, onSuccess: onSaved, onError });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const limitMicroUsd = usdToMicro(limit);
    if (limitMicroUsd === null) return setFormError(t("invalidLimit"));
    if (scope !== "global" && !scopeId.trim()) return setFormError(t("invalidScopeId"));
    setFormError(null);
    save.mutate({ scope, scopeId: scope === "global" ? "" : scopeId.trim(), period, limitMicroUsd });
  };
  const budgetLabel = (b: BudgetKey) => `${t(`scopes.${b.scope}`)}${b.scopeId ? ` ${b.scopeId}` : ""} · ${t(`periods.${b.period}`)}`;

  return (
    <Card aria-labelledby="budgets-heading" data-testid="settings-budgets">
      <h2 id="budgets-heading" className="font-semibold text-slate-900">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      {query.data ? (
        query.data.items.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500" data-testid="budgets-empty">
            {t("empty")}
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" data-testid="budgets-list">
            {query.data.items.map((b) => (
              <li key={keyOf(b)} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="budget-row" data-key={keyOf(b)}>
                <span className="min-w-0">
                  <span className="block text-sm text-slate-800">{budgetLabel(b)}</span>
                  {b.status ? (
                    <span
                      className={cn(
                        "block text-xs",
                        b.status.utilization >= 1 ? "text-rose-700" : b.status.utilization >= 0.8 ? "text-amber-800" : "text-slate-500",
                      )}
                      data-testid="budget-status"
                    >
                      {t(b.scopeId === "*" ? "statusDefault" : "status", {
                        subject: b.status.subjectId,
                        spent: formatUsd(b.status.spentMicroUsd, locale),
                        share: formatPercent(b.status.utilization, locale),
                        date: new Date(b.status.resetsAt).toLocaleString(locale === "zh" ? "zh-CN" : "en", {
                          dateStyle: "medium",
                          timeStyle: "short",
                          timeZone: "UTC",
                        }),
                      })}
                    </span>
                  ) : null}
                </span>
                <span className="flex items-center gap-2">
                  <span className="font-semibold tabular-nums text-slate-900" data-testid="budget-limit-value">
                    {formatUsd(b.limitMicroUsd, locale)}
                  </span>
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-rose-700"
                    aria-label={t("deleteAria", { budget: budgetLabel(b) })}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ scope: b.scope, scopeId: b.scopeId, period: b.period })}
                    data-testid="budget-delete"
                  >
                    {t("delete")}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )
      ) : (
        <div className="mt-3">
          <QueryFallback error={query.error} onRetry={() => query.refetch()} testId="budgets" />
        </div>
      )}
      <form className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-2 lg:grid-cols-5" onSubmit={submit} data-testid="budget-form" noValidate>
        <label className="text-sm text-slate-600">
          {t("scope")}
          <select className={field} value={scope} onChange={(e) => setScope(e.target.value as BudgetKey["scope"])} data-testid="budget-scope">
            {BUDGET_SCOPES.map((s) => (
              <option key={s} value={s}>
                {t(`scopes.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-slate-600">
          {t("scopeId")}
          <input
            className={field}
            value={scope === "global" ? "" : scopeId}
            placeholder={scope === "global" ? t("scopeIdGlobal") : "*"}
            disabled={scope === "global"}
            onChange={(e) => setScopeId(e.target.value)}
            maxLength={200}
            data-testid="budget-scope-id"
          />
        </label>
        <label className="text-sm text-slate-600">
          {t("period")}
          <select className={field} value={period} onChange={(e) => setPeriod(e.target.value as BudgetKey["period"])} data-testid="budget-period">
            {BUDGET_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`periods.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-slate-600">
          {t("limit")}
          <input className={field} inputMode="decimal" value={limit} onChange={(e) => setLimit(e.target.value)} placeholder="500" data-testid="budget-limit" />
        </label>
        <div className="flex items-end">
          <Button type="submit" className="w-full" disabled={save.isPending} data-testid="budget-save">
            {t("save")}
          </Button>
        </div>
        {formError ? (
          <p role="alert" className="text-sm text-rose-700 sm:col-span-2 lg:col-span-5">
            {formError}
          </p>
        ) : null}
      </form>
    </Card>
  );
}

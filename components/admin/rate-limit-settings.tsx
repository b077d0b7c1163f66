"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Gauge } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { LIMIT_POLICIES, type LimitRuleView, type LimitsBody, type RefusalView } from "@/lib/console/contracts";
import { retryTransient } from "../tasks/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { CONSOLE_POLL_MS, consoleKeys, deleteLimit, fetchLimits, putLimit } from "./api";
import { formatCount, formatTime } from "./format";
import { QueryFallback } from "./parts";

const MB = 1024 * 1024;
const field = "block w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-base tabular-nums sm:text-sm";

/** A byte rule is shown and edited in MB (whole MB); every other unit as is. */
const toShown = (rule: Pick<LimitRuleView, "unit">, v: number) => (rule.unit === "bytes" ? Math.round(v / MB) : v);
const fromShown = (rule: Pick<LimitRuleView, "unit">, v: number) => (rule.unit === "bytes" ? v * MB : v);

/**
 * The request-limits card of `/admin/settings` (docs/security.md, "Request limits"): every rule
 * of the catalogue grouped by policy — what it counts, its period, its default (from its
 * environment variable or built in), an override to set or reset, the limit in force and how
 * many requests it refused today — and the latest refusals. Changes go to
 * `PUT`/`DELETE /api/admin/settings/limits`, recorded with who made them, and hold at once.
 */
export function RateLimitSettings() {
  const t = useTranslations("admin.settings.limits");
  const query = useQuery({
    queryKey: consoleKeys.limits,
    queryFn: ({ signal }) => fetchLimits(signal),
    refetchInterval: CONSOLE_POLL_MS,
    retry: retryTransient,
  });
  return (
    <Card aria-labelledby="limits-heading" data-testid="settings-limits">
      <h2 id="limits-heading" className="flex items-center gap-2 font-semibold text-slate-900">
        <Gauge aria-hidden className="size-4 text-slate-500" />
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      {query.data ? (
        <>
          <RuleGroups rules={query.data.rules} />
          <RecentRefusals refusals={query.data.refusals} rules={query.data.rules} />
        </>
      ) : (
        <div className="mt-3">
          <QueryFallback error={query.error} onRetry={() => query.refetch()} testId="limits" />
        </div>
      )}
    </Card>
  );
}

function RuleGroups({ rules }: { rules: LimitRuleView[] }) {
  const t = useTranslations("admin.settings.limits");
  const groups = LIMIT_POLICIES.map((policy) => ({ policy, rules: rules.filter((r) => r.policy === policy) })).filter((g) => g.rules.length > 0);
  return (
    <div className="mt-4 space-y-5">
      {groups.map((g) => (
        <section key={g.policy} aria-labelledby={`limits-${g.policy}`} data-testid="limits-group" data-policy={g.policy}>
          <h3 id={`limits-${g.policy}`} className="text-sm font-semibold text-slate-800">
            {t(`policies.${g.policy}`)}
          </h3>
          {/* Column heads from sm up; on a phone every row labels its own figures. */}
          <div className="mt-1 hidden grid-cols-[minmax(0,2.2fr)_minmax(0,0.9fr)_minmax(0,1.6fr)_minmax(0,0.8fr)_minmax(0,0.6fr)] gap-3 border-b border-slate-100 pb-1 text-xs font-medium text-slate-500 sm:grid">
            <span>{t("columns.rule")}</span>
            <span>{t("columns.default")}</span>
            <span>{t("columns.override")}</span>
            <span>{t("columns.effective")}</span>
            <span className="text-right">{t("columns.hits")}</span>
          </div>
          <ul className="divide-y divide-slate-100">
            {g.rules.map((rule) => (
              // Re-mounted when the stored override changes, so the input starts from what was saved.
              <RuleRow key={`${rule.id}:${rule.override?.updatedAt ?? "default"}`} rule={rule} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function RuleRow({ rule }: { rule: LimitRuleView }) {
  const t = useTranslations("admin.settings.limits");
  const tc = useTranslations("admin.common");
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(rule.override ? String(toShown(rule, rule.override.limit)) : "");
  const shown = Number(value);
  const max = toShown(rule, rule.max);
  const valid = /^\d+$/.test(value.trim()) && shown <= max;
  const changed = valid && fromShown(rule, shown) !== rule.override?.limit;
  const onSaved = (data: LimitsBody) => {
    queryClient.setQueryData(consoleKeys.limits, data);
    void queryClient.invalidateQueries({ queryKey: consoleKeys.audit });
    toast.success(tc("saved"));
  };
  const onError = (err: Error) => toast.error(tc("saveFailed", { message: err.message }));
  const save = useMutation({ mutationFn: () => putLimit({ ruleId: rule.id, limit: fromShown(rule, shown) }), onSuccess: onSaved, onError });
  const reset = useMutation({ mutationFn: () => deleteLimit({ ruleId: rule.id }), onSuccess: onSaved, onError });
  const amount = (v: number) => t(`amount.${rule.unit}`, { count: toShown(rule, v), n: formatCount(toShown(rule, v), locale) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (changed) save.mutate();
  };
  const inputId = `limit-${rule.id}`;
  const ruleKey = `rules.${rule.id.replaceAll(".", "_")}` as "rules.chat_user_minute";
  const label = t.has(ruleKey) ? t(ruleKey) : rule.description;
  return (
    <li
      className="grid gap-x-3 gap-y-1 py-2 text-sm sm:grid-cols-[minmax(0,2.2fr)_minmax(0,0.9fr)_minmax(0,1.6fr)_minmax(0,0.8fr)_minmax(0,0.6fr)] sm:items-center"
      data-testid="limit-rule-row"
      data-rule={rule.id}
      data-effective={rule.effective}
    >
      <span className="min-w-0">
        <span className="block text-slate-800">{label}</span>
        <span className="block text-xs text-slate-500">
          {t(`dimensions.${rule.dimension}`)} · {t(`periods.${rule.period}`)} · <code className="font-mono">{rule.env}</code>
        </span>
      </span>
      <span className="text-slate-600">
        <span className="text-xs text-slate-500 sm:hidden">{t("columns.default")}: </span>
        <span className="tabular-nums" data-testid="limit-default">
          {amount(rule.defaultLimit)}
        </span>
        {rule.fromEnv ? <span className="block text-xs text-slate-500">{t("fromEnv")}</span> : null}
      </span>
      <form className="flex flex-wrap items-center gap-2" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="sr-only">
          {t("overrideLabel", { rule: label })}
        </label>
        <input
          id={inputId}
          className={`${field} w-28 min-w-0 flex-1 sm:flex-none`}
          inputMode="numeric"
          value={value}
          placeholder={String(toShown(rule, rule.defaultLimit))}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={value.trim() !== "" && !valid ? true : undefined}
          data-testid="limit-override-input"
        />
        <Button type="submit" variant="secondary" className="px-2 py-1" disabled={!changed || save.isPending} data-testid="limit-save">
          {t("save")}
        </Button>
        {rule.override ? (
          <Button
            variant="ghost"
            className="px-2 py-1 text-rose-700"
            disabled={reset.isPending}
            onClick={() => reset.mutate()}
            aria-label={t("resetAria", { rule: label })}
            data-testid="limit-reset"
          >
            {t("reset")}
          </Button>
        ) : null}
        {value.trim() !== "" && !valid ? (
          <span role="alert" className="w-full text-xs text-rose-700">
            {t("invalid", { max: formatCount(max, locale) })}
          </span>
        ) : null}
      </form>
      <span className={rule.override ? "font-medium text-indigo-700" : "text-slate-800"}>
        <span className="text-xs font-normal text-slate-500 sm:hidden">{t("columns.effective")}: </span>
        <span className="tabular-nums" data-testid="limit-effective">
          {rule.effective === 0 ? t("refuseAll") : amount(rule.effective)}
        </span>
      </span>
      <span className="tabular-nums text-slate-700 sm:text-right">
        <span className="text-xs text-slate-500 sm:hidden">{t("columns.hits")}: </span>
        <span data-testid="limit-hits" className={rule.hits24h ? "font-medium text-amber-800" : undefined}>
          {rule.hits24h === null ? "—" : formatCount(rule.hits24h, locale)}
        </span>
      </span>
    </li>
  );
}

function RecentRefusals({ refusals, rules }: { refusals: RefusalView[] | null; rules: LimitRuleView[] }) {
  const t = useTranslations("admin.settings.limits");
  const locale = useLocale();
  const describe = new Map(rules.map((r) => [r.id, r.description]));
  return (
    <section className="mt-6 border-t border-slate-100 pt-4" aria-labelledby="refusals-heading" data-testid="limits-refusals">
      <h3 id="refusals-heading" className="text-sm font-semibold text-slate-800">
        {t("refusalsTitle")}
      </h3>
      {refusals === null ? (
        <p className="mt-2 text-sm text-amber-800" data-testid="refusals-unavailable">
          {t("refusalsUnavailable")}
        </p>
      ) : refusals.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500" data-testid="refusals-empty">
          {t("refusalsEmpty")}
        </p>
      ) : (
        <ol className="mt-2 max-h-80 divide-y divide-slate-100 overflow-auto" data-testid="refusals-list">
          {refusals.map((r, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only log, newest first; two refusals may share every field
              key={`${r.at}:${i}`}
              className="grid gap-x-3 py-1.5 text-sm sm:grid-cols-[6rem_minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)]"
              data-testid="refusal-row"
            >
              <time dateTime={r.at} className="tabular-nums text-xs text-slate-500 sm:text-sm">
                {formatTime(r.at, locale)}
              </time>
              <span className="min-w-0 truncate text-slate-800" title={r.ruleId}>
                {describe.get(r.ruleId) ?? r.ruleId}
              </span>
              <span className="min-w-0 truncate font-mono text-xs text-slate-600 sm:text-sm" title={r.subject}>
                {t(`dimensions.${r.dimension}`)}: {r.subject}
              </span>
              <span className="min-w-0 truncate font-mono text-xs text-slate-500" title={r.route}>
                {r.route}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

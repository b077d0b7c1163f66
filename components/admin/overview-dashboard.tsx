"use client";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, ArrowRight, BellRing, CheckCircle2 } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { OverviewBody } from "@/lib/console/contracts";
import { retryTransient } from "../tasks/api";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { ADMIN_SECTIONS } from "./admin-nav";
import { CONSOLE_POLL_MS, consoleKeys, fetchOverview } from "./api";
import { formatCount, formatPercent, formatUsd } from "./format";
import { Money, QueryFallback, SectionHeader, StatCard, UnpricedNote, UpdatedAt } from "./parts";

/**
 * `/admin`: cost today and this month, the month-end projection against the global monthly
 * budget, the alerts firing now, queue health at a glance and a link to every section.
 * Refreshed every few seconds.
 */
export function OverviewDashboard() {
  const t = useTranslations("admin.overview");
  const query = useQuery({
    queryKey: consoleKeys.overview,
    queryFn: ({ signal }) => fetchOverview(signal),
    refetchInterval: CONSOLE_POLL_MS,
    retry: retryTransient,
  });
  return (
    <div className="space-y-6" data-testid="admin-overview">
      <SectionHeader title={t("title")}>{query.data ? <UpdatedAt iso={query.data.generatedAt} /> : null}</SectionHeader>
      {query.data ? <OverviewBodyView data={query.data} /> : <QueryFallback error={query.error} onRetry={() => query.refetch()} testId="admin-overview" />}
      <Sections />
    </div>
  );
}

function OverviewBodyView({ data }: { data: OverviewBody }) {
  const t = useTranslations("admin.overview");
  const locale = useLocale();
  const endDay = new Date(new Date(data.month.end).getTime() - 1).toLocaleDateString(locale === "zh" ? "zh-CN" : "en", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label={t("costToday")}
          testId="overview-cost-today"
          detail={
            <>
              <p>{t("requestsSummary", { requests: data.today.requests, errors: data.today.errors })}</p>
              <UnpricedNote count={data.today.unpricedRequests} />
            </>
          }
        >
          <Money microUsd={data.today.costMicroUsd} />
        </StatCard>
        <StatCard
          label={t("costMonth")}
          testId="overview-cost-month"
          detail={
            <>
              <p>{t("requestsSummary", { requests: data.month.requests, errors: data.month.errors })}</p>
              <UnpricedNote count={data.month.unpricedRequests} />
            </>
          }
        >
          <Money microUsd={data.month.costMicroUsd} />
        </StatCard>
        <StatCard label={t("projected")} testId="overview-projected" detail={<p>{t("projectedHint", { end: endDay })}</p>}>
          <Money microUsd={data.month.projectedMicroUsd} />
        </StatCard>
        <BudgetCard budget={data.month.budget} monthCost={data.month.costMicroUsd} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <AlertsCard alerts={data.alerts} />
        <QueuesCard queues={data.queues} />
      </div>
    </>
  );
}

function BudgetCard({ budget, monthCost }: { budget: OverviewBody["month"]["budget"]; monthCost: number | null }) {
  const t = useTranslations("admin.overview");
  const locale = useLocale();
  if (!budget) {
    return (
      <StatCard label={t("budget")} testId="overview-budget">
        <p className="text-base font-normal text-slate-600">{t("noBudget")}</p>
        <Link href="/admin/settings" className="text-sm font-medium text-indigo-700 hover:underline">
          {t("setBudget")}
        </Link>
      </StatCard>
    );
  }
  const used = budget.utilization ?? 0;
  const over = (budget.projectedUtilization ?? 0) > 1;
  return (
    <StatCard
      label={t("budget")}
      testId="overview-budget"
      detail={
        <>
          <p>{t("budgetUsed", { used: monthCost === null ? "—" : formatUsd(monthCost, locale), limit: formatUsd(budget.limitMicroUsd, locale) })}</p>
          <p className={cn(over && "font-medium text-rose-700")}>
            {t("budgetProjected", { share: formatPercent(budget.projectedUtilization, locale) })}
            {over ? ` ${t("budgetOver")}` : ""}
          </p>
        </>
      }
    >
      <span className="tabular-nums">{formatPercent(budget.utilization, locale)}</span>
      <div aria-hidden className="mt-2 h-2 rounded-full bg-slate-100">
        <div
          className={cn("h-2 rounded-full", used >= 1 ? "bg-rose-500" : used >= 0.8 ? "bg-amber-500" : "bg-indigo-500")}
          style={{ width: `${Math.min(100, used * 100)}%` }}
        />
      </div>
    </StatCard>
  );
}

function AlertsCard({ alerts }: { alerts: OverviewBody["alerts"] }) {
  const t = useTranslations("admin.overview");
  const tk = useTranslations("admin.settings.alerts");
  const locale = useLocale();
  const titleOf = (a: OverviewBody["alerts"][number]) => {
    const key = `kinds.${a.kind}` as "kinds.stream_lag";
    return tk.has(key) ? tk(key) : a.title;
  };
  return (
    <Card aria-labelledby="alerts-heading" data-testid="overview-alerts">
      <h2 id="alerts-heading" className="flex items-center gap-2 font-semibold text-slate-900">
        <BellRing aria-hidden className="size-4 text-slate-500" />
        {t("alertsTitle")}
        {alerts.length ? <span className="rounded-full bg-rose-100 px-2 text-xs font-semibold text-rose-700">{alerts.length}</span> : null}
      </h2>
      {alerts.length === 0 ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <CheckCircle2 aria-hidden className="size-4 text-emerald-600" />
          {t("noAlerts")}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {alerts.map((a) => (
            <li key={a.id} className="flex gap-2 py-2 text-sm" data-testid="overview-alert">
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-rose-600" />
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-800">{a.message}</p>
                <p className="break-words text-xs text-slate-500">
                  {titleOf(a)} · {a.subject} · {t("alertFired", { time: new Date(a.firedAt).toLocaleString(locale === "zh" ? "zh-CN" : "en") })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function QueuesCard({ queues }: { queues: OverviewBody["queues"] }) {
  const t = useTranslations("admin.overview");
  const tn = useTranslations("admin.nav");
  const locale = useLocale();
  const busy = queues.streams.filter((s) => s.length > 0 || (s.lag ?? 0) > 0 || s.pending > 0 || s.dlqLength > 0);
  const n = (v: number) => formatCount(v, locale);
  return (
    <Card aria-labelledby="queues-heading" data-testid="overview-queues">
      <div className="flex items-center justify-between gap-2">
        <h2 id="queues-heading" className="font-semibold text-slate-900">
          {t("queuesTitle")}
        </h2>
        <Link href="/admin/queues" className="flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline">
          {tn("queues")}
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
      {!queues.available ? (
        <p role="alert" className="mt-3 text-sm text-rose-700">
          {t("queuesUnavailable")}
        </p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
            {(
              [
                ["lag", queues.totals.lag],
                ["pending", queues.totals.pending],
                ["dlq", queues.totals.dlqLength],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="rounded-lg bg-slate-50 px-2 py-2">
                <dt className="text-xs text-slate-500">{t(key === "lag" ? "waiting" : key)}</dt>
                <dd
                  className={cn("text-lg font-semibold tabular-nums", key === "dlq" && value > 0 ? "text-rose-700" : "text-slate-900")}
                  data-testid={`overview-queues-${key}`}
                >
                  {n(value)}
                </dd>
              </div>
            ))}
          </dl>
          {busy.length === 0 ? (
            <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
              <CheckCircle2 aria-hidden className="size-4 text-emerald-600" />
              {t("queuesHealthy")}
            </p>
          ) : (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="text-left text-xs text-slate-500">
                  <tr>
                    <th className="py-1 pr-2 font-medium">{t("stream")}</th>
                    <th className="px-2 py-1 text-right font-medium">{t("lag")}</th>
                    <th className="px-2 py-1 text-right font-medium">{t("pending")}</th>
                    <th className="py-1 pl-2 text-right font-medium">{t("dlq")}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {busy.map((s) => (
                    <tr key={`${s.type}:${s.lane}`}>
                      <td className="py-1 pr-2 font-mono text-xs text-slate-700">
                        {s.type} · {s.lane}
                      </td>
                      <td className="px-2 py-1 text-right tabular-nums">{s.lag === null ? "—" : n(s.lag)}</td>
                      <td className="px-2 py-1 text-right tabular-nums">{n(s.pending)}</td>
                      <td className="py-1 pl-2 text-right tabular-nums">{n(s.dlqLength)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

function Sections() {
  const t = useTranslations("admin.overview");
  const tn = useTranslations("admin.nav");
  return (
    <Card aria-labelledby="sections-heading">
      <h2 id="sections-heading" className="font-semibold text-slate-900">
        {t("sectionsTitle")}
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {ADMIN_SECTIONS.filter((s) => s.key !== "overview").map(({ key, href, icon: Icon }) => (
          <li key={key}>
            <Link
              href={href}
              className="flex h-full gap-3 rounded-xl border border-slate-200 p-3 hover:border-indigo-200 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-indigo-600"
              data-testid={`overview-section-${key}`}
            >
              <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-indigo-600" />
              <span>
                <span className="block font-medium text-slate-900">{tn(key)}</span>
                <span className="block text-sm text-slate-600">{t(`sections.${key as Exclude<typeof key, "overview">}`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { COST_RANGES, type CostBody, type CostRange, type Granularity } from "@/lib/console/contracts";
import { retryTransient } from "../tasks/api";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { CONSOLE_POLL_MS, consoleKeys, fetchCost } from "./api";
import { StackedCostChart, TokensChart } from "./cost-charts";
import { formatCount, formatMs, formatPercent, formatUsd } from "./format";
import { Money, QueryFallback, SectionHeader, StatCard, UnpricedNote, UpdatedAt } from "./parts";

/** Hourly bars up to 48 h, daily beyond (as the API defaults). */
const granularityOf = (range: CostRange): Granularity => (range === "24h" || range === "48h" ? "hour" : "day");

/**
 * `/admin/cost`: spend over a range — stacked by model or by feature — with tokens, cache,
 * errors and latency per model, per feature, and the top users and organisations. Every figure
 * comes from the usage rollups (`GET /api/admin/cost`); refreshed every few seconds. A model
 * without a price is "unpriced", never $0.
 */
export function CostDashboard() {
  const t = useTranslations("admin.cost");
  const [range, setRange] = useState<CostRange>("48h");
  const granularity = granularityOf(range);
  const query = useQuery({
    queryKey: consoleKeys.cost(range, granularity),
    queryFn: ({ signal }) => fetchCost(range, granularity, signal),
    refetchInterval: CONSOLE_POLL_MS,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
  return (
    <div className="space-y-6" data-testid="admin-cost">
      <SectionHeader title={t("title")}>
        {query.data ? <UpdatedAt iso={query.data.generatedAt} /> : null}
        <fieldset className="flex flex-wrap gap-1 rounded-lg border border-slate-200 bg-white p-0.5">
          <legend className="sr-only">{t("range")}</legend>
          {COST_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={r === range}
              data-testid={`cost-range-${r}`}
              onClick={() => setRange(r)}
              className={cn(
                "rounded-md px-2.5 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600",
                r === range ? "bg-indigo-600 text-white" : "text-slate-600 hover:bg-slate-100",
              )}
            >
              {t(`ranges.${r}`)}
            </button>
          ))}
        </fieldset>
      </SectionHeader>
      {query.data ? <CostReport data={query.data} /> : <QueryFallback error={query.error} onRetry={() => query.refetch()} testId="admin-cost" />}
    </div>
  );
}

function CostReport({ data }: { data: CostBody }) {
  const t = useTranslations("admin.cost");
  const locale = useLocale();
  const [stackBy, setStackBy] = useState<"model" | "feature">("model");
  const { totals } = data;
  const unpriced = data.models.filter((m) => m.unpricedRequests > 0);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard label={t("totalCost")} testId="cost-total" detail={<UnpricedNote count={totals.unpricedRequests} />}>
          <Money microUsd={totals.costMicroUsd} testId="cost-total-value" />
        </StatCard>
        <StatCard
          label={t("requests")}
          testId="cost-requests"
          detail={<p>{t("errorRate", { rate: formatPercent(totals.errorRate, locale), rateLimited: formatCount(totals.rateLimited, locale) })}</p>}
        >
          <span className="tabular-nums">{formatCount(totals.requests, locale)}</span>
        </StatCard>
        <StatCard label={t("tokens")} testId="cost-tokens" detail={<p>{t("cachedTokens", { count: formatCount(totals.cachedInputTokens, locale) })}</p>}>
          <span className="tabular-nums">
            {formatCount(totals.inputTokens, locale, true)} / {formatCount(totals.outputTokens, locale, true)}
          </span>
        </StatCard>
        <StatCard
          label={t("cache")}
          testId="cost-cache"
          detail={<p>{t("cacheSummary", { rate: formatPercent(totals.cacheHitRate, locale), saved: formatUsd(totals.savedMicroUsd, locale) })}</p>}
        >
          <span className="tabular-nums">{formatCount(totals.cacheHits, locale)}</span>
        </StatCard>
        <StatCard label={t("latency")} testId="cost-latency">
          <span className="text-xl tabular-nums">
            {formatMs(totals.latencyMs.p50, locale)} / {formatMs(totals.latencyMs.p95, locale)} / {formatMs(totals.latencyMs.p99, locale)}
          </span>
        </StatCard>
        <StatCard label={t("ttft")} testId="cost-ttft">
          <span className="text-xl tabular-nums">
            {formatMs(totals.ttftMs.p50, locale)} / {formatMs(totals.ttftMs.p95, locale)}
          </span>
        </StatCard>
      </div>

      <Card aria-labelledby="cost-chart-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="cost-chart-heading" className="font-semibold text-slate-900">
            {t("overTime")} <span className="text-sm font-normal text-slate-500">({t(`granularity.${data.granularity}`)}, UTC)</span>
          </h2>
          <fieldset className="flex gap-1 rounded-lg border border-slate-200 p-0.5">
            <legend className="sr-only">{t("stackBy")}</legend>
            {(["model", "feature"] as const).map((by) => (
              <button
                key={by}
                type="button"
                aria-pressed={stackBy === by}
                data-testid={`cost-stack-${by}`}
                onClick={() => setStackBy(by)}
                className={cn(
                  "rounded-md px-2.5 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600",
                  stackBy === by ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100",
                )}
              >
                {t(by === "model" ? "byModel" : "byFeature")}
              </button>
            ))}
          </fieldset>
        </div>
        <div className="mt-4">
          {totals.requests === 0 ? (
            <p className="py-10 text-center text-sm text-slate-500" data-testid="cost-no-usage">
              {t("noUsage")}
            </p>
          ) : (
            <StackedCostChart
              series={stackBy === "model" ? data.series.byModel : data.series.byFeature}
              granularity={data.granularity}
              otherLabel={t("other")}
            />
          )}
        </div>
        {unpriced.length ? (
          <p className="mt-3 text-sm text-amber-800" data-testid="cost-unpriced-models">
            {t("unpricedModels", { models: unpriced.map((m) => `${m.provider}/${m.model} (${formatCount(m.unpricedRequests, locale)})`).join(", ") })}
          </p>
        ) : null}
      </Card>

      {totals.requests > 0 ? (
        <Card aria-labelledby="tokens-chart-heading">
          <h2 id="tokens-chart-heading" className="font-semibold text-slate-900">
            {t("tokensOverTime")}
          </h2>
          <div className="mt-4">
            <TokensChart points={data.series.tokens} granularity={data.granularity} />
          </div>
        </Card>
      ) : null}

      <ModelsTable models={data.models} />
      <FeaturesTable features={data.features} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Spenders
          title={t("topUsers")}
          since={data.spendersFrom}
          testId="cost-top-users"
          rows={data.topUsers.map((u) => ({ id: u.userId, label: u.email ?? t("deletedUser"), sub: u.name && u.name !== u.email ? u.name : null, ...u }))}
        />
        <Spenders
          title={t("topOrganizations")}
          since={data.spendersFrom}
          testId="cost-top-organizations"
          rows={data.topOrganizations.map((o) => ({ id: o.organizationId, label: o.name ?? t("deletedOrganization"), sub: null, ...o }))}
        />
      </div>
    </>
  );
}

const th = "px-2 py-2 text-right font-medium whitespace-nowrap";
const td = "px-2 py-2 text-right tabular-nums whitespace-nowrap";

function ModelsTable({ models }: { models: CostBody["models"] }) {
  const t = useTranslations("admin.cost");
  const tc = useTranslations("admin.common");
  const locale = useLocale();
  const n = (v: number) => formatCount(v, locale, true);
  return (
    <Card aria-labelledby="models-heading">
      <h2 id="models-heading" className="font-semibold text-slate-900">
        {t("modelsTitle")}
      </h2>
      <div className="-mx-2 mt-2 overflow-x-auto">
        <table className="w-full text-sm" data-testid="cost-models">
          <thead className="border-b border-slate-200 text-xs text-slate-500">
            <tr>
              <th className="px-2 py-2 text-left font-medium">{t("col.model")}</th>
              <th className={th}>{t("col.requests")}</th>
              <th className={th}>{t("col.errors")}</th>
              <th className={th}>{t("col.rateLimited")}</th>
              <th className={th}>{t("col.tokensIn")}</th>
              <th className={th}>{t("col.tokensOut")}</th>
              <th className={th}>{t("col.cost")}</th>
              <th className={th}>{t("col.p50")}</th>
              <th className={th}>{t("col.p95")}</th>
              <th className={th}>{t("col.p99")}</th>
              <th className={th}>{t("col.ttft")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {models.map((m) => (
              <tr key={`${m.provider}/${m.model}`} data-testid="cost-model-row" data-model={`${m.provider}/${m.model}`}>
                <td className="max-w-48 px-2 py-2">
                  <span className="block truncate font-medium text-slate-800" title={`${m.provider}/${m.model}`}>
                    {m.model}
                  </span>
                  <span className="block text-xs text-slate-500">{m.provider}</span>
                </td>
                <td className={td}>{n(m.requests)}</td>
                <td className={cn(td, (m.errorRate ?? 0) > 0.05 && "font-medium text-rose-700")}>{formatPercent(m.errorRate, locale)}</td>
                <td className={td}>{n(m.rateLimited)}</td>
                <td className={td}>{n(m.inputTokens)}</td>
                <td className={td}>{n(m.outputTokens)}</td>
                <td className={td}>
                  <Money microUsd={m.costMicroUsd} testId="cost-model-cost" />
                  {m.costMicroUsd !== null && m.unpricedRequests > 0 ? (
                    <span className="block text-xs text-amber-800" title={tc("unpricedRequests", { count: m.unpricedRequests })}>
                      +{n(m.unpricedRequests)} {tc("unpriced")}
                    </span>
                  ) : null}
                </td>
                <td className={td}>{formatMs(m.latencyMs.p50, locale)}</td>
                <td className={td}>{formatMs(m.latencyMs.p95, locale)}</td>
                <td className={td}>{formatMs(m.latencyMs.p99, locale)}</td>
                <td className={td}>{formatMs(m.ttftMs.p50, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {models.length === 0 ? <p className="px-2 py-4 text-sm text-slate-500">{t("noUsage")}</p> : null}
      </div>
    </Card>
  );
}

function FeaturesTable({ features }: { features: CostBody["features"] }) {
  const t = useTranslations("admin.cost");
  const locale = useLocale();
  const n = (v: number) => formatCount(v, locale, true);
  return (
    <Card aria-labelledby="features-heading">
      <h2 id="features-heading" className="font-semibold text-slate-900">
        {t("featuresTitle")}
      </h2>
      <div className="-mx-2 mt-2 overflow-x-auto">
        <table className="w-full text-sm" data-testid="cost-features">
          <thead className="border-b border-slate-200 text-xs text-slate-500">
            <tr>
              <th className="px-2 py-2 text-left font-medium">{t("col.feature")}</th>
              <th className={th}>{t("col.requests")}</th>
              <th className={th}>{t("col.errors")}</th>
              <th className={th}>{t("col.tokensIn")}</th>
              <th className={th}>{t("col.tokensOut")}</th>
              <th className={th}>{t("col.cacheHits")}</th>
              <th className={th}>{t("col.cost")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {features.map((f) => (
              <tr key={f.feature} data-testid="cost-feature-row" data-feature={f.feature}>
                <td className="px-2 py-2 font-mono text-xs text-slate-800">{f.feature}</td>
                <td className={td}>{n(f.requests)}</td>
                <td className={td}>{formatPercent(f.errorRate, locale)}</td>
                <td className={td}>{n(f.inputTokens)}</td>
                <td className={td}>{n(f.outputTokens)}</td>
                <td className={td}>{n(f.cacheHits)}</td>
                <td className={td}>
                  <Money microUsd={f.costMicroUsd} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {features.length === 0 ? <p className="px-2 py-4 text-sm text-slate-500">{t("noUsage")}</p> : null}
      </div>
    </Card>
  );
}

type SpenderRow = {
  id: string;
  label: string;
  sub: string | null;
  costMicroUsd: number | null;
  requests: number;
  unpricedRequests: number;
  inputTokens: number;
  outputTokens: number;
};

/** A top-N list; its cube is daily, so it says which whole UTC days it covers. */
function Spenders({ title, rows, since, testId }: { title: string; rows: SpenderRow[]; since: string; testId: string }) {
  const t = useTranslations("admin.cost");
  const locale = useLocale();
  const date = new Date(since).toLocaleDateString(locale === "zh" ? "zh-CN" : "en", { month: "short", day: "numeric", timeZone: "UTC" });
  return (
    <Card aria-label={title} data-testid={testId}>
      <h2 className="font-semibold text-slate-900">{title}</h2>
      <p className="text-xs text-slate-500">{t("spendersSince", { date })}</p>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t("noSpenders")}</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100">
          {rows.map((r) => (
            <li key={r.id} className="flex items-start justify-between gap-3 py-2" data-testid={`${testId}-row`}>
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-800">{r.label}</p>
                <p className="text-xs text-slate-500">
                  {r.sub ? `${r.sub} · ` : ""}
                  {formatCount(r.requests, locale)} {t("col.requests").toLowerCase()} · {formatCount(r.inputTokens, locale, true)} /{" "}
                  {formatCount(r.outputTokens, locale, true)}
                </p>
              </div>
              <div className="shrink-0 text-right text-sm">
                <Money microUsd={r.costMicroUsd} />
                <UnpricedNote count={r.costMicroUsd === null ? 0 : r.unpricedRequests} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

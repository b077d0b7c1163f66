"use client";
import { useLocale, useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { CostBody, Granularity } from "@/lib/console/contracts";
import { formatCount, formatUsd } from "./format";

/** Stack colours, in stack order (largest cost first); the last is "other". */
const COLORS = ["#4f46e5", "#0891b2", "#16a34a", "#d97706", "#db2777", "#7c3aed", "#0d9488", "#dc2626", "#94a3b8"];
/** Stacks drawn one by one; the rest are summed into "other" so the legend stays readable. */
const MAX_STACKS = 8;

const localeTag = (locale: string) => (locale === "zh" ? "zh-CN" : "en");

/** A bucket start as its axis label, in UTC (the rollups' buckets are UTC hours and days). */
export function bucketLabel(iso: string, granularity: Granularity, locale: string): string {
  const d = new Date(iso);
  return granularity === "hour"
    ? d.toLocaleString(localeTag(locale), { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" })
    : d.toLocaleDateString(localeTag(locale), { month: "short", day: "numeric", timeZone: "UTC" });
}

/**
 * The stacked cost bars of one series (by model or by feature), a bar per bucket. Rows key
 * their stacks `s0…sN` rather than by name: recharts reads a `dataKey` with dots as a path, and
 * model and feature names have dots. The figures are also in the tables below and in the
 * chart's accessible label.
 */
export function StackedCostChart({ series, granularity, otherLabel }: { series: CostBody["series"]["byModel"]; granularity: Granularity; otherLabel: string }) {
  const t = useTranslations("admin.cost");
  const locale = useLocale();
  // Stacks without cost (unpriced models: named under the chart) are left out of bars and legend.
  const costly = series.keys.map((_, i) => i).filter((i) => series.points.some((p) => (p.costMicroUsd[i] ?? 0) > 0));
  const shown = costly.slice(0, MAX_STACKS).map((i) => series.keys[i]!);
  const hasOther = costly.length > MAX_STACKS;
  const names = hasOther ? [...shown, otherLabel] : shown;
  const data = series.points.map((p) => {
    const row: Record<string, number | string> = { label: bucketLabel(p.bucketStart, granularity, locale), bucketStart: p.bucketStart };
    costly.forEach((i, j) => {
      const key = `s${Math.min(j, MAX_STACKS)}`;
      row[key] = ((row[key] as number | undefined) ?? 0) + (p.costMicroUsd[i] ?? 0);
    });
    return row;
  });
  const total = series.points.reduce((n, p) => n + p.costMicroUsd.reduce((a, b) => a + b, 0), 0);
  const first = series.points[0];
  const last = series.points.at(-1);
  const aria = t("chartAria", {
    granularity: t(`granularity.${granularity}`),
    from: first ? bucketLabel(first.bucketStart, granularity, locale) : "",
    to: last ? bucketLabel(last.bucketStart, granularity, locale) : "",
    total: formatUsd(total, locale),
  });
  return (
    <div role="img" aria-label={aria} data-testid="cost-chart" data-total-micro-usd={total}>
      <BarChart responsive data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} style={{ width: "100%", height: 260 }}>
        <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={{ stroke: "#cbd5e1" }} minTickGap={16} />
        <YAxis
          width={64}
          tick={{ fontSize: 11, fill: "#64748b" }}
          tickLine={false}
          axisLine={false}
          tickFormatter={(v: number) => formatUsd(v, locale)}
          allowDecimals
        />
        <Tooltip
          formatter={(value, name) => [formatUsd(Number(value), locale), String(name)]}
          contentStyle={{ borderRadius: 8, borderColor: "#e2e8f0", fontSize: 12 }}
          cursor={{ fill: "#f1f5f9" }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {names.map((name, i) => (
          <Bar key={name} dataKey={`s${i}`} name={name} stackId="cost" fill={COLORS[Math.min(i, COLORS.length - 1)]} isAnimationActive={false} />
        ))}
      </BarChart>
    </div>
  );
}

/** Input and output tokens per bucket, stacked (one bar per bucket stays visible on a phone). */
export function TokensChart({ points, granularity }: { points: CostBody["series"]["tokens"]; granularity: Granularity }) {
  const t = useTranslations("admin.cost");
  const locale = useLocale();
  const data = points.map((p) => ({ label: bucketLabel(p.bucketStart, granularity, locale), input: p.inputTokens, output: p.outputTokens }));
  const aria = t("tokensAria", {
    granularity: t(`granularity.${granularity}`),
    input: formatCount(
      points.reduce((n, p) => n + p.inputTokens, 0),
      locale,
    ),
    output: formatCount(
      points.reduce((n, p) => n + p.outputTokens, 0),
      locale,
    ),
  });
  return (
    <div role="img" aria-label={aria} data-testid="tokens-chart">
      <BarChart responsive data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} style={{ width: "100%", height: 200 }}>
        <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={{ stroke: "#cbd5e1" }} minTickGap={16} />
        <YAxis
          width={64}
          tick={{ fontSize: 11, fill: "#64748b" }}
          tickLine={false}
          axisLine={false}
          tickFormatter={(v: number) => formatCount(v, locale, true)}
        />
        <Tooltip
          formatter={(value, name) => [formatCount(Number(value), locale), String(name)]}
          contentStyle={{ borderRadius: 8, borderColor: "#e2e8f0", fontSize: 12 }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="input" name={t("inputTokens")} stackId="tokens" fill="#4f46e5" isAnimationActive={false} />
        <Bar dataKey="output" name={t("outputTokens")} stackId="tokens" fill="#0891b2" isAnimationActive={false} />
      </BarChart>
    </div>
  );
}

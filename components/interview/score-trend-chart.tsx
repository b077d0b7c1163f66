"use client";
import { useLocale, useTranslations } from "next-intl";
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { InterviewListItem } from "./api";

/**
 * Overall interview scores over time, oldest first (a small line chart; the numbers are also
 * in the list below it and in the chart's accessible label).
 */
export function ScoreTrendChart({ items }: { items: InterviewListItem[] }) {
  const t = useTranslations("interview.list");
  const locale = useLocale();
  const sorted = [...items].filter((i) => i.overallScore != null).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  // All on one day: the time tells them apart; otherwise the date.
  const day = (iso: string) => new Date(iso).toDateString();
  const oneDay = sorted.every((i) => day(i.createdAt) === day(sorted[0].createdAt));
  const dateFmt = new Intl.DateTimeFormat(
    locale === "zh" ? "zh-CN" : "en",
    oneDay ? { hour: "numeric", minute: "2-digit" } : { month: "short", day: "numeric" },
  );
  const data = sorted.map((i) => ({ id: i.id, date: dateFmt.format(new Date(i.createdAt)), score: Math.round(i.overallScore!), role: i.role }));
  const summary = data.map((d) => `${d.date}: ${d.score}`).join(", ");
  return (
    <div role="img" aria-label={t("trendAria", { scores: summary })} className="mt-2" data-testid="score-trend-chart">
      <LineChart responsive data={data} margin={{ top: 8, right: 12, bottom: 0, left: -20 }} style={{ width: "100%", height: 180 }}>
        <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={{ stroke: "#cbd5e1" }} />
        <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} />
        <Tooltip
          formatter={(value) => [`${value}/100`, t("score")]}
          labelFormatter={(label, payload) => {
            const role = payload?.[0]?.payload?.role as string | undefined;
            return role ? `${label} · ${role}` : String(label);
          }}
          contentStyle={{ borderRadius: 8, borderColor: "#e2e8f0", fontSize: 12 }}
        />
        <Line type="monotone" dataKey="score" stroke="#4f46e5" strokeWidth={2} dot={{ r: 3, fill: "#4f46e5" }} isAnimationActive={false} />
      </LineChart>
    </div>
  );
}

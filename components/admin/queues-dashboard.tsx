"use client";
import { useQuery } from "@tanstack/react-query";
import { Activity, Gauge, Inbox, Layers } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { retryTransient } from "../tasks/api";
import { type PillTone, StatusPill } from "../tasks/status-badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { Skeleton } from "../ui/skeleton";
import { useSignInOn401 } from "../use-sign-in-on-401";
import { formatDuration, formatNumber, formatTime } from "./format";
import { adminKeys, fetchQueues, POLL_MS, type QueueOverview, type StreamOverview, type UpstreamOverview } from "./queues-api";

const HEALTH_TONE: Record<StreamOverview["health"], PillTone> = { idle: "neutral", busy: "running", stalled: "failed" };
const BREAKER_TONE: Record<UpstreamOverview["breaker"]["state"], PillTone> = { closed: "done", half_open: "waiting", open: "failed" };

/**
 * `/admin/queues`: every task stream (type × lane) live — length, lag, PEL, oldest waiting
 * age, consumers, health, throughput, queue-wait and run-time percentiles — the tasks ended per
 * minute over the last hour, and each model's RPM/TPM use against its quota with its circuit.
 * Refreshed every {@link POLL_MS}.queues.
 */
export function QueuesDashboard() {
  const t = useTranslations("adminQueues");
  const locale = useLocale();
  const query = useQuery({
    queryKey: adminKeys.queues,
    queryFn: ({ signal }) => fetchQueues(signal),
    retry: retryTransient,
    refetchInterval: POLL_MS.queues,
  });
  useSignInOn401(query.error);

  return (
    <div className="space-y-6" data-testid="admin-queues">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
          <Layers aria-hidden className="size-6 text-indigo-600" />
          {t("title")}
        </h1>
        {query.data ? (
          <p className="text-xs text-slate-500" aria-live="polite" data-testid="queues-updated">
            {t("updated", { time: formatTime(query.data.generatedAt, locale) })}
          </p>
        ) : null}
      </div>
      {query.isPending ? (
        <div className="space-y-4" role="status" aria-busy="true" aria-label={t("loading")}>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-56 w-full" />
        </div>
      ) : query.isError && !query.data ? (
        <Card role="alert" className="text-center">
          <p className="text-sm text-rose-700">{t("loadError")}</p>
          <Button variant="secondary" className="mt-3" onClick={() => query.refetch()}>
            {t("retry")}
          </Button>
        </Card>
      ) : (
        <Overview data={query.data} stale={query.isError} />
      )}
    </div>
  );
}

function Overview({ data, stale }: { data: QueueOverview; stale: boolean }) {
  const t = useTranslations("adminQueues");
  const locale = useLocale();
  const waiting = data.streams.reduce((n, s) => n + (s.lag ?? 0), 0);
  const pending = data.streams.reduce((n, s) => n + s.pending, 0);
  const stalled = data.streams.filter((s) => s.health === "stalled").length;
  // The DLQ stream is per type; each lane repeats it.
  const dlq = [...new Map(data.streams.map((s) => [s.type, s.dlqLength])).values()].reduce((a, b) => a + b, 0);
  return (
    <>
      {stale ? (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {t("stale")}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="queues-summary">
        <Summary label={t("summary.waiting")} value={formatNumber(waiting, locale)} />
        <Summary label={t("summary.pending")} value={formatNumber(pending, locale)} />
        <Summary label={t("summary.stalled")} value={formatNumber(stalled, locale)} alert={stalled > 0} testId="queues-stalled-count" />
        <Summary label={t("summary.dlq")} value={formatNumber(dlq, locale)} href="/admin/dlq" />
      </dl>

      <ThroughputChart data={data} />

      <section aria-labelledby="streams-heading" className="space-y-3">
        <h2 id="streams-heading" className="font-semibold text-slate-900">
          {t("streamsTitle")}
        </h2>
        <p className="text-xs text-slate-500">{t("timingsNote")}</p>
        <ul className="grid gap-4 md:grid-cols-2" data-testid="queue-streams">
          {data.streams.map((s) => (
            <li key={s.stream}>
              <StreamCard s={s} />
            </li>
          ))}
        </ul>
      </section>

      <Upstream data={data} />
    </>
  );
}

function Summary(p: { label: string; value: string; alert?: boolean; href?: string; testId?: string }) {
  const body = (
    <>
      <dt className="text-xs font-medium text-slate-500">{p.label}</dt>
      <dd className={cn("mt-1 text-2xl font-semibold tabular-nums", p.alert ? "text-rose-700" : "text-slate-900")} data-testid={p.testId}>
        {p.value}
      </dd>
    </>
  );
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      {p.href ? (
        <Link href={p.href} className="block rounded focus-visible:outline-2 focus-visible:outline-indigo-600">
          {body}
        </Link>
      ) : (
        body
      )}
    </div>
  );
}

function ThroughputChart({ data }: { data: QueueOverview }) {
  const t = useTranslations("adminQueues");
  const locale = useLocale();
  const fmt = new Intl.DateTimeFormat(locale === "zh" ? "zh-CN" : "en", { hour: "2-digit", minute: "2-digit" });
  const points = data.throughput.map((p) => ({ ...p, label: fmt.format(new Date(p.minute)) }));
  const total = (k: "completed" | "failed" | "terminated") => points.reduce((n, p) => n + p[k], 0);
  return (
    <Card aria-labelledby="throughput-heading">
      <h2 id="throughput-heading" className="flex items-center gap-2 font-semibold text-slate-900">
        <Activity aria-hidden className="size-4 text-slate-500" />
        {t("throughputTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="throughput-totals">
        {t("throughputTotals", { completed: total("completed"), failed: total("failed"), terminated: total("terminated") })}
      </p>
      <div
        role="img"
        aria-label={t("throughputAria", { completed: total("completed"), failed: total("failed"), terminated: total("terminated") })}
        className="mt-3"
      >
        <BarChart responsive data={points} margin={{ top: 4, right: 4, bottom: 0, left: -24 }} style={{ width: "100%", height: 160 }}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 10, fill: "#64748b" }} tickLine={false} interval={14} axisLine={{ stroke: "#cbd5e1" }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 10, fill: "#64748b" }} tickLine={false} axisLine={false} />
          <Tooltip contentStyle={{ borderRadius: 8, borderColor: "#e2e8f0", fontSize: 12 }} />
          <Bar dataKey="completed" name={t("completed")} stackId="ended" fill="#10b981" isAnimationActive={false} />
          <Bar dataKey="failed" name={t("failed")} stackId="ended" fill="#e11d48" isAnimationActive={false} />
          <Bar dataKey="terminated" name={t("terminated")} stackId="ended" fill="#f59e0b" isAnimationActive={false} />
        </BarChart>
      </div>
    </Card>
  );
}

function StreamCard({ s }: { s: StreamOverview }) {
  const t = useTranslations("adminQueues");
  const locale = useLocale();
  const n = (v: number | null) => formatNumber(v, locale);
  const d = (v: number | null | undefined) => formatDuration(v, locale);
  const pct = (p: StreamOverview["queueWaitMs"]) => (p ? `${d(p.p50)} · ${d(p.p90)} · ${d(p.p99)}` : "—");
  return (
    <Card className="h-full p-4 sm:p-5" data-testid="queue-stream" data-stream={`${s.type}:${s.lane}`} data-health={s.health}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 font-mono text-sm font-semibold break-all text-slate-900">
          {s.type} <span className="font-sans font-normal text-slate-500">· {t(`lane.${s.lane}`)}</span>
        </h3>
        <StatusPill tone={HEALTH_TONE[s.health]} status={s.health} testId="queue-stream-health">
          {t(`health.${s.health}`)}
        </StatusPill>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <Metric label={t("metric.length")} value={n(s.length)} />
        <Metric label={t("metric.lag")} value={n(s.lag)} testId="queue-stream-lag" />
        <Metric label={t("metric.pending")} value={n(s.pending)} />
        <Metric
          label={t("metric.oldestWaiting")}
          value={s.oldestWaitingAgeMs > 0 ? d(s.oldestWaitingAgeMs) : "—"}
          alert={s.health === "stalled" && s.oldestWaitingAgeMs > 0}
        />
        <Metric label={t("metric.oldestPendingIdle")} value={s.pending > 0 ? d(s.oldestPendingIdleMs) : "—"} />
        <Metric label={t("metric.dlq")} value={n(s.dlqLength)} />
        <Metric
          label={t("metric.throughput")}
          value={t("metric.throughputValue", { lastMinute: s.completedLastMinute, hourly: formatNumber(s.completedPerMinuteHour, locale, 2) })}
          wide
        />
        <Metric label={t("metric.queueWait")} value={pct(s.queueWaitMs)} wide />
        <Metric label={t("metric.runTime")} value={pct(s.runMs)} wide testId="queue-stream-run" />
      </dl>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-slate-600">{t("consumers", { count: s.consumers.length })}</summary>
        {s.consumers.length === 0 ? (
          <p className="mt-2 text-slate-500">{t("noConsumers")}</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {s.consumers.map((c) => (
              <li key={c.name} className="flex flex-wrap justify-between gap-x-3 text-xs">
                <span className="min-w-0 truncate font-mono text-slate-700">{c.name}</span>
                <span className="text-slate-500">{t("consumer", { pending: c.pending, idle: d(c.idleMs) })}</span>
              </li>
            ))}
          </ul>
        )}
      </details>
    </Card>
  );
}

function Metric(p: { label: string; value: ReactNode; alert?: boolean; wide?: boolean; testId?: string }) {
  return (
    <div className={cn("min-w-0", p.wide && "col-span-2 sm:col-span-3")}>
      <dt className="text-xs text-slate-500">{p.label}</dt>
      <dd className={cn("tabular-nums", p.alert ? "font-semibold text-rose-700" : "text-slate-900")} data-testid={p.testId}>
        {p.value}
      </dd>
    </div>
  );
}

function Upstream({ data }: { data: QueueOverview }) {
  const t = useTranslations("adminQueues");
  const locale = useLocale();
  return (
    <Card aria-labelledby="upstream-heading" data-testid="queues-upstream">
      <h2 id="upstream-heading" className="flex items-center gap-2 font-semibold text-slate-900">
        <Gauge aria-hidden className="size-4 text-slate-500" />
        {t("upstreamTitle")}
      </h2>
      {data.engine === "offline" ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <Inbox aria-hidden className="size-4 text-slate-400" />
          {t("offline")}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {data.upstream.map((u) => (
            <li key={`${u.provider}/${u.model}`} className="space-y-3 py-3" data-testid="upstream-model">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 text-sm">
                  <span className="font-mono font-semibold break-all text-slate-900">
                    {u.provider}/{u.model}
                  </span>{" "}
                  <span className="text-slate-500">· {t(`role.${u.role}`)}</span>
                </p>
                <StatusPill tone={BREAKER_TONE[u.breaker.state]} status={u.breaker.state} testId="upstream-breaker">
                  {t(`breaker.${u.breaker.state}`)}
                  {u.breaker.state === "open" ? ` · ${formatDuration(u.breaker.openForMs, locale)}` : ""}
                </StatusPill>
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <QuotaBar label={t("rpm")} used={u.requests} limit={u.rpmLimit} />
                <QuotaBar label={t("tpm")} used={u.tokens} limit={u.tpmLimit} />
              </div>
              <p className="text-xs text-slate-500">
                {t("breakerDetail", { failures: u.breaker.consecutiveFailures, opened: u.breaker.timesOpened })}
                {u.pausedForMs > 0 ? ` · ${t("paused", { time: formatDuration(u.pausedForMs, locale) })}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function QuotaBar({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const t = useTranslations("adminQueues");
  const locale = useLocale();
  const share = limit ? Math.min(1, used / limit) : null;
  return (
    <div>
      <div className="flex justify-between gap-2 text-xs">
        <span className="text-slate-600">{label}</span>
        <span className="tabular-nums text-slate-900">
          {limit
            ? t("quotaOf", { used: formatNumber(used, locale), limit: formatNumber(limit, locale) })
            : t("quotaUnlimited", { used: formatNumber(used, locale) })}
        </span>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a drawn bar in the quota colour (amber from 85 %, the governor's batch threshold; red from 95 %); a native <meter> cannot be styled alike across browsers */}
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit ?? undefined}
        aria-valuenow={used}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        {share !== null ? (
          <div
            className={cn("h-full rounded-full", share >= 0.95 ? "bg-rose-500" : share >= 0.85 ? "bg-amber-500" : "bg-indigo-500")}
            style={{ width: `${share * 100}%` }}
          />
        ) : null}
      </div>
    </div>
  );
}
